import { z } from "zod";
import {
  ALL_CATEGORIES_ID,
  DEFAULT_DIRECTORY_SORT,
  DEFAULT_MONTHLY_RENT,
  DIRECTORY_SORT_KEYS,
  LICENSE_SOURCES,
  MAX_SERVICE_FILTERS,
  MONTHLY_RENT_MAX,
  PRICE_MAX,
  PRICE_MIN,
  SERVICE_KEYS,
} from "./site";
import { CONFIRM, FORMAT, INVALID, RECIPIENTS, REQUIRED } from "./messages";
import { PROPOSAL } from "./proposal-messages";
import { LAW_TOPIC_KEYS } from "./law-topics";
import { SEO_KINDS } from "./seo-text";
import { SEO_FIELDS, type SeoField } from "./seo-fields";
import { phoneDigits } from "./phone";
import { isValidZip, zipFive } from "./zip";
import { outboxMessageSchema, outboxSearchRequest } from "./outbox-search";

/**
 * The contract of the service calls (spec section 7 and DESIGN.md 8): a request and a response schema for
 * each. The service validates input with the request schemas, the typed client validates what
 * it receives with the response schemas, and the forms reuse the same field rules. Types are
 * inferred from here and never written twice.
 *
 * Messages are worded like spec section 5 (REQUIRED.email) because the first
 * failing one is shown to the visitor in the "Error!" dialog.
 */

// ---------------------------------------------------------------------------------------------
// Field rules

const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .'%-]*$/;
/** Control characters other than tab, line feed and carriage return (C0, DEL and C1). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * What a one-line field (a name, a city, an address line, anything that may reach a mail header,
 * a webhook header or a log line) must not hold: every control character, tab and line feed
 * included, and the Unicode line and paragraph separators.
 */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const ONE_LINE_CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
export const EMAIL_MAX_LENGTH = 254;

const isMissing = (input: unknown) => input === undefined || input === null;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTER.test(value);
/** True for text that fits on one line: no line break, no tab, no other control character. */
export const isOneLine = (value: string) => !ONE_LINE_CONTROL_CHARACTER.test(value);

/**
 * How a text field may span lines: "one" (the default: names, cities, companies, anything that may
 * reach a header or a log line) or "many" (a message, a street address typed on two lines, an
 * answer), which keeps tabs and line breaks but no other control character.
 */
type Lines = "one" | "many";

/** Refuses control characters (a line break first, with its own message, in a one-line field). */
function withoutControlCharacters<T extends z.ZodType<string>>(schema: T, label: string, lines: Lines) {
  if (lines === "many") return schema.refine((value) => !hasControlCharacters(value), FORMAT.controlCharacters(label));
  return schema
    .refine((value) => !LINE_BREAK.test(value), FORMAT.lineBreak(label))
    .refine((value) => LINE_BREAK.test(value) || isOneLine(value), FORMAT.controlCharacters(label));
}

/** Any text a visitor sends: a string without control characters (PostgreSQL refuses NUL). */
function text(label: string, { lines = "one", typeMessage = INVALID.notText(label) }: { lines?: Lines; typeMessage?: string } = {}) {
  return withoutControlCharacters(z.string({ error: typeMessage }), label, lines);
}

/** A required piece of text: trimmed, not empty, bounded, no control characters (one line unless `lines` says many). */
export function requiredText(emptyMessage: string, label: string, max: number, { lines = "one" }: { lines?: Lines } = {}) {
  const schema = z
    .string({ error: (issue) => (isMissing(issue.input) ? emptyMessage : INVALID.notText(label)) })
    .trim()
    .min(1, emptyMessage)
    .max(max, INVALID.tooLong(label, max));
  return withoutControlCharacters(schema, label, lines);
}

/** Optional text: absent, null and blank all read as "not given" (an empty string). */
function optionalText(label: string, max: number, { lines = "one" }: { lines?: Lines } = {}) {
  return z
    .union([z.string(), z.null()], { error: INVALID.notText(label) })
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(withoutControlCharacters(z.string().max(max, INVALID.tooLong(label, max)), label, lines));
}

export { phoneDigits } from "./phone";

/** The characters of an unquoted local part (RFC 5322 atext), the same as the browsers' type=email. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * The one email rule: exactly one plain `local@domain`, nothing a mail header would read
 * as more. No display name (`x<victim@example.com>`), comment, quoted string, comma or second
 * address, no whitespace or control character: the local part is dot-separated atext, the domain
 * host names (letters, digits, inner hyphens, at most 63 each) with a top-level part of two or
 * more characters, not all digits. Checked in linear time, and only after the length.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@") || at > 64) return false;
  if (!LOCAL_PART.test(value.slice(0, at))) return false;
  const labels = value.slice(at + 1).split(".");
  const top = labels[labels.length - 1];
  return labels.length >= 2 && top.length >= 2 && !/^\d+$/.test(top) && labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label));
}
export { isValidZip };
export const isValidPhone = (value: string) => /^\d{10}$/.test(phoneDigits(value));

const PRICE_MESSAGE = FORMAT.price(PRICE_MIN, PRICE_MAX);

/** An email field: anything but one plain address, control characters included, is FORMAT.email. */
const email = (emptyMessage: string = REQUIRED.email) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? emptyMessage : INVALID.notText("Email address")) })
    .trim()
    .min(1, emptyMessage)
    .max(EMAIL_MAX_LENGTH, INVALID.tooLong("Email address", EMAIL_MAX_LENGTH))
    .refine(isValidEmail, FORMAT.email);

