/**
 * The managers CSV (`npm run managers -- import | export`, docs/operator-import.md): its columns,
 * the rules of one row (zod; what needs the database, the states, cities and ZIP codes, is the
 * service's) and the normal forms an export writes back; its words are operator-messages.ts's.
 */
import { z } from "zod";
import { isValidEmail, isValidPhone, isValidZip, phoneDigits } from ".";
import { MANAGER_SERVICES, PROPERTY_CATEGORIES, type PropertyCategoryId, type ServiceKey } from "./site";
import { parseTypedFee, SERVICE_ZIPS_MAX, type TypedFee } from "./operator";
import { IMPORT_WORDS } from "./operator-messages";

export { IMPORT_WORDS, SAMPLE_WORDS } from "./operator-messages";

/** The columns, in the order an export writes them; an import needs all of them (more are allowed and ignored). */
export const MANAGER_CSV_COLUMNS = [
  "external_id",
  "company_name",
  "contact_name",
  "email",
  "phone",
  "website",
  "office_address",
  "office_city",
  "office_state",
  "office_zip",
  "service_zips",
  "categories",
  "services",
  "management_fee",
  "leasing_fee",
  "setup_fee",
  "renewal_fee",
  "license_number",
  "license_state",
  "license_source_url",
  "about",
] as const;
export type ManagerCsvColumn = (typeof MANAGER_CSV_COLUMNS)[number];
export type ManagerCsvRecord = Record<ManagerCsvColumn, string>;

/** What separates the values of service_zips, categories and services. */
export const LIST_SEPARATOR = ";";

/**
 * The largest file the workspace's Managers page takes (about ten thousand rows): it is held on
 * the server between its dry run and its import. Larger files go through `npm run managers`.
 */
export const MANAGERS_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The body the Managers page's actions may post (the file and the form around it): next.config.ts
 * raises Next.js's own limit to this, the production server allows it on that page only
 * (lib/server/server-actions.ts), and the action answers a file past MANAGERS_UPLOAD_MAX_BYTES in words.
 */
export const UPLOAD_ACTION_MAX_BYTES = MANAGERS_UPLOAD_MAX_BYTES + 256 * 1024;

/** Valid rows are read, checked against the database and written this many at a time. */
export const IMPORT_BATCH = 500;

/** A problem of the file: the line a row starts on (1 is the header), its column, and what is wrong. */
type ImportProblem = { line: number; column: ManagerCsvColumn | "file"; message: string };

/** What an import or its dry run found (lib/service/managers-import.ts): the CLI prints it, the workspace shows it. */
export type ImportReport = {
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  problems: ImportProblem[];
  /** True when the import was written (never for a dry run or a file with problems). */
  applied: boolean;
  /** The public paths refreshed (profiles, city lists, states, the sitemap). */
  paths: number;
  /** The first IMPORT_EXAMPLES rows of each outcome, for the workspace to show beside the counts. */
  examples: Record<"added" | "changed" | "unchanged", ImportExample[]>;
};

/** A row the report names: its line, key and company. */
export type ImportExample = { line: number; external_id: string; company_name: string; office_city: string; office_state: string };

/** How many rows of each outcome a report names (its memory stays bounded whatever the file's size). */
export const IMPORT_EXAMPLES = 5;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

const text = (column: ManagerCsvColumn, max: number, { required = false, multiline = false } = {}) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (required && value === "") ctx.addIssue({ code: "custom", message: IMPORT_WORDS.required(column) });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.tooLong(column, max) });
      else if (CONTROL.test(value) || (!multiline && LINE_BREAK.test(value))) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.oneLine(column) });
    });

/** A website in one form, so two spellings of one site are found equal: https, lower-case host without www., no trailing slash, no query. */
function normalWebsite(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".")) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "");
  return `https://${host}${path}`;
}

const url = (column: ManagerCsvColumn, normalize: boolean) =>
  text(column, 300).transform((value, ctx) => {
    if (value === "") return null;
    const normal = normalWebsite(value);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: IMPORT_WORDS.url(column) });
      return z.NEVER;
    }
    return normalize ? normal : value;
  });

const fee = (column: ManagerCsvColumn, allowed: "percent" | "flat" | "either") =>
  z.string().transform((value, ctx): TypedFee => {
    const parsed = parseTypedFee(value);
    if (parsed === "empty") return null;
    if (!parsed || (allowed !== "either" && parsed.kind !== allowed)) {
      ctx.addIssue({ code: "custom", message: IMPORT_WORDS.fee(column, allowed) });
      return z.NEVER;
    }
    return parsed;
  });

const state = (column: ManagerCsvColumn, required: boolean) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") {
        if (required) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.required(column) });
        return "";
      }
      if (!/^[A-Za-z]{2}$/.test(value)) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.state(column, value) });
      return value.toUpperCase();
    });

