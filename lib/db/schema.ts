import type { Generated, Insertable, Selectable } from "kysely";

/**
 * The one Kysely Database interface. Flags are integers (0/1) and timestamps ISO-8601 text so
 * that SQLite and PostgreSQL store and return the same values.
 */
export interface Database {
  pages: PagesTable;
  states: StatesTable;
  cities: CitiesTable;
  laws: LawsTable;
  categories: CategoriesTable;
  agents: AgentsTable;
  agent_categories: AgentCategoriesTable;
  questions: QuestionsTable;
  testimonials: TestimonialsTable;
  blogs: BlogsTable;
  faqs: FaqsTable;
  leads: LeadsTable;
  agent_applications: AgentApplicationsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  rate_limits: RateLimitsTable;
}

export interface RateLimitsTable {
  key: string;
  /** Start of the counting window, in milliseconds since the epoch. */
  window_start: number;
  count: number;
}

export interface PagesTable {
  page_id: number;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  heading: string;
  description: string;
  short_description: string;
  status: number;
}

export interface StatesTable {
  id: Generated<number>;
  name: string;
  abbreviation: string;
  slug: string;
  fips: string;
  /** 1 = most populous; null for states outside the featured list. */
  featured_rank: number | null;
}

export interface CitiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
  slug: string;
  population: number;
  lat: number;
  lng: number;
}

export interface LawsTable {
  id: Generated<number>;
  state_id: number;
  /** JSON text of { scrapedData: LawSection[] }. */
  laws: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: number;
  name: string;
}

export interface AgentsTable {
  id: Generated<number>;
  slug: string;
  company_name: string;
  photo: string;
  featured: number;
  address: string;
  zip: string;
  city_id: number;
  state_id: number;
  about: string;
  read_more: number;
  /** Private: never part of a public response. */
  email: string;
  /** Private: never part of a public response. */
  phone: string;
  is_demo: number;
  created_at: string;
}

export interface AgentCategoriesTable {
  agent_id: number;
  category_id: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  category_id: number;
  position: number;
  question: string;
  type: "single" | "multi" | "fill_blank";
  option_1: string;
  option_2: string;
  option_3: string;
  option_4: string;
  option_5: string;
  option_6: string;
  content_heading: string;
  content_description: string;
}

export interface TestimonialsTable {
  id: Generated<number>;
  heading: string;
  designation: string;
  description: string;
  user_banner: string;
  featured: number;
  display_order: number;
  is_demo: number;
}

export interface BlogsTable {
  id: Generated<number>;
  slug: string;
  heading: string;
  description: string;
  banner: string;
  post_date: string;
  read_more: number;
  featured: number;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  is_demo: number;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  featured: number;
  display_order: number;
}

export interface LeadsTable {
  id: Generated<number>;
  submission_key: string | null;
  property_category: number;
  property_address: string;
  property_city: string;
  property_zip: string;
  property_price: string;
  full_name: string;
  email_address: string;
  property_number: string;
  preferred_contact_method: string;
  price: string;
  /** JSON text of the answer entries. */
  exam: string;
  created_at: string;
}

export interface AgentApplicationsTable {
  id: Generated<number>;
  company_name: string;
  email: string;
  mobile: string;
  country_code: number;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  mobile: string;
  message: string;
  agent_id: number;
  created_at: string;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email_address: string;
  email_lower: string;
  created_at: string;
}

export type PageRow = Selectable<PagesTable>;
export type StateRow = Selectable<StatesTable>;
export type CityRow = Selectable<CitiesTable>;
export type AgentRow = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type BlogRow = Selectable<BlogsTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type QuestionRow = Selectable<QuestionsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
