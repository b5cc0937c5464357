import { z } from "zod";
import {
  ALL_CATEGORIES_ID,
  DEFAULT_DIRECTORY_SORT,
  DEFAULT_MONTHLY_RENT,
  DIRECTORY_SORT_KEYS,
  MAX_SERVICE_FILTERS,
  MONTHLY_RENT_MAX,
  PRICE_MAX,
  PRICE_MIN,
  SERVICE_KEYS,
} from "./site";
import { FORMAT, INVALID, REQUIRED } from "./messages";
import { phoneDigits } from "./phone";
import { isValidZip, zipFive } from "./zip";

/** The field rules of the service calls' requests (lib/contract/index.ts): text, email, ids, ZIP codes, sorts. */

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
const EMAIL_MAX_LENGTH = 254;

const isMissing = (input: unknown) => input === undefined || input === null;
const hasControlCharacters = (value: string) => CONTROL_CHARACTER.test(value);
/** True for text that fits on one line: no line break, no tab, no other control character. */
const isOneLine = (value: string) => !ONE_LINE_CONTROL_CHARACTER.test(value);

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
export function text(label: string, { lines = "one", typeMessage = INVALID.notText(label) }: { lines?: Lines; typeMessage?: string } = {}) {
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
export function optionalText(label: string, max: number, { lines = "one" }: { lines?: Lines } = {}) {
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

export const PRICE_MESSAGE = FORMAT.price(PRICE_MIN, PRICE_MAX);

/** An email field: anything but one plain address, control characters included, is FORMAT.email. */
export const email = (emptyMessage: string = REQUIRED.email) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? emptyMessage : INVALID.notText("Email address")) })
    .trim()
    .min(1, emptyMessage)
    .max(EMAIL_MAX_LENGTH, INVALID.tooLong("Email address", EMAIL_MAX_LENGTH))
    .refine(isValidEmail, FORMAT.email);

/** The lead's email, optional on the quote-guarantee lead: checked with the form's order (leadSaveRequest). */
export const optionalEmail = z
  .union([z.string(), z.null()], { error: INVALID.notText("Email address") })
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(EMAIL_MAX_LENGTH, INVALID.tooLong("Email address", EMAIL_MAX_LENGTH)));

/** A whole-number id. Strings are a wrong type (400), never coerced silently. */
export function wholeNumber(label: string, min = 1) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? INVALID.provide(label) : INVALID.notNumber(label)) })
    .int(INVALID.notWholeNumber(label))
    .min(min, INVALID.tooSmall(label, min))
    .max(2_147_483_647, INVALID.tooLarge(label));
}

/** A page size: a whole number up to `max`. */
export const pageSize = (max: number) => wholeNumber("the page size").max(max, INVALID.atMost("the page size", max));

export const categoryId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(8)], {
  error: (issue) => (isMissing(issue.input) ? REQUIRED.propertyType : FORMAT.propertyType),
});

/** A category, or 0 for every category (the "All Property Managers" tab). */
export const categoryOrAll = z.union([z.literal(ALL_CATEGORIES_ID), z.literal(1), z.literal(2), z.literal(3), z.literal(8)], {
  error: (issue) => (isMissing(issue.input) ? REQUIRED.propertyType : FORMAT.propertyType),
});

/** A ZIP code: five digits, or ZIP+4 (the +4 is dropped). */
export const zipCode = requiredText(REQUIRED.zip, "ZIP code", 10)
  .refine(isValidZip, FORMAT.zip)
  .transform(zipFive);

const LIST_TYPES = ["Featured", "All"] as const;
const LIST_LENGTHS = ["Half", "Full"] as const;
export const listType = z.enum(LIST_TYPES, { error: INVALID.oneOf("Type", LIST_TYPES) }).optional();
export const listLength = z.enum(LIST_LENGTHS, { error: INVALID.oneOf("Length", LIST_LENGTHS) }).optional();

/** How a list of managers is ordered (lib/contract/site.ts DIRECTORY_SORTS); "distance" when absent. */
export const directorySort = z.enum(DIRECTORY_SORT_KEYS, { error: INVALID.sort(DIRECTORY_SORT_KEYS) }).optional().default(DEFAULT_DIRECTORY_SORT);
/** Services every listed manager must offer (each once); none when absent. */
export const serviceFilter = z
  .array(z.enum(SERVICE_KEYS, { error: INVALID.service }), { error: INVALID.servicesList })
  .max(MAX_SERVICE_FILTERS, INVALID.tooManyServices(MAX_SERVICE_FILTERS))
  .optional()
  .default([])
  .transform((keys) => [...new Set(keys)]);
/** The monthly rent the fee sort ranks first-year cost at (lib/contract/first-year-cost.ts); $2,000 when absent. */
export const sortRent = z
  .number({ error: INVALID.notNumber("the monthly rent") })
  .positive(INVALID.tooSmall("the monthly rent", 1))
  .max(MONTHLY_RENT_MAX, INVALID.atMost("the monthly rent", MONTHLY_RENT_MAX))
  .optional()
  .default(DEFAULT_MONTHLY_RENT);

/** A path-like word: a slug, a state abbreviation or a city name. */
export const slugText = (label: string, emptyMessage: string) =>
  requiredText(emptyMessage, label, 100).regex(SLUG_PATTERN, FORMAT.controlCharacters(label));
