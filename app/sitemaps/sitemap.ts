import type { MetadataRoute } from "next";
import { notFound } from "next/navigation";
import { siteUrl } from "@/lib/env";
import { serverApi } from "@/lib/api/server";
import { SITEMAP_MAX_URLS } from "@/lib/contract/site";
import { canonicalUrl, sitemapParts } from "@/lib/seo/sitemap";

export const revalidate = 3600;

/**
 * The parts of the sitemap, /sitemaps/sitemap/0.xml …, 50,000 URLs each (a metadata sitemap at the
 * root would claim /sitemap.xml, which is our own route: app/sitemap.xml lists these parts).
 */
export async function generateSitemaps() {
  const { total } = await serverApi().call("sitemap/paths", { page: 1, per_page: 1 });
  return Array.from({ length: sitemapParts(total, SITEMAP_MAX_URLS) }, (_, id) => ({ id }));
}

/**
 * Every indexable URL and nothing else (no later quote steps, no "No Record" pages). While every
 * URL fits in /sitemap.xml itself there are no parts: /sitemaps/sitemap/0.xml is a 404, not a
 * second public copy of the sitemap.
 */
export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const part = Number(await id);
  const origin = siteUrl();
  const { entries, total } = await serverApi().call("sitemap/paths", { page: part + 1, per_page: SITEMAP_MAX_URLS });
  if (total <= SITEMAP_MAX_URLS) notFound();
  return entries.map((entry) => ({ url: canonicalUrl(origin, entry.path), ...(entry.lastModified ? { lastModified: entry.lastModified } : {}) }));
}
