/**
 * The words of every indexable page's search and social appearance (title, description,
 * keywords), in one place: the public pages' generateMetadata, the marketers' workspace (its
 * list, editor, template previews and audit) and the tests all render them through
 * `seoTextFor`.
 *
 * Each kind of page has default wording (what the pages said before the workspace existed, word for
 * word), which a published template for the kind replaces, and which a published override of one
 * page replaces again, field by field (a null field falls through to the next level). Templates
 * and overrides are patterns with variables in braces, `{city}`, `{state}`, `{count}`…; each kind
 * lists the variables it offers (SEO_VARIABLES), and a pattern naming any other is refused.
 *
 * Plain values and functions only: the browser may import this file.
 */
import { DIRECTORY_PAGE_SIZE, LAWS_TITLE, SITE_NAME } from "./site";
import { DESCRIPTION_FIT, endsCut, fitSeoText, fitsDescription, fitsTitle, wholeSentencesWithin, type SeoCandidate } from "./serp";
import { SEARCH_FIELDS, SEO_FIELDS, SEO_FIELD_LABELS, SOCIAL_FALLBACK_LABELS, isSocialField, SEO_PATTERN_MAX_LENGTH, SOCIAL_FALLBACK, SOCIAL_FIELDS, type SearchField, type SeoField, type SeoPattern, type SeoText } from "./seo-fields";

export * from "./seo-fields";

export const SEO_KINDS = ["fixed", "state", "city", "category", "profile", "law", "law-compare", "blog"] as const;
export type SeoKind = (typeof SEO_KINDS)[number];
export const isSeoKind = (value: string): value is SeoKind => (SEO_KINDS as readonly string[]).includes(value);

export const SEO_KIND_LABELS: Record<SeoKind, string> = {
  fixed: "Fixed page",
  state: "State hub",
  city: "City",
  category: "Category tab",
  profile: "Manager profile",
  law: "State law",
  "law-compare": "Law comparison",
  blog: "Blog post",
};

/** What each kind of page knows about itself, as its page and the workspace read it from the data. */
export type SeoFactsOf = {
  /** Home, step 1, content pages: their page record's own SEO fields (spec 2.2). */
  fixed: { seo_title: string; seo_description: string; seo_keywords: string; heading: string };
  state: { state: string; state_abbr: string; /** cities with managers */ count: number };
  city: { city: string; state: string; state_abbr: string; /** managers serving the city */ count: number; page: number };
  category: { category: string; city: string; state: string; state_abbr: string; count: number; page: number };
  profile: {
    company: string;
    city: string;
    state: string;
    state_abbr: string;
    /** "Single Family, Multi Family" */ category: string;
    /** the about text, cut to 160 characters */ about: string;
    /** a sample listing (a fictional company): every word of its result and share card says so */ sample?: boolean;
  };
  law: { state: string };
  "law-compare": { topic: string; /** the topic's label in lower case: "security deposit limit" */ topic_label: string; /** the topic's description and coverage, cut to 300 characters */ summary: string };
  blog: { seo_title: string; seo_description: string; seo_keywords: string; heading: string };
};
export type SeoFacts = SeoFactsOf[SeoKind];

const RECORD = ["seo_title", "seo_description", "seo_keywords", "heading"] as const;
const PLACE = ["city", "state", "state_abbr"] as const;
const LIST = ["count", "managers", "managers_lower", "page", "page_of"] as const;

/**
 * The variables each kind offers its patterns, by name (what each means, for the editor:
 * lib/contract/seo-variables.ts, kept apart so the browser's live preview carries names only).
 */
export const SEO_VARIABLES: Record<SeoKind, readonly string[]> = {
  fixed: [...RECORD, "site"],
  state: ["state", "state_abbr", "count", "site"],
  city: [...PLACE, ...LIST, "site"],
  category: [...PLACE, "category", "category_lower", ...LIST, "site"],
  profile: ["company", ...PLACE, "category", "about", "site"],
  law: ["state", "site"],
  "law-compare": ["topic", "topic_label", "summary", "site"],
  blog: [...RECORD, "site"],
};

