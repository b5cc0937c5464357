import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { listIndexablePaths, SITEMAP_LIMIT } from "@/lib/seo/sitemap";
import { CONTENT_PAGES } from "@/components/content/content-pages";

export const revalidate = 3600;

/** Every indexable URL and nothing else (no quote steps' thank-you, no "No Record" pages). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteUrl();
  const url = (path: string) => `${origin}${path}`;
  const { laws, blogs, cities, agents } = await listIndexablePaths();
  const fixed = ["/", "/search", "/resources", "/laws", "/blogs", "/faqs", "/contact-us", ...Object.values(CONTENT_PAGES).map((page) => page.path)];
  const entries: MetadataRoute.Sitemap = [
    ...fixed.map((path) => ({ url: url(path), changeFrequency: "weekly" as const, priority: path === "/" ? 1 : 0.7 })),
    ...laws.map((path) => ({ url: url(path), changeFrequency: "monthly" as const, priority: 0.8 })),
    ...blogs.map((blog) => ({ url: url(blog.path), lastModified: blog.date, changeFrequency: "monthly" as const, priority: 0.6 })),
    ...cities.map((path) => ({ url: url(path), changeFrequency: "daily" as const, priority: 0.8 })),
    ...agents.map((path) => ({ url: url(path), changeFrequency: "weekly" as const, priority: 0.5 })),
  ];
  return entries.slice(0, SITEMAP_LIMIT);
}
