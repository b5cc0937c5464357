import { DEFAULT_FIT, SERP, textWidth } from "./serp";
import { seoTextFor } from "./seo-text";
import { FIXED_PAGE_RECORDS } from "./fixed-pages";
import pages from "../db/seed-data/pages.json";
import blogs from "../db/seed-data/blogs.json";

const titlePx = (text: string) => textWidth(text, SERP.title.fontPx);
const descriptionPx = (text: string) => textWidth(text, SERP.description.fontPx);

describe("generated default wording keeps a margin inside what a result shows", () => {
  it("is 560 px for a title and 900 px for a description (a result shows about 580 and 920)", () => {
    expect(DEFAULT_FIT).toEqual({ titleMaxPx: 560, descriptionMaxPx: 900 });
    expect(DEFAULT_FIT.titleMaxPx).toBeLessThan(SERP.title.maxPx);
    expect(DEFAULT_FIT.descriptionMaxPx).toBeLessThan(SERP.description.desktopMaxPx);
  });

  it("a title between 560 and 580 px takes the next shorter pattern", () => {
    // A company name that puts the first profile pattern just inside 580 px, outside 560.
    const facts = { company: "", city: "Austin", state: "Texas", state_abbr: "TX", category: "Single Family", about: "We manage homes." };
    let company = "Sinclair Homes";
    while (titlePx(`${company} x – Property Manager in Austin, TX`) <= 570) company += " x";
    const first = `${company} – Property Manager in Austin, TX`;
    expect(titlePx(first)).toBeGreaterThan(560);
    expect(titlePx(first)).toBeLessThanOrEqual(580);
    const title = seoTextFor({ kind: "profile", facts: { ...facts, company } }).title;
    expect(title).not.toBe(first);
    expect(titlePx(title)).toBeLessThanOrEqual(560);
  });

  it("a description between 900 and 920 px takes the next shorter pattern", () => {
    let city = "Springfield";
    const first = (name: string) => `25 property managers serve ${name}, Texas. Compare their fees, services and licenses on Managely, then request free quotes.`;
    while (descriptionPx(first(city)) <= 905) city += "x";
    expect(descriptionPx(first(city))).toBeGreaterThan(900);
    expect(descriptionPx(first(city))).toBeLessThanOrEqual(920);
    const description = seoTextFor({ kind: "city", facts: { city, state: "Texas", state_abbr: "TX", count: 25, page: 1 } }).description;
    expect(description).not.toBe(first(city));
    expect(descriptionPx(description)).toBeLessThanOrEqual(900);
  });
});

describe("the seed's own records are written to fit a result, and shown as written", () => {
  const records = [
    ...(pages as { page_id: number; seo_title: string; seo_description: string; seo_keywords: string; heading: string }[]).map((page) => ({ name: `page ${page.page_id}`, kind: "fixed" as const, facts: page })),
    ...(blogs as { slug: string; seo_title: string; seo_description: string; seo_keywords: string; heading: string }[]).map((blog) => ({ name: blog.slug, kind: "blog" as const, facts: blog })),
  ];

  it("covers every fixed page record and every post", () => {
    expect(records.filter((record) => record.kind === "fixed").length).toBeGreaterThanOrEqual(Object.keys(FIXED_PAGE_RECORDS).length);
    expect(records.filter((record) => record.kind === "blog").length).toBeGreaterThanOrEqual(10);
  });

  it.each(records)("$name: title and description within a result, and the page says them word for word", ({ kind, facts }) => {
    expect(titlePx(facts.seo_title)).toBeLessThanOrEqual(SERP.title.maxPx);
    expect(descriptionPx(facts.seo_description)).toBeLessThanOrEqual(DEFAULT_FIT.descriptionMaxPx);
    expect(seoTextFor({ kind, facts })).toMatchObject({ title: facts.seo_title, description: facts.seo_description });
  });
});
