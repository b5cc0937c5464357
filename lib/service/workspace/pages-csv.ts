import { robotsText } from "../../contract/robots";
import type { Db } from "../../db/schema";
import { characterCount } from "../../contract/social-cards";
import { filterRows, type PageFilter, type PageRow, type SiteRows } from "./pages";
import { siteRows, trySite, type TrialChange } from "./site";
import { sortRows } from "./page-list";

/** The page list's CSV export (/workspace/pages.csv): a crawler's columns, the list's filter and order. */

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would be a formula to a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A crawler export's columns: status, indexability and the h1 beside the words, their characters and widths. */
export const CSV_COLUMNS = [
  "type",
  "url",
  "status",
  "indexable",
  "indexability_reason",
  "title",
  "title_chars",
  "title_px",
  "description",
  "description_chars",
  "description_px",
  "h1",
  "keywords",
  "canonical",
  "robots",
  "og_title",
  "og_description",
  "og_image",
  "og_image_alt",
  "title_from",
  "description_from",
  "problems",
] as const;

// Characters as a reader counts them, as crawlers report lengths.
const characters = characterCount;

/** The rows of the CSV for a filter: its indexable rows, then the noindex pages it matches (they have no problems). */
export function exportRows(site: SiteRows, filter: PageFilter, rows: PageRow[] = site.rows): PageRow[] {
  return [...sortRows(filterRows(rows, filter, site.byPath), filter.sort), ...sortRows(filterRows(site.noindex, filter), filter.sort)];
}

/** The CSV's rows as the list shows them: with `change` (the staff member's draft, `?draft=`), as it would make the pages. */
export async function exportRowsWith(db: Db, filter: PageFilter, change?: TrialChange): Promise<PageRow[]> {
  const site = await siteRows(db);
  return exportRows(site, filter, change ? (await trySite(db, change)).rows : site.rows);
}

/** The rows as CSV lines (header first), absolute URLs from `origin`. */
export function* csvLines(rows: PageRow[], origin: string): Generator<string> {
  yield CSV_COLUMNS.join(",");
  for (const row of rows) {
    yield [
      row.kind,
      `${origin}${row.path}`,
      row.status,
      row.indexable ? "yes" : "no",
      row.indexabilityReason,
      row.title,
      characters(row.title),
      Math.round(row.titlePx),
      row.description,
      characters(row.description),
      Math.round(row.descriptionPx),
      row.h1,
      row.keywords,
      `${origin}${row.canonical}`,
      robotsText(row),
      row.og_title,
      row.og_description,
      row.image.url ? `${origin}${row.image.url}` : "the page's own card",
      row.image.alt,
      row.sources.title,
      row.sources.description,
      row.problems.join(" "),
    ]
      .map(csvCell)
      .join(",");
  }
}
