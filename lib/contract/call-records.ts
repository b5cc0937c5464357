import { z } from "zod";
import { LICENSE_SOURCES, SERVICE_KEYS } from "./site";
import { INVALID } from "./messages";
import { LAW_TOPIC_KEYS } from "./law-topics";
import { requiredText, text } from "./call-fields";

/** The records the service calls answer (lib/contract/index.ts): pages, places, laws, managers, questions. */

const html = z.string();

export const pageSchema = z.object({
  page_id: z.number(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  heading: z.string(),
  description: html,
  short_description: html,
  status: z.number(),
});

export const testimonialSchema = z.object({
  id: z.number(),
  heading: z.string(),
  designation: z.string(),
  description: z.string(),
  user_banner: z.string(),
  /** 1 for a sample testimonial (fictional people, seeded as demo content): labelled as such. */
  demo: z.number().optional(),
});

export const testimonialDetailSchema = testimonialSchema.extend({
  previous_id: z.number(),
  next_id: z.number(),
});

export const blogSchema = z.object({
  id: z.number(),
  slug: z.string(),
  heading: z.string(),
  description: html,
  blog_banner: z.string(),
  post_date: z.string(),
  read_more: z.number(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
});

export const faqSchema = z.object({ id: z.number(), question: z.string(), answer: html });

export const stateSchema = z.object({
  id: z.number(),
  abbreviation: z.string(),
  state: z.string(),
  slug: z.string(),
});

export const citySchema = z.object({
  id: z.number(),
  city: z.string(),
  slug: z.string(),
  state_id: z.number(),
});

const lawBlockSchema = z.object({
  question: z.string().optional(),
  answer: z.string().optional(),
  content: z.string().optional(),
  items: z.array(z.string()).optional(),
  rows: z.array(z.object({ code: z.string(), description: z.string() })).optional(),
});

const lawSectionSchema = z.object({
  sectionTitle: z.string(),
  content: z.array(lawBlockSchema),
});

/** What the `laws` JSON text of law/get parses to. */
export const lawDocumentSchema = z.object({ scrapedData: z.array(lawSectionSchema) });

/** What a manager charges. Amounts in US dollars; null: not listed by the manager. */
export const feesSchema = z.object({
  /** Percent of the rent collected each month… */
  management_percent: z.number().nullable(),
  /** …or a flat amount each month (one of the two). */
  management_flat: z.number().nullable(),
  /** Percent of one month's rent, charged when a tenant is placed. */
  leasing_percent: z.number().nullable(),
  renewal_fee: z.number().nullable(),
  setup_fee: z.number().nullable(),
  maintenance_markup_percent: z.number().nullable(),
  vacancy_fee: z.boolean().nullable(),
});

const licenseSchema = z.object({
  state: z.string(),
  number: z.string(),
  type: z.string(),
  source: z.enum(LICENSE_SOURCES),
  /** The day of the registry check (YYYY-MM-DD); null for any other source. */
  checked_on: z.string().nullable(),
});

/** The office (from its ZIP code) and how far the manager travels from it. */
const serviceAreaSchema = z.object({ lat: z.number(), lng: z.number(), radius_miles: z.number() });

export const lawTopicKey = z.enum(LAW_TOPIC_KEYS, { error: INVALID.lawTopic });

/** One landlord-tenant fact of a state, as the facts files state it, with its file's review date. */
export const lawFactSchema = z.object({
  topic: lawTopicKey,
  value: z.string(),
  /** null: the fact cites no statute (see no_statute for why). */
  citation: z.string().nullable(),
  source_url: z.string(),
  /** The fact is the absence of a statute ("No statutory limit"): its Code cell shows "--". */
  no_statute: z.boolean(),
  /** ISO date the fact's file was last reviewed (lib/db/seed-data/SOURCES.md). */
  reviewed_on: z.string(),
  /** false where the facts file says the statute could not be confirmed: the pages say so. */
  verified: z.boolean().default(true),
});

export const lawTopicSummarySchema = z.object({
  topic: lawTopicKey,
  slug: z.string(),
  title: z.string(),
  label: z.string(),
  description: z.string(),
  /** How many of the 51 jurisdictions have a fact on it. */
  states: z.number(),
  /** Whether it has a comparison page (/laws/compare/{slug}). */
  compare: z.boolean(),
});

/** One jurisdiction's row of a comparison table; value null: not yet covered. */
export const lawCompareRowSchema = z.object({
  state: z.string(),
  slug: z.string(),
  abbreviation: z.string(),
  value: z.string().nullable(),
  citation: z.string().nullable(),
  source_url: z.string().nullable(),
  no_statute: z.boolean(),
  /** false where the statute could not be confirmed (see lawFactSchema). */
  verified: z.boolean().default(true),
});

export const agentSchema = z.object({
  agent_id: z.number(),
  user_id: z.number(),
  company_name: z.string(),
  photo: z.string(),
  featured: z.number(),
  address: z.string(),
  city: z.string(),
  city_slug: z.string(),
  state: z.string(),
  state_name: z.string(),
  zip: z.string(),
  about: z.string(),
  category: z.string(),
  category_ids: z.array(z.number()),
  read_more: z.number(),
  fees: feesSchema,
  services: z.array(z.enum(SERVICE_KEYS)),
  license: licenseSchema.nullable(),
  service_area: serviceAreaSchema.nullable(),
  units_managed: z.number().nullable(),
  year_founded: z.number().nullable(),
  /** 1 for a sample (demo) listing: a fictional company, shown as such. */
  demo: z.number(),
});

/** A manager in a list of those serving a place, with how far its office is from that place. */
export const servingAgentSchema = agentSchema.extend({ distance_miles: z.number() });

/** A city that has managers, near a place nobody serves: where the owner can look instead. */
export const nearestCitySchema = z.object({
  state: z.string(),
  state_name: z.string(),
  city: z.string(),
  slug: z.string(),
  /** How many managers serve it. */
  managers: z.number(),
  /** From the place nobody serves to this city's point. */
  distance_miles: z.number(),
});

/** How many managers serve a city for each property category (its tabs show only those with some). */
export const categoryCountSchema = z.object({ category_id: z.number(), managers: z.number() });

/** A ZIP code's place (GeoNames). */
export const placeSchema = z.object({ zip: z.string(), city: z.string(), state: z.string(), lat: z.number(), lng: z.number() });

/** A city of city/list, with how many managers serve it. */
export const cityListItemSchema = citySchema.extend({ managers: z.number() });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number(), page: z.number(), per_page: z.number(), last_page: z.number() });

