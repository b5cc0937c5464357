import "server-only";
import type { Metadata } from "next";
import { getPageRecord } from "@/lib/api/pages";
import { pageMetadata } from "@/lib/seo/metadata";
import { pageSeo } from "@/lib/api/seo";

/**
 * Metadata of a quote-flow page from its page record (spec 2.2), canonical to its own path.
 * Only step 1 is worth a search result: the later steps need what the visitor entered before,
 * and the thank-you page follows a submission, so they are kept out of the index.
 */
export async function quotePageMetadata(
  pageId: number,
  path: string,
  { title, noindex = true }: { title?: string; noindex?: boolean } = {},
): Promise<Metadata> {
  const page = await getPageRecord(pageId);
  const seo = await pageSeo("fixed", path, page);
  return pageMetadata({ ...seo, title: title ?? seo.title, path, noindex });
}
