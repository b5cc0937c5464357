import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { parse } from "csv-parse";
import type { Database, NewAgent } from "../db/schema";
import {
  IMPORT_BATCH,
  IMPORT_EXAMPLES,
  IMPORT_WORDS,
  LIST_SEPARATOR,
  MANAGER_CSV_COLUMNS,
  licenseKey,
  managerRecord,
  managerRowSchema,
  type ImportReport,
  type ManagerCsvColumn,
  type ManagerRow,
} from "../contract/managers-csv";
import { LISTING_WITHOUT_LOGO, radiusForServiceZips } from "../contract/operator";
import { distanceMiles } from "../contract/geo";
import { MAX_SERVICE_RADIUS_MILES, type PropertyCategoryId, type ServiceKey } from "../contract/site";
import { slugify } from "../contract/routes";
import {
  insertImportedListing,
  listingsByExternalId,
  listingsByLicenseOrWebsite,
  loadPlaces,
  noteContentChange,
  slugsTaken,
  updateImportedListing,
  type ImportedListing,
  type Places,
} from "../db/queries/managers";
import { insertOutboxMessages } from "../db/queries/outbox";
import { indexServiceAreas } from "../db/service-areas";
import { reconcileSiteWords } from "../db/site-words";
import { configuredOperator, type SiteOperator } from "../env";
import { purgeRows } from "./delivery/purge";
import { listingPagePaths, withdrawSamplesBesideReal } from "./listing-pages";
import type { DeliveryRouting } from "./delivery/routing";

/**
 * The managers CSV import (docs/operator-import.md). The file is read as a stream, a batch of
 * IMPORT_BATCH rows at a time, so memory holds one batch and the keys seen so far (external ids,
 * licenses, websites), never the file. A dry run reads only. An import runs the same pass inside
 * one transaction and writes each batch as it goes; any problem anywhere rolls everything back,
 * so a file is imported whole or not at all. Listings are keyed by external_id: a row whose
 * listing already says the same is left alone, so importing a file twice changes nothing.
 */
type Db = Kysely<Database>;

export type { ImportReport } from "../contract/managers-csv";

const noExamples = (): ImportReport["examples"] => ({ added: [], changed: [], unchanged: [] });

/** Opens the file from its start (a dry run and an import each read it once). */
type OpenSource = () => Readable;

/** `operator`: who runs the site, for its own words (lib/db/site-words.ts); OPERATOR_* by default. */
export type ImportOptions = { open: OpenSource; dryRun: boolean; routing: DeliveryRouting; now?: () => string; operator?: SiteOperator | null };

type Located = { row: ManagerRow; line: number; cityId: number; stateId: number; lat: number; lng: number; radius: number };

class Refused extends Error {
  constructor(readonly report: ImportReport) {
    super("refused");
  }
}

/** A listing as its CSV row would read (what an export writes, and what an import compares). */
export function rowOfListing(listing: ImportedListing): ManagerRow {
  const fee = (percent: number | null, flat: number | null) => (percent !== null ? { kind: "percent" as const, value: Number(percent) } : flat !== null ? { kind: "flat" as const, value: Number(flat) } : null);
  let services: ServiceKey[] = [];
  try {
    services = JSON.parse(listing.services) as ServiceKey[];
  } catch {
    services = [];
  }
  return {
    external_id: listing.external_id ?? "",
    company_name: listing.company_name,
    contact_name: listing.contact_name ?? "",
    email: listing.email,
    phone: listing.phone,
    website: listing.website,
    office_address: listing.address,
    office_city: listing.city,
    office_state: listing.state,
    office_zip: listing.zip,
    service_zips: (listing.service_zips ?? "").split(LIST_SEPARATOR).filter(Boolean),
    categories: listing.categories as PropertyCategoryId[],
    services,
    management_fee: fee(listing.management_fee_percent, listing.management_fee_flat),
    leasing_fee: fee(listing.leasing_fee_percent, null),
    setup_fee: fee(null, listing.setup_fee),
    renewal_fee: fee(null, listing.renewal_fee),
    license_number: listing.license_number ?? "",
    license_state: listing.license_state ?? "",
    license_source_url: listing.license_source_url,
    about: listing.about,
  };
}

