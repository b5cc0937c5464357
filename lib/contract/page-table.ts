import { agentPath, blogPath, cityPath, lawComparePath, lawPath, shareImageSuffix, statePath, type ShareImage } from "./routes";
import { DIRECTORY_PAGE_SIZE, PROPERTY_CATEGORIES, categoryBySlug } from "./site";
import { parseRecordId } from "./record-id";

type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];

/**
 * Which dynamic pages exist and what their canonical address is: one table, read by the pages
 * (their notFound / permanentRedirect, lib/seo/canonical.ts) and by the production server's route
 * resolver (a 404 or one redirect before anything renders, lib/server/route-resolver.ts). Each
 * entry takes the record the service found for the route (null: none) and answers the page's
 * canonical path, or null when there is no such page; `pageDecision` compares it with the path
 * as requested.
 */
export type Resolution = { kind: "page" } | { kind: "missing" } | { kind: "redirect"; location: string };

/** What to do with a request for `requested` whose canonical address is `canonical` (null: no page). */
export function pageDecision(requested: string, canonical: string | null): Resolution {
  if (canonical === null) return { kind: "missing" };
  return canonical === requested ? { kind: "page" } : { kind: "redirect", location: canonical };
}

/** The HTTP status each decision answers with (the production server redirects with 308, lib/server/front.ts). */
export const RESOLUTION_STATUS = { page: 200, redirect: 308, missing: 404 } as const satisfies Record<Resolution["kind"], number>;

/** A city list's last page (page 1 of an empty list still is one: "No Record"). */
export const lastListPage = (total: number) => Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

/** A city list as asked for: its category tab (when named) and its page; null: no such list can exist. */
export type CityListRequest = { category: PropertyCategory | undefined; page: number };
export function cityListRequest({ category, page }: { category?: string; page?: string }): CityListRequest | null {
  const found = category === undefined ? undefined : categoryBySlug(category);
  if (category !== undefined && !found) return null;
  // A list's page number is written like a record id (record-id.ts).
  const number = page === undefined ? 1 : parseRecordId(page);
  return number === null ? null : { category: found, page: number };
}

export const PAGE_TABLE = {
  state: (state: { abbreviation: string } | null) => (state ? statePath(state.abbreviation) : null),
  law: (state: { slug: string } | null) => (state ? lawPath(state.slug) : null),
  /** Past the last page is no page at all. */
  city: (request: CityListRequest, list: { state: string; city_slug: string; last_page: number } | null) =>
    list && request.page <= list.last_page ? cityPath(list.state, list.city_slug, { category: request.category?.slug, page: request.page }) : null,
  /** A profile, or one of its share images. */
  agent: (agent: { state: string; city_slug: string; agent_id: number } | null, image?: ShareImage) => (agent ? agentPath(agent) + shareImageSuffix(image) : null),
  /** Only topics with a 50-state comparison have a page. */
  lawCompare: (topic: { slug: string; compare: boolean } | null | undefined) => (topic?.compare ? lawComparePath(topic.slug) : null),
  /** A post, or one of its share images. */
  blog: (blog: { slug: string } | null, image?: ShareImage) => (blog ? blogPath(blog.slug) + shareImageSuffix(image) : null),
} as const;