const LIST_DESCRIPTION = `{page_of}{count} {managers_lower} serve {city}, {state}. Compare their fees, services and licenses on {site}, then request free quotes.`;
const LIST_KEYWORDS = `{managers_lower} {city}, property management {city}, {state_abbr}, {city} {state} property management companies, rental management {city}, {site}`;

/**
 * Each kind's default wording. A later page of a list says "Page N" in its title and its
 * description, so no two indexable pages share either (README "Workspace": why not Google's
 * "same words for the whole series").
 */
export const DEFAULT_SEO_TEMPLATES: Record<SeoKind, Record<SearchField, string>> = {
  fixed: { title: "{seo_title}", description: "{seo_description}", keywords: "{seo_keywords}" },
  blog: { title: "{seo_title}", description: "{seo_description}", keywords: "{seo_keywords}" },
  state: {
    title: "Property Managers in {state} by City | {site}",
    description: "{count} {state} cities have property managers on {site}. Compare their fees, services and licenses, and read {state}'s landlord-tenant law.",
    keywords: "property managers {state}, property management {state_abbr}, {state} property management companies, {site}",
  },
  city: { title: "{managers} in {city}, {state_abbr}{page} | {site}", description: LIST_DESCRIPTION, keywords: LIST_KEYWORDS },
  category: { title: "{managers} in {city}, {state_abbr}{page} | {site}", description: LIST_DESCRIPTION, keywords: LIST_KEYWORDS },
  profile: {
    title: "{company} – Property Manager in {city}, {state_abbr} | {site}",
    description: "{about}",
    keywords: "{company}, property management {city}, {state_abbr}, {category}, property manager {city}",
  },
  law: {
    title: `${LAWS_TITLE} in {state} | {site}`,
    description: `${LAWS_TITLE} in {state}, in plain language: security deposits, landlord entry, notice to end a tenancy, unpaid rent and late fees, with the statutes.`,
    keywords: `${LAWS_TITLE} in {state}, {state} tenant rights, {state} security deposit law, {state} eviction notice, {state} landlord entry notice`,
  },
  "law-compare": {
    title: "{topic} | {site}",
    description: "{summary}",
    keywords: "{topic}, {topic_label} by state, 50-state comparison, landlord tenant law",
  },
};

/** The kinds of page that are lists: a state's served cities, a city's managers, a category tab's. */
export const LIST_KINDS: ReadonlySet<SeoKind> = new Set(["state", "city", "category"]);

/** A list with fewer entries than this is empty: a "No Record" page (or a state nobody serves). */
export const INDEXED_LIST_MIN = 1;

/**
 * The one rule of an empty list: a list page of `count` entries is kept out of search
 * engines when nobody is in it. The state hub and the city lists say noindex by it, the
 * workspace shows their robots by it, the audit flags an indexed page that breaks it, and the
 * sitemap's SQL keeps a list only when its count reaches INDEXED_LIST_MIN (the same rule, in SQL).
 */
export function emptyListIsNoindex(count: number): boolean {
  return !(count >= INDEXED_LIST_MIN);
}

/**
 * One page per listing set: a category tab that lists every manager of its city (a tab's managers
 * are always some of the city's, so as many means the same ones, in the same order) is the city's
 * page again. It stays for visitors, but its canonical is the city page's (page for page) and the
 * sitemap leaves it out (the same rule, in SQL: lib/db/queries/sitemap.ts servedCitiesFor).
 */
export function tabRepeatsCity(tabCount: number, cityCount: number): boolean {
  return tabCount >= cityCount;
}

/**
 * The shorter wording a kind's default falls back to, in order, when a page's values make it
 * wider than a result shows (lib/contract/serp.ts fitSeoText chooses): a fallback naming a
 * variable that is empty for the page is skipped. Only the generated default wording falls back,
 * within DEFAULT_FIT's margin; a page record's own words, a template or an override is shown as
 * written, so the audit reports what it does.
 */
