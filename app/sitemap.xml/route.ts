import { siteUrl } from "@/lib/env";
import { serverApi } from "@/lib/api/server";
import { SITEMAP_MAX_URLS } from "@/lib/contract/site";
import { sitemapIndexXml, sitemapParts, urlsetXml } from "@/lib/seo/sitemap";

export const revalidate = 3600;

/**
 * /sitemap.xml: every indexable URL while they fit in one file (50,000), past that an index of
 * the parts app/sitemaps/sitemap.ts writes (/sitemaps/sitemap/0.xml, …).
 */
export async function GET() {
  const { entries, total } = await serverApi().call("sitemap/paths", { page: 1, per_page: SITEMAP_MAX_URLS });
  const xml = total <= SITEMAP_MAX_URLS ? urlsetXml(siteUrl(), entries) : sitemapIndexXml(siteUrl(), sitemapParts(total, SITEMAP_MAX_URLS));
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
