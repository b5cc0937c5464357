import { PAGE_IDS, REVIEW_STEP_TITLE, SITE_NAME } from "./site";
import { CONTENT_PAGE_PATHS, INDEXABLE_FIXED_PATHS, PATHS, STEP_PATHS } from "./routes";

/**
 * The pages with a fixed address and the page records their words come from (spec 2.2): those
 * search engines may index, and those kept out. Server-side tables (the sitemap, the quote pages'
 * metadata, the workspace's rows): the browser's live preview does not carry them.
 */

/** Why a fixed page is kept out of search engines (CSV_EXPORT.noindexFixed says it in words). */
export type NoindexFixedReason = "laterStep" | "afterSubmission";

/**
 * The fixed pages the site serves but keeps out of search engines, with the page record their
 * words come from and why: the later steps of the request form need what the visitor entered
 * before them, and the thank-you page follows a submission. Their metadata says noindex by this
 * table (app/(quote)/metadata.ts), and the workspace's CSV lists them with the reason. The ZIP
 * search (/managers) and the comparison (/compare) are noindex too, but their words follow the
 * visitor's query: they are not listed.
 */
export const NOINDEX_FIXED_PAGES: Readonly<Record<string, { record: number; title?: string; reason: NoindexFixedReason }>> = {
  [STEP_PATHS[2]]: { record: PAGE_IDS.step2, reason: "laterStep" },
  [STEP_PATHS[3]]: { record: PAGE_IDS.step3, reason: "laterStep" },
  [STEP_PATHS[4]]: { record: PAGE_IDS.step4, reason: "laterStep" },
  // Page 8 serves step 4 too: step 5's title is its own.
  [STEP_PATHS[5]]: { record: PAGE_IDS.step4, title: `${REVIEW_STEP_TITLE} | ${SITE_NAME}`, reason: "laterStep" },
  [PATHS.thankYou]: { record: PAGE_IDS.thankYou, reason: "afterSubmission" },
};

/**
 * The page record behind each indexable page with a fixed address: its SEO fields are the facts of
 * the "fixed" kind (components/content/content-pages.ts uses the same ids; a test holds them equal).
 */
export const FIXED_PAGE_RECORDS: Record<(typeof INDEXABLE_FIXED_PATHS)[number], number> = {
  [PATHS.home]: PAGE_IDS.home,
  [STEP_PATHS[1]]: PAGE_IDS.step1,
  [PATHS.resources]: PAGE_IDS.resources,
  [PATHS.laws]: PAGE_IDS.laws,
  [PATHS.blogs]: PAGE_IDS.blogs,
  [PATHS.faqs]: PAGE_IDS.faqs,
  [PATHS.contact]: PAGE_IDS.contact,
  "/about-us": PAGE_IDS.about,
  "/our-mission": PAGE_IDS.mission,
  "/career": PAGE_IDS.careers,
  "/resource-center": PAGE_IDS.resourceCenter,
  "/my-client-center": PAGE_IDS.myClientCenter,
  "/property-management": PAGE_IDS.propertyManagement,
  "/limited-use-disclosure": PAGE_IDS.limitedUse,
  "/privacy-policy": PAGE_IDS.privacy,
  "/acceptable-use-policy": PAGE_IDS.acceptableUse,
} satisfies Record<(typeof CONTENT_PAGE_PATHS)[number], number> & Record<string, number>;
