import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { PATHS, SITEMAP_PATH } from "@/lib/contract/routes";

/**
 * Only what is not a page is blocked (the API). Pages that must stay out of the index (the
 * thank-you page, the quote steps, No Record cities) say noindex themselves: a robots.txt block
 * would keep a crawler from ever reading that noindex, and a blocked URL can still be indexed from
 * links to it.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: PATHS.home, disallow: [`${PATHS.api}/`] }],
    sitemap: `${siteUrl()}${SITEMAP_PATH}`,
    // No Host line: a non-standard directive, and one holding a URL is invalid.
  };
}
