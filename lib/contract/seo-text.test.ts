import { CONTENT_PAGES } from "@/components/content/content-pages";
import { agentShareCardAlt, blogShareCardAlt } from "@/components/seo/ShareCard";
import type { Agent, Blog } from "./index";
import { LAW_TOPICS } from "./law-topics";
import { SITE_NAME } from "./site";
import { DEFAULT_SEO_TEMPLATES, DEFAULT_SHARE_IMAGE, FIXED_PAGE_RECORDS, SEO_FIELDS, SEO_KINDS, emptyListIsNoindex, patternProblem, resolveSeo, seoTextFor, shareImageFor } from "./seo-text";

const austin = { city: "Austin", state: "Texas", state_abbr: "TX", count: 25, page: 1 };

describe("default wording: what the pages said before the workspace, word for word", () => {
  it("city pages and their later pages", () => {
    expect(seoTextFor({ kind: "city", facts: austin })).toEqual({
      title: "Property Managers in Austin, TX | Managely",
      description: "25 property managers serve Austin, Texas. Compare their fees, services, licenses and service areas on Managely, then request free quotes.",
      keywords: "property managers Austin, property management Austin, TX, Austin Texas property management companies, rental management Austin, Managely",
    });
    expect(seoTextFor({ kind: "city", facts: { ...austin, page: 3 } }).title).toBe("Property Managers in Austin, TX (page 3) | Managely");
  });

  it("category tabs", () => {
    expect(seoTextFor({ kind: "category", facts: { ...austin, count: 12, category: "Multi Family" } })).toEqual({
      title: "Multi Family Property Managers in Austin, TX | Managely",
      description: "12 multi family property managers serve Austin, Texas. Compare their fees, services, licenses and service areas on Managely, then request free quotes.",
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
    expect(seoTextFor({ kind: "state", facts: { state: "Texas", state_abbr: "TX", count: 57 } })).toEqual({
      title: "Property Managers in Texas by City | Managely",
      description: "57 Texas cities with property managers on Managely, with how many serve each. Compare fees, services and licenses, and read Texas's landlord-tenant law.",
      keywords: "property managers Texas, property management TX, Texas property management companies, Managely",
    });
  });

  it("profiles", () => {
    const facts = { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family, Multi Family", about: "We manage homes." };
    expect(seoTextFor({ kind: "profile", facts })).toEqual({
      title: "Lone Star Homes – Property Manager in Austin, TX | Managely",
      description: "We manage homes.",
      keywords: "Lone Star Homes, property management Austin, TX, Single Family, Multi Family, property manager Austin",
    });
  });

  it("law pages and 50-state comparisons", () => {
    const law = seoTextFor({ kind: "law", facts: { state: "Texas" } });
    expect(law.title).toBe("Landlord Tenant Laws in Texas | Managely");
    expect(law.description).toBe(
      "Landlord Tenant Laws in Texas: security deposits, landlord entry, notice to end a tenancy, notice for unpaid rent, late fees and the statutes behind them, in plain language, with sources.",
    );
    expect(law.keywords).toBe("Landlord Tenant Laws in Texas, Texas tenant rights, Texas security deposit law, Texas eviction notice, Texas landlord entry notice");
    const topic = LAW_TOPICS[0];
    // withSiteName adds the site's name unless the title has it: no topic title does.
    for (const each of LAW_TOPICS) expect(each.title.includes(SITE_NAME)).toBe(false);
    expect(seoTextFor({ kind: "law-compare", facts: { topic: topic.title, topic_label: topic.label.toLowerCase(), summary: "Summary." } })).toEqual({
      title: `${topic.title} | Managely`,
      description: "Summary.",
      keywords: `${topic.title}, ${topic.label.toLowerCase()} by state, 50-state comparison, landlord tenant law`,
    });
  });

  it("pages with a record (fixed pages, blog posts) use the record's fields", () => {
    const record = { seo_title: "FAQs | Managely", seo_description: "Answers.", seo_keywords: "faq", heading: "FAQs" };
    expect(seoTextFor({ kind: "fixed", facts: record })).toEqual({ title: "FAQs | Managely", description: "Answers.", keywords: "faq" });
    expect(seoTextFor({ kind: "blog", facts: record })).toEqual({ title: "FAQs | Managely", description: "Answers.", keywords: "faq" });
  });
});

describe("templates and overrides", () => {
  const template = { title: "Top {managers} in {city}, {state} | {site}", description: null, keywords: null };

  it("a template replaces the default field by field", () => {
    const { text, sources } = resolveSeo({ kind: "city", facts: austin, template });
    expect(text.title).toBe("Top Property Managers in Austin, Texas | Managely");
    expect(text.description).toMatch(/^25 property managers serve Austin, Texas\./);
    expect(sources).toEqual({ title: "template", description: "default", keywords: "default" });
  });

  it("an override replaces the template for its page, and may use the variables", () => {
    const override = { title: "Austin's {count} best managers", description: "Hand-written.", keywords: null };
    const { text, sources } = resolveSeo({ kind: "city", facts: austin, template, override });
    expect(text).toMatchObject({ title: "Austin's 25 best managers", description: "Hand-written." });
    expect(sources).toEqual({ title: "override", description: "override", keywords: "default" });
  });

  it("only the kind's own variables are read from the facts", () => {
    const facts = { seo_title: "A {heading}", seo_description: "<p>html</p>", seo_keywords: "", heading: "Title", description: "<p>not a variable</p>" };
    expect(seoTextFor({ kind: "fixed", facts, template: { title: "{seo_title} / {description}", description: null, keywords: null } }).title).toBe("A {heading} / {description}");
  });
});

describe("patternProblem", () => {
  it("accepts every default pattern of every kind", () => {
    for (const kind of SEO_KINDS) {
      for (const field of SEO_FIELDS) expect([kind, field, patternProblem(kind, field, DEFAULT_SEO_TEMPLATES[kind][field])]).toEqual([kind, field, null]);
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

  it("share images carry the alt text the share cards declare", () => {
    const agent = { company_name: "Lone Star Homes", city: "Austin", state: "TX" } as Agent;
    expect(shareImageFor({ kind: "profile", facts: { company: "Lone Star Homes", city: "Austin", state: "Texas", state_abbr: "TX", category: "", about: "" } }).alt).toBe(
      agentShareCardAlt(agent),
    );
    const blog = { heading: "How to pick a manager" } as Blog;
    expect(shareImageFor({ kind: "blog", facts: { heading: "How to pick a manager", seo_title: "", seo_description: "", seo_keywords: "" } }).alt).toBe(blogShareCardAlt(blog));
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
