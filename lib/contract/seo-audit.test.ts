import { auditPages, countProblems, type AuditedPage } from "./seo-audit";

const city = (path: string, city: string, abbr: string, title: string, overrides: Partial<AuditedPage> = {}): AuditedPage => ({
  kind: "city",
  path,
  title,
  description: `Managers serve ${city}, ${abbr}.`,
  canonical: path,
  robots: "index",
  image: { alt: "The site's card" },
  facts: { city, state: abbr === "IL" ? "Illinois" : abbr === "MO" ? "Missouri" : "Texas", state_abbr: abbr, count: 5, page: 1 },
  ...overrides,
});

const problemsOf = (pages: AuditedPage[]) => Object.fromEntries(auditPages(pages).map((list, index) => [pages[index].path, list]));

describe("auditPages", () => {
  it("passes a clean set", () => {
    const pages = [city("/agents/TX/austin", "Austin", "TX", "Austin, TX managers"), city("/agents/TX/dallas", "Dallas", "TX", "Dallas, TX managers")];
    expect(problemsOf(pages)).toEqual({ "/agents/TX/austin": [], "/agents/TX/dallas": [] });
  });

  it("finds missing titles and descriptions", () => {
    const pages = [city("/a", "Austin", "TX", "  ", { description: "" })];
    expect(problemsOf(pages)["/a"]).toEqual(["title-missing", "description-missing"]);
  });

  it("finds titles over 580 px and descriptions over 920 px (not by character count)", () => {
    // 31 W's are 585 px; 60 i's are 267 px: fewer characters can be wider.
    const pages = [
      city("/wide", "Austin", "TX", "W".repeat(31)),
      city("/narrow", "Dallas", "TX", "i".repeat(60), { description: "W".repeat(70) }),
    ];
    const found = problemsOf(pages);
    expect(found["/wide"]).toEqual(["title-too-long"]);
    expect(found["/narrow"]).toEqual(["description-too-long"]);
  });

  it("finds exact duplicates across kinds, whatever the case and spacing", () => {
    const pages = [city("/a", "Austin", "TX", "Property Managers | Managely"), { ...city("/b", "Dallas", "TX", "property  managers | managely"), kind: "fixed" as const }];
    expect(problemsOf(pages)).toEqual({ "/a": ["title-duplicate"], "/b": ["title-duplicate"] });
  });

  it("finds near-duplicates within a kind: the same words but for numbers", () => {
    const pages = [
      city("/a", "Austin", "TX", "Austin, TX: 25 managers", { description: "25 managers serve Austin." }),
      city("/b", "Austin", "TX", "Austin, TX: 12 Managers!", { description: "12 managers serve Austin." }),
      { ...city("/c", "Austin", "TX", "Other"), kind: "category" as const, description: "7 managers serve Austin." },
    ];
    const found = problemsOf(pages);
    expect(found["/a"]).toEqual(["title-near-duplicate", "description-near-duplicate"]);
    expect(found["/b"]).toEqual(["title-near-duplicate", "description-near-duplicate"]);
    // Another kind is another template: not a near-duplicate of these.
    expect(found["/c"]).toEqual([]);
  });

  it("finds same-named cities whose title leaves out the state", () => {
    const pages = [
      city("/agents/IL/springfield", "Springfield", "IL", "Property Managers in Springfield"),
      city("/agents/MO/springfield", "Springfield", "MO", "Property Managers in Springfield, Missouri"),
      city("/agents/TX/austin", "Austin", "TX", "Property Managers in Austin"),
    ];
    const found = problemsOf(pages);
    expect(found["/agents/IL/springfield"]).toEqual(["same-name-no-state"]);
    // The state's name counts as naming the state; a city in one state only needs neither.
    expect(found["/agents/MO/springfield"]).toEqual([]);
    expect(found["/agents/TX/austin"]).toEqual([]);
  });

  it("does not take a word that only contains the abbreviation for it", () => {
    const pages = [city("/a", "Springfield", "IL", "Springfield Illustrated"), city("/b", "Springfield", "MO", "Springfield, MO")];
    expect(problemsOf(pages)).toEqual({ "/a": ["same-name-no-state"], "/b": [] });
  });

  it("finds indexable lists with no managers, and leaves noindex ones alone", () => {
    const empty = { city: "Nowhere", state: "Texas", state_abbr: "TX", count: 0, page: 1 };
    const pages = [city("/a", "Nowhere", "TX", "A", { facts: empty }), city("/b", "Nowhere", "TX", "A", { facts: empty, robots: "noindex" })];
    // Nor does a noindex page count as a duplicate of an indexable one.
    expect(problemsOf(pages)).toEqual({ "/a": ["indexable-no-managers"], "/b": [] });
  });

  it("finds canonical links that are not the page's own, or shared", () => {
    const pages = [city("/a", "Austin", "TX", "A", { canonical: "/A" }), city("/b", "Dallas", "TX", "B", { canonical: "/c" }), city("/c", "Waco", "TX", "C")];
    expect(problemsOf(pages)).toEqual({ "/a": ["canonical-mismatch"], "/b": ["canonical-mismatch"], "/c": ["canonical-mismatch"] });
  });

  it("finds share images without alt text", () => {
    expect(problemsOf([city("/a", "Austin", "TX", "A", { image: { alt: " " } })])["/a"]).toEqual(["image-alt-missing"]);
  });

  it("counts pages per problem", () => {
    const counts = countProblems(auditPages([city("/a", "Austin", "TX", ""), city("/b", "Dallas", "TX", "")]));
    expect(counts["title-missing"]).toBe(2);
    expect(counts["title-duplicate"]).toBe(0);
  });
});
