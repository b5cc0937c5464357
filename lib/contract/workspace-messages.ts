/**
 * What the workspace's pages and the draft-preview bar say in their own text, beside what its
 * calls and forms answer (lib/contract/staff.ts). One home: pages, components and tests import
 * these. A sentence that an element interrupts is split around it (`before`, `after`).
 */
import { SERP } from "./serp";

/** Signing in. */
export const SIGN_IN_PAGE = {
  lead: "The workspace is for Managely staff. Enter your work email and we will send you a link that signs you in.",
  confirmLead: "Press the button to sign in on this device. The link works once.",
  expired: { before: "Link expired or used already?", link: "Ask for a new one", after: "." },
  staffCommand: { before: "On a server without the workspace open, an operator adds staff with", command: "npm run staff -- add EMAIL --role admin|operator|editor|viewer", after: "." },
} as const;

/** The pages list, a page's editor, the templates and the audit. */
export const WORKSPACE_PAGES = {
  listTitle: "The site's pages",
  sitemapLead: (pages: string) =>
    `The ${pages} pages of the sitemap (a page whose own settings say noindex, or name another canonical, leaves the sitemap and stays here), with the title, description and keywords they serve, their canonical link, robots and share image. ` +
    `Widths are estimates at ${SERP.title.fontPx} px (titles, limit ${SERP.title.maxPx} px) and ${SERP.description.fontPx} px (descriptions, limit ${SERP.description.desktopMaxPx} px).`,
  pageReadOnly: (role: string) => `Your role (${role}) can see this page but not change it.`,
  templatesLead: "Each kind of page writes its title, description and keywords from a pattern with variables. Admins change them here; a single page can still override its template.",
  templatePages: (pages: string) => `${pages} pages of this kind.`,
  templatesReadOnly: (role: string) => `Only admins change templates; your role (${role}) can see them.`,
  sameNameCities: "Cities that share a name across states must tell them apart.",
  auditChecked: (date: string, ms: string) => `Checked from the database on ${date} in ${ms} ms; it runs again when content changes or anything is published.`,
  noJsonLd: "The page has no JSON-LD.",
  noRevisions: "Nothing has been published here yet: the page uses its template or the default wording.",
  serpEstimates:
    `Estimates: titles at ${SERP.title.fontPx} px Arial up to about ${SERP.title.maxPx} px on a desktop, at ${SERP.phoneTitle.fontPx} px on at most ` +
    `${SERP.phoneTitle.maxLines} lines of about ${SERP.phoneTitle.lineWidthPx} px on a phone; descriptions at ${SERP.description.fontPx} px up to about ` +
    `${SERP.description.desktopMaxPx} px on a desktop and ${SERP.description.phoneMaxPx} px on a phone. Search engines may show other words.`,
} as const;

/** The bar of a public page in draft mode. */
export const PREVIEW_BAR = {
  draftTitle: "Draft preview.",
  draft: (id: number | string, whose: string, owner: string) => `This page shows draft ${id} of ${whose}, by ${owner}: only you see it.`,
  templateDraft: (kind: string) => `the ${kind} template`,
  pageDraft: "this page's own words",
  endedTitle: "Preview ended.",
  ended: "Your workspace session is over or the draft is gone: this page shows what is published.",
} as const;

/**
 * A page's own settings for search engines and sharing (lib/contract/page-settings.ts): the
 * editor's fields, its previews, the list, the history, and the refusals of what cannot be saved.
 */
export const PAGE_SETTINGS_COPY = {
  legend: "Search engines and sharing",
  noindexLabel: "Keep this page out of search results (noindex)",
  nofollowLabel: "Ask search engines not to follow its links (nofollow)",
  canonicalLabel: "Canonical address",
  shareImageLabel: "Share image",
  emptyMeans: (origin: string) =>
    `Leave the canonical empty and the page names itself; leave the share image empty and it keeps its own card. Both take a path on this site (/agents/TX/austin) or an address on ${origin}.`,
  shareImageChoices: (images: string) => `Images the site serves: ${images}.`,
  robotsLabel: "Robots",
  robotsDefault: "what the page decides",
  canonicalDefault: "its own address",
  shareImageDefault: "its own card",
  /** The search results' note when the page will not be shown. */
  notShownNoindex: "This page will not appear in search results: it tells search engines noindex, and it leaves the sitemap.",
  notShownCanonical: (canonical: string) => `Search engines are asked to show ${canonical} instead of this page: it leaves the sitemap.`,
  nofollowNote: "Search engines are asked not to follow this page's links (nofollow).",
  /** Said above Publish when the draft changes how search engines treat the page. */
  publishLeaves: "Publishing this draft takes the page out of search results and out of the sitemap.",
  publishReturns: "Publishing this draft lets search engines index the page again and puts it back in the sitemap.",
  /** Refusals. */
  notOnSite: (label: string, value: string, origin: string) =>
    `The ${label.toLowerCase()} must be a path on this site (/agents/TX/austin) or an address on ${origin}; “${value}” is not.`,
  tooLong: (label: string, max: number) => `The ${label.toLowerCase()} must be ${max} characters or fewer.`,
  notAnImage: (value: string) => `The share image must be a PNG, JPEG, GIF or WebP image (search engines and social sites do not show SVG); “${value}” is not.`,
  notServed: (value: string, images: string) => `The site does not serve an image at ${value}. Choose one it serves: ${images}.`,
  /** The list's filter. */
  filterLabel: "Robots",
  filterAny: "Any",
  filterIndex: "Indexable",
  filterNoindex: "noindex",
  filterNofollow: "nofollow",
  filterCanonical: "Canonical elsewhere",
} as const;
