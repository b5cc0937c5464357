/**
 * Every URL shape of the site, built here and nowhere else: pages, links, JSON-LD, the sitemap,
 * the production server's route checks, the benchmarks and the tests all import these.
 * Plain functions of plain values, so both the server and the browser can use them.
 */
import {
  ALL_CATEGORIES_ID,
  CATEGORY_IDS,
  DEFAULT_DIRECTORY_SORT,
  DEFAULT_MONTHLY_RENT,
  MAX_SERVICE_FILTERS,
  SERVICE_KEYS,
  isDirectorySort,
  type DirectorySort,
  type PropertyCategorySlug,
  type ServiceKey,
} from "./site";
import { rentFromQuery } from "./first-year-cost";

/** The quote flow (spec 2.4); step 5 is /preview, /search-five redirects to it (DESIGN.md 4). */
export const STEP_PATHS = {
  1: "/search",
  2: "/search-two",
  3: "/search-three",
  4: "/search-four",
  5: "/preview",
} as const;

export const PATHS = {
  home: "/",
  thankYou: "/thank-you",
  resources: "/resources",
  laws: "/laws",
  blogs: "/blogs",
  faqs: "/faqs",
  contact: "/contact-us",
  about: "/about-us",
  mission: "/our-mission",
  career: "/career",
  resourceCenter: "/resource-center",
  myClientCenter: "/my-client-center",
  propertyManagement: "/property-management",
  limitedUse: "/limited-use-disclosure",
  privacy: "/privacy-policy",
  acceptableUse: "/acceptable-use-policy",
  /** Service calls: POST /api/<call> (never indexed). */
  api: "/api",
  /** ZIP search results (noindex): see managersNearPath. */
  managers: "/managers",
  /** Managers side by side (noindex): see comparePath. */
  compare: "/compare",
  /** Private request pages (noindex, no-store, never in the sitemap): see requestPath. */
  requests: "/requests",
  /** A request's email confirmation links (noindex, no-store, private): see leadConfirmPath. */
  requestConfirm: "/requests/confirm",
  /** A recipient manager's private proposal links (noindex, no-store, never in the sitemap): see proposalPath. */
  proposals: "/proposals",
  /** Newsletter confirmation links (noindex): see newsletterConfirmPath. */
  newsletterConfirm: "/newsletter/confirm",
  /** Unsubscribe links (noindex, no-store, private): see unsubscribePath. */
  unsubscribe: "/unsubscribe",
  /** A manager's own listing: its sign-in link and its private pages (noindex, no-store): lib/contract/listing-self-service.ts. */
  yourListing: "/your-listing",
} as const;

/** The health endpoint for load balancers and monitors (GET, outside the /api/<call> contract). */
export const HEALTH_PATH = "/healthz";

/** The content pages of spec 2.6 that share one route (app/(site)/[contentPage]). */
export const CONTENT_PAGE_PATHS = [
  PATHS.about,
  PATHS.mission,
  PATHS.career,
  PATHS.resourceCenter,
  PATHS.myClientCenter,
  PATHS.propertyManagement,
  PATHS.limitedUse,
  PATHS.privacy,
  PATHS.acceptableUse,
] as const;
export type ContentPagePath = (typeof CONTENT_PAGE_PATHS)[number];

/** Pages with a fixed address that belong in the sitemap (the quote flow's later steps do not). */
export const INDEXABLE_FIXED_PATHS = [
  PATHS.home,
  STEP_PATHS[1],
  PATHS.resources,
  PATHS.laws,
  PATHS.blogs,
  PATHS.faqs,
  PATHS.contact,
  ...CONTENT_PAGE_PATHS,
] as const;

/** The shape of a state hub's path, from its segment as it stands. */
const stateShape = (state: string) => `/agents/${state}`;

/**
 * The slug of a name in an address: `Coeur d'Alene` → `coeur-dalene`, `St. Louis` → `st-louis`.
 * Cities' and states' slugs are made with it when seeded, and an address is looked up with it.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['.]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A state's hub, the cities of the state that have managers: `/agents/TX`. */
export function statePath(state: string): string {
  return stateShape(state.toUpperCase());
}