export const DEFAULT_SEO_FALLBACKS: Record<SeoKind, { title: string[]; description: string[] }> = {
  fixed: { title: [], description: [] },
  blog: { title: [], description: [] },
  state: {
    title: ["Property Managers in {state} | {site}", "Property Managers in {state}"],
    description: ["{count} {state} cities have property managers on {site}. Compare their fees, services and licenses."],
  },
  city: {
    title: ["{managers} in {city}, {state_abbr}{page}", "{managers} in {city}{page}"],
    description: [
      "{page_of}{count} {managers_lower} serve {city}, {state_abbr}. Compare their fees, services and licenses, then request free quotes.",
      "{page_of}{count} {managers_lower} serve {city}, {state_abbr}. Compare them on {site}.",
    ],
  },
  category: {
    title: ["{managers} in {city}, {state_abbr}{page}", "{category} Managers in {city}, {state_abbr}{page}", "{category} Managers, {city}{page}"],
    description: [
      "{page_of}{count} {managers_lower} serve {city}, {state_abbr}. Compare their fees, services and licenses, then request free quotes.",
      "{page_of}{count} {managers_lower} serve {city}, {state_abbr}. Compare them on {site}.",
    ],
  },
  profile: {
    title: ["{company} – Property Manager in {city}, {state_abbr}", "{company} – {city}, {state_abbr} | {site}", "{company} – {city}, {state_abbr}", "{company}, {state_abbr}"],
    description: [
      "{company} is a property manager in {city}, {state_abbr} ({category}). Compare its fees, services and licenses on {site}.",
      "{company} is a property manager in {city}, {state_abbr}. Compare its fees, services and licenses on {site}.",
    ],
  },
  law: {
    title: [`${LAWS_TITLE} in {state}`],
    description: [`${LAWS_TITLE} in {state}, in plain language: security deposits, landlord entry, notices and late fees, with the statutes.`],
  },
  "law-compare": { title: ["{topic}"], description: [] },
};

/** A pattern that is one variable of free text from the data (an about text): it may be cut after a sentence. */
const FREE_TEXT = /^\{(?:about|summary)\}$/;

/**
 * A pattern that is a record's own field (a page's or a post's SEO title or description): an
 * author's words, shown as written like a template or an override, never refitted.
 */
const AUTHORED = /^\{(?:seo_title|seo_description)\}$/;

/**
 * A list nobody is in (a "No Record" page, noindex, in no sitemap and not in the workspace) keeps
 * this description whatever the template says: a template's "{count} managers serve…" would read
 * "0 managers serve…".
 */
const EMPTY_LIST_DESCRIPTION = "No {managers_lower} serve {city}, {state} on {site} yet. See managers nearby and request free quotes.";

/** A sample listing's name wherever its words name it: results, share cards, structured data. */
export const sampleName = (company: string) => `${company} (Sample)`;
/** The words a sample listing's text starts with when its name is not in it. */
const SAMPLE_LEAD = "Sample listing: ";
const SAYS_SAMPLE = /\bsample\b/i;
const isSample = (kind: SeoKind, facts: SeoFacts) => kind === "profile" && (facts as SeoFactsOf["profile"]).sample === true;

/** The value of every variable of a kind, from the page's facts. */
function seoVariables(kind: SeoKind, facts: SeoFacts): Record<string, string> {
  const values: Record<string, string> = { site: SITE_NAME };
  const given = facts as Record<string, string | number | undefined>;
  for (const name of SEO_VARIABLES[kind]) if (given[name] !== undefined) values[name] = String(given[name]);
  if (isSample(kind, facts)) {
    values.company = sampleName(values.company ?? "");
    if (values.about) values.about = `${SAMPLE_LEAD}${values.about}`;
  }
  if (kind === "city" || kind === "category") {
    const list = facts as SeoFactsOf["city"] & Partial<SeoFactsOf["category"]>;
    const managers = kind === "category" && list.category ? `${list.category} Property Managers` : "Property Managers";
    values.managers = managers;
    values.managers_lower = managers.toLowerCase();
    values.page = list.page > 1 ? ` – Page ${list.page}` : "";
    values.page_of = list.page > 1 ? `Page ${list.page} of ${Math.max(list.page, Math.ceil(Number(list.count) / DIRECTORY_PAGE_SIZE))}: ` : "";
    if (kind === "category") values.category_lower = String(list.category).toLowerCase();
  }
  return values;
}

