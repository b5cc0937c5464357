/**
 * Managers keep their own listing true (docs/self-service.md): the addresses of its pages, how
 * long a sign-in link and a session last, how many links a listing is sent, and the form's rules
 * (the listing form's own: lib/contract/operator.ts). Plain values and zod: the server and the
 * forms use them; the words are listing-messages.ts's.
 */
import { z } from "zod";
import { listingDraftSchema } from "./operator";
import { SERVICE_KEYS, type ServiceKey } from "./site";
import { PATHS } from "./routes";

/** Where a manager asks for a sign-in link to the email on listing `agentId` (linked from its profile). */
export const yourListingPath = (agentId: number) => `${PATHS.yourListing}/${agentId}`;
/** The signed-in manager's page of listing `agentId`: its fields, its requests and proposals. */
export const yourListingEditPath = (agentId: number) => `${PATHS.yourListing}/${agentId}/edit`;
/** The mailed link: a page whose button signs in (a mail scanner's GET uses nothing). */
export const listingSignInPath = (token: string) => `${PATHS.yourListing}/sign-in/${token}`;
/** Staff's list of every change to listings (revert from there). */
export const LISTING_CHANGES_PATH = "/workspace/listing-changes";

/** The manager's session cookie: httpOnly, signed, scoped to one listing. */
export const LISTING_SESSION_COOKIE = "listing_session";
export { LISTING_LINK_MINUTES, LISTING_LINKS_PER_HOUR, LISTING_SESSION_HOURS } from "./listing-limits";
/** Revisions per page of the workspace's list. */
export const LISTING_CHANGES_PAGE_SIZE = 50;

/** A token of a link or a session: 128 random bits, base64url (lib/service/delivery/tokens.ts). */
export const LISTING_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * What a manager may change, as a listing keeps it; a revision stores these before and after.
 * Fees in the directory's own columns (null: none stated).
 */
export type ListingFields = {
  management_fee_percent: number | null;
  management_fee_flat: number | null;
  leasing_fee_percent: number | null;
  setup_fee: number | null;
  renewal_fee: number | null;
  categories: number[];
  services: ServiceKey[];
  about: string;
  /** The service ZIP codes, ";"-separated (as an import keeps them); null when never given. */
  service_zips: string | null;
  service_radius_miles: number | null;
};

/** The fields in the order the workspace and the revision list show them. */
export const LISTING_FIELD_KEYS = [
  "management_fee_percent",
  "management_fee_flat",
  "leasing_fee_percent",
  "setup_fee",
  "renewal_fee",
  "categories",
  "services",
  "about",
  "service_zips",
  "service_radius_miles",
] as const satisfies readonly (keyof ListingFields)[];

/**
 * The manager's form: the listing form's rules for fees, categories, about text and service ZIP
 * codes (the service checks the ZIP codes against the site's data and sizes the circle), and the
 * directory's service keys.
 */
export const listingEditSchema = listingDraftSchema
  .pick({ management_fee: true, leasing_fee: true, setup_fee: true, renewal_fee: true, categories: true, about: true, service_zips: true })
  .extend({
    services: z.array(z.string()).transform((keys) => [...new Set(keys)].filter((key): key is ServiceKey => (SERVICE_KEYS as readonly string[]).includes(key))),
  });
export type ListingEdit = z.output<typeof listingEditSchema>;
export type ListingEditInput = z.input<typeof listingEditSchema>;
export type ListingEditField = keyof ListingEditInput;

/** The manager's form's values as text (what its inputs start with, and what a refused save keeps). */
export type ListingFormValues = {
  management_fee: string;
  leasing_fee: string;
  setup_fee: string;
  renewal_fee: string;
  categories: number[];
  services: string[];
  about: string;
  service_zips: string;
};

/** A listing's fields as the form shows them. */
export function formValuesOf(fields: ListingFields): ListingFormValues {
  return {
    management_fee: feeText(fields.management_fee_percent, fields.management_fee_flat),
    leasing_fee: feeText(fields.leasing_fee_percent),
    setup_fee: feeText(null, fields.setup_fee),
    renewal_fee: feeText(null, fields.renewal_fee),
    categories: fields.categories,
    services: fields.services,
    about: fields.about,
    service_zips: (fields.service_zips ?? "").split(";").filter(Boolean).join("; "),
  };
}

/** The form's text of a fee the listing keeps: "8%", "$99", or empty. */
function feeText(percent: number | null, flat: number | null = null): string {
  if (percent !== null) return `${percent}%`;
  if (flat !== null) return `$${flat}`;
  return "";
}

/** A listing's email as the answer names it: the first letter of the mailbox, then dots, and the domain (`j•••@example.com`). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••@${email.slice(at + 1)}`;
}
