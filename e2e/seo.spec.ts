import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "./support/server";

/**
 * What a crawler gets from a plain HTTP fetch, without running any JavaScript: metadata in
 * <head>, a canonical link to the page itself, Open Graph, Twitter card and JSON-LD.
 */
test.describe.configure({ mode: "parallel" });
test.skip(({ isMobile }) => isMobile, "Raw HTML does not depend on the viewport: checked once.");

type Head = { title: string; description?: string; keywords?: string; canonical?: string; robots?: string; ogTitle?: string; twitterCard?: string; jsonLd: Record<string, unknown>[] };

async function fetchHead(request: APIRequestContext, path: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36"): Promise<Head> {
  const response = await request.get(path, { headers: { "user-agent": userAgent } });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const headEnd = html.indexOf("</head>");
  const head = html.slice(0, headEnd);
  const meta = (attribute: string, name: string) =>
    head.match(new RegExp(`<meta[^>]*${attribute}="${name}"[^>]*content="([^"]*)"`))?.[1] ??
    head.match(new RegExp(`<meta[^>]*content="([^"]*)"[^>]*${attribute}="${name}"`))?.[1];
  const decode = (text?: string) => text?.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1]);
    return Array.isArray(data) ? data : [data];
  });
  return {
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1]) ?? "",
    description: decode(meta("name", "description")),
    keywords: decode(meta("name", "keywords")),
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    robots: meta("name", "robots"),
    ogTitle: decode(meta("property", "og:title")),
    twitterCard: meta("name", "twitter:card"),
    jsonLd,
  };
}

const types = (head: Head) => head.jsonLd.map((item) => item["@type"]);

async function pageRecord(request: APIRequestContext, pageId: number) {
  return (await (await request.post("/api/page/get", { data: { page_id: pageId } })).json()).pageData;
}

test("home: page 1's SEO, a canonical to itself, Organization and WebSite", async ({ request }) => {
  const record = await pageRecord(request, 1);
  const head = await fetchHead(request, "/");
  expect(head).toMatchObject({ title: record.seo_title, description: record.seo_description, keywords: record.seo_keywords, canonical: E2E_BASE_URL });
  expect(head.ogTitle).toBe(record.seo_title);
  expect(head.twitterCard).toBe("summary_large_image");
  expect(types(head)).toEqual(["Organization", "WebSite"]);
});

test("content pages carry their own record's SEO", async ({ request }) => {
  for (const [path, pageId] of [["/about-us", 2], ["/privacy-policy", 12], ["/faqs", 9], ["/blogs", 10], ["/laws", 21], ["/resources", 11], ["/contact-us", 20]] as const) {
    const record = await pageRecord(request, pageId);
    const head = await fetchHead(request, path);
    expect(head, path).toMatchObject({ title: record.seo_title, description: record.seo_description, keywords: record.seo_keywords, canonical: `${E2E_BASE_URL}${path}` });
  }
  expect(types(await fetchHead(request, "/faqs"))).toEqual(["FAQPage"]);
});

test("a blog post uses its own SEO fields and BlogPosting", async ({ request }) => {
  const { blogs } = await (await request.post("/api/blogs/list", { data: { type: "All" } })).json();
  const blog = blogs[0];
  const head = await fetchHead(request, `/blog/${blog.slug}`);
  expect(head).toMatchObject({ title: blog.seo_title, description: blog.seo_description, keywords: blog.seo_keywords, canonical: `${E2E_BASE_URL}/blog/${blog.slug}` });
  expect(head.jsonLd[0]).toMatchObject({ "@type": "BlogPosting", headline: blog.heading });
});

test("a law page: laws title and state, BreadcrumbList", async ({ request }) => {
  const head = await fetchHead(request, "/laws/texas");
  expect(head.title).toBe("Landlord Tenant Laws in Texas | Managely");
  expect(head.description).toContain("Landlord Tenant Laws in Texas");
  expect(head.keywords).toContain("Texas");
  expect(head.canonical).toBe(`${E2E_BASE_URL}/laws/texas`);
  expect(head.jsonLd[0]).toMatchObject({ "@type": "BreadcrumbList" });
});

