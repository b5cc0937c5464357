import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { E2E_SITE_URL } from "./support/server";
import { PAGE_KINDS, pathOf } from "./support/page-kinds";
import { queryRows } from "./support/db";
import { CONTENT_PAGE_PATHS, INDEXABLE_FIXED_PATHS, agentPath, cityPath } from "../lib/contract/routes";
import { DIRECTORY_PAGE_SIZE } from "../lib/contract/site";
import { seoTextFor } from "../lib/contract/seo-text";

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

test("home: page 1's SEO, a canonical to itself, Organization and WebSite", { tag: ["@seo", "@smoke"] }, async ({ request }) => {
  const record = await pageRecord(request, 1);
  const head = await fetchHead(request, "/");
  expect(head).toMatchObject({ title: record.seo_title, description: record.seo_description, keywords: record.seo_keywords, canonical: E2E_SITE_URL });
  expect(head.ogTitle).toBe(record.seo_title);
  expect(head.twitterCard).toBe("summary_large_image");
  expect(types(head)).toEqual(["Organization", "WebSite"]);
});

test("content pages carry their own record's SEO", { tag: ["@seo"] }, async ({ request }) => {
  const pages = [["/about-us", 2], ["/privacy-policy", 12], ["/acceptable-use-policy", 13], ["/limited-use-disclosure", 14], ["/our-mission", 16], ["/property-management", 17], ["/resource-center", 18], ["/faqs", 9], ["/blogs", 10], ["/laws", 21], ["/resources", 11], ["/contact-us", 20]] as const;
  for (const [path, pageId] of pages) {
    const record = await pageRecord(request, pageId);
    const head = await fetchHead(request, path);
    // The record's words exactly as written: never cut to a sentence.
    expect(seoTextFor({ kind: "fixed", facts: record })).toMatchObject({ title: record.seo_title, description: record.seo_description });
    expect(head, path).toMatchObject({ title: record.seo_title, description: record.seo_description, keywords: record.seo_keywords, canonical: `${E2E_SITE_URL}${path}` });
  }
  expect(types(await fetchHead(request, "/faqs"))).toEqual(["FAQPage", "BreadcrumbList"]);
});

/** The schema.org type of each page with a fixed address (home has Organization and WebSite). */
const PAGE_TYPES: Record<string, string> = {
  ...Object.fromEntries(CONTENT_PAGE_PATHS.map((path) => [path, "WebPage"])),
  "/about-us": "AboutPage",
  "/our-mission": "AboutPage",
  "/contact-us": "ContactPage",
  "/resources": "CollectionPage",
  "/blogs": "CollectionPage",
  "/laws": "CollectionPage",
  "/faqs": "FAQPage",
  "/search": "WebPage",
};

test("every indexable page has JSON-LD of its kind and a BreadcrumbList ending at itself", { tag: ["@seo"] }, async ({ request }) => {
  for (const path of INDEXABLE_FIXED_PATHS.filter((fixed) => fixed !== "/")) {
    const head = await fetchHead(request, path);
    const page = head.jsonLd.find((item) => item["@type"] === PAGE_TYPES[path]);
    expect(page, path).toMatchObject({ url: `${E2E_SITE_URL}${path}`, isPartOf: { "@type": "WebSite" } });
    expect(typeof page?.name, path).toBe("string");
    const crumbs = head.jsonLd.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { item: string; position: number }[] } | undefined;
    expect(crumbs, path).toBeDefined();
    expect(crumbs!.itemListElement[0].item, path).toBe(`${E2E_SITE_URL}/`);
    expect(crumbs!.itemListElement.at(-1)!.item, path).toBe(`${E2E_SITE_URL}${path}`);
  }
  // The collection pages list what they link to.
  const blogs = (await fetchHead(request, "/blogs")).jsonLd.find((item) => item["@type"] === "CollectionPage") as { mainEntity: { numberOfItems: number } };
  const { blogs: all } = await (await request.post("/api/blogs/list", { data: { type: "All" } })).json();
  expect(blogs.mainEntity.numberOfItems).toBe(all.length);
  const laws = (await fetchHead(request, "/laws")).jsonLd.find((item) => item["@type"] === "CollectionPage") as { mainEntity: { numberOfItems: number } };
  expect(laws.mainEntity.numberOfItems).toBe(51);
});