const list = (value: string) =>
  value
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
const key = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** One row as the CSV has it, read into a listing's values; the database's checks come after. */
export const managerRowSchema = z
  .object({
    external_id: text("external_id", 100, { required: true }),
    company_name: text("company_name", 150, { required: true }),
    contact_name: text("contact_name", 120),
    email: text("email", 254, { required: true }).refine((value) => value === "" || isValidEmail(value), IMPORT_WORDS.email),
    phone: text("phone", 20, { required: true })
      .refine((value) => value === "" || isValidPhone(value), IMPORT_WORDS.phone)
      .transform((value) => phoneDigits(value)),
    website: url("website", true),
    office_address: text("office_address", 200, { required: true }),
    office_city: text("office_city", 80, { required: true }),
    office_state: state("office_state", true),
    office_zip: text("office_zip", 10, { required: true })
      .refine((value) => value === "" || isValidZip(value), { message: "office_zip must be a 5-digit ZIP code." })
      .transform((value) => value.slice(0, 5)),
    service_zips: z.string().transform((value, ctx) => {
      const parts = list(value);
      const invalid = parts.filter((part) => !isValidZip(part));
      for (const part of invalid.slice(0, 3)) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.zip("service_zips", part) });
      const zips = [...new Set(parts.filter(isValidZip).map((part) => part.slice(0, 5)))];
      if (!invalid.length && zips.length === 0) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.serviceZipsRequired });
      if (zips.length > SERVICE_ZIPS_MAX) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.serviceZipsTooMany(SERVICE_ZIPS_MAX) });
      return zips;
    }),
    categories: z.string().transform((value, ctx) => {
      const parts = list(value);
      const found = parts.map((part) => PROPERTY_CATEGORIES.find((c) => key(c.slug) === key(part) || key(c.label) === key(part) || String(c.id) === part));
      const unknown = parts.filter((_, i) => !found[i]);
      if (unknown.length || parts.length === 0) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.categories(unknown) });
      return [...new Set(found.filter((c) => c !== undefined).map((c) => c.id))].sort((a, b) => a - b) as PropertyCategoryId[];
    }),
    services: z.string().transform((value, ctx) => {
      const parts = list(value);
      const found = parts.map((part) => MANAGER_SERVICES.find((s) => key(s.key) === key(part) || key(s.label) === key(part)));
      const unknown = parts.filter((_, i) => !found[i]);
      if (unknown.length) ctx.addIssue({ code: "custom", message: IMPORT_WORDS.services(unknown) });
      const keys = new Set(found.filter((s) => s !== undefined).map((s) => s.key));
      return MANAGER_SERVICES.map((s) => s.key).filter((k) => keys.has(k)) as ServiceKey[];
    }),
    management_fee: fee("management_fee", "either"),
    leasing_fee: fee("leasing_fee", "percent"),
    setup_fee: fee("setup_fee", "flat"),
    renewal_fee: fee("renewal_fee", "flat"),
    license_number: text("license_number", 60),
    license_state: state("license_state", false),
    license_source_url: url("license_source_url", false),
    about: text("about", 3000, { multiline: true }),
  })
  .superRefine((row, ctx) => {
    if (Boolean(row.license_number) !== Boolean(row.license_state)) ctx.addIssue({ code: "custom", path: [row.license_number ? "license_state" : "license_number"], message: IMPORT_WORDS.licensePair });
  });
export type ManagerRow = z.output<typeof managerRowSchema>;

const feeText = (value: TypedFee) => (value === null ? "" : value.kind === "percent" ? `${value.value}%` : `$${value.value}`);
const categorySlug = (id: number) => PROPERTY_CATEGORIES.find((c) => c.id === id)?.slug ?? String(id);

/** A row as an export writes it (and as an import compares it with the listing it would change). */
export function managerRecord(row: ManagerRow): ManagerCsvRecord {
  return {
    external_id: row.external_id,
    company_name: row.company_name,
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    website: row.website ?? "",
    office_address: row.office_address,
    office_city: row.office_city,
    office_state: row.office_state,
    office_zip: row.office_zip,
    service_zips: row.service_zips.join(LIST_SEPARATOR),
    categories: row.categories.map(categorySlug).join(LIST_SEPARATOR),
    services: row.services.join(LIST_SEPARATOR),
    management_fee: feeText(row.management_fee),
    leasing_fee: feeText(row.leasing_fee),
    setup_fee: feeText(row.setup_fee),
    renewal_fee: feeText(row.renewal_fee),
    license_number: row.license_number,
    license_state: row.license_state,
    license_source_url: row.license_source_url ?? "",
    about: row.about,
  };
}

/** The key of a license, to find two rows (or a row and a listing) with the same one. */
export const licenseKey = (state: string, number: string) => `${state.toUpperCase()}|${number.trim().toUpperCase()}`;
