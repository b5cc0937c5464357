import { z } from "zod";
import { PRICE_MAX, PRICE_MIN } from "../site";

/**
 * The contract of the 16 service calls (spec section 7): a request and a response schema for
 * each. The service validates input with the request schemas, the typed client validates what
 * it receives with the response schemas, and the forms reuse the same field rules. Types are
 * inferred from here and never written twice.
 *
 * Messages are worded like spec section 5 ("Please enter email address.") because the first
 * failing one is shown to the visitor in the "Error!" dialog.
 */

// ---------------------------------------------------------------------------------------------
// Field rules

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .'%-]*$/;

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required piece of text: trimmed, not empty, bounded. */
export function requiredText(emptyMessage: string, label: string, max: number) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? emptyMessage : `${label} must be text.`) })
    .trim()
    .min(1, emptyMessage)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** Optional text: absent, null and blank all read as "not given" (an empty string). */
function optionalText(label: string, max: number) {
  return z
    .union([z.string(), z.null()], { error: `${label} must be text.` })
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`));
}

/** Keeps only the digits of a phone number; a leading US country code 1 is dropped. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value) && value.length <= 254;
export const isValidZip = (value: string) => ZIP_PATTERN.test(value);
export const isValidPhone = (value: string) => /^\d{10}$/.test(phoneDigits(value));

const PRICE_MESSAGE = `Please choose a price between $${PRICE_MIN} and $${PRICE_MAX}.`;
export const PHONE_FORMAT_MESSAGE = "Please enter a valid 10-digit phone number.";
export const EMAIL_FORMAT_MESSAGE = "Please enter a valid email address.";
export const ZIP_FORMAT_MESSAGE = "Please enter a valid 5-digit ZIP code.";

const email = (emptyMessage = "Please enter email address.") =>
  requiredText(emptyMessage, "Email address", 254).refine(isValidEmail, EMAIL_FORMAT_MESSAGE);

/** A whole-number id. Strings are a wrong type (400), never coerced silently. */
function wholeNumber(label: string, min = 1) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? `Please provide ${label}.` : `${capitalize(label)} must be a number.`) })
    .int(`${capitalize(label)} must be a whole number.`)
    .min(min, `${capitalize(label)} must be ${min} or more.`)
    .max(2_147_483_647, `${capitalize(label)} is too large.`);
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const categoryId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(8)], {
  error: (issue) => (isMissing(issue.input) ? "Please select property type." : "Please select a valid property type."),
});

const listType = z.enum(["Featured", "All"], { error: 'Type must be "Featured" or "All".' }).optional();
const listLength = z.enum(["Half", "Full"], { error: 'Length must be "Half" or "Full".' }).optional();

/** A path-like word: a slug, a state abbreviation or a city name. */
const slugText = (label: string, emptyMessage: string) =>
  requiredText(emptyMessage, label, 100).regex(SLUG_PATTERN, `${label} contains characters that are not allowed.`);

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
});

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
  question: requiredText("Each answer must name its question.", "Question", 500),
  answer: z.union(
    [
      z.string().max(2000, "An answer must be at most 2000 characters."),
      z.array(z.string().max(200, "A choice must be at most 200 characters."), {
        error: "An answer must be text or a list of choices.",
      }).max(6, "An answer can hold at most 6 choices."),
    ],
    {
      error: "An answer must be text or a list of choices.",
    },
  ),
});

// ---------------------------------------------------------------------------------------------
// Requests

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
    .string({ error: "The submission key must be text." })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "The submission key is not valid.")
    .optional(),
  property_category: categoryId,
  property_address: requiredText("Please enter address.", "Address", 300),
  property_city: requiredText("Please enter city.", "City", 100),
  property_zip: requiredText("Please enter zip.", "ZIP code", 10).refine(isValidZip, ZIP_FORMAT_MESSAGE),
  property_price: z
    .union([z.string().max(20), z.number(), z.null()], { error: "Property price must be text or a number." })
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value))),
  full_name: optionalText("Full name", 120),
  email_address: optionalText("Email address", 254),
  property_number: optionalText("Phone number", 20),
  /** Absent on the quote-guarantee lead (spec 2.4); present, possibly empty, on the full submit. */
  preferred_contact_method: z
    .union([z.literal("Email"), z.literal("Phone"), z.literal(""), z.literal("Select")], {
      error: "Please select preferred contact method.",
    })
    .optional(),
  price: z
    .union(
      [z.literal(""), z.number().int(PRICE_MESSAGE).min(PRICE_MIN, PRICE_MESSAGE).max(PRICE_MAX, PRICE_MESSAGE), z.null()],
      { error: PRICE_MESSAGE },
    )
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value))),
  exam: z.array(examEntrySchema, { error: "Answers must be a list." }).max(50, "Too many answers.").optional(),
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
    if (!lead.property_number) return fail("property_number", "Please enter phone number.");
    if (!isValidPhone(lead.property_number)) return fail("property_number", PHONE_FORMAT_MESSAGE);
    if (lead.email_address && !isValidEmail(lead.email_address)) return fail("email_address", EMAIL_FORMAT_MESSAGE);
    return;
  }

  if (!lead.full_name) return fail("full_name", "Please enter full name.");
  if (!lead.email_address) return fail("email_address", "Please enter email address.");
  if (!isValidEmail(lead.email_address)) return fail("email_address", EMAIL_FORMAT_MESSAGE);
  const method = lead.preferred_contact_method;
  if (method !== "Email" && method !== "Phone") {
    return fail("preferred_contact_method", "Please select preferred contact method.");
  }
  if (method === "Phone" && !lead.property_number) return fail("property_number", "Please enter phone number.");
  if (lead.property_number && !isValidPhone(lead.property_number)) return fail("property_number", PHONE_FORMAT_MESSAGE);
});

export const agentSaveRequest = z.object({
  ...honeypot,
  company_name: requiredText("Please enter company name.", "Company name", 150),
  email: email(),
  country_code: z
    .union([z.literal(1), z.literal(91), z.literal("1"), z.literal("91")], {
      error: "Please select a valid country code.",
    })
    .transform((value) => Number(value) as 1 | 91),
  mobile: requiredText("Please enter mobile number.", "Mobile number", 20).refine(
    (value) => /^\d{10}$/.test(value.replace(/[\s()-]/g, "")),
    "Please enter a valid 10-digit mobile number.",
  ),
});

export const contactSaveRequest = z.object({
  ...honeypot,
  name: requiredText("Please enter full name.", "Full name", 120),
  email: email(),
  mobile: optionalText("Phone number", 20).refine((value) => value === "" || isValidPhone(value), PHONE_FORMAT_MESSAGE),
  message: requiredText("Please enter message.", "Message", 5000),
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
    request: z.object({ slug: slugText("Blog", "Please provide a blog slug.") }),
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
    response: ok({ cities: z.array(citySchema), length: z.enum(["Half", "Full"]), count: z.number() }),
  },
  "law/get": {
    request: z.object({ state: slugText("State", "Please provide a state.") }),
    response: ok({
      stateData: z.object({ id: z.number(), state: z.string(), abbreviation: z.string(), slug: z.string(), laws: z.string() }),
    }),
  },
  "agents/list": {
    request: z.object({
      cate_id: categoryId.optional().default(1),
      state: slugText("State", "Please provide a state."),
      city: slugText("City", "Please provide a city."),
      page: wholeNumber("the page number").optional().default(1),
      per_page: wholeNumber("the page size").max(100, "The page size must be 100 or less.").optional().default(24),
    }),
    response: ok({
      state: stateSchema,
      city: citySchema,
      agents: z.object({
        data: z.array(agentSchema),
        total: z.number(),
        page: z.number(),
        per_page: z.number(),
        last_page: z.number(),
      }),
    }),
  },
  "agent/get": {
    request: z.object({
      agent_id: wholeNumber("a manager id"),
      state: z.string().max(100).optional(),
      city: z.string().max(100).optional(),
    }),
    response: ok({ agent_data: agentSchema }),
  },
  "question/list": {
    request: z.object({ type: categoryId }),
    response: ok({ questions: z.array(questionSchema) }),
  },
  "lead/save": { request: leadSaveRequest, response: saved },
  "agent/save": { request: agentSaveRequest, response: saved },
  "contact/save": { request: contactSaveRequest, response: saved },
  "newsletter/save": { request: newsletterSaveRequest, response: saved },
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallRequest<C extends CallName> = z.input<Contract[C]["request"]>;
export type ParsedRequest<C extends CallName> = z.output<Contract[C]["request"]>;
export type CallResponse<C extends CallName> = z.output<Contract[C]["response"]>;

export const CALL_NAMES = Object.keys(contract) as CallName[];
export const isCallName = (name: string): name is CallName => Object.hasOwn(contract, name);

export const failureSchema = z.object({ success: z.literal(false), message: z.string() });
export type Failure = z.infer<typeof failureSchema>;

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
export type Agent = z.infer<typeof agentSchema>;
export type Question = z.infer<typeof questionSchema>;
export type ExamEntry = z.infer<typeof examEntrySchema>;
export type LeadRequest = z.input<typeof leadSaveRequest>;
