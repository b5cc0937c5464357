import { CONTENT_PAGES } from "@/components/content/content-pages";
import { LAW_TOPICS } from "./law-topics";
import { SITE_NAME } from "./site";
import { textWidth } from "./serp";
import { variablesOf } from "./seo-variables";
import { FIXED_PAGE_RECORDS } from "./fixed-pages";
import { DEFAULT_SEO_FALLBACKS, DEFAULT_SEO_TEMPLATES, DEFAULT_SHARE_IMAGE, SEARCH_FIELDS, SEO_KINDS, type SeoText, emptyListIsNoindex, patternProblem, resolveSeo, seoTextFor, shareImageFor } from "./seo-text";

const austin = { city: "Austin", state: "Texas", state_abbr: "TX", count: 25, page: 1 };

/** The search fields of a page's words (the social ones are tested in "share cards" below). */
const searchWords = (text: SeoText) => Object.fromEntries(SEARCH_FIELDS.map((field) => [field, text[field]]));

describe("default wording", () => {
  it("city pages and their later pages", () => {
    expect(searchWords(seoTextFor({ kind: "city", facts: austin }))).toEqual({
      title: "Property Managers in Austin, TX | Managely",
      description: "25 property managers serve Austin, Texas. Compare their fees, services and licenses on Managely, then request free quotes.",
      keywords: "property managers Austin, property management Austin, TX, Austin Texas property management companies, rental management Austin, Managely",
    });
    // A later page says which page it is in both, so no two pages of a list share either.
    expect(seoTextFor({ kind: "city", facts: { ...austin, count: 55, page: 3 } })).toMatchObject({
      title: "Property Managers in Austin, TX – Page 3 | Managely",
      description: "Page 3 of 3: 55 property managers serve Austin, Texas. Compare their fees, services and licenses on Managely, then request free quotes.",
    });
  });

  it("category tabs", () => {
    expect(searchWords(seoTextFor({ kind: "category", facts: { ...austin, count: 12, category: "Multi Family" } }))).toEqual({
      title: "Multi Family Property Managers in Austin, TX | Managely",
      description: "12 multi family property managers serve Austin, Texas. Compare their fees, services and licenses on Managely, then request free quotes.",
      keywords: "multi family property managers Austin, property management Austin, TX, Austin Texas property management companies, rental management Austin, Managely",
    });
  });

  it("a list nobody is in keeps its own description, whatever the template says", () => {
    const template = { title: null, description: "{count} {managers_lower} in {city}", keywords: null };
    const { text, sources } = resolveSeo({ kind: "category", facts: { ...austin, count: 0, category: "Commercial" }, template });
    expect(text.description).toBe("No commercial property managers serve Austin, Texas on Managely yet. See managers nearby and request free quotes.");
    expect(sources.description).toBe("default");
  });

  it("state hubs", () => {
    expect(searchWords(seoTextFor({ kind: "state", facts: { state: "Texas", state_abbr: "TX", count: 57 } }))).toEqual({
      title: "Property Managers in Texas by City | Managely",
      description: "57 Texas cities have property managers on Managely. Compare their fees, services and licenses, and read Texas's landlord-tenant law.",
      keywords: "property managers Texas, property management TX, Texas property management companies, Managely",
    });
  });

  it("profiles", () => {
    const facts = { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family, Multi Family", about: "We manage homes." };
    expect(searchWords(seoTextFor({ kind: "profile", facts }))).toEqual({
      title: "Lone Star Homes – Property Manager in Austin, TX | Managely",
      description: "We manage homes.",
      keywords: "Lone Star Homes, property management Austin, TX, Single Family, Multi Family, property manager Austin",
    });
  });

  it("law pages and 50-state comparisons", () => {
    const law = seoTextFor({ kind: "law", facts: { state: "Texas" } });
    expect(law.title).toBe("Landlord Tenant Laws in Texas | Managely");
    expect(law.description).toBe("Landlord Tenant Laws in Texas, in plain language: security deposits, landlord entry, notices and late fees, with the statutes.");
    expect(law.keywords).toBe("Landlord Tenant Laws in Texas, Texas tenant rights, Texas security deposit law, Texas eviction notice, Texas landlord entry notice");
    const topic = LAW_TOPICS[0];
    // The title pattern adds the site's name after the topic's title: no topic title names it already.
    for (const each of LAW_TOPICS) expect(each.title.includes(SITE_NAME)).toBe(false);
    expect(searchWords(seoTextFor({ kind: "law-compare", facts: { topic: topic.title, topic_label: topic.label.toLowerCase(), summary: "Summary." } }))).toEqual({
      title: `${topic.title} | Managely`,
      description: "Summary.",
      keywords: `${topic.title}, ${topic.label.toLowerCase()} by state, 50-state comparison, landlord tenant law`,
    });
  });

  it("pages with a record (fixed pages, blog posts) use the record's fields", () => {
    const record = { seo_title: "FAQs | Managely", seo_description: "Answers.", seo_keywords: "faq", heading: "FAQs" };
    expect(searchWords(seoTextFor({ kind: "fixed", facts: record }))).toEqual({ title: "FAQs | Managely", description: "Answers.", keywords: "faq" });
    expect(searchWords(seoTextFor({ kind: "blog", facts: record }))).toEqual({ title: "FAQs | Managely", description: "Answers.", keywords: "faq" });
  });
});

describe("default wording that fits a result", () => {
  const titlePx = (text: string) => textWidth(text, 20);
  const descriptionPx = (text: string) => textWidth(text, 14);
  const longCompany = "Springfield Premier Residential and Commercial Property Management Services";
  const profile = { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family", about: "We manage homes." };

  it("a long title takes the next shorter pattern that fits", () => {
    const title = seoTextFor({ kind: "profile", facts: { ...profile, company: "Sinclair & Thornton Property Management" } }).title;
    expect(title).toBe("Sinclair & Thornton Property Management – Austin, TX");
    expect(titlePx(title)).toBeLessThanOrEqual(560);
  });

  it("a title no pattern fits is cut at a word boundary, without a dangling separator", () => {
    const company = `${longCompany} of Central Texas and the Hill Country`;
    const title = seoTextFor({ kind: "profile", facts: { ...profile, company } }).title;
    expect(titlePx(title)).toBeLessThanOrEqual(560);
    expect(company.startsWith(title)).toBe(true);
    expect(company[title.length]).toBe(" ");
    expect(title).not.toMatch(/[\s,;:|–-]$|\s(of|and|the)$/);
  });

  it("an about text cut with an ellipsis gives its whole sentences that fit, never the cut one", () => {
    const about = "Founded in 2012, Lone Star Homes looks after about 480 units. Homes are inspected at move-in, at move-out and once a…";
    const description = seoTextFor({ kind: "profile", facts: { ...profile, about } }).description;
    expect(description).toBe("Founded in 2012, Lone Star Homes looks after about 480 units.");
  });

  it("an about text with no whole sentence that fits gives the written fallback, naming only what the page has", () => {
    const about = `Lone Star Homes ${"has managed homes around Austin ".repeat(6)}since…`;
    expect(seoTextFor({ kind: "profile", facts: { ...profile, about } }).description).toBe(
      "Lone Star Homes is a property manager in Austin, TX (Single Family). Compare its fees, services and licenses on Managely.",
    );
    expect(seoTextFor({ kind: "profile", facts: { ...profile, about, category: "" } }).description).toBe(
      "Lone Star Homes is a property manager in Austin, TX. Compare its fees, services and licenses on Managely.",
    );
  });

  it("a record's own words (a page's or a post's) are shown as written, however wide: the audit reports what does not fit", () => {
    const seo_description = "Learn commercial property management basics: property types, gross and net leases, CAM reconciliations, building operations, tenant improvements, and choosing a manager.";
    const seo_title = "Commercial Property Management Basics for Owners of Offices, Shops and Warehouses";
    const text = seoTextFor({ kind: "blog", facts: { seo_title, seo_description, seo_keywords: "", heading: "Basics" } });
    expect(descriptionPx(seo_description)).toBeGreaterThan(920);
    expect(titlePx(seo_title)).toBeGreaterThan(580);
    expect(text).toMatchObject({ title: seo_title, description: seo_description });
    expect(seoTextFor({ kind: "fixed", facts: { seo_title, seo_description, seo_keywords: "", heading: "Basics" } })).toMatchObject({ title: seo_title, description: seo_description });
  });

  it("every default and fallback pattern is valid for its kind, and a template is used as written, however long", () => {
    for (const kind of SEO_KINDS) for (const field of ["title", "description"] as const) for (const pattern of DEFAULT_SEO_FALLBACKS[kind][field]) expect(patternProblem(kind, field, pattern)).toBeNull();
    const template = { title: "{company} – Property Manager in {city}, {state} – Homes, Condos and Apartments | {site}", description: null, keywords: null };
    const { text } = resolveSeo({ kind: "profile", facts: profile, template });
    expect(text.title).toBe("Lone Star Homes – Property Manager in Austin, Texas – Homes, Condos and Apartments | Managely");
    expect(titlePx(text.title)).toBeGreaterThan(580);
  });
});

describe("templates and overrides", () => {
  const template = { title: "Top {managers} in {city}, {state} | {site}", description: null, keywords: null };

  it("a template replaces the default field by field", () => {
    const { text, sources } = resolveSeo({ kind: "city", facts: austin, template });
    expect(text.title).toBe("Top Property Managers in Austin, Texas | Managely");
    expect(text.description).toMatch(/^25 property managers serve Austin, Texas\./);
    expect(sources).toEqual({ title: "template", description: "default", keywords: "default", og_title: "default", og_description: "default", image_alt: "default" });
  });

  it("an override replaces the template for its page, and may use the variables", () => {
    const override = { title: "Austin's {count} best managers", description: "Hand-written.", keywords: null };
    const { text, sources } = resolveSeo({ kind: "city", facts: austin, template, override });
    expect(text).toMatchObject({ title: "Austin's 25 best managers", description: "Hand-written." });
    expect(sources).toEqual({ title: "override", description: "override", keywords: "default", og_title: "default", og_description: "default", image_alt: "default" });
  });

  it("only the kind's own variables are read from the facts", () => {
    const facts = { seo_title: "A {heading}", seo_description: "<p>html</p>", seo_keywords: "", heading: "Title", description: "<p>not a variable</p>" };
    expect(seoTextFor({ kind: "fixed", facts, template: { title: "{seo_title} / {description}", description: null, keywords: null } }).title).toBe("A {heading} / {description}");
  });
});

describe("share cards: social words of their own", () => {
  const profile = { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family", about: "Lone Star Homes manages homes in Austin." };

  it("with nothing set, a share card says what the search result says, with the share image's own alt text", () => {
    const { text, sources } = resolveSeo({ kind: "profile", facts: profile, template: { title: "{company} in {city} | {site}" } });
    expect(text.og_title).toBe("Lone Star Homes in Austin | Managely");
    expect(text.og_title).toBe(text.title);
    expect(text.og_description).toBe(text.description);
    expect(text.image_alt).toBe(shareImageFor({ kind: "profile", facts: profile }).alt);
    expect(text.image_alt).toBe("Lone Star Homes, property manager in Austin, TX, on Managely");
    expect([sources.og_title, sources.og_description, sources.image_alt]).toEqual(["default", "default", "default"]);
  });

  it("a template sets them for its kind, with the kind's variables, and the search words stay as they were", () => {
    const template = { og_title: "{company}: fees and services in {city}", og_description: "See what {company} charges.", image_alt: "{company}'s card" };
    const { text, sources } = resolveSeo({ kind: "profile", facts: profile, template });
    expect(text).toMatchObject({ og_title: "Lone Star Homes: fees and services in Austin", og_description: "See what Lone Star Homes charges.", image_alt: "Lone Star Homes's card" });
    expect(text.title).toBe(seoTextFor({ kind: "profile", facts: profile }).title);
    expect([sources.og_title, sources.og_description, sources.image_alt]).toEqual(["template", "template", "template"]);
  });

  it("a page's override wins over its template field by field; an empty field falls through", () => {
    const template = { og_title: "Template social title", og_description: "Template social description." };
    const { text, sources } = resolveSeo({ kind: "city", facts: austin, template, override: { og_title: "{city}'s {count} managers" } });
    expect(text.og_title).toBe("Austin's 25 managers");
    expect(text.og_description).toBe("Template social description.");
    expect([sources.og_title, sources.og_description]).toEqual(["override", "template"]);
  });

  it("the image alt text is checked against X's limit, and its variables against the kind's", () => {
    expect(patternProblem("city", "image_alt", "x".repeat(421))).toBe("The image alt text must be 420 characters or fewer.");
    expect(patternProblem("city", "og_title", "{company}")).toMatch(/^The social title uses \{company\}, which a city does not have/);
    expect(patternProblem("city", "og_description", "{count} managers in {city}")).toBeNull();
  });
});

describe("patternProblem", () => {
  it("says what every variable of every kind means", () => {
    for (const kind of SEO_KINDS) for (const variable of variablesOf(kind)) expect([kind, variable.name, variable.meaning]).toEqual([kind, variable.name, expect.stringMatching(/\w/)]);
    expect(variablesOf("state").find((variable) => variable.name === "count")?.meaning).toBe("how many of its cities have managers");
  });

  it("accepts every default pattern of every kind", () => {
    for (const kind of SEO_KINDS) {
      for (const field of SEARCH_FIELDS) expect([kind, field, patternProblem(kind, field, DEFAULT_SEO_TEMPLATES[kind][field])]).toEqual([kind, field, null]);
    }
  });

  it("refuses a variable the kind does not have, naming the ones it has", () => {
    expect(patternProblem("law", "title", "Laws in {city}")).toBe(
      "The title uses {city}, which a state law does not have. Use one of: {state}, {site}.",
    );
  });

  it("refuses stray braces, control characters and over-long patterns", () => {
    expect(patternProblem("city", "title", "Managers in {city")).toMatch(/brace that is not part of a variable/);
    expect(patternProblem("city", "description", "line\nbreak")).toMatch(/line breaks/);
    expect(patternProblem("city", "title", "x".repeat(301))).toBe("The title must be 300 characters or fewer.");
  });
});

describe("one home for the facts the workspace shares with the pages", () => {
  it("fixed pages name the same page records as the content pages", () => {
    for (const [path, config] of Object.entries(CONTENT_PAGES)) {
      expect([path, FIXED_PAGE_RECORDS[path as keyof typeof FIXED_PAGE_RECORDS]]).toEqual([path, config.pageId]);
    }
  });

  it("a profile's and a blog post's share images have alt text naming what the card shows", () => {
    expect(shareImageFor({ kind: "profile", facts: { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "", about: "" } }).alt).toBe(
      "Lone Star Homes, property manager in Austin, TX, on Managely",
    );
    expect(shareImageFor({ kind: "blog", facts: { heading: "How to pick a manager", seo_title: "", seo_description: "", seo_keywords: "" } }).alt).toBe("How to pick a manager: an article on the Managely blog");
    expect(shareImageFor({ kind: "city", facts: austin })).toEqual({ url: DEFAULT_SHARE_IMAGE.url, alt: DEFAULT_SHARE_IMAGE.alt });
  });
});

describe("an empty list is noindex: one predicate", () => {
  it("a list of nobody is noindex; one entry or more is indexable", () => {
    expect([0, 1, 2, 25].map(emptyListIsNoindex)).toEqual([true, false, false, false]);
  });

  it("a city list nobody is in keeps the empty-list description whatever the template says", () => {
    const template = { title: null, description: "{count} managers serve {city}.", keywords: null };
    expect(seoTextFor({ kind: "city", facts: { ...austin, count: 0 }, template }).description).toBe(
      seoTextFor({ kind: "city", facts: { ...austin, count: 0 } }).description,
    );
    expect(seoTextFor({ kind: "city", facts: { ...austin, count: 1 }, template }).description).toBe("1 managers serve Austin.");
  });
});