const sameRecord = (a: ManagerRow, b: ManagerRow) => JSON.stringify(managerRecord(a)) === JSON.stringify(managerRecord(b));

/** The checks against the site's own data: the states, the office's city, the ZIP codes and how far they lie. */
function locate(row: ManagerRow, line: number, places: Places, problem: (column: ManagerCsvColumn, message: string) => void): Located | null {
  const state = places.states.get(row.office_state);
  if (!state) problem("office_state", IMPORT_WORDS.state("office_state", row.office_state));
  if (row.license_state && !places.states.has(row.license_state)) problem("license_state", IMPORT_WORDS.state("license_state", row.license_state));
  const city = state && places.cities.get(`${state.id}|${slugify(row.office_city)}`);
  if (state && !city) problem("office_city", IMPORT_WORDS.unknownCity(row.office_city, row.office_state));
  const office = places.zips.get(row.office_zip);
  if (!office) problem("office_zip", IMPORT_WORDS.unknownZip("office_zip", row.office_zip));
  const missing = row.service_zips.filter((zip) => !places.zips.has(zip));
  for (const zip of missing) problem("service_zips", IMPORT_WORDS.unknownZip("service_zips", zip));
  if (!state || !city || !office || missing.length) return null;
  const distances = row.service_zips.map((zip) => distanceMiles(office, places.zips.get(zip)!));
  const radius = radiusForServiceZips(distances);
  if (radius === null) {
    problem("service_zips", IMPORT_WORDS.zipTooFar(row.service_zips[distances.indexOf(Math.max(...distances))], MAX_SERVICE_RADIUS_MILES));
    return null;
  }
  // The directory's spelling of the city, so a second import of the same file compares equal.
  return { row: { ...row, office_city: city.name }, line, cityId: city.id, stateId: state.id, lat: office.lat, lng: office.lng, radius };
}

/**
 * A listing's columns from its row; `at` is its updated_at: only a row that adds or changes a
 * listing is written, so an unchanged listing keeps its date (its profile's <lastmod>).
 */
function agentValues(item: Located, at: string): Omit<NewAgent, "slug" | "created_at" | "photo" | "featured" | "read_more" | "is_demo"> {
  const { row } = item;
  const fee = (value: ManagerRow["management_fee"], kind: "percent" | "flat") => (value && value.kind === kind ? value.value : null);
  return {
    external_id: row.external_id,
    company_name: row.company_name,
    contact_name: row.contact_name || null,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: row.office_address,
    zip: row.office_zip,
    city_id: item.cityId,
    state_id: item.stateId,
    about: row.about,
    service_zips: row.service_zips.join(LIST_SEPARATOR),
    services: JSON.stringify(row.services),
    management_fee_percent: fee(row.management_fee, "percent"),
    management_fee_flat: fee(row.management_fee, "flat"),
    leasing_fee_percent: fee(row.leasing_fee, "percent"),
    setup_fee: fee(row.setup_fee, "flat"),
    renewal_fee: fee(row.renewal_fee, "flat"),
    license_number: row.license_number || null,
    license_state: row.license_state || null,
    // What the company says; nobody here looked the license up (lib/contract/license.ts words it so).
    license_source: row.license_number ? "self-reported" : null,
    license_type: null,
    license_checked_on: null,
    license_source_url: row.license_source_url,
    office_lat: item.lat,
    office_lng: item.lng,
    service_radius_miles: item.radius,
    updated_at: at,
  };
}

/** Rows as csv-parse gives them, each with the line it starts on; the header first. */
async function* records(open: OpenSource): AsyncGenerator<{ record: string[]; line: number }> {
  const parser = open().pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, raw: true }));
  for await (const { record, info, raw } of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
    const breaks = (raw.replace(/\r?\n$/, "").match(/\n/g) ?? []).length;
    yield { record, line: info.lines - breaks };
  }
}

/**
 * Reads the whole file, checks every row, and (not a dry run) writes the listings. Answers the
 * counts and every problem; a file with problems writes nothing.
 */