/** The lead's email, optional on the quote-guarantee lead: checked with the form's order (leadSaveRequest). */
const optionalEmail = z
  .union([z.string(), z.null()], { error: INVALID.notText("Email address") })
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(EMAIL_MAX_LENGTH, INVALID.tooLong("Email address", EMAIL_MAX_LENGTH)));

/** A whole-number id. Strings are a wrong type (400), never coerced silently. */
function wholeNumber(label: string, min = 1) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? INVALID.provide(label) : INVALID.notNumber(label)) })
    .int(INVALID.notWholeNumber(label))
    .min(min, INVALID.tooSmall(label, min))
    .max(2_147_483_647, INVALID.tooLarge(label));
}

/** A page size: a whole number up to `max`. */
const pageSize = (max: number) => wholeNumber("the page size").max(max, INVALID.atMost("the page size", max));

export const categoryId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(8)], {
  error: (issue) => (isMissing(issue.input) ? REQUIRED.propertyType : FORMAT.propertyType),
});

/** A category, or 0 for every category (the "All Property Managers" tab). */
export const categoryOrAll = z.union([z.literal(ALL_CATEGORIES_ID), z.literal(1), z.literal(2), z.literal(3), z.literal(8)], {
  error: (issue) => (isMissing(issue.input) ? REQUIRED.propertyType : FORMAT.propertyType),
});

/** A ZIP code: five digits, or ZIP+4 (the +4 is dropped). */
const zipCode = requiredText(REQUIRED.zip, "ZIP code", 10)
  .refine(isValidZip, FORMAT.zip)
  .transform(zipFive);

const LIST_TYPES = ["Featured", "All"] as const;
const LIST_LENGTHS = ["Half", "Full"] as const;
const listType = z.enum(LIST_TYPES, { error: INVALID.oneOf("Type", LIST_TYPES) }).optional();
const listLength = z.enum(LIST_LENGTHS, { error: INVALID.oneOf("Length", LIST_LENGTHS) }).optional();

/** How a list of managers is ordered (lib/contract/site.ts DIRECTORY_SORTS); "distance" when absent. */
const directorySort = z.enum(DIRECTORY_SORT_KEYS, { error: INVALID.sort(DIRECTORY_SORT_KEYS) }).optional().default(DEFAULT_DIRECTORY_SORT);
/** Services every listed manager must offer (each once); none when absent. */
const serviceFilter = z
  .array(z.enum(SERVICE_KEYS, { error: INVALID.service }), { error: INVALID.servicesList })
  .max(MAX_SERVICE_FILTERS, INVALID.tooManyServices(MAX_SERVICE_FILTERS))
  .optional()
  .default([])
  .transform((keys) => [...new Set(keys)]);
/** The monthly rent the fee sort ranks first-year cost at (lib/contract/first-year-cost.ts); $2,000 when absent. */
const sortRent = z
  .number({ error: INVALID.notNumber("the monthly rent") })
  .positive(INVALID.tooSmall("the monthly rent", 1))
  .max(MONTHLY_RENT_MAX, INVALID.atMost("the monthly rent", MONTHLY_RENT_MAX))
  .optional()
  .default(DEFAULT_MONTHLY_RENT);

/** A path-like word: a slug, a state abbreviation or a city name. */
const slugText = (label: string, emptyMessage: string) =>
  requiredText(emptyMessage, label, 100).regex(SLUG_PATTERN, FORMAT.controlCharacters(label));

// ---------------------------------------------------------------------------------------------
// Records returned by the service

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

export const lawBlockSchema = z.object({
  question: z.string().optional(),
  answer: z.string().optional(),
  content: z.string().optional(),
  items: z.array(z.string()).optional(),
  rows: z.array(z.object({ code: z.string(), description: z.string() })).optional(),
});

