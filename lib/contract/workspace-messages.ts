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
  sitemapLead: (pages: string) =>
    `The ${pages} pages of the sitemap, with the title, description and keywords they serve, their canonical link, robots and share image. ` +
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