export async function importManagers(db: Db, { open, dryRun, routing, now = () => new Date().toISOString(), operator = configuredOperator() }: ImportOptions): Promise<ImportReport> {
  const places = await loadPlaces(db);
  if (dryRun) return pass(db, { open, places, write: false, routing, at: now(), operator });
  try {
    return await db.transaction().execute(async (trx) => {
      const report = await pass(trx, { open, places, write: true, routing, at: now(), operator });
      if (report.problems.length) throw new Refused(report);
      return report;
    });
  } catch (error) {
    if (error instanceof Refused) return { ...error.report, added: 0, changed: 0, unchanged: 0, paths: 0, applied: false, examples: noExamples() };
    throw error;
  }
}

async function pass(
  db: Db,
  { open, places, write, routing, at, operator }: { open: OpenSource; places: Places; write: boolean; routing: DeliveryRouting; at: string; operator: SiteOperator | null },
): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, added: 0, changed: 0, unchanged: 0, problems: [], applied: false, paths: 0, examples: noExamples() };
  const seen = { external_id: new Map<string, number>(), license: new Map<string, number>(), website: new Map<string, number>() };
  const touched: number[] = [];
  const paths = new Set<string>();
  let columns: Map<ManagerCsvColumn, number> | null = null;
  let batch: Located[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await checkAndWrite(db, rows, { report, seen, write, at, touched, paths });
  };

  try {
    for await (const { record, line } of records(open)) {
      if (!columns) {
        const header = record.map((name) => name.trim().toLowerCase());
        const missing = MANAGER_CSV_COLUMNS.filter((column) => !header.includes(column));
        if (missing.length) {
          report.problems.push({ line, column: "file", message: IMPORT_WORDS.missingColumns(missing) });
          return report;
        }
        columns = new Map(MANAGER_CSV_COLUMNS.map((column) => [column, header.indexOf(column)]));
        continue;
      }
      report.rows++;
      const problem = (column: ManagerCsvColumn, message: string) => report.problems.push({ line, column, message });
      const values = Object.fromEntries(MANAGER_CSV_COLUMNS.map((column) => [column, record[columns!.get(column)!] ?? ""]));
      const parsed = managerRowSchema.safeParse(values);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? "file") as ManagerCsvColumn, issue.message);
        continue;
      }
      const row = parsed.data;
      let duplicate = false;
      const once = (kind: keyof typeof seen, column: ManagerCsvColumn, value: string | null) => {
        if (!value) return;
        const first = seen[kind].get(value);
        if (first !== undefined) {
          problem(column, IMPORT_WORDS.duplicateInFile(column, first));
          duplicate = true;
        } else seen[kind].set(value, line);
      };
      once("external_id", "external_id", row.external_id);
      once("license", "license_number", row.license_number ? licenseKey(row.license_state, row.license_number) : null);
      once("website", "website", row.website);
      const located = locate(row, line, places, problem);
      if (located && !duplicate) batch.push(located);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    report.problems.push({ line: typeof lines === "number" ? lines : 0, column: "file", message: IMPORT_WORDS.notCsv(error instanceof Error ? error.message : String(error)) });
    // The rows read before it are still counted (a batch with a problem writes nothing).
    await flush();
    return report;
  }
  await flush();
  if (!columns) report.problems.push({ line: 1, column: "file", message: IMPORT_WORDS.missingColumns([...MANAGER_CSV_COLUMNS]) });
  else if (report.rows === 0) report.problems.push({ line: 1, column: "file", message: IMPORT_WORDS.empty });
  if (write && report.problems.length === 0 && touched.length) {
    await indexServiceAreas(db, { agentIds: touched });
    for (const path of await listingPagePaths(db, touched)) paths.add(path);
    // The first real listings take the samples off every list.
    for (const path of await withdrawSamplesBesideReal(db)) paths.add(path);
    // The first real listings change what the site says about its listings.
    for (const path of (await reconcileSiteWords(db, { operator })).paths) paths.add(path);
    await insertOutboxMessages(db, purgeRows([...paths], routing, at));
    await noteContentChange(db, { source: "import", summary: `${report.added} agents added, ${report.changed} changed`, at });
    report.paths = paths.size;
  }
  report.applied = write && report.problems.length === 0;
  return report;
}