/** The path a state hub was asked for, from its raw segment (compared with statePath to redirect). */
export const requestedStatePath = (segment: string) => stateShape(segment);

/** The shape of a city list's path, from its segments as they stand. */
const cityShape = (state: string, city: string, category?: string, page?: string) =>
  `/agents/${state}/${city}${category !== undefined ? `/${category}` : ""}${page !== undefined ? `/page/${page}` : ""}`;

/**
 * The managers serving a city: `/agents/TX/austin` (state abbreviation upper case, city slug),
 * a category tab `/agents/TX/austin/multi-family`, and their later pages
 * `/agents/TX/austin/page/2`, `/agents/TX/austin/multi-family/page/2`. Paths, not query
 * strings, so every page of a list stays cacheable and crawlers follow the links.
 */
export function cityPath(state: string, citySlug: string, { category, page = 1 }: { category?: PropertyCategorySlug; page?: number } = {}): string {
  return cityShape(state.toUpperCase(), citySlug, category, page > 1 ? String(page) : undefined);
}

/** The path a city list was asked for, from its raw segments (compared with cityPath to redirect). */
export const requestedCityPath = ({ state, city, category, page }: { state: string; city: string; category?: string; page?: string }) =>
  cityShape(state, city, category, page);

/** The segment of a city's views (a sort or filter an owner chose): `/agents/TX/austin/view?sort=fee`. */
const CITY_VIEW_SEGMENT = "view";

/**
 * What a list of managers is asked to show: its sort, property category (0: all), services, page,
 * and the monthly rent the fee sort ranks first-year cost at.
 */
export type ListViewQuery = { sort?: DirectorySort; category?: number; services?: readonly ServiceKey[]; page?: number; rent?: number };

/** The query string of a list view, without the defaults (`sort=fee&rent=2500&service=evictions`). */
function viewQuery({ sort = DEFAULT_DIRECTORY_SORT, category, services = [], page = 1, rent }: ListViewQuery, query = new URLSearchParams()): URLSearchParams {
  if (sort !== DEFAULT_DIRECTORY_SORT) query.set("sort", sort);
  // The rent matters to the fee sort only.
  if (sort === "fee" && rent !== undefined && rent !== DEFAULT_MONTHLY_RENT) query.set("rent", String(rent));
  if (category) query.set("category", String(category));
  for (const service of services) query.append("service", service);
  if (page > 1) query.set("page", String(page));
  return query;
}

/** A view's query as Next.js hands it to a page (each name once or repeated). */
export type ViewQuery = { sort?: string | string[]; category?: string | string[]; service?: string | string[]; page?: string | string[]; rent?: string | string[] };

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * A list view from its query, every part checked: an unknown sort is the default, an unknown
 * category is every category, unknown services are dropped, a page that is not a number is 1, a
 * rent that is not one is DEFAULT_MONTHLY_RENT (and `rentInvalid` holds what was typed).
 */
export function listViewFromQuery(query: ViewQuery): Required<Omit<ListViewQuery, "services">> & { services: ServiceKey[]; rentInvalid?: string } {
  const sortText = firstOf(query.sort);
  const categoryText = firstOf(query.category);
  const category = (CATEGORY_IDS as number[]).includes(Number(categoryText)) ? Number(categoryText) : ALL_CATEGORIES_ID;
  const services = [...new Set((Array.isArray(query.service) ? query.service : [query.service ?? ""]).filter((key): key is ServiceKey => (SERVICE_KEYS as string[]).includes(key)))];
  const pageText = firstOf(query.page);
  return {
    sort: isDirectorySort(sortText) ? sortText : DEFAULT_DIRECTORY_SORT,
    category,
    services: services.slice(0, MAX_SERVICE_FILTERS),
    page: /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1,
    ...rentOf(rentFromQuery(query.rent)),
  };
}

const rentOf = ({ rent, invalid }: { rent: number; invalid?: string }) => (invalid === undefined ? { rent } : { rent, rentInvalid: invalid });

/** Whether a view is the list every city page shows by default (then its canonical path says it). */
export const isDefaultListView = ({ sort = DEFAULT_DIRECTORY_SORT, services = [] }: ListViewQuery) => sort === DEFAULT_DIRECTORY_SORT && services.length === 0;

