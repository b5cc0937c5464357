import type { SitemapEntry } from "../contract";
import { sitemapPartPath } from "../contract/routes";

/**
 * The XML of /sitemap.xml, written by our own route: the list of URLs while it fits in one file,
 * an index of the parts Next writes (app/sitemap.ts, generateSitemaps) once it does not.
 */
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url>\n<loc>${escapeXml(`${origin}${entry.path}`)}</loc>${entry.lastModified ? `\n<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ""}\n</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, parts: number): string {
  const items = Array.from({ length: parts }, (_, id) => `<sitemap>\n<loc>${escapeXml(`${origin}${sitemapPartPath(id)}`)}</loc>\n</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export const sitemapParts = (total: number, perPart: number) => Math.max(1, Math.ceil(total / perPart));
