/** Facts about the site that never depend on configuration or the database. */
export const SITE_NAME = "Managely";
/**
 * What the menu, the footer, the breadcrumb and the title call /resources: the
 * footer's word in the spec (2.2), and the menu's, whose Resources dropdown holds Laws, Blog and FAQs.
 */
export const RESOURCES_NAME = "Resources";
export const SITE_TAGLINE =
  "Simplified property management that connects owners and managers with data-driven insights.";
export const LAWS_TITLE = "Landlord Tenant Laws";

/** The networks whose icon the footer shows for a profile on them (SOCIAL_PROFILES), each under public/icons. */
const SOCIAL_NETWORKS = [
  { name: "Facebook", hosts: ["facebook.com"], icon: "/icons/facebook.svg" },
  { name: "LinkedIn", hosts: ["linkedin.com"], icon: "/icons/linkedin.svg" },
  { name: "X", hosts: ["x.com", "twitter.com"], icon: "/icons/x.svg" },
  { name: "Instagram", hosts: ["instagram.com"], icon: "/icons/instagram.svg" },
] as const;

export type SocialLink = { name: string; href: string; icon?: string };

/**
 * A social profile's link in the footer: the network's name and icon when it is one we draw,
 * otherwise its host name as text (`https://mastodon.social/@x` → "mastodon.social").
 */
export function socialLink(href: string): SocialLink {
  const host = new URL(href).hostname.replace(/^www\./, "");
  const network = SOCIAL_NETWORKS.find((item) => item.hosts.some((known) => host === known || host.endsWith(`.${known}`)));
  return network ? { name: network.name, href, icon: network.icon } : { name: host, href };
}

/** The web manifest's square PNG icons (app/manifest.ts), drawn from app/icon.svg by scripts/make-icons.ts. */
export const MANIFEST_ICON_SIZES = [192, 512] as const;
export const manifestIconPath = (size: number) => `/brand/icon-${size}.png`;
/** The brand colour: the browser's theme colour and the icon's background. */
export const THEME_COLOR = "#0f766e";

/** Property category codes of the quote flow and the directory (spec section 3). */
export const PROPERTY_CATEGORIES = [
  { id: 1, label: "Single Family", slug: "single-family" },
  { id: 2, label: "Multi Family", slug: "multi-family" },
  { id: 3, label: "Association", slug: "association" },
  { id: 8, label: "Commercial", slug: "commercial" },
] as const;

export type PropertyCategoryId = (typeof PROPERTY_CATEGORIES)[number]["id"];
export const CATEGORY_IDS = PROPERTY_CATEGORIES.map((category) => category.id) as PropertyCategoryId[];
export const DEFAULT_CATEGORY_ID: PropertyCategoryId = 1;

export function categoryLabel(id: number): string | undefined {
  return PROPERTY_CATEGORIES.find((category) => category.id === id)?.label;
}

export type PropertyCategorySlug = (typeof PROPERTY_CATEGORIES)[number]["slug"];

/** The category of a city tab's path segment ("multi-family"), if it is one. */
export function categoryBySlug(slug: string) {
  return PROPERTY_CATEGORIES.find((category) => category.slug === slug);
}

/** The "All Property Managers" tab (DESIGN.md 8: `cate_id` 0 lists every category). */
export const ALL_CATEGORIES_ID = 0;

// ---------------------------------------------------------------------------------------------
// The directory's decision data

/**
 * The one vocabulary of services a manager can offer. Keys are stored and sent; labels are shown.
 * A key the site does not know is dropped when a row is read.
 */
export const MANAGER_SERVICES = [
  { key: "tenant_screening", label: "Tenant screening" },
  { key: "rent_collection", label: "Rent collection" },
  { key: "maintenance_coordination", label: "Maintenance coordination" },
  { key: "emergency_line", label: "24/7 emergency line" },
  { key: "leasing_marketing", label: "Leasing and marketing" },
  { key: "inspections", label: "Property inspections" },
  { key: "owner_statements", label: "Monthly owner statements" },
  { key: "evictions", label: "Eviction handling" },
  { key: "association_management", label: "HOA and association management" },
  { key: "commercial_leasing", label: "Commercial lease administration" },
  { key: "accounting", label: "Accounting and year-end tax forms" },
] as const;