test("a blog post uses its own SEO fields and BlogPosting", { tag: ["@seo"] }, async ({ request }) => {
  const { blogs } = await (await request.post("/api/blogs/list", { data: { type: "All" } })).json();
  const blog = blogs[0];
  const head = await fetchHead(request, `/blog/${blog.slug}`);
  expect(head).toMatchObject({ title: blog.seo_title, description: blog.seo_description, keywords: blog.seo_keywords, canonical: `${E2E_SITE_URL}/blog/${blog.slug}` });
  expect(head.jsonLd[0]).toMatchObject({ "@type": "BlogPosting", headline: blog.heading });
  expect(types(head)).toEqual(["BlogPosting", "BreadcrumbList"]);
});

test("FAQ answers and meta descriptions read as text: no entities, no sentence run into the next", { tag: ["@seo"] }, async ({ request }) => {
  const faqPage = (await fetchHead(request, "/faqs")).jsonLd.find((item) => item["@type"] === "FAQPage") as { mainEntity: { acceptedAnswer: { text: string } }[] };
  const answers = faqPage.mainEntity.map((entry) => entry.acceptedAnswer.text);
  expect(answers.length).toBeGreaterThan(5);
  expect(answers.join(" ")).toContain("Review & Submit");
  for (const text of answers) {
    expect(text).not.toMatch(/&(?:[a-z]+|#\d+);/i);
    expect(text).not.toMatch(/[a-z0-9)][.!?:][A-Z]/);
  }
  for (const path of ["/", "/faqs", "/blogs", "/laws/texas"]) {
    const { description } = await fetchHead(request, path);
    expect(description, path).not.toMatch(/&(?:[a-z]+|#\d+);/i);
  }
});

/** The share image of a page, from its raw HTML, and the image itself. */
test("every page kind shares a PNG with alt text (Open Graph and X), and the image answers as a PNG", { tag: ["@seo"] }, async ({ request }) => {
  const checked = new Map<string, string>();
  for (const kind of PAGE_KINDS.filter((pageKind) => (pageKind.status ?? 200) === 200)) {
    const path = await pathOf(kind, request);
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const meta = (attribute: string, name: string) =>
      head.match(new RegExp(`<meta[^>]*${attribute}="${name}"[^>]*content="([^"]*)"`))?.[1] ?? head.match(new RegExp(`<meta[^>]*content="([^"]*)"[^>]*${attribute}="${name}"`))?.[1];
    const image = meta("property", "og:image");
    expect(image, `${kind.name}: og:image`).toBeTruthy();
    expect(meta("property", "og:image:alt"), `${kind.name}: og:image:alt`).toBeTruthy();
    expect(meta("name", "twitter:image"), `${kind.name}: twitter:image`).toBeTruthy();
    expect(meta("name", "twitter:image:alt"), `${kind.name}: twitter:image:alt`).toBeTruthy();
    expect(image, kind.name).not.toMatch(/\.svg(\?|$)/);
    const url = image!.replace(/&amp;/g, "&");
    if (!checked.has(url)) {
      const response = await request.get(url);
      expect(response.status(), `${kind.name}: ${url}`).toBe(200);
      expect(response.headers()["content-type"], `${kind.name}: ${url}`).toBe("image/png");
      const bytes = await response.body();
      expect(bytes.subarray(1, 4).toString("latin1"), `${kind.name}: PNG signature`).toBe("PNG");
      checked.set(url, kind.name);
    }
  }
  // Blog posts and profiles have cards of their own, described by their own alt text.
  const { blogs } = await (await request.post("/api/blogs/list", { data: { type: "All" } })).json();
  const postHtml = await (await request.get(`/blog/${blogs[0].slug}`)).text();
  const postAlt = postHtml.match(/<meta property="og:image:alt" content="([^"]*)"/)?.[1]?.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  expect(postAlt).toBe(`${blogs[0].heading}: an article on the Managely blog`);
  expect(checked.size).toBeGreaterThanOrEqual(3);
});

test("a law page: laws title and state, BreadcrumbList", { tag: ["@seo"] }, async ({ request }) => {
  const head = await fetchHead(request, "/laws/texas");
  expect(head.title).toBe("Landlord Tenant Laws in Texas | Managely");
  expect(head.description).toContain("Landlord Tenant Laws in Texas");
  expect(head.keywords).toContain("Texas");
  expect(head.canonical).toBe(`${E2E_SITE_URL}/laws/texas`);
  expect(head.jsonLd[0]).toMatchObject({ "@type": "BreadcrumbList" });
});

test("a city page: product name, state and city; BreadcrumbList and ItemList", { tag: ["@seo"] }, async ({ request }) => {
  const head = await fetchHead(request, "/agents/TX/austin");
  expect(head.title).toBe("Property Managers in Austin, TX | Managely");
  expect(head.description).toContain("Austin, Texas");
  expect(head.keywords).toContain("Austin");
  expect(head.canonical).toBe(`${E2E_SITE_URL}/agents/TX/austin`);
  expect(types(head)).toEqual(["BreadcrumbList", "ItemList"]);
  expect(head.robots).toBe("index, follow");
});

test("a profile: RealEstateAgent without email or phone", { tag: ["@seo"] }, async ({ request }) => {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin" } })).json();
  const agent = agents.data[0];
  const path = agentPath(agent);
  const head = await fetchHead(request, path);
  expect(head.canonical).toBe(`${E2E_SITE_URL}${path}`);
  expect(head.title).toContain(agent.company_name);
  const business = head.jsonLd.find((item) => item["@type"] === "RealEstateAgent")!;
  expect(agent.demo).toBe(1);
  // A sample listing says so in its title, description, share card and structured data, and has no office address.
  expect(business).toMatchObject({ name: `${agent.company_name} (Sample)`, address: { addressLocality: agent.city, addressRegion: "TX" } });
  expect(business.address).not.toHaveProperty("streetAddress");
  expect(business.address).not.toHaveProperty("postalCode");
  for (const words of [head.title, head.description, head.ogTitle]) expect(words).toMatch(/\bSample\b/);
  // What an owner decides from, in the structured data too: the area served and the fees.
  expect(business.areaServed).toEqual([
    { "@type": "City", name: `${agent.city}, TX` },
    {
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: agent.service_area.lat, longitude: agent.service_area.lng },
      geoRadius: Math.round(agent.service_area.radius_miles * 1609.344),
    },
  ]);
  expect(business.priceRange).toMatch(/^Management (\d+(\.\d+)?% of collected rent|\$\d+ a month) · leasing \d+% of one month's rent$/);
  expect(business).not.toHaveProperty("email");
  expect(business).not.toHaveProperty("telephone");
  expect(types(head)).toContain("BreadcrumbList");
  const html = await (await request.get(path)).text();
  expect(html).not.toContain("@example.com");
});

test("metadata is in <head> for ordinary browsers and for bots alike", { tag: ["@seo"] }, async ({ request }) => {
  for (const agent of ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1", "Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0"]) {
    const head = await fetchHead(request, "/laws/ohio", agent);
    expect(head.title, agent).toBe("Landlord Tenant Laws in Ohio | Managely");
    expect(head.canonical, agent).toBe(`${E2E_SITE_URL}/laws/ohio`);
  }
});

test("a city nobody serves is No Record and noindex; search results and compare are noindex", { tag: ["@seo"] }, async ({ request }) => {
  for (const path of ["/agents/ME/rockland", "/managers?zip=78701&category=1", "/managers", "/compare?ids=1,2"]) {
    expect((await fetchHead(request, path)).robots, path).toBe("noindex, follow");
  }
});

test("tabs, later pages and state hubs: canonical to themselves, ItemList of what they show", { tag: ["@seo"] }, async ({ request }) => {
  const tab = await fetchHead(request, "/agents/TX/austin/multi-family");
  expect(tab.title).toBe("Multi Family Property Managers in Austin, TX | Managely");
  expect(tab.canonical).toBe(`${E2E_SITE_URL}/agents/TX/austin/multi-family`);
  expect(tab.robots).toBe("index, follow");
  expect(types(tab)).toEqual(["BreadcrumbList", "ItemList"]);

  const second = await fetchHead(request, "/agents/TX/austin/page/2");
  expect(second.canonical).toBe(`${E2E_SITE_URL}/agents/TX/austin/page/2`);
  expect(second.title).toBe("Property Managers in Austin, TX – Page 2 | Managely");
  const list = second.jsonLd.find((item) => item["@type"] === "ItemList") as { numberOfItems: number; itemListElement: { position: number }[] };
  expect(list.itemListElement[0].position).toBe(DIRECTORY_PAGE_SIZE + 1);
  // numberOfItems is the whole list's size, on every page of it, not the count this page shows.
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin", cate_id: 0 } })).json();
  expect(agents.total).toBeGreaterThan(DIRECTORY_PAGE_SIZE);
  expect(list.numberOfItems).toBe(agents.total);
  const first = (await fetchHead(request, "/agents/TX/austin")).jsonLd.find((item) => item["@type"] === "ItemList");
  expect(first?.numberOfItems).toBe(agents.total);

  const hub = await fetchHead(request, "/agents/TX");
  expect(hub.title).toBe("Property Managers in Texas by City | Managely");
  expect(hub.canonical).toBe(`${E2E_SITE_URL}/agents/TX`);
  expect(types(hub)).toEqual(["BreadcrumbList", "ItemList"]);
});

test("other spellings redirect permanently to the canonical URL", { tag: ["@seo"] }, async ({ request }) => {
  for (const [from, to] of [
    ["/law/texas", "/laws/texas"],
    ["/laws/TX", "/laws/texas"],
    ["/agents/tx/Austin", "/agents/TX/austin"],
    ["/agents/NY/New%20York", "/agents/NY/new-york"],
    ["/agents/tx", "/agents/TX"],
    ["/agents/texas", "/agents/TX"],
    ["/agents/TX/austin/page/1", "/agents/TX/austin"],
    ["/agents/tx/Austin/multi-family/page/1", "/agents/TX/austin/multi-family"],
    ["/search-five", "/preview"],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect([301, 308], from).toContain(response.status());
    // Next.js repeats an identical Location header on a page's first, uncached redirect.
    const location = response.headers().location.split(", ")[0];
    expect(new URL(location, E2E_SITE_URL).pathname, from).toBe(to);
  }
});

test("unknown blogs, laws, managers, cities and states are real 404s", { tag: ["@seo"] }, async ({ request }) => {
  for (const path of [
    "/blog/no-such-post", "/laws/atlantis", "/agent/TX/austin/999999", "/agent/TX/austin/abc", "/agents/ZZ/austin", "/agents/TX/gotham", "/no-such-page",
    "/agents/ZZ", "/agents/TX/austin/condos", "/agents/TX/austin/page/99", "/agents/TX/austin/page/0", "/agents/ME/rockland/page/2",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("We could not find that page");
  }
});

test("sitemap.xml lists every indexable page and nothing else; robots.txt points to it", { tag: ["@seo", "@slow"] }, async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  // Home is listed as its canonical link writes it, the bare origin.
  const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1].replace(E2E_SITE_URL, "") || "/");
  expect(xml).toContain(`<loc>${E2E_SITE_URL}</loc>`);
  expect((await fetchHead(request, "/")).canonical).toBe(E2E_SITE_URL);
  for (const path of [
    "/", "/about-us", "/privacy-policy", "/acceptable-use-policy", "/faqs", "/blogs", "/laws", "/laws/texas", "/laws/district-of-columbia",
    "/agents/TX/austin", "/resources", "/contact-us", "/agents/TX", "/agents/ME", "/agents/TX/austin/single-family", "/agents/TX/austin/multi-family",
  ]) {
    expect(urls, path).toContain(path);
  }
  expect(urls.filter((url) => url.startsWith("/laws/") && !url.startsWith("/laws/compare/"))).toHaveLength(51);
  expect(urls.filter((url) => url.startsWith("/blog/")).length).toBeGreaterThanOrEqual(8);
  expect(urls.filter((url) => url.startsWith("/agent/")).length).toBeGreaterThanOrEqual(51 * 3);
  expect(urls).not.toContain("/agents/ME/rockland");
  expect(urls.filter((url) => /^\/agents\/[A-Z]{2}$/.test(url))).toHaveLength(51);
  expect(urls.filter((url) => url.startsWith("/managers") || url.startsWith("/compare"))).toEqual([]);
  expect(urls).not.toContain("/thank-you");
  expect(new Set(urls).size).toBe(urls.length);
  // Later pages of long lists are listed, and each is a real page.
  const later = urls.filter((url) => /^\/agents\/[A-Z]{2}\/[^/]+(\/[a-z-]+)?\/page\/\d+$/.test(url));
  expect(later.length).toBeGreaterThan(100);
  for (const path of [later[0], later[later.length - 1]]) expect((await request.get(path)).status(), path).toBe(200);

  // <lastmod> on every URL but the fixed pages', whose records keep no date.
  const lastmods = [...xml.matchAll(/<url>\n<loc>([^<]*)<\/loc>(?:\n<lastmod>([^<]*)<\/lastmod>)?/g)];
  expect(lastmods).toHaveLength(urls.length);
  expect(lastmods.filter((match) => match[2] === undefined).length).toBeLessThanOrEqual(INDEXABLE_FIXED_PATHS.length);
  const w3cDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/;
  expect(lastmods.filter((match) => match[2] !== undefined && !w3cDate.test(match[2])).map((match) => match[1])).toEqual([]);
  // One sitemap URL: while every URL fits in /sitemap.xml there are no parts.
  expect((await request.get("/sitemaps/sitemap/0.xml")).status()).toBe(404);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${E2E_SITE_URL}/sitemap.xml`);
  expect(robots).not.toMatch(/^Host:/im);
  // Pages that must stay out of the index say noindex; robots.txt blocks none of them, or a crawler would never read it.
  expect(robots).not.toMatch(/^Disallow: \/(thank-you|search-five)/im);
  expect((await fetchHead(request, "/thank-you")).robots).toBe("noindex, follow");
});

test("the workspace's pages say noindex exactly once, signed out too", { tag: ["@seo"] }, async ({ request }) => {
  for (const path of ["/workspace", "/workspace/audit", "/workspace/sign-in"]) {
    const response = await request.get(path);
    const robots = [...(await response.text()).matchAll(/<meta name="robots" content="([^"]*)"/g)].map((match) => match[1]);
    expect(robots, path).toHaveLength(1);
    expect(robots[0], path).toMatch(/^noindex/);
  }
});

test("a 404 says noindex exactly once", { tag: ["@seo"] }, async ({ request }) => {
  for (const path of ["/no-such-page", "/blog/no-such-post", "/laws/atlantis", "/agent/TX/austin/999999", "/agents/TX/gotham"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const robots = [...(await response.text()).matchAll(/<meta name="robots" content="([^"]*)"/g)].map((match) => match[1]);
    expect(robots, path).toEqual(["noindex"]);
  }
});

/** The same-site paths a page's raw HTML links with <a href> (no script run), fragments and queries dropped. */
async function rawLinks(request: APIRequestContext, path: string): Promise<Set<string>> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const paths = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => {
    const url = new URL(match[1].replace(/&amp;/g, "&"), `${E2E_SITE_URL}${path}`);
    return url.origin === new URL(E2E_SITE_URL).origin ? url.pathname : null;
  });
  return new Set(paths.filter((link): link is string => link !== null));
}

test("a crawler reading raw HTML finds every state hub one link from home and sampled sitemap pages within three", { tag: ["@seo"] }, async ({ request }) => {
  test.setTimeout(240_000);
  const xml = await (await request.get("/sitemap.xml")).text();
  const sitemap = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1].replace(E2E_SITE_URL, "") || "/");
  const hubs = sitemap.filter((url) => /^\/agents\/[A-Z]{2}$/.test(url));
  expect(hubs).toHaveLength(51);

  // Depth 1: what home links; every hub is there, and on /resources too.
  const depth = new Map<string, number>([["/", 0]]);
  const fromHome = await rawLinks(request, "/");
  for (const link of fromHome) if (!depth.has(link)) depth.set(link, 1);
  expect(hubs.filter((hub) => depth.get(hub) !== 1)).toEqual([]);
  const fromResources = await rawLinks(request, "/resources");
  expect(hubs.filter((hub) => !fromResources.has(hub))).toEqual([]);

  // Depth 2: what the depth-1 pages (those in the sitemap: indexable pages a crawler keeps) link.
  const level1 = [...depth].filter(([, level]) => level === 1).map(([path]) => path).filter((path) => sitemap.includes(path));
  for (const page of level1) for (const link of await rawLinks(request, page)) if (!depth.has(link)) depth.set(link, 2);

  // Sampled sitemap URLs: within two links already, or linked by a depth-2 page on their breadcrumb trail.
  const step = Math.max(1, Math.floor(sitemap.length / 60));
  const sample = sitemap.filter((_, index) => index % step === 0);
  const deeper: string[] = [];
  for (const url of sample) {
    if ((depth.get(url) ?? 99) <= 2) continue;
    const trail = (await fetchHead(request, url)).jsonLd
      .filter((item) => item["@type"] === "BreadcrumbList")
      .flatMap((item) => (item.itemListElement as { item: string }[]).map((crumb) => new URL(crumb.item).pathname))
      .filter((crumb) => depth.get(crumb) === 2);
    let found = false;
    for (const crumb of trail) if ((await rawLinks(request, crumb)).has(url)) found = true;
    if (found) depth.set(url, 3);
    else deeper.push(url);
  }
  const report = Object.fromEntries(sample.map((url) => [url, depth.get(url) ?? "> 3"]));
  test.info().annotations.push({ type: "link depth of sampled sitemap URLs", description: JSON.stringify(report) });
  expect(deeper, JSON.stringify(report, null, 1)).toEqual([]);
});

test("icons a browser or a home screen asks for: /favicon.ico, an apple-touch-icon and a web manifest, declared in <head>", { tag: ["@seo"] }, async ({ request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO file: reserved 0, type 1, at least one image.
  const ico = await favicon.body();
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  expect(ico.readUInt16LE(4)).toBeGreaterThan(0);

  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const href = (rel: string) => head.match(new RegExp(`<link[^>]*rel="${rel}"[^>]*href="([^"]*)"`))?.[1] ?? head.match(new RegExp(`<link[^>]*href="([^"]*)"[^>]*rel="${rel}"`))?.[1];
  expect(head).toMatch(/<link[^>]*rel="icon"[^>]*href="\/favicon\.ico/);

  const touch = href("apple-touch-icon");
  expect(touch).toBeDefined();
  const png = await (await request.get(touch!)).body();
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);

  const manifestPath = href("manifest");
  expect(manifestPath).toBeDefined();
  const manifest = await (await request.get(manifestPath!)).json();
  expect(manifest).toMatchObject({ name: "Managely", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

test("no social profile the site does not run: none in the footer or the Organization by default", { tag: ["@seo"] }, async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html.match(/[\w.]*(facebook|linkedin|twitter|instagram)\.com[^"\\]*/g) ?? []).toEqual([]);
  const organization = (await fetchHead(request, "/")).jsonLd.find((item) => item["@type"] === "Organization");
  expect(organization).toBeDefined();
  expect(organization).not.toHaveProperty("sameAs");
});

test("one page per listing set: a tab listing exactly its city's managers is canonical to the city page and not in the sitemap", { tag: ["@seo"] }, async ({ request }) => {
  // Single Family is the first category (bit 1 of city_coverage.category_mask).
  const [same] = queryRows<{ state: string; slug: string }>(
    `select states.abbreviation as state, cities.slug from cities join states on states.id = cities.state_id
     where cities.managers_serving > 0 and cities.managers_serving = (select count(*) from city_coverage where city_coverage.city_id = cities.id and (city_coverage.category_mask & 1) <> 0)
     order by cities.managers_serving desc, cities.id limit 1`,
  );
  expect(same).toBeDefined();
  const tab = cityPath(same.state, same.slug, { category: "single-family" });
  const head = await fetchHead(request, tab);
  expect(head.canonical).toBe(`${E2E_SITE_URL}${cityPath(same.state, same.slug)}`);
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).not.toContain(`<loc>${E2E_SITE_URL}${tab}</loc>`);
  expect(xml).toContain(`<loc>${E2E_SITE_URL}${cityPath(same.state, same.slug)}</loc>`);
  // A tab that lists fewer managers than its city stays a page of its own.
  expect((await fetchHead(request, "/agents/TX/austin/single-family")).canonical).toBe(`${E2E_SITE_URL}/agents/TX/austin/single-family`);
  expect(xml).toContain(`<loc>${E2E_SITE_URL}/agents/TX/austin/single-family</loc>`);
});
