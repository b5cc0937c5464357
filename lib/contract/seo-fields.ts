/**
 * The fields of a page's search and social appearance, their names, and the words of a row of
 * them: the small part of lib/contract/seo-text.ts that staff.ts and the browser's editor need
 * without the width tables. seo-text.ts re-exports all of it.
 */

/** What a search result shows (and the keywords meta tag). */
export const SEARCH_FIELDS = ["title", "description", "keywords"] as const;
/**
 * What a share card shows: the Open Graph title and description (X reads them
 * too) and the share image's alt text. Each falls back to SOCIAL_FALLBACK when no level sets it.
 */
export const SOCIAL_FIELDS = ["og_title", "og_description", "image_alt"] as const;
export const SEO_FIELDS = [...SEARCH_FIELDS, ...SOCIAL_FIELDS] as const;

/** Each field's name on the workspace's screens. */
export const SEO_FIELD_LABELS = {
  title: "Title",
  description: "Description",
  keywords: "Keywords",
  og_title: "Social title",
  og_description: "Social description",
  image_alt: "Image alt text",
} as const satisfies Record<(typeof SEO_FIELDS)[number], string>;
/** The longest pattern accepted, per field (far beyond any useful title or description). */
export const SEO_PATTERN_MAX_LENGTH: Record<(typeof SEO_FIELDS)[number], number> = {
  title: 300,
  description: 1_000,
  keywords: 1_000,
  og_title: 300,
  og_description: 1_000,
  // X's limit for twitter:image:alt (developer.x.com, "Cards markup"); Open Graph sets none.
  image_alt: 420,
};

export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SocialField = (typeof SOCIAL_FIELDS)[number];
export type SeoField = (typeof SEO_FIELDS)[number];
export const isSeoField = (value: unknown): value is SeoField => typeof value === "string" && (SEO_FIELDS as readonly string[]).includes(value);
export const isSocialField = (field: SeoField): field is SocialField => (SOCIAL_FIELDS as readonly string[]).includes(field);
export type SeoText = Record<SeoField, string>;

/**
 * One page's own settings for search engines and sharing, beside its words: its robots
 * ("noindex", "nofollow" or both; null: what the page decides), its canonical (a path on this
 * site; null: its own address) and its share image (a path on this site; null: the page's own
 * card). Only a page's override sets them (a template's are always null): lib/contract/page-settings.ts.
 */
export const PAGE_SETTING_FIELDS = ["robots", "canonical", "share_image"] as const;
export type PageSettingField = (typeof PAGE_SETTING_FIELDS)[number];
export type PageSettings = Record<PageSettingField, string | null>;
const EMPTY_PAGE_SETTINGS: PageSettings = { robots: null, canonical: null, share_image: null };
/** Every column of a template or an override: its words, then a page's settings. */
export const RULE_FIELDS = [...SEO_FIELDS, ...PAGE_SETTING_FIELDS] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/**
 * A template or one page's override: a pattern per field, and a page's settings; null lets the
 * next level decide.
 */
export type SeoPattern = Record<RuleField, string | null>;
export const EMPTY_PATTERN: SeoPattern = { title: null, description: null, keywords: null, og_title: null, og_description: null, image_alt: null, ...EMPTY_PAGE_SETTINGS };

/**
 * What a share card says when neither the page's override nor its kind's template sets a social
 * field: the page's search title, its search description, and its share image's own alt text.
 */
export const SOCIAL_FALLBACK = { og_title: "title", og_description: "description", image_alt: "share image" } as const satisfies Record<SocialField, SearchField | "share image">;

/** How the workspace names each fallback. */
export const SOCIAL_FALLBACK_LABELS = {
  og_title: "the page's search title",
  og_description: "the page's search description",
  image_alt: "the share image's own alt text",
} as const satisfies Record<SocialField, string>;

/** The words and settings of a row (a draft, a revision, a live rule, a form): every field, missing ones null. */
export function patternOf(row: Partial<Record<RuleField, string | null | undefined>>): SeoPattern {
  return Object.fromEntries(RULE_FIELDS.map((field) => [field, row[field] ?? null])) as SeoPattern;
}

/** A page's settings alone (what its metadata adds to its words). */
export function settingsOf(row: Partial<Record<PageSettingField, string | null | undefined>> | null | undefined): PageSettings {
  return { robots: row?.robots ?? null, canonical: row?.canonical ?? null, share_image: row?.share_image ?? null };
}

/** A pattern that sets nothing: every field and setting falls through to the level below. */
export const isEmptyPattern = (pattern: SeoPattern) => RULE_FIELDS.every((field) => (pattern[field] ?? null) === null);

/** What a page's robots setting says, as two switches. */
export const robotsFlags = (robots: string | null | undefined) => ({ noindex: /\bnoindex\b/.test(robots ?? ""), nofollow: /\bnofollow\b/.test(robots ?? "") });
