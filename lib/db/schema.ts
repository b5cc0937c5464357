import type { Generated, Insertable, Kysely, Selectable } from "kysely";
import type { StaffUsersTable, StaffSessionsTable, StaffVerificationsTable, WorkspaceSettingsTable, SeoLiveTable, SeoRevisionsTable, SeoDraftsTable, StaffAuditLogTable, RedirectRulesTable, NotFoundPathsTable, ContentChangesTable, RateLimiterTable } from "./schema-workspace";
import type { LeadsTable, LeadConfirmationsTable, LeadConfirmationLinksTable, LeadRecipientsTable, ProposalTokensTable, ProposalsTable, ProposalRevisionsTable, LeadTokensTable, OutboxMessagesTable } from "./schema-leads";
import type { AgentApplicationsTable, ContactMessagesTable, ContactRepliesTable, EmailSuppressionsTable, NewsletterSubscriptionsTable, ListingLinksTable, ListingSessionsTable, ListingRevisionsTable } from "./schema-network";
export type * from "./schema-workspace";
export type * from "./schema-leads";
export type * from "./schema-network";

/**
 * The one Kysely Database interface. Flags are integers (0/1) and timestamps ISO-8601 text so
 * that SQLite and PostgreSQL store and return the same values. The directory's tables are here;
 * the workspace's (schema-workspace.ts), the leads, proposals and outbox (schema-leads.ts) and the
 * operator's inbox and the managers' own listings (schema-network.ts) have files of their own,
 * re-exported here: import every table type from "lib/db/schema".
 */
export interface Database {
  pages: PagesTable;
  states: StatesTable;
  cities: CitiesTable;
  law_fact_files: LawFactFilesTable;
  law_facts: LawFactsTable;
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
  rate_limiter: RateLimiterTable;
  content_changes: ContentChangesTable;
  zip_codes: ZipCodesTable;
  agent_areas: AgentAreasTable;
  agent_offices: AgentOfficesTable;
  zip_coverage: ZipCoverageTable;
  city_coverage: CityCoverageTable;
  lead_recipients: LeadRecipientsTable;
  lead_tokens: LeadTokensTable;
  lead_confirmations: LeadConfirmationsTable;
  lead_confirmation_links: LeadConfirmationLinksTable;
  outbox_messages: OutboxMessagesTable;
  proposal_tokens: ProposalTokensTable;
  proposals: ProposalsTable;
  proposal_revisions: ProposalRevisionsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_verifications: StaffVerificationsTable;
  workspace_settings: WorkspaceSettingsTable;
  seo_live: SeoLiveTable;
  seo_revisions: SeoRevisionsTable;
  seo_drafts: SeoDraftsTable;
  staff_audit_log: StaffAuditLogTable;
  redirect_rules: RedirectRulesTable;
  not_found_paths: NotFoundPathsTable;
  contact_replies: ContactRepliesTable;
  email_suppressions: EmailSuppressionsTable;
  listing_links: ListingLinksTable;
  listing_sessions: ListingSessionsTable;
  listing_revisions: ListingRevisionsTable;
}

interface PagesTable {
  page_id: number;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  heading: string;
  description: string;
  short_description: string;
  status: number;
}

interface StatesTable {
  id: Generated<number>;
  name: string;
  abbreviation: string;
  slug: string;
  fips: string;
  /** 1 = most populous; null for states outside the featured list. */
  featured_rank: number | null;
}

interface CitiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
  slug: string;
  population: number;
  lat: number;
  lng: number;
  /** How many managers serve the city (city_coverage rows), kept by lib/db/queries/coverage.ts. */
  managers_serving: Generated<number>;
}

/** A landlord-tenant facts file of lib/db/seed-data and the date it was last reviewed (SOURCES.md). */
interface LawFactFilesTable {
  file: string;
  /** ISO date, e.g. "2026-11-23". */
  reviewed_on: string;
}

/** One fact: a state's rule on one topic (keys in lib/contract/law-topics.ts). */
interface LawFactsTable {
  id: Generated<number>;
  state_id: number;
  topic: string;
  value: string;
  /** null where the fact is the absence of a statute, or the source named none. */
  citation: string | null;
  source_url: string;
  file: string;
  /** 0 where the facts file says the statute could not be confirmed (the pages say so). */
  verified: Generated<number>;
}

interface CategoriesTable {
  id: number;
  name: string;
}

