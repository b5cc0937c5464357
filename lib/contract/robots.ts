import { robotsFlags } from "./seo-fields";
import { PAGE_SETTINGS_COPY } from "./workspace-messages";

/**
 * A page's robots as the workspace shows, filters and previews it (no zod here: the editor's
 * live preview runs in the browser). What may be saved: ./page-settings.ts.
 */

/** The robots setting of two switches (null: neither). */
export const robotsSetting = ({ noindex, nofollow }: { noindex: boolean; nofollow: boolean }) =>
  noindex && nofollow ? "noindex, nofollow" : noindex ? "noindex" : nofollow ? "nofollow" : null;

/** What a page's row says to search engines, as its robots meta tag reads: "noindex, follow". */
export const robotsText = (row: { robots: "index" | "noindex"; nofollow: boolean }) => `${row.robots}, ${row.nofollow ? "nofollow" : "follow"}`;

/** The workspace list's robots filter: pages open to the index, noindex, nofollow, or canonical to another page. */
export const ROBOTS_FILTERS = ["index", "noindex", "nofollow", "canonical"] as const;
export type RobotsFilter = (typeof ROBOTS_FILTERS)[number];
export const isRobotsFilter = (value: unknown): value is RobotsFilter => typeof value === "string" && (ROBOTS_FILTERS as readonly string[]).includes(value);

export function matchesRobotsFilter(row: { path: string; canonical: string; robots: "index" | "noindex"; nofollow: boolean }, filter: RobotsFilter): boolean {
  const elsewhere = row.canonical !== row.path;
  if (filter === "index") return row.robots === "index" && !elsewhere;
  if (filter === "noindex") return row.robots === "noindex";
  if (filter === "nofollow") return row.nofollow;
  return elsewhere;
}

/**
 * What a search result preview says of a page's settings: why no result will show it (noindex, or
 * a canonical elsewhere; null: it may show), and a note on nofollow. `origin` writes the canonical out.
 */
export function previewNotes(settings: { robots: string | null; canonical: string | null }, { path, origin }: { path: string; origin: string }) {
  const flags = robotsFlags(settings.robots);
  const hidden = flags.noindex
    ? PAGE_SETTINGS_COPY.notShownNoindex
    : settings.canonical && settings.canonical !== path
      ? PAGE_SETTINGS_COPY.notShownCanonical(`${origin}${settings.canonical}`)
      : null;
  return { hidden, note: flags.nofollow ? PAGE_SETTINGS_COPY.nofollowNote : null };
}