const VARIABLE = /\{([a-z_]+)\}/g;

function renderPattern(pattern: string, variables: Record<string, string>): string {
  return pattern.replace(VARIABLE, (whole, name: string) => variables[name] ?? whole);
}

/** Where a field's wording comes from on a page. */
export type SeoSource = "override" | "template" | "default";

export type ResolvedSeo = { text: SeoText; sources: Record<SeoField, SeoSource> };

/**
 * A page's title, description and keywords: its override's pattern for a field, else its kind's
 * published template, else the default wording, rendered with its facts.
 */
export function resolveSeo<K extends SeoKind>({
  kind,
  facts,
  template,
  override,
}: {
  kind: K;
  facts: SeoFactsOf[K];
  /** A field left out is null: the next level decides. */
  template?: Partial<SeoPattern> | null;
  override?: Partial<SeoPattern> | null;
}): ResolvedSeo {
  const variables = seoVariables(kind, facts);
  const emptyList = (kind === "city" || kind === "category") && emptyListIsNoindex(Number((facts as SeoFactsOf["city"]).count));
  const text = {} as SeoText;
  const sources = {} as Record<SeoField, SeoSource>;
  for (const field of SEARCH_FIELDS) {
    const fromOverride = override?.[field] ?? null;
    const fromTemplate = emptyList && field === "description" ? EMPTY_LIST_DESCRIPTION : (template?.[field] ?? null);
    const pattern = fromOverride ?? fromTemplate ?? DEFAULT_SEO_TEMPLATES[kind][field];
    sources[field] = fromOverride !== null ? "override" : template?.[field] != null && !(emptyList && field === "description") ? "template" : "default";
    text[field] =
      sources[field] === "default" && field !== "keywords" && !emptyList && !AUTHORED.test(pattern)
        ? fitDefault(field, [pattern, ...DEFAULT_SEO_FALLBACKS[kind][field]], variables)
        : renderPattern(pattern, variables).replace(/\s+/g, " ").trim();
  }
  for (const field of SOCIAL_FIELDS) {
    const pattern = override?.[field] ?? template?.[field] ?? null;
    sources[field] = override?.[field] != null ? "override" : template?.[field] != null ? "template" : "default";
    const fallback = SOCIAL_FALLBACK[field];
    text[field] =
      pattern !== null ? renderPattern(pattern, variables).replace(/\s+/g, " ").trim() : fallback === "share image" ? shareImageFor({ kind, facts }).alt : text[fallback];
  }
  // A sample listing says so in every word a result or a share card shows, whatever a template or an override wrote.
  if (isSample(kind, facts)) for (const field of SEO_FIELDS) if (field !== "keywords" && !SAYS_SAMPLE.test(text[field])) text[field] = `${SAMPLE_LEAD}${text[field]}`;
  return { text, sources };
}

/** Variables that are empty by design (on a list's first page). */
const OPTIONAL: ReadonlySet<string> = new Set(["page", "page_of"]);

/** The default wording of a field that fits a result: the first pattern (or fallback) that does. */
function fitDefault(field: "title" | "description", patterns: string[], variables: Record<string, string>): string {
  // Tried one at a time (most pages fit their first pattern); fitSeoText decides only when none does.
  const candidates: SeoCandidate[] = [];
  for (const [index, pattern] of patterns.entries()) {
    if (index > 0 && ![...pattern.matchAll(VARIABLE)].every(([, name]) => OPTIONAL.has(name) || (variables[name] ?? "").trim() !== "")) continue;
    const text = renderPattern(pattern, variables).replace(/\s+/g, " ").trim();
    const sentences = FREE_TEXT.test(pattern);
    if (field === "title" ? fitsTitle(text) : fitsDescription(text) && !endsCut(text)) return text;
    const whole = field === "description" && sentences ? wholeSentencesWithin(text, DESCRIPTION_FIT) : null;
    if (whole) return whole;
    candidates.push({ text, sentences });
  }
  return fitSeoText(field, candidates);
}

