import "server-only";
import type { Metadata } from "next";
import { getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";
import { FIXED_PAGE_RECORDS, NOINDEX_FIXED_PAGES } from "@/lib/contract/fixed-pages";
import { PATHS, STEP_PATHS } from "@/lib/contract/routes";

/**
 * Metadata of a quote-flow page from its page record (spec 2.2), canonical to its own path.
 * Only step 1 is worth a search result; the later steps and the thank-you page say noindex, with
 * their record and title, by NOINDEX_FIXED_PAGES (lib/contract/fixed-pages.ts), the table the
 * workspace's CSV lists them from.
 */
export async function quotePageMetadata(path: (typeof STEP_PATHS)[keyof typeof STEP_PATHS] | typeof PATHS.thankYou): Promise<Metadata> {
  const hidden = NOINDEX_FIXED_PAGES[path];
  const record = hidden ? hidden.record : FIXED_PAGE_RECORDS[STEP_PATHS[1]];
  const seo = await pageSeo("fixed", path, await getPageRecord(record));
  return pageMetadata({ ...seo, title: hidden?.title ?? seo.title, path, noindex: hidden !== undefined });
}