export const questionSchema = z.object({
  id: z.number(),
  question: z.string(),
  type: z.enum(["single", "multi", "fill_blank"]),
  option_1: z.string(),
  option_2: z.string(),
  option_3: z.string(),
  option_4: z.string(),
  option_5: z.string(),
  option_6: z.string(),
  content_heading: z.string(),
  content_description: html,
});

export const examEntrySchema = z.object({
  question: requiredText(INVALID.answerQuestion, "Question", 500),
  answer: z.union(
    [
      text("An answer", { lines: "many" }).max(2000, INVALID.tooLong("An answer", 2000)),
      z.array(text("A choice").max(200, INVALID.tooLong("A choice", 200)), { error: INVALID.answer }).max(6, INVALID.tooManyChoices(6)),
    ],
    { error: INVALID.answer },
  ),
});

export type Page = z.infer<typeof pageSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type TestimonialDetail = z.infer<typeof testimonialDetailSchema>;
export type Blog = z.infer<typeof blogSchema>;
export type Faq = z.infer<typeof faqSchema>;
export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;
export type LawBlock = z.infer<typeof lawBlockSchema>;
export type LawSection = z.infer<typeof lawSectionSchema>;
export type LawDocument = z.infer<typeof lawDocumentSchema>;
export type LawFact = z.infer<typeof lawFactSchema>;
export type LawTopicSummary = z.infer<typeof lawTopicSummarySchema>;
export type LawCompareRow = z.infer<typeof lawCompareRowSchema>;
export type Agent = z.infer<typeof agentSchema>;
export type ServingAgent = z.infer<typeof servingAgentSchema>;
export type NearestCity = z.infer<typeof nearestCitySchema>;
export type CategoryCount = z.infer<typeof categoryCountSchema>;
export type Fees = z.infer<typeof feesSchema>;
export type License = z.infer<typeof licenseSchema>;
export type Place = z.infer<typeof placeSchema>;
export type CityListItem = z.infer<typeof cityListItemSchema>;
export type Question = z.infer<typeof questionSchema>;
export type ExamEntry = z.infer<typeof examEntrySchema>;