/**
 * What each field says where a template leaves it empty, for the workspace to show: a search
 * field's default pattern, a social field's fallback (SOCIAL_FALLBACK_LABELS).
 */
export function wordsBelowTemplate(kind: SeoKind): SeoText {
  return Object.fromEntries(SEO_FIELDS.map((field) => [field, isSocialField(field) ? `Empty: ${SOCIAL_FALLBACK_LABELS[field]}` : DEFAULT_SEO_TEMPLATES[kind][field]])) as SeoText;
}

/** The text alone (what a page's metadata needs). */
export function seoTextFor<K extends SeoKind>(input: { kind: K; facts: SeoFactsOf[K]; template?: Partial<SeoPattern> | null; override?: Partial<SeoPattern> | null }): SeoText {
  return resolveSeo(input).text;
}



/**
 * Why a pattern cannot be saved for a kind, or null when it can: a variable the kind does not
 * offer, a brace that opens no variable, control characters, or too long.
 */
export function patternProblem(kind: SeoKind, field: SeoField, pattern: string): string | null {
  const label = `The ${SEO_FIELD_LABELS[field].toLowerCase()}`;
  if (pattern.length > SEO_PATTERN_MAX_LENGTH[field]) return `${label} must be ${SEO_PATTERN_MAX_LENGTH[field]} characters or fewer.`;
  if (/[\u0000-\u001f\u007f]/.test(pattern)) return `${label} cannot contain line breaks or control characters.`;
  const offered = new Set(SEO_VARIABLES[kind]);
  for (const [, name] of pattern.matchAll(VARIABLE)) {
    if (!offered.has(name)) return `${label} uses {${name}}, which a ${SEO_KIND_LABELS[kind].toLowerCase()} does not have. Use one of: ${SEO_VARIABLES[kind].map((name) => `{${name}}`).join(", ")}.`;
  }
  if (/[{}]/.test(pattern.replace(VARIABLE, ""))) return `${label} has a brace that is not part of a variable: write variables as {city}.`;
  return null;
}

/** The cache tags of a page's SEO rules: its kind's template and its own override. */
export function seoCacheTags(kind: SeoKind, path: string): string[] {
  return [`seo:kind:${kind}`, `seo:page:${path}`];
}

// ---------------------------------------------------------------------------------------------
// Share images (Open Graph and X)

/** A share image for Open Graph and X (Twitter): PNG, with the size and a description of it. */
export type ShareImage = { url: string; alt: string; width: number; height: number; type: "image/png" | "image/jpeg" };

/** The site's share card, for every page without one of its own. */
export const DEFAULT_SHARE_IMAGE: ShareImage = {
  url: "/brand/og-image.png",
  // Short: it is sent four times in every page (og:image:alt and twitter:image:alt, in the HTML and in the flight data).
  alt: `${SITE_NAME}: find and compare local property managers`,
  width: 1200,
  height: 630,
  type: "image/png",
};

/**
 * The share image a page declares: blog posts and manager profiles draw their own card
 * (opengraph-image.tsx beside the page, whose address Next.js makes per build: url null), and this
 * alt text is the card's (opengraph-image.tsx publishes it); every other page shows the site's card.
 */
export function shareImageFor(page: { kind: SeoKind; facts: SeoFacts }): { url: string | null; alt: string } {
  if (page.kind === "blog") {
    const { heading } = page.facts as SeoFactsOf["blog"];
    return { url: null, alt: heading ? `${heading}: an article on the ${SITE_NAME} blog` : "" };
  }
  if (page.kind === "profile") {
    const { company, city, state_abbr, sample } = page.facts as SeoFactsOf["profile"];
    return { url: null, alt: company ? `${sample ? sampleName(company) : company}, property manager in ${city}, ${state_abbr}, on ${SITE_NAME}` : "" };
  }
  return { url: DEFAULT_SHARE_IMAGE.url, alt: DEFAULT_SHARE_IMAGE.alt };
}

/** The target of a template ("template:city") or of one page's override ("page:/agents/TX/austin"). */
export function templateTarget(kind: SeoKind): string {
  return `template:${kind}`;
}
export function pageTarget(path: string): string {
  return `page:${path}`;
}