interface AgentsTable {
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
  /**
   * When the listing's content last changed (created, or an import that changed its row): its
   * profile's <lastmod>, and the lists it is on take their newest listing's (lib/db/queries/sitemap.ts).
   */
  updated_at: string;
  // Decision data; null where the manager has not given it.
  management_fee_percent: number | null;
  management_fee_flat: number | null;
  leasing_fee_percent: number | null;
  renewal_fee: number | null;
  setup_fee: number | null;
  maintenance_markup_percent: number | null;
  /** 0/1 */
  vacancy_fee: number | null;
  /** JSON text of service keys (lib/contract/site.ts MANAGER_SERVICES). */
  services: Generated<string>;
  license_state: string | null;
  license_number: string | null;
  license_type: string | null;
  /** lib/contract/site.ts LICENSE_SOURCES */
  license_source: string | null;
  /** YYYY-MM-DD of a registry check; null unless license_source is "registry". */
  license_checked_on: string | null;
  /** The office, from its ZIP code. */
  office_lat: number | null;
  office_lng: number | null;
  service_radius_miles: number | null;
  units_managed: number | null;
  year_founded: number | null;
  /** The operator's key of an imported listing (unique); null for samples and approved applications. */
  external_id: string | null;
  /** Imported: the person to ask for; not shown on the listing. */
  contact_name: string | null;
  /** Imported: the company's website, in its normal form (lib/contract/managers-csv.ts normalWebsite). */
  website: string | null;
  /** Imported: where the license number can be looked up (not a check by us). */
  license_source_url: string | null;
  /** Imported: the service ZIP codes as given, ";"-separated. */
  service_zips: string | null;
}

/** A ZIP code's place (GeoNames, CC BY 4.0). */
export interface ZipCodesTable {
  zip: string;
  city: string;
  state_abbr: string;
  county: string;
  lat: number;
  lng: number;
}

/**
 * A manager's service area as a box (the circle's bounds) under a spatial index, with what a
 * lookup by point needs. SQLite: an R*Tree virtual table; PostgreSQL: a table with a GiST index.
 */
export interface AgentAreasTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  featured: number;
  lat: number;
  lng: number;
  radius_miles: number;
  /** lib/db/service-areas.ts categoryMask: one bit per property category. */
  category_mask: number;
}

/**
 * A manager's office point under a spatial index (min = max), with the featured flag as a third
 * dimension and what a ranked lookup needs. SQLite: an R*Tree virtual table; PostgreSQL: a table
 * with a GiST index on point(lng, lat).
 */
export interface AgentOfficesTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  min_featured: number;
  max_featured: number;
  lat: number;
  lng: number;
  radius_miles: number;
  /** lib/db/service-areas.ts categoryMask: one bit per property category. */
  category_mask: number;
}

/** How many managers serve a ZIP code's point (lib/contract/geo.ts servesPoint), and how many are featured. */
interface ZipCoverageTable {
  zip: string;
  /** 0: every category. */
  category_id: number;
  managers: number;
  featured: number;
}

/** The managers serving each seeded city, in list order (the town's own offices first, then nearest). */
export interface CityCoverageTable {
  city_id: number;
  agent_id: number;
  featured: number;
  distance_miles: number;
  category_mask: number;
  /** 1 when the manager's office is in this city itself (it ranks first on the city's page). */
  own_city: number;
}

interface AgentCategoriesTable {
  agent_id: number;
  category_id: number;
}

interface QuestionsTable {
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

interface TestimonialsTable {
  id: Generated<number>;
  heading: string;
  designation: string;
  description: string;
  user_banner: string;
  featured: number;
  display_order: number;
  is_demo: number;
}

interface BlogsTable {
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

interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  featured: number;
  display_order: number;
}


export type StateRow = Selectable<StatesTable>;
export type CityRow = Selectable<CitiesTable>;
export type NewAgent = Insertable<AgentsTable>;
export type BlogRow = Selectable<BlogsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type OutboxRow = Selectable<OutboxMessagesTable>;
export type ProposalRow = Selectable<ProposalsTable>;
export type NewOutboxMessage = Insertable<OutboxMessagesTable>;
export type SeoLiveRow = Selectable<SeoLiveTable>;
export type SeoRevisionRow = Selectable<SeoRevisionsTable>;
export type SeoDraftRow = Selectable<SeoDraftsTable>;
export type StaffAuditRow = Selectable<StaffAuditLogTable>;
export type RedirectRuleRow = Selectable<RedirectRulesTable>;
export type NotFoundPathRow = Selectable<NotFoundPathsTable>;

/** The database as every query and service function takes it: one type, imported from here. */
export type Db = Kysely<Database>;