export const lawSectionSchema = z.object({
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

export const licenseSchema = z.object({
  state: z.string(),
  number: z.string(),
  type: z.string(),
  source: z.enum(LICENSE_SOURCES),
  /** The day of the registry check (YYYY-MM-DD); null for any other source. */
  checked_on: z.string().nullable(),
});

/** The office (from its ZIP code) and how far the manager travels from it. */
export const serviceAreaSchema = z.object({ lat: z.number(), lng: z.number(), radius_miles: z.number() });

const lawTopicKey = z.enum(LAW_TOPIC_KEYS, { error: INVALID.lawTopic });

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

const pageOf = <T extends z.ZodType>(item: T) =>
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

// ---------------------------------------------------------------------------------------------
// Requests

/** The managers chosen for a lead: ids, at most three, each once. */
const managerIds = z
  .array(wholeNumber("a manager id"), { error: INVALID.managerIds })
  .max(RECIPIENTS.max, RECIPIENTS.tooMany)
  .transform((ids) => [...new Set(ids)]);

/**
 * The private request page's token (128 random bits, base64url) or a newsletter link's. Any
 * text is looked up; one that matches nothing is a 404 that says nothing about why.
 */
const linkToken = text("The link").max(200, INVALID.linkTooLong);

/**
 * The honeypot of every public form: hidden from people, so anything in it means a bot. The
 * service answers such a submission with success and stores nothing.
 */
const honeypot = { website: z.string().max(500).optional().catch("spam") };
export const isBotSubmission = (body: { website?: string }) => Boolean(body.website);

const leadFields = z.object({
  ...honeypot,
  /** Idempotency key made by the browser once per submission; a repeat stores nothing new. */
  submission_key: z
    .string({ error: INVALID.notText("The submission key") })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, INVALID.submissionKey)
    .optional(),
  property_category: categoryId,
  property_address: requiredText(REQUIRED.address, "Address", 300, { lines: "many" }),
  property_city: requiredText(REQUIRED.city, "City", 100),
  property_zip: requiredText(REQUIRED.zip, "ZIP code", 10).refine(isValidZip, FORMAT.zip),
  property_price: z
    .union([text("Property price").max(20), z.number(), z.null()], { error: INVALID.propertyPrice })
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value))),
  full_name: optionalText("Full name", 120),
  email_address: optionalEmail,
  property_number: optionalText("Phone number", 20),
  /** Absent on the quote-guarantee lead (spec 2.4); present, possibly empty, on the full submit. */
  preferred_contact_method: z
    .union([z.literal("Email"), z.literal("Phone"), z.literal(""), z.literal("Select")], {
      error: REQUIRED.contactMethod,
    })
    .optional(),
  price: z
    .union(
      [z.literal(""), z.number().int(PRICE_MESSAGE).min(PRICE_MIN, PRICE_MESSAGE).max(PRICE_MAX, PRICE_MESSAGE), z.null()],
      { error: PRICE_MESSAGE },
    )
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value))),
  exam: z.array(examEntrySchema, { error: INVALID.answers }).max(50, INVALID.tooManyAnswers).optional(),
  /**
   * The managers the owner chose to receive the lead, at most three; each must serve
   * the lead's ZIP and category. Absent or empty: nobody receives it.
   */
  agent_ids: managerIds.optional(),
});

/**
 * The full submit needs a name, an email and a contact method (and a phone when the method is
 * Phone); the quote-guarantee lead needs only the mobile number. Checked in the order of the
 * form so that the first message is the one the visitor meets first.
 */
export const leadSaveRequest = leadFields.superRefine((lead, ctx) => {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const isGuaranteeLead = lead.preferred_contact_method === undefined;

  if (isGuaranteeLead) {
    if (!lead.property_number) return fail("property_number", REQUIRED.phone);
    if (!isValidPhone(lead.property_number)) return fail("property_number", FORMAT.phone);
    if (lead.email_address && !isValidEmail(lead.email_address)) return fail("email_address", FORMAT.email);
    return;
  }

  if (!lead.full_name) return fail("full_name", REQUIRED.fullName);
  if (!lead.email_address) return fail("email_address", REQUIRED.email);
  if (!isValidEmail(lead.email_address)) return fail("email_address", FORMAT.email);
  const method = lead.preferred_contact_method;
  if (method !== "Email" && method !== "Phone") {
    return fail("preferred_contact_method", REQUIRED.contactMethod);
  }
  if (method === "Phone" && !lead.property_number) return fail("property_number", REQUIRED.phone);
  if (lead.property_number && !isValidPhone(lead.property_number)) return fail("property_number", FORMAT.phone);
});

export const agentSaveRequest = z.object({
  ...honeypot,
  company_name: requiredText(REQUIRED.companyName, "Company name", 150),
  email: email(),
  country_code: z
    .union([z.literal(1), z.literal(91), z.literal("1"), z.literal("91")], {
      error: FORMAT.countryCode,
    })
    .transform((value) => Number(value) as 1 | 91),
  mobile: requiredText(REQUIRED.mobile, "Mobile number", 20).refine(
    (value) => /^\d{10}$/.test(value.replace(/[\s()-]/g, "")),
    FORMAT.mobile,
  ),
});

export const contactSaveRequest = z.object({
  ...honeypot,
  name: requiredText(REQUIRED.fullName, "Full name", 120),
  email: email(),
  mobile: optionalText("Phone number", 20).refine((value) => value === "" || isValidPhone(value), FORMAT.phone),
  message: requiredText(REQUIRED.message, "Message", 5000, { lines: "many" }),
  agent_id: wholeNumber("the manager id", 0).optional().default(0),
});

export const newsletterSaveRequest = z.object({
  ...honeypot,
  email_address: email(),
});

// ---------------------------------------------------------------------------------------------
// The calls

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const saved = ok({ message: z.string() });

/** A manager who receives a lead; `demo` 1 for a sample listing (a company that does not exist). */
export const recipientSchema = z.object({ agent_id: z.number(), company_name: z.string(), demo: z.number().optional() });

/**
 * How far a recipient's copy of the request got; "held": a phone-only request kept unsent, over a
 * daily cap of its number or of the manager (lib/service/rate-limit.ts unverifiedReach).
 */
export const DELIVERY_STATES = ["queued", "retrying", "sent", "failed", "cancelled", "held"] as const;