type Pass = { report: ImportReport; seen: Record<"external_id" | "license" | "website", Map<string, number>>; write: boolean; at: string; touched: number[]; paths: Set<string> };

/** One batch: duplicates of existing listings, then what each row would do, then (an import) the writes. */
async function checkAndWrite(db: Db, rows: Located[], { report, seen, write, at, touched, paths }: Pass): Promise<void> {
  const existing = await listingsByExternalId(db, { externalIds: rows.map((item) => item.row.external_id) });
  const others = await listingsByLicenseOrWebsite(db, {
    licenseNumbers: [...new Set(rows.filter((item) => item.row.license_number).map((item) => item.row.license_number))],
    websites: [...new Set(rows.map((item) => item.row.website).filter((site): site is string => site !== null))],
  });
  const clean: Located[] = [];
  for (const item of rows) {
    const { row } = item;
    // A listing of this same file (its external_id seen) is this import's own: its rows were compared above.
    const foreign = others.filter((listing) => listing.external_id !== row.external_id && !(listing.external_id && seen.external_id.has(listing.external_id)));
    const byLicense = row.license_number ? foreign.find((listing) => listing.license_number && listing.license_state && licenseKey(listing.license_state, listing.license_number) === licenseKey(row.license_state, row.license_number)) : undefined;
    const byWebsite = row.website ? foreign.find((listing) => listing.website === row.website) : undefined;
    if (byLicense) report.problems.push({ line: item.line, column: "license_number", message: IMPORT_WORDS.duplicateListing("license", byLicense.company_name, byLicense.id) });
    if (byWebsite) report.problems.push({ line: item.line, column: "website", message: IMPORT_WORDS.duplicateListing("website", byWebsite.company_name, byWebsite.id) });
    if (!byLicense && !byWebsite) clean.push(item);
  }

  const added: Located[] = [];
  const changed: { item: Located; listing: ImportedListing }[] = [];
  const example = (outcome: keyof ImportReport["examples"], { row, line }: Located) => {
    const list = report.examples[outcome];
    if (list.length < IMPORT_EXAMPLES) list.push({ line, external_id: row.external_id, company_name: row.company_name, office_city: row.office_city, office_state: row.office_state });
  };
  for (const item of clean) {
    const listing = existing.get(item.row.external_id);
    if (!listing) {
      added.push(item);
      example("added", item);
    } else if (sameRecord(rowOfListing(listing), item.row) && listing.city_id === item.cityId) {
      report.unchanged++;
      example("unchanged", item);
    } else {
      changed.push({ item, listing });
      example("changed", item);
    }
  }
  report.added += added.length;
  report.changed += changed.length;
  if (!write || report.problems.length) return;

  // The pages the changed listings were on before: a city they leave drops them too.
  for (const path of await listingPagePaths(db, changed.map(({ listing }) => listing.id))) paths.add(path);
  for (const { item, listing } of changed) {
    await updateImportedListing(db, { id: listing.id, agent: agentValues(item, at), categories: item.row.categories });
    touched.push(listing.id);
  }
  const bases = added.map((item) => `${slugify(item.row.company_name) || "listing"}-${slugify(item.row.office_city)}-${item.row.office_state.toLowerCase()}`);
  const taken = await slugsTaken(db, { slugs: bases });
  for (const [index, item] of added.entries()) {
    let slug = bases[index];
    // A numbered slug may be stored already (an earlier import): each one tried is looked up.
    for (let n = 2; taken.has(slug) || (slug !== bases[index] && (await slugsTaken(db, { slugs: [slug] })).size > 0); n++) slug = `${bases[index]}-${n}`;
    taken.add(slug);
    const id = await insertImportedListing(db, {
      agent: { ...agentValues(item, at), slug, photo: LISTING_WITHOUT_LOGO, featured: 0, read_more: 0, is_demo: 0, created_at: at, units_managed: null, year_founded: null, maintenance_markup_percent: null, vacancy_fee: null },
      categories: item.row.categories,
    });
    touched.push(id);
  }
}
