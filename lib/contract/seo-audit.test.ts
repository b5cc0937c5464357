import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS, auditCauses, auditPages, countProblems, duplicateGroups, type AuditProblem, type AuditedPage } from "./seo-audit";

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

describe("the audit a marketer can act on", () => {
  type Row = Parameters<typeof auditCauses>[0][number] & Parameters<typeof duplicateGroups>[0][number];
  const row = (path: string, kind: Row["kind"], problems: AuditProblem[], sources: Partial<Row["sources"]> = {}, words: Partial<Pick<Row, "title" | "description">> = {}): Row => ({
    kind,
    path,
    title: "A title",
    description: "A description.",
    problems,
    sources: { title: "template", description: "default", image_alt: "default", ...sources },
    ...words,
  });

  it("gives every rule a source, and the field a template writes it in", () => {
    for (const problem of AUDIT_PROBLEM_KEYS) expect(AUDIT_PROBLEMS[problem].source.length).toBeGreaterThan(20);
    expect(AUDIT_PROBLEMS["title-too-long"].field).toBe("title");
    expect(AUDIT_PROBLEMS["description-cut"].field).toBe("description");
    expect(AUDIT_PROBLEMS["canonical-mismatch"].field).toBeNull();
  });

  it("groups problems by the template, the default wording, the override or the code that makes them, errors first and the most pages first", () => {
    const rows = [
      row("/agents/TX/austin", "city", ["title-too-long", "image-alt-missing"]),
      row("/agents/TX/dallas", "city", ["title-too-long", "description-too-long"]),
      row("/agents/TX/houston", "city", ["title-too-long"], { title: "override" }),
      row("/agent/TX/austin/1", "profile", ["title-near-duplicate", "description-too-long"]),
      row("/agents/TX/waco", "city", ["canonical-mismatch"]),
    ];
    expect(auditCauses(rows)).toEqual([
      { problem: "title-too-long", kind: "city", source: "template", pages: 2 },
      { problem: "description-too-long", kind: "city", source: "default", pages: 1 },
      { problem: "title-too-long", kind: "city", source: "override", pages: 1 },
      { problem: "canonical-mismatch", kind: "city", source: "code", pages: 1 },
      { problem: "description-too-long", kind: "profile", source: "default", pages: 1 },
      { problem: "title-near-duplicate", kind: "profile", source: "template", pages: 1 },
      { problem: "image-alt-missing", kind: "city", source: "default", pages: 1 },
    ]);
  });

  it("lists each duplicate group's pages, the largest group first, and near-duplicates by kind", () => {
    const rows = [
      row("/a", "city", ["title-duplicate"], {}, { title: "Managers | Managely" }),
      row("/b", "city", ["title-duplicate"], {}, { title: "managers  | managely" }),
      row("/c", "category", ["title-duplicate"], {}, { title: "Managers | Managely" }),
      row("/d", "city", ["title-duplicate"], {}, { title: "Laws | Managely" }),
      row("/e", "fixed", ["title-duplicate"], {}, { title: "Laws | Managely" }),
      row("/f", "city", [], {}, { title: "Managers | Managely" }),
      row("/g", "city", ["description-near-duplicate"], {}, { description: "12 managers in Austin." }),
      row("/h", "city", ["description-near-duplicate"], {}, { description: "25 managers in Austin." }),
    ];
    expect(duplicateGroups(rows, "title")).toEqual([
      { text: "Managers | Managely", paths: ["/a", "/b", "/c"] },
      { text: "Laws | Managely", paths: ["/d", "/e"] },
    ]);
    expect(duplicateGroups(rows, "description")).toEqual([]);
    expect(duplicateGroups(rows, "description", { near: true })).toEqual([{ text: "12 managers in Austin.", paths: ["/g", "/h"] }]);
  });
});