test("a city page: product name, state and city; BreadcrumbList and ItemList", async ({ request }) => {
  const head = await fetchHead(request, "/agents/TX/austin");
  expect(head.title).toBe("Property Managers in Austin, TX | Managely");
  expect(head.description).toContain("Austin, Texas");
  expect(head.keywords).toContain("Austin");
  expect(head.canonical).toBe(`${E2E_BASE_URL}/agents/TX/austin`);
  expect(types(head)).toEqual(["BreadcrumbList", "ItemList"]);
  expect(head.robots).toBe("index, follow");
});

test("a profile: RealEstateAgent without email or phone", async ({ request }) => {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin" } })).json();
  const agent = agents.data[0];
  const path = `/agent/TX/austin/${agent.agent_id}`;
  const head = await fetchHead(request, path);
  expect(head.canonical).toBe(`${E2E_BASE_URL}${path}`);
  expect(head.title).toContain(agent.company_name);
  const business = head.jsonLd.find((item) => item["@type"] === "RealEstateAgent")!;
  expect(business).toMatchObject({ name: agent.company_name, address: { addressLocality: "Austin", addressRegion: "TX" } });
  expect(business).not.toHaveProperty("email");
  expect(business).not.toHaveProperty("telephone");
  expect(types(head)).toContain("BreadcrumbList");
  const html = await (await request.get(path)).text();
  expect(html).not.toContain("@example.com");
});

test("metadata is in <head> for ordinary browsers and for bots alike", async ({ request }) => {
  for (const agent of ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1", "Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0"]) {
    const head = await fetchHead(request, "/laws/ohio", agent);
    expect(head.title, agent).toBe("Landlord Tenant Laws in Ohio | Managely");
    expect(head.canonical, agent).toBe(`${E2E_BASE_URL}/laws/ohio`);
  }
});

test("a city without managers is No Record and noindex", async ({ request }) => {
  const head = await fetchHead(request, "/agents/TX/mission");
  expect(head.robots).toBe("noindex, follow");
});

test("other spellings redirect permanently to the canonical URL", async ({ request }) => {
  for (const [from, to] of [
    ["/law/texas", "/laws/texas"],
    ["/laws/TX", "/laws/texas"],
    ["/agents/tx/Austin", "/agents/TX/austin"],
    ["/agents/NY/New%20York", "/agents/NY/new-york"],
    ["/search-five", "/preview"],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect([301, 308], from).toContain(response.status());
    // Next.js repeats an identical Location header on a page's first, uncached redirect.
    const location = response.headers().location.split(", ")[0];
    expect(new URL(location, E2E_BASE_URL).pathname, from).toBe(to);
  }
});

test("unknown blogs, laws, managers, cities and states are real 404s", async ({ request }) => {
  for (const path of ["/blog/no-such-post", "/laws/atlantis", "/agent/TX/austin/999999", "/agent/TX/austin/abc", "/agents/ZZ/austin", "/agents/TX/gotham", "/no-such-page"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("We could not find that page");
  }
});

test("sitemap.xml lists every indexable page and nothing else; robots.txt points to it", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1].replace(E2E_BASE_URL, ""));
  for (const path of ["/", "/about-us", "/privacy-policy", "/acceptable-use-policy", "/faqs", "/blogs", "/laws", "/laws/texas", "/laws/district-of-columbia", "/agents/TX/austin", "/resources", "/contact-us"]) {
    expect(urls, path).toContain(path);
  }
  expect(urls.filter((url) => url.startsWith("/laws/"))).toHaveLength(51);
  expect(urls.filter((url) => url.startsWith("/blog/")).length).toBeGreaterThanOrEqual(8);
  expect(urls.filter((url) => url.startsWith("/agent/")).length).toBeGreaterThanOrEqual(51 * 3);
  expect(urls).not.toContain("/agents/TX/mission");
  expect(urls).not.toContain("/thank-you");
  expect(new Set(urls).size).toBe(urls.length);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
});