/** The private request page: the owner's request, its contact details partly masked. */
export const requestViewSchema = z.object({
  reference: z.string(),
  created_at: z.string(),
  withdrawn_at: z.string().nullable(),
  property_category: z.number(),
  property_address: z.string(),
  property_city: z.string(),
  property_zip: z.string(),
  full_name: z.string(),
  email_masked: z.string(),
  phone_masked: z.string(),
  preferred_contact_method: z.string(),
  /** The quote guarantee's named monthly price ("" when none). */
  price: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.union([z.string(), z.array(z.string())]) })),
  recipients: z.array(
    recipientSchema.extend({
      delivery: z.enum(DELIVERY_STATES),
      /** When the manager's copy was delivered (ISO), on any channel. */
      delivered_at: z.string().nullable(),
    }),
  ),
  /** Nobody received it: no manager served the ZIP, or none was chosen. */
  awaiting_match: z.boolean(),
  /** Nobody receives it until the owner confirms the email address by the mailed link. */
  awaiting_confirmation: z.boolean().default(false),
  /** When nobody received it and managers serve the ZIP now: whom the owner may choose. */
  matches: z.array(servingAgentSchema),
  match_rule: z.string(),
});

/** How a saved lead's email address is being confirmed (lead/save's `confirmation`). */
export const LEAD_CONFIRMATION_STATES = ["emailed", "none"] as const;

/** A request a confirmation link sends: its reference and the managers chosen (sample listings marked). */
export const waitingRequestSchema = z.object({ reference: z.string(), recipients: z.array(recipientSchema) });

/** What a waiting request's managers would receive about the owner and the property, shown before the owner sends it. */
export const confirmationDetailsSchema = z.object({
  full_name: z.string(),
  email_address: z.string(),
  phone: z.string(),
  preferred_contact_method: z.string(),
  property_address: z.string(),
  property_city: z.string(),
  property_zip: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});

/**
 * A request on the confirmation page: what its managers would receive, and when and from where it
 * was saved (`saved_from`: a city as the site's proxy reported it, "" when none did; never an
 * address). Nothing is ticked for the owner: anyone may have typed the owner's address.
 */
export const confirmationRequestSchema = waitingRequestSchema.extend({ details: confirmationDetailsSchema, saved_at: z.string(), saved_from: z.string() });

/** The references a confirmation page names: those the owner ticked to send, or marked as not theirs. */
const confirmReferences = z.array(z.string().min(1).max(40)).min(1).max(100);

/** A request lead/confirm sent: with a fresh link to its private page. */
export const confirmedRequestSchema = waitingRequestSchema.extend({ request_path: z.string() });


// ---------------------------------------------------------------------------------------------
// Proposals: a manager's quote in the directory's own fee fields

/** The longest a proposal's message may be, and the most any fee may be. */
export const PROPOSAL_MESSAGE_MAX = 1000;
export const PROPOSAL_AMOUNT_MAX = 1_000_000;
export const PROPOSAL_TERM_MAX_MONTHS = 120;

/** A fee of a save: a number from 0 to `max`, or null (none charged); absent stays absent, so a save that leaves it out keeps the proposal's own. */
const keptFeeNumber = (label: string, max: number) =>
  z
    .number({ error: INVALID.notNumber(label) })
    .min(0, INVALID.tooSmall(label, 0))
    .max(max, INVALID.atMost(label, max))
    .nullable()
    .optional();

/** A fee of the terms: as above, absent is null. */
const feeNumber = (label: string, max: number) => keptFeeNumber(label, max).transform((value) => value ?? null);

const proposalMessage = () => text("The message", { lines: "many" }).max(PROPOSAL_MESSAGE_MAX, INVALID.tooLong("The message", PROPOSAL_MESSAGE_MAX)).optional();

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const serviceKeys = () =>
  z.array(z.enum(SERVICE_KEYS, { error: INVALID.service }), { error: INVALID.servicesList }).max(SERVICE_KEYS.length, INVALID.tooManyServices(SERVICE_KEYS.length));

const proposalTermsShape = {
  management_percent: feeNumber("the management fee", 100),
  management_flat: feeNumber("the management fee", PROPOSAL_AMOUNT_MAX),
  leasing_percent: feeNumber("the leasing fee", 200),
  setup_fee: feeNumber("the setup fee", PROPOSAL_AMOUNT_MAX),
  renewal_fee: feeNumber("the renewal fee", PROPOSAL_AMOUNT_MAX),
  maintenance_markup_percent: feeNumber("the maintenance markup", 100),
  contract_months: z
    .number({ error: INVALID.notNumber("the minimum contract term") })
    .int(INVALID.notWholeNumber("the minimum contract term"))
    .min(0, INVALID.tooSmall("the minimum contract term", 0))
    .max(PROPOSAL_TERM_MAX_MONTHS, INVALID.atMost("the minimum contract term", PROPOSAL_TERM_MAX_MONTHS)),
  start_date: z.string({ error: PROPOSAL.startDate }).refine(isCalendarDate, PROPOSAL.startDate),
  services: serviceKeys().optional().transform((keys) => [...new Set(keys ?? [])]),
  message: proposalMessage().transform((value) => (value ?? "").trim()),
};

