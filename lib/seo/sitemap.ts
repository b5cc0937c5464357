import type { SitemapEntry } from "../contract";
import { sitemapPartPath } from "../contract/routes";

/**
 * The XML of /sitemap.xml, written by our own route: the list of URLs while it fits in one file,
 * an index of the parts Next writes (app/sitemap.ts, generateSitemaps) once it does not.
 */
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/**
 * A page's URL exactly as its canonical link writes it: Next.js writes home's as the bare origin
 * ("https://example.com", never with the slash), so the sitemap does too: one form of home.
 */
export const canonicalUrl = (origin: string, path: string) => (path === "/" ? origin : `${origin}${path}`);

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url>\n<loc>${escapeXml(canonicalUrl(origin, entry.path))}</loc>${entry.lastModified ? `\n<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ""}\n</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, parts: number): string {
  const items = Array.from({ length: parts }, (_, id) => `<sitemap>\n<loc>${escapeXml(`${origin}${sitemapPartPath(id)}`)}</loc>\n</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export const sitemapParts = (total: number, perPart: number) => Math.max(1, Math.ceil(total / perPart));