/**
 * A city's list in a view an owner chose: `/agents/TX/austin/view?sort=fee&service=evictions`.
 * Rendered for each request and never indexed; its canonical is the city page (cityPath). The
 * default view has no view path: it is the city page itself.
 */
export function cityViewPath(state: string, citySlug: string, view: ListViewQuery = {}): string {
  const query = viewQuery(view).toString();
  return `${cityShape(state.toUpperCase(), citySlug, CITY_VIEW_SEGMENT)}${query ? `?${query}` : ""}`;
}

/** The shape of a profile's path, from its segments as they stand. */
const agentShape = (state: string, city: string, id: string) => `/agent/${state}/${city}/${id}`;

/** A manager's profile: `/agent/TX/austin/1400`. */
export function agentPath(agent: { state: string; city_slug: string; agent_id: number }): string {
  return agentShape(agent.state.toUpperCase(), agent.city_slug, String(agent.agent_id));
}

/** The path a profile was asked for, from its raw segments (compared with agentPath to redirect). */
export const requestedAgentPath = ({ state, city, id }: { state: string; city: string; id: string }) => agentShape(state, city, id);

/** A state's landlord-tenant page: `/laws/texas` (canonical; /law/… redirects here). */
export function lawPath(stateSlug: string): string {
  return `/laws/${stateSlug}`;
}

/** A 50-state comparison of one law topic: `/laws/compare/late-fees` (slugs in lib/contract/law-topics.ts). */
export function lawComparePath(topicSlug: string): string {
  return `/laws/compare/${topicSlug}`;
}

export function blogPath(slug: string): string {
  return `/blog/${slug}`;
}

/** The sitemap (a list of URLs, or past 50,000 an index of parts) and its parts. */
export const SITEMAP_PATH = "/sitemap.xml";
export function sitemapPartPath(id: number): string {
  return `/sitemaps/sitemap/${id}.xml`;
}

/**
 * The ZIP search's results: `/managers?zip=78701&category=1` (category 0 or absent: all), with
 * a sort and services when the owner chose them (`&sort=fee&service=evictions`).
 */
export function managersNearPath({ zip, ...view }: { zip: string } & ListViewQuery): string {
  return `${PATHS.managers}?${viewQuery(view, new URLSearchParams({ zip })).toString()}`;
}

/** Managers side by side: `/compare?ids=1,2,3`, with the owner's monthly rent when typed. */
export function comparePath(ids: number[], rent?: number): string {
  return `${PATHS.compare}?ids=${ids.join(",")}${rent ? `&rent=${rent}` : ""}`;
}

/** An owner's private request page: `/requests/{token}` (the token is the only key to it). */
export function requestPath(token: string): string {
  return `${PATHS.requests}/${token}`;
}

/** A recipient manager's private proposal page: `/proposals/{token}` (the token is the only key to it). */
export function proposalPath(token: string): string {
  return `${PATHS.proposals}/${token}`;
}

/**
 * The link of a request's confirmation email: `/requests/confirm/{token}`, a page whose
 * button sends the owner's waiting requests (its own token: a request page's token confirms nothing).
 */
export function leadConfirmPath(token: string): string {
  return `${PATHS.requestConfirm}/${token}`;
}

/**
 * Pages whose address holds a private token: never cached, never sent as a referrer, never logged
 * in clear. The longest prefix first, so a confirmation link's token is the segment redacted.
 */
const PRIVATE_PREFIXES = [`${PATHS.requestConfirm}/`, `${PATHS.requests}/`, `${PATHS.newsletterConfirm}/`, `${PATHS.proposals}/`, `${PATHS.unsubscribe}/`, `${PATHS.yourListing}/sign-in/`, `${PATHS.yourListing}/`];
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const PRIVATE_TOKEN = new RegExp(`(${PRIVATE_PREFIXES.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})[^/?#\\s]+`, "g");

/** The same path with each private token replaced, for logs. */
export function redactPrivatePath(path: string): string {
  return path.replace(PRIVATE_TOKEN, "$1[token]");
}

/** The link of a newsletter confirmation email: `/newsletter/confirm/{token}`. */
export function newsletterConfirmPath(token: string): string {
  return `${PATHS.newsletterConfirm}/${token}`;
}