/** Exactly one management fee: a percent of rent or a flat monthly amount. */
function oneManagementFee(terms: { management_percent: number | null; management_flat: number | null }, ctx: z.RefinementCtx) {
  if (terms.management_percent === null && terms.management_flat === null) ctx.addIssue({ code: "custom", message: PROPOSAL.feeRequired, path: ["management_percent"] });
  if (terms.management_percent !== null && terms.management_flat !== null) ctx.addIssue({ code: "custom", message: PROPOSAL.feeBoth, path: ["management_flat"] });
}

/** proposal/save's terms: a field not sent keeps the proposal's current value (a new proposal: none). */
const proposalSaveShape = {
  ...proposalTermsShape,
  leasing_percent: keptFeeNumber("the leasing fee", 200),
  setup_fee: keptFeeNumber("the setup fee", PROPOSAL_AMOUNT_MAX),
  renewal_fee: keptFeeNumber("the renewal fee", PROPOSAL_AMOUNT_MAX),
  maintenance_markup_percent: keptFeeNumber("the maintenance markup", 100),
  services: serviceKeys()
    .optional()
    .transform((keys) => (keys === undefined ? undefined : [...new Set(keys)])),
  message: proposalMessage().transform((value) => value?.trim()),
};

/** A proposal's terms as the form sends them (and as the service stores them). */
export const proposalTermsSchema = z.object(proposalTermsShape).superRefine(oneManagementFee);

/** A stored proposal: its terms, which save it is and when it was made. */
export const storedProposalSchema = z.object({
  management_percent: z.number().nullable(),
  management_flat: z.number().nullable(),
  leasing_percent: z.number().nullable(),
  setup_fee: z.number().nullable(),
  renewal_fee: z.number().nullable(),
  maintenance_markup_percent: z.number().nullable(),
  contract_months: z.number(),
  start_date: z.string(),
  services: z.array(z.string()),
  message: z.string(),
  revision: z.number(),
  updated_at: z.string(),
});

/** proposal/save: from the manager's page (`token`), or from the agent panel (`reference` and `agent_id`, with the API token). */
export const proposalSaveRequest = z
  .object({
    ...proposalSaveShape,
    token: linkToken.optional(),
    reference: z.string({ error: INVALID.notText("The reference") }).max(40, INVALID.tooLong("The reference", 40)).optional(),
    agent_id: wholeNumber("a manager id").optional(),
    /** Random, one per intended save: a repeat with the same key stores nothing (idempotent). */
    save_key: z.string({ error: PROPOSAL.saveKey }).regex(/^[A-Za-z0-9_-]{8,100}$/, PROPOSAL.saveKey),
  })
  .superRefine((input, ctx) => {
    oneManagementFee(input, ctx);
    const byToken = input.token !== undefined;
    const byReference = input.reference !== undefined && input.agent_id !== undefined;
    if (byToken === byReference) ctx.addIssue({ code: "custom", message: PROPOSAL.panelNeedsBoth, path: ["token"] });
  });

/** Where a proposal link stands: open, or closed and why (for this manager). */
export const PROPOSAL_STATES = ["open", "withdrawn", "accepted", "declined"] as const;

/** The request as its managers received it, without the owner's contact details (they are in the message). */
export const deliveredRequestSchema = z.object({
  reference: z.string(),
  submitted_at: z.string(),
  property_category: z.number(),
  property_address: z.string(),
  property_city: z.string(),
  property_zip: z.string(),
  price: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});

/** One recipient on the owner's comparison: the directory's profile next to the proposal (null: none yet). */
export const ownerProposalSchema = z.object({
  agent_id: z.number(),
  company_name: z.string(),
  demo: z.number(),
  decision: z.enum(["accepted", "declined"]).nullable(),
  profile: z.object({ fees: feesSchema, services: z.array(z.string()) }).nullable(),
  proposal: storedProposalSchema.nullable(),
  /** Every version the manager sent, oldest first (the last is `proposal`). */
  history: z.array(storedProposalSchema),
});

/** What the comparison assumes: the owner's rent and unit count, from the answers when they gave them. */
export const costAssumptionSchema = z.object({ rent: z.number(), units: z.number(), from_answers: z.boolean() });