export type ServiceKey = (typeof MANAGER_SERVICES)[number]["key"];
export const SERVICE_KEYS = MANAGER_SERVICES.map((service) => service.key) as [ServiceKey, ...ServiceKey[]];

export function serviceLabel(key: string): string | undefined {
  return MANAGER_SERVICES.find((service) => service.key === key)?.label;
}

/**
 * Where a manager's license data comes from. `sample`: the fictional data of a sample listing;
 * `self-reported`: what the manager told us, not checked; `registry`: checked in the state's
 * license registry on the date stored with it. Nothing else may claim a check.
 */
export const LICENSE_SOURCES = ["self-reported", "sample", "registry"] as const;
export type LicenseSource = (typeof LICENSE_SOURCES)[number];

/** Managers per page of a city list, a category tab and the ZIP results. */
export const DIRECTORY_PAGE_SIZE = 20;

/**
 * How a list of managers may be ordered. "distance" is the default and the one rule
 * every list states: nearest office first (a town's own offices first on its page), ties by
 * years in business; featured managers are marked, never moved up. The others are views an
 * owner chooses (`?sort=fee`), never indexed.
 */
export const DIRECTORY_SORTS = [
  { key: "distance", label: "Nearest first" },
  { key: "fee", label: "Lowest first-year cost" },
  { key: "years", label: "Most years in business" },
  { key: "units", label: "Most units managed" },
] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number]["key"];
export const DIRECTORY_SORT_KEYS = DIRECTORY_SORTS.map((sort) => sort.key) as [DirectorySort, ...DirectorySort[]];
export const DEFAULT_DIRECTORY_SORT: DirectorySort = "distance";
export const isDirectorySort = (value: string): value is DirectorySort => (DIRECTORY_SORT_KEYS as string[]).includes(value);
/** The most services one filter may ask for (all of them). */
export const MAX_SERVICE_FILTERS = 11;
/** An area nobody serves shows this many of the nearest cities that have managers (any state). */
export const NEAREST_CITIES_LIMIT = 5;
/** A city nobody serves shows the managers whose office is this close, nearest first. */
export const NEARBY_RADIUS_MILES = 60;
export const NEARBY_LIMIT = 6;
/** The widest service radius a manager may declare (keeps the spatial lookups bounded). */
export const MAX_SERVICE_RADIUS_MILES = 100;
/** Managers side by side on /compare. */
export const COMPARE_MAX = 3;
/** The monthly rent /compare starts from when the owner has not typed one. */
export const DEFAULT_MONTHLY_RENT = 2000;
export const MONTHLY_RENT_MAX = 100_000;

/** The sitemap protocol's limit per file; past it /sitemap.xml becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** Page record ids (spec section 7; 19 is our own record for My Client Center). */
export const PAGE_IDS = {
  home: 1,
  about: 2,
  thankYou: 3,
  topBar: 4,
  step1: 5,
  step2: 6,
  step3: 7,
  step4: 8,
  faqs: 9,
  blogs: 10,
  resources: 11,
  privacy: 12,
  acceptableUse: 13,
  limitedUse: 14,
  careers: 15,
  mission: 16,
  propertyManagement: 17,
  resourceCenter: 18,
  myClientCenter: 19,
  contact: 20,
  laws: 21,
} as const;

/** Step 5's own title and heading (its page record, page 8, serves step 4 too). */
export const REVIEW_STEP_TITLE = "Review & Submit";

export const PHONE_MAX_LENGTH = 10;
export const ZIP_MAX_LENGTH = 6;
export const PRICE_MIN = 100;
export const PRICE_MAX = 150;
export const PRICE_DEFAULT = 100;
export const COUNTRY_CODES = [
  { value: 1, label: "US +1" },
  { value: 91, label: "IN +91" },
] as const;