/**
 * The unsubscribe link of every newsletter and owner email: `/unsubscribe/{token}`, a page with
 * one button (mail scanners open links, so opening it changes nothing).
 */
export function unsubscribePath(token: string): string {
  return `${PATHS.unsubscribe}/${token}`;
}

/**
 * The URL of an email's List-Unsubscribe header (RFC 8058): a mail program's POST with
 * `List-Unsubscribe=One-Click` unsubscribes at once; a GET opens the page above.
 */
export function unsubscribeOneClickPath(token: string): string {
  return `${unsubscribePath(token)}/one-click`;
}

/** Where the list pages explain their order: the "How we rank" note under every list. */
export const HOW_WE_RANK_ANCHOR = "how-we-rank";

/** The suffix of a page's share images: `/agent/TX/austin/1400/opengraph-image-zv6u9g/card`. */
export type ShareImage = { kind: "opengraph" | "twitter"; hash: string };
const SHARE_IMAGE = /^(opengraph|twitter)-image-([a-z0-9]{1,16})$/;
const shareImage = (segment?: string, id?: string): ShareImage | null | undefined => {
  if (segment === undefined) return undefined;
  const match = SHARE_IMAGE.exec(segment);
  return match && id === "card" ? { kind: match[1] as ShareImage["kind"], hash: match[2] } : null;
};
export const shareImageSuffix = (image?: ShareImage) => (image ? `/${image.kind}-image-${image.hash}/card` : "");

/** Whether a path (as requested, not decoded) is a page's share image. */
export function isShareImagePath(path: string): boolean {
  const route = path.startsWith("/") ? matchDynamicRoute(path.split("/").slice(1)) : null;
  return Boolean(route && (route.route === "agent" || route.route === "blog") && route.image);
}

/**
 * The dynamic routes the site serves, matched against a path's decoded segments: what the
 * production server checks (and looks up) before anything is rendered or cached. `null`: the
 * path has the shape of none of them (a fixed page, a file, or nothing at all).
 */
export type DynamicRoute =
  | { route: "state"; state: string }
  | { route: "city"; state: string; city: string; category?: string; page: string }
  | { route: "agent"; state: string; city: string; id: string; image?: ShareImage | null }
  | { route: "law"; slug: string }
  | { route: "lawCompare"; topic: string }
  | { route: "blog"; slug: string; image?: ShareImage | null };

export function matchDynamicRoute(segments: string[]): DynamicRoute | null {
  const [first, ...rest] = segments;
  if (first === "agents") {
    const [state, city, third, fourth, fifth, ...extra] = rest;
    if (extra.length > 0 || !state) return null;
    if (city === undefined) return { route: "state", state };
    if (third === undefined) return { route: "city", state, city, page: "1" };
    if (third === "page") return fifth === undefined && fourth !== undefined ? { route: "city", state, city, page: fourth } : null;
    // A view an owner chose (/agents/TX/austin/view?sort=fee) is no list page of its own: rendered
    // for each request, never stored, and its page answers 404 for a place that does not exist.
    if (third === CITY_VIEW_SEGMENT) return null;
    if (fourth === undefined) return { route: "city", state, city, category: third, page: "1" };
    return fourth === "page" && fifth !== undefined ? { route: "city", state, city, category: third, page: fifth } : null;
  }
  if (first === "agent") {
    const [state, city, id, imageSegment, imageId, ...extra] = rest;
    if (extra.length > 0 || !id) return null;
    return { route: "agent", state, city, id, image: shareImage(imageSegment, imageId) };
  }
  if (first === "laws") {
    if (rest.length === 1) return { route: "law", slug: rest[0] };
    return rest.length === 2 && rest[0] === "compare" ? { route: "lawCompare", topic: rest[1] } : null;
  }
  if (first === "blog") {
    const [slug, imageSegment, imageId, ...extra] = rest;
    if (extra.length > 0 || !slug) return null;
    return { route: "blog", slug, image: shareImage(imageSegment, imageId) };
  }
  return null;
}
/** The rent field of a list's controls, which the fee sort's statement above the list links to. */
export const SORT_RENT_ANCHOR = "list-rent";