export const contract = {
  "page/get": {
    request: z.object({ page_id: wholeNumber("a page id") }),
    response: ok({ pageData: pageSchema }),
  },
  "testimonial/list": {
    request: z.object({ type: listType }),
    response: ok({ testimonials: z.array(testimonialSchema) }),
  },
  "testimonial/get": {
    request: z.object({ id: wholeNumber("a testimonial id") }),
    response: ok({ testimonial: testimonialDetailSchema }),
  },
  "blogs/list": {
    request: z.object({ type: listType }),
    response: ok({ blogs: z.array(blogSchema) }),
  },
  "blog/get": {
    request: z.object({ slug: slugText("Blog", INVALID.provide("a blog slug")) }),
    response: ok({ blog: blogSchema }),
  },
  "faq/list": {
    request: z.object({ type: listType }),
    response: ok({ faqs: z.array(faqSchema) }),
  },
  "state/code/list": {
    request: z.object({ type: listType, length: listLength }),
    response: ok({
      states: z.array(stateSchema),
      length: z.enum(["Half", "Full"]),
      first_state: z.object({ id: z.number(), abbreviation: z.string() }).nullable(),
    }),
  },
  "city/list": {
    request: z.object({ state_id: wholeNumber("a state id"), length: listLength }),
    response: ok({ cities: z.array(cityListItemSchema), length: z.enum(["Half", "Full"]), count: z.number() }),
  },
  "law/get": {
    request: z.object({ state: slugText("State", INVALID.provide("a state")) }),
    response: ok({
      stateData: z.object({ id: z.number(), state: z.string(), abbreviation: z.string(), slug: z.string(), laws: z.string() }),
    }),
  },
  "law/facts": {
    request: z.object({ state: slugText("State", INVALID.provide("a state")), topic: lawTopicKey.optional() }),
    response: ok({ state: stateSchema, facts: z.array(lawFactSchema) }),
  },
  "laws/topics": {
    request: z.object({}),
    response: ok({ topics: z.array(lawTopicSummarySchema) }),
  },
  "laws/compare": {
    request: z.object({ topic: requiredText(INVALID.provide("a topic"), "Topic", 100) }),
    response: ok({
      topic: lawTopicSummarySchema.extend({
        /** The latest review date of the facts in the table (ISO). */
        reviewed_on: z.string(),
      }),
      rows: z.array(lawCompareRowSchema),
    }),
  },
  "agents/list": {
    request: z.object({
      cate_id: categoryOrAll.optional().default(1),
      state: slugText("State", INVALID.provide("a state")),
      city: slugText("City", INVALID.provide("a city")),
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(100).optional().default(24),
      sort: directorySort,
      services: serviceFilter,
      rent: sortRent,
    }),
    response: ok({
      state: stateSchema,
      city: citySchema,
      /** The managers serving the city: its own offices first, then nearest (or as `sort` asks). */
      agents: pageOf(servingAgentSchema),
      /** Only when nobody serves the city: managers with an office within 60 miles, nearest first. */
      nearby: z.array(servingAgentSchema),
      /** Managers serving the city per category (every category, whatever `cate_id` asked). */
      category_counts: z.array(categoryCountSchema).default([]),
      /** Only when nobody serves the city: the nearest cities that have managers, any state. */
      nearest_cities: z.array(nearestCitySchema).default([]),
    }),
  },
  "zip/get": {
    request: z.object({ zip: zipCode }),
    response: ok({ place: placeSchema }),
  },
  "agents/near": {
    request: z.object({
      zip: zipCode,
      cate_id: categoryOrAll.optional().default(ALL_CATEGORIES_ID),
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(100).optional().default(24),
      sort: directorySort,
      services: serviceFilter,
      rent: sortRent,
    }),
    response: ok({
      place: placeSchema,
      /** Nearest office first (or as `sort` asks); featured managers are marked, not moved up. */
      agents: pageOf(servingAgentSchema),
      /** Only when nobody serves the ZIP code: the nearest cities that have managers, any state. */
      nearest_cities: z.array(nearestCitySchema).default([]),
    }),
  },
  "agent/get": {
    request: z.object({
      agent_id: wholeNumber("a manager id"),
      state: text("State").max(100).optional(),
      city: text("City").max(100).optional(),
    }),
    response: ok({ agent_data: agentSchema }),
  },
  "question/list": {
    request: z.object({ type: categoryId }),
    response: ok({ questions: z.array(questionSchema) }),
  },
  "agents/match": {
    request: z.object({
      property_zip: zipCode,
      property_category: categoryId,
      /** Managers the owner chose before (on /compare): listed too when they serve, named when they do not. */
      agent_ids: managerIds.optional(),
    }),
    response: ok({
      /** The ZIP code's place; null for a ZIP the site does not know (then nobody serves it). */
      place: placeSchema.nullable(),
      /** Up to five managers serving the ZIP for the category, ranked by `rule`. */
      agents: z.array(servingAgentSchema),
      /** How many serve it in all. */
      total: z.number(),
      rule: z.string(),
      /** Of `agent_ids`, those who do not serve the ZIP for the category. */
      not_serving: z.array(z.object({ agent_id: z.number(), company_name: z.string() })).optional(),
    }),
  },
  "lead/save": {
    request: leadSaveRequest,
    response: ok({
      message: z.string(),
      /** Short and readable (MG-4K7Q-2XRD): what the owner quotes and the managers see. */
      reference: z.string(),
      recipients: z.array(recipientSchema),
      /** The private request page (/requests/{token}): see it, see its delivery, withdraw it. */
      request_path: z.string(),
      /**
       * Double opt-in: "emailed" the request waits for the confirmation link mailed to
       * the owner's address (today's, which lists every waiting request of the mailbox; the answer
       * never says whether one was mailed before). "none": no email address (sent at once).
       */
      confirmation: z.enum(LEAD_CONFIRMATION_STATES).optional(),
    }),
  },
  "lead/withdraw": { request: z.object({ token: linkToken }), response: saved },
  /** A lead nobody received (no manager served its ZIP): the owner chooses now, from its page. */
  "lead/recipients": {
    request: z.object({
      token: linkToken,
      agent_ids: managerIds.refine((ids) => ids.length > 0, RECIPIENTS.chooseOne),
    }),
    response: ok({ message: z.string(), recipients: z.array(recipientSchema) }),
  },
  "agent/save": { request: agentSaveRequest, response: saved },
  "contact/save": { request: contactSaveRequest, response: saved },
  "newsletter/save": { request: newsletterSaveRequest, response: saved },
  "newsletter/confirm": { request: z.object({ token: linkToken }), response: saved },
  /**
   * The buttons of a confirmation email's page: `references`, the requests the owner ticked as
   * theirs, are confirmed and sent (a second click sends nothing: "already sent"); `erase`, those
   * the owner says are not theirs, are erased and nobody is told (nobody received them). One or
   * the other. A request saved after the page was opened is in neither: it waits for the owner.
   */
  "lead/confirm": {
    request: z
      .object({ token: linkToken, references: confirmReferences.optional(), erase: confirmReferences.optional() })
      .refine((input) => Boolean(input.references) !== Boolean(input.erase), { message: CONFIRM.noneTicked, path: ["references"] }),
    response: ok({ message: z.string(), requests: z.array(confirmedRequestSchema) }),
  },
  /** A manager's proposal: saved by its private link, or by the agent panel with the API token. */
  "proposal/save": {
    request: proposalSaveRequest,
    response: ok({ message: z.string(), proposal: storedProposalSchema }),
  },
  /** The owner's answer to one manager from the private request page: accept (closes the request) or decline. */
  "request/decide": {
    request: z
      .object({
        token: linkToken,
        agent_id: wholeNumber("a manager id"),
        decision: z.enum(["accept", "decline"], { error: INVALID.oneOf("The decision", ["accept", "decline"]) }),
        /** The version of the proposal the owner saw: an acceptance names it, and one that is no longer current is refused (409). */
        revision: wholeNumber("the proposal's version").optional(),
      })
      .refine((input) => input.decision !== "accept" || input.revision !== undefined, { message: PROPOSAL.revisionRequired, path: ["revision"] }),
    response: saved,
  },
  /**
   * A manager's proposal page: the request as delivered and their own proposal (404 for an
   * unknown link). Public, so the page can read it again while it is open (authorised by the link's token alone).
   */
  "proposal/get": {
    request: z.object({ token: linkToken }),
    response: ok({
      status: z.enum(PROPOSAL_STATES),
      request: deliveredRequestSchema,
      /** `profile`: the listing's fees and services, where a first proposal starts (null: no listing any more). */
      manager: z.object({ agent_id: z.number(), company_name: z.string(), profile: z.object({ fees: feesSchema, services: z.array(z.string()) }).nullable() }),
      proposal: storedProposalSchema.nullable(),
      /** The owner's rent and units as the owner's comparison starts from them (the default once the link is closed). */
      assumption: costAssumptionSchema,
    }),
  },
  /** The owner's comparison on the private request page: every recipient with its proposal; public like proposal/get, for the live page. */
  "request/proposals": {
    request: z.object({ token: linkToken }),
    response: ok({
      decided_at: z.string().nullable(),
      withdrawn: z.boolean(),
      assumption: costAssumptionSchema,
      /** The services the owner asked for (their answer), each with the listed services that provide it. */
      asked_services: z.array(z.object({ answer: z.string(), keys: z.array(z.string()) })),
      proposals: z.array(ownerProposalSchema),
    }),
  },
  /**
   * The deployment's own outbox (the files of OUTBOX_DIR), newest first: the messages whose
   * recipient, subject or text contain `search`. Bearer token only (TOKEN_CALLS): a test run's
   * mail sink against a deployment (lib/contract/outbox-search.ts, docs/blackbox.md).
   */
  "outbox/search": {
    request: outboxSearchRequest,
    response: ok({ messages: z.array(outboxMessageSchema) }),
  },
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallRequest<C extends CallName> = z.input<Contract[C]["request"]>;
export type ParsedRequest<C extends CallName> = z.output<Contract[C]["request"]>;
export type CallResponse<C extends CallName> = z.output<Contract[C]["response"]>;

export const CALL_NAMES = Object.keys(contract) as CallName[];
export const isCallName = (name: string): name is CallName => Object.hasOwn(contract, name);

/** A failed call; a 400 may name the request field it is about (`field`), so a form can focus it. */
export const failureSchema = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional() });
export type Failure = z.infer<typeof failureSchema>;

