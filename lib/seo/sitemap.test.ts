import { sitemapIndexXml, sitemapParts, urlsetXml } from "./sitemap";

describe("sitemap XML", () => {
  it("lists URLs, escaped, with their dates", () => {
    const xml = urlsetXml("https://example.com", [{ path: "/blog/a&b" }, { path: "/", lastModified: "2026-11-24" }]);
    expect(xml).toContain("<loc>https://example.com/blog/a&amp;b</loc>");
    // Home as its canonical link writes it: the origin alone.
    expect(xml).toContain("<loc>https://example.com</loc>\n<lastmod>2026-11-24</lastmod>");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it("becomes an index of 50,000-URL parts past 50,000", () => {
    expect(sitemapParts(50_000, 50_000)).toBe(1);
    expect(sitemapParts(50_001, 50_000)).toBe(2);
    expect(sitemapParts(0, 50_000)).toBe(1);
    const index = sitemapIndexXml("https://example.com", 3);
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      "https://example.com/sitemaps/sitemap/0.xml",
      "https://example.com/sitemaps/sitemap/1.xml",
      "https://example.com/sitemaps/sitemap/2.xml",
    ]);
    expect(index).toContain("<sitemapindex");
  });
});
