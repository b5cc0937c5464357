import type { Db } from "../../db/schema";
import type { PageSort } from "../../contract/staff";
import { countProblems } from "../../contract/seo-audit";
import { filterRows, type PageFilter, type PageRow } from "./pages";
import { siteRows, trySite, type TrialChange } from "./site";

/** The workspace's page list (/workspace): one screen of the site's rows, filtered and ordered. */

export const PAGE_LIST_SIZE = 50;

const WIDTH_OF: Record<PageSort, (row: PageRow) => number> = { "title-width": (row) => row.titlePx, "description-width": (row) => row.descriptionPx };

/** The rows in the list's order: the site's own, or (`sort`) widest words first, ties in the site's order. */
export function sortRows(rows: PageRow[], sort: PageSort | undefined): PageRow[] {
  if (!sort) return rows;
  const width = WIDTH_OF[sort];
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => width(b.row) - width(a.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** One screen of the list; with `change`, the site as that change would make it. */
export async function listPages(db: Db, { filter, page, change }: { filter: PageFilter; page: number; change?: TrialChange }) {
  const site = await siteRows(db);
  const rows = change ? (await trySite(db, change)).rows : site.rows;
  const matching = sortRows(filterRows(rows, filter, site.byPath), filter.sort);
  const lastPage = Math.max(1, Math.ceil(matching.length / PAGE_LIST_SIZE));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    rows: matching.slice((current - 1) * PAGE_LIST_SIZE, current * PAGE_LIST_SIZE),
    total: matching.length,
    all: site.rows.length,
    /** The noindex pages the filter matches: the CSV adds them after the rows. */
    noindex: filterRows(site.noindex, filter).length,
    page: current,
    lastPage,
    counts: change ? countProblems(rows.map((row) => row.problems)) : site.counts,
    states: [...new Set(site.rows.flatMap((row) => (row.state ? [row.state] : [])))].sort(),
    builtAt: site.builtAt,
  };
}