/** What a call answers, whichever way it travelled: the HTTP status and the JSON body. */
export type CallResult = { status: number; body: unknown; headers?: Record<string, string> };

/** The calls that store what a visitor sends: rate limited and, from browsers, origin-bound. */
export const SAVE_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  "lead/save",
  "agent/save",
  "contact/save",
  "newsletter/save",
  "lead/withdraw",
  "lead/recipients",
  "newsletter/confirm",
  "lead/confirm",
  "proposal/save",
  "request/decide",
]);

/** The calls only a server with the bearer token may make (403 for anyone else, browsers included). */
export const TOKEN_CALLS: ReadonlySet<CallName> = new Set<CallName>(["outbox/search"]);

// ---------------------------------------------------------------------------------------------
// Calls of the site's own code only: never reachable over HTTP, never forwarded.

export const sitemapEntrySchema = z.object({ path: z.string(), lastModified: z.string().optional() });

/** A template's or an override's pattern per field; null lets the next level decide. */
/** A template's or an override's words: every field of lib/contract/seo-fields.ts, each a pattern or null. */
const seoPatternSchema = z.object(Object.fromEntries(SEO_FIELDS.map((field) => [field, z.string().nullable()])) as Record<SeoField, z.ZodNullable<z.ZodString>>);

export const internalContract = {
  /** Every indexable path, in a stable order, one page of them at a time. */
  "sitemap/paths": {
    request: z.object({
      page: wholeNumber("the page number").optional().default(1),
      per_page: pageSize(50_000).optional().default(50_000),
    }),
    response: ok({ entries: z.array(sitemapEntrySchema), total: z.number() }),
  },
  /** A confirmation link's page: the requests its button sends (404 for an unknown or expired link). */
  "lead/confirmation": {
    request: z.object({ token: linkToken }),
    response: ok({ requests: z.array(confirmationRequestSchema) }),
  },
  /** The private request page's content, found by its token (404 when it matches nothing). */
  "lead/request": {
    request: z.object({ token: linkToken }),
    response: ok({ request: requestViewSchema }),
  },
  /**
   * The marketers' workspace's published words for one page: its kind's template and
   * its own override, each a pattern per field or null. Read by every indexable page's metadata,
   * through a cache the workspace's publish invalidates by tag.
   */
  "seo/rules": {
    request: z.object({ kind: z.enum(SEO_KINDS), path: z.string().min(1).max(2_000) }),
    response: ok({ template: seoPatternSchema.nullable(), override: seoPatternSchema.nullable() }),
  },
  /**
   * A draft, for a page opened in draft mode by the workspace's preview (never cached): `preview`
   * is the preview cookie as the browser sent it; null unless it is signed, its session lasts and
   * its staff member owns the draft (lib/service/workspace/preview.ts).
   */
  "seo/draft": {
    request: z.object({ preview: z.string().min(1).max(300) }),
    // id and owner (the staff member's email) are for the preview bar every page shows in draft mode.
    response: ok({ draft: z.object({ id: z.number(), owner: z.string(), kind: z.enum(SEO_KINDS), path: z.string().nullable(), pattern: seoPatternSchema }).nullable() }),
  },
  /** GET /healthz: the database, Redis when configured, and the outbox's backlog. */
  "health/check": {
    request: z.object({}),
    response: ok({
      status: z.enum(["ok", "failing"]),
      database: z.object({ ok: z.boolean(), dialect: z.string() }),
      redis: z.object({ ok: z.boolean() }).nullable(),
      outbox: z.object({
        /** Messages waiting to be sent (pending or being sent). */
        backlog: z.number(),
        /** Age in seconds of the oldest of them; 0 when there is none. */
        oldest_pending_seconds: z.number(),
        failed: z.number(),
      }).nullable(),
      checked_at: z.string(),
    }),
  },
} as const;

