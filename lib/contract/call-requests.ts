import { z } from "zod";
import { PRICE_MAX, PRICE_MIN } from "./site";
import { FORMAT, INVALID, RECIPIENTS, REQUIRED } from "./messages";
import { isValidZip } from "./zip";
import { categoryId, email, isValidEmail, isValidPhone, optionalEmail, optionalText, PRICE_MESSAGE, requiredText, text, wholeNumber } from "./call-fields";
import { examEntrySchema, servingAgentSchema } from "./call-records";

/** What visitors send (a lead, an application, a message, a subscription) and what the lead calls answer (lib/contract/index.ts). */

/** The managers chosen for a lead: ids, at most three, each once. */
export const managerIds = z
  .array(wholeNumber("a manager id"), { error: INVALID.managerIds })
  .max(RECIPIENTS.max, RECIPIENTS.tooMany)
  .transform((ids) => [...new Set(ids)]);

/**
 * The private request page's token (128 random bits, base64url) or a newsletter link's. Any
 * text is looked up; one that matches nothing is a 404 that says nothing about why.
 */
export const linkToken = text("The link").max(200, INVALID.linkTooLong);

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

export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
export const saved = ok({ message: z.string() });

/** A manager who receives a lead; `demo` 1 for a sample listing (a company that does not exist). */
export const recipientSchema = z.object({ agent_id: z.number(), company_name: z.string(), demo: z.number().optional() });

/**
 * How far a recipient's copy of the request got; "held": a phone-only request kept unsent, over a
 * daily cap of its number or of the manager (lib/service/rate-limit.ts unverifiedReach).
 */
const DELIVERY_STATES = ["queued", "retrying", "sent", "failed", "cancelled", "held"] as const;

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
const waitingRequestSchema = z.object({ reference: z.string(), recipients: z.array(recipientSchema) });

/** What a waiting request's managers would receive about the owner and the property, shown before the owner sends it. */
const confirmationDetailsSchema = z.object({
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
export const confirmReferences = z.array(z.string().min(1).max(40)).min(1).max(100);

/** A request lead/confirm sent: with a fresh link to its private page. */
export const confirmedRequestSchema = waitingRequestSchema.extend({ request_path: z.string() });

export type LeadRequest = z.input<typeof leadSaveRequest>;
export type Recipient = z.infer<typeof recipientSchema>;
export type RequestView = z.infer<typeof requestViewSchema>;
export type ConfirmedRequest = z.infer<typeof confirmedRequestSchema>;
export type ConfirmationRequest = z.infer<typeof confirmationRequestSchema>;
export type ConfirmationDetails = z.infer<typeof confirmationDetailsSchema>;
export type LeadConfirmationState = (typeof LEAD_CONFIRMATION_STATES)[number];
export type DeliveryState = (typeof DELIVERY_STATES)[number];
