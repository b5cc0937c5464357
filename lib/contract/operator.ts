/**
 * The operator's tasks in the workspace (lib/contract/staff.ts names the role): "Join Our Network"
 * applications that become listings, messages answered by email, subscribers who leave. The
 * statuses, the listing form's rules and the unsubscribe token's shape live here; the words are
 * operator-messages.ts's. Plain values and zod: both the server and the forms use them.
 */
import { z } from "zod";
import { isValidEmail, isValidPhone, isValidZip, phoneDigits } from ".";
import { CATEGORY_IDS, MAX_SERVICE_RADIUS_MILES, type PropertyCategoryId } from "./site";
import { LISTING_FORM } from "./operator-messages";

export const APPLICATION_STATUSES = ["new", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const isApplicationStatus = (value: unknown): value is ApplicationStatus => typeof value === "string" && (APPLICATION_STATUSES as readonly string[]).includes(value);

export const MESSAGE_STATUSES = ["new", "answered", "closed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const isMessageStatus = (value: unknown): value is MessageStatus => typeof value === "string" && (MESSAGE_STATUSES as readonly string[]).includes(value);

/** Whom a message was written to: the site ("Contact Us", agent_id 0) or a manager (its profile's form). */
export const MESSAGE_KINDS = ["site", "manager"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const isMessageKind = (value: unknown): value is MessageKind => typeof value === "string" && (MESSAGE_KINDS as readonly string[]).includes(value);

/** Rows per page of the workspace's applications, messages and subscribers. */
export const OPERATOR_LIST_SIZE = 50;

/** The longest reply, decline reason and search the workspace accepts. */
const REPLY_MAX_LENGTH = 5000;
const REASON_MAX_LENGTH = 1000;
export const SEARCH_MAX_LENGTH = 100;

/** At most this many service ZIP codes per listing. */
export const SERVICE_ZIPS_MAX = 200;

/**
 * A fee as an operator types it: "8%" (a percent) or "$99" ("99" alone is dollars). Null: not
 * understood; empty: not given.
 */
export type TypedFee = { kind: "percent" | "flat"; value: number } | null;
export function parseTypedFee(text: string): TypedFee | "empty" {
  const cleaned = text.trim().replace(/,/g, "");
  if (cleaned === "") return "empty";
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(cleaned);
  if (percent) {
    const value = Number(percent[1]);
    return value <= 100 ? { kind: "percent", value } : null;
  }
  const flat = /^\$?\s*(\d{1,6}(?:\.\d{1,2})?)$/.exec(cleaned);
  return flat ? { kind: "flat", value: Number(flat[1]) } : null;
}

/** Service ZIP codes as typed: separated by semicolons, commas, spaces or lines; each five digits (ZIP+4 read as its five). */
export function parseServiceZips(text: string): { zips: string[]; invalid: string[] } {
  const parts = text.split(/[\s;,]+/).filter(Boolean);
  const zips: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    if (isValidZip(part)) zips.push(part.slice(0, 5));
    else invalid.push(part);
  }
  return { zips: [...new Set(zips)], invalid };
}

/**
 * A listing's service radius from its service ZIP codes: the distance from the office to the
 * farthest of them, rounded up to a whole mile (the directory's rule is a circle around the
 * office: lib/contract/geo.ts), so every ZIP listed is served. Null when one lies farther than
 * MAX_SERVICE_RADIUS_MILES.
 */
export function radiusForServiceZips(distances: readonly number[]): number | null {
  const farthest = Math.max(0, ...distances);
  const radius = Math.max(1, Math.ceil(farthest));
  return radius <= MAX_SERVICE_RADIUS_MILES ? radius : null;
}

const line = (label: string, max: number, required: boolean) => {
  const base = z
    .string()
    .trim()
    .max(max, LISTING_FORM.tooLong(label, max))
    .refine((value) => !/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(value), LISTING_FORM.oneLine(label));
  return required ? base.refine((value) => value.length > 0, LISTING_FORM.required(label)) : base;
};

const fee = (label: string, allowed: "percent" | "flat" | "either") =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = parseTypedFee(value);
      if (parsed === "empty") return null;
      if (!parsed || (allowed !== "either" && parsed.kind !== allowed)) {
        ctx.addIssue({ code: "custom", message: LISTING_FORM.fee(label, allowed) });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * The listing an application becomes, as the operator edits it before it goes live. The office's
 * city must be one of the directory's cities in that state, and the ZIP codes must be in its ZIP
 * data: the service checks those against the database.
 */
export const listingDraftSchema = z.object({
  company_name: line("Company name", 150, true),
  contact_name: line("Contact name", 120, false),
  email: line("Email", 254, true).refine(isValidEmail, LISTING_FORM.email),
  phone: line("Phone", 20, true)
    .refine(isValidPhone, LISTING_FORM.phone)
    .transform((value) => phoneDigits(value)),
  office_address: line("Office address", 200, true),
  office_city: line("Office city", 80, true),
  office_state: line("Office state", 2, true)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), LISTING_FORM.state),
  office_zip: line("Office ZIP code", 10, true)
    .refine(isValidZip, LISTING_FORM.zip("Office ZIP code"))
    .transform((value) => value.slice(0, 5)),
  service_zips: z
    .string()
    .max(SERVICE_ZIPS_MAX * 12, LISTING_FORM.tooLong("Service ZIP codes", SERVICE_ZIPS_MAX * 12))
    .transform((value, ctx) => {
      const { zips, invalid } = parseServiceZips(value);
      if (invalid.length) ctx.addIssue({ code: "custom", message: LISTING_FORM.serviceZipsInvalid(invalid.slice(0, 3)) });
      else if (zips.length === 0) ctx.addIssue({ code: "custom", message: LISTING_FORM.serviceZipsRequired });
      else if (zips.length > SERVICE_ZIPS_MAX) ctx.addIssue({ code: "custom", message: LISTING_FORM.serviceZipsTooMany(SERVICE_ZIPS_MAX) });
      return zips;
    }),
  categories: z
    .array(z.coerce.number())
    .transform((ids) => [...new Set(ids)].filter((id): id is PropertyCategoryId => (CATEGORY_IDS as number[]).includes(id)))
    .refine((ids) => ids.length > 0, LISTING_FORM.categories),
  management_fee: fee("Management fee", "either"),
  leasing_fee: fee("Leasing fee", "percent"),
  setup_fee: fee("Setup fee", "flat"),
  renewal_fee: fee("Renewal fee", "flat"),
  about: z
    .string()
    .trim()
    .max(3000, LISTING_FORM.tooLong("About", 3000))
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), LISTING_FORM.oneLine("About")),
});
export type ListingDraft = z.output<typeof listingDraftSchema>;
/** The form's fields as text (what the page shows and the action reads). */
export type ListingDraftInput = z.input<typeof listingDraftSchema>;

export const declineSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, LISTING_FORM.reasonRequired)
    .max(REASON_MAX_LENGTH, LISTING_FORM.tooLong("Reason", REASON_MAX_LENGTH))
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), LISTING_FORM.oneLine("Reason")),
});

export const replySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, LISTING_FORM.replyRequired)
    .max(REPLY_MAX_LENGTH, LISTING_FORM.tooLong("Reply", REPLY_MAX_LENGTH))
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), LISTING_FORM.oneLine("Reply")),
});

/**
 * An unsubscribe link's token: the mailbox's key (lib/contract/keys.ts mailboxKey, 32 hex) and
 * its signature (HMAC-SHA256 with the site's own secret, 22 base64url characters). Nothing else
 * is read from it.
 */
export const UNSUBSCRIBE_TOKEN = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/;

/** A listing's picture until its manager sends a logo (public/images/logos). */
export const LISTING_WITHOUT_LOGO = "/images/logos/listing-without-logo.svg";