export type InternalContract = typeof internalContract;
export type InternalCallName = keyof InternalContract;
export type AnyCallName = CallName | InternalCallName;
export const isInternalCallName = (name: string): name is InternalCallName => Object.hasOwn(internalContract, name);
export type AnyCallRequest<C extends AnyCallName> = C extends CallName ? CallRequest<C> : C extends InternalCallName ? z.input<InternalContract[C]["request"]> : never;
export type AnyParsedRequest<C extends AnyCallName> = C extends CallName ? ParsedRequest<C> : C extends InternalCallName ? z.output<InternalContract[C]["request"]> : never;
export type AnyCallResponse<C extends AnyCallName> = C extends CallName ? CallResponse<C> : C extends InternalCallName ? z.output<InternalContract[C]["response"]> : never;
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/** The request and response schemas of any call, public or internal. */
export function schemasOf(call: AnyCallName) {
  return (isInternalCallName(call) ? internalContract[call] : contract[call as CallName]) as { request: z.ZodType; response: z.ZodType };
}

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
export type ServiceArea = z.infer<typeof serviceAreaSchema>;
export type Place = z.infer<typeof placeSchema>;
export type CityListItem = z.infer<typeof cityListItemSchema>;
export type Question = z.infer<typeof questionSchema>;
export type ExamEntry = z.infer<typeof examEntrySchema>;
export type LeadRequest = z.input<typeof leadSaveRequest>;
export type Recipient = z.infer<typeof recipientSchema>;
export type RequestView = z.infer<typeof requestViewSchema>;
export type WaitingRequest = z.infer<typeof waitingRequestSchema>;
export type ConfirmedRequest = z.infer<typeof confirmedRequestSchema>;
export type ConfirmationRequest = z.infer<typeof confirmationRequestSchema>;
export type ConfirmationDetails = z.infer<typeof confirmationDetailsSchema>;
export type LeadConfirmationState = (typeof LEAD_CONFIRMATION_STATES)[number];
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export type ProposalTerms = z.output<typeof proposalTermsSchema>;
export type ProposalTermsInput = z.input<typeof proposalTermsSchema>;
export type StoredProposal = z.infer<typeof storedProposalSchema>;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
export type DeliveredRequest = z.infer<typeof deliveredRequestSchema>;
export type OwnerProposal = z.infer<typeof ownerProposalSchema>;
export type CostAssumption = z.infer<typeof costAssumptionSchema>;
