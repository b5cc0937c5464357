import { listSitemapEntries } from "../../db/queries/sitemap";
import { EMPTY_PATTERN, seoTextFor, type SeoFactsOf } from "../../contract/seo-text";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { filterRows, type PageRow, type SiteRows } from "./pages";
import { changeOf, publishEffect, siteRows, templateImpact } from "./site";
import { listPages } from "./page-list";
import { csvLines, exportRows } from "./pages-csv";
import { publishSeoDraft, saveSeoDraft, type StaffIdentity } from "./seo";

announcePostgres();

const admin: StaffIdentity = { id: "admin-1", email: "admin@staff.example.com", role: "admin" };

describe.each(databaseKinds)("the workspace's pages on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const now = new Date().toISOString();
    await insertStaff(database, [{ ...admin, role: "admin" }], now);
  });
  afterAll(async () => database?.destroy());

  it("lists exactly the sitemap's pages, in its order, each with the words its page would render", async () => {
    const [{ entries, total }, site] = await Promise.all([listSitemapEntries(database.db, { offset: 0, limit: 50_000 }), siteRows(database.db)]);
    expect(site.rows).toHaveLength(total);
    expect(site.rows.map((row) => row.path)).toEqual(entries.map((entry) => entry.path));
    expect(new Set(site.rows.map((row) => row.kind))).toEqual(new Set(["fixed", "state", "city", "category", "profile", "law", "law-compare", "blog"]));
    const austin = site.byPath.get("/agents/TX/austin")!;
    expect(austin).toMatchObject({ kind: "city", title: "Property Managers in Austin, TX | Managely", state: "TX", robots: "index", canonical: "/agents/TX/austin" });
    expect(austin.description).toBe(seoTextFor({ kind: "city", facts: austin.facts as SeoFactsOf["city"] }).description);
    expect(austin.titlePx).toBeGreaterThan(300);
    // The law page of a state is filed under its abbreviation too.
    expect(site.byPath.get("/laws/texas")).toMatchObject({ kind: "law", state: "TX", title: "Landlord Tenant Laws in Texas | Managely" });
  });

  it("shows what a template would do before it is published, then uses it once published", async () => {
    const pattern = { ...EMPTY_PATTERN, title: "Property Managers in {city} | {site}" };
    const template = { type: "template" as const, kind: "city" as const };
    const impact = await templateImpact(database.db, { kind: "city", pattern });
    const before = await siteRows(database.db);
    const cities = before.rows.filter((row) => row.kind === "city");
    expect(impact.pages).toBe(cities.length);
    // Field by field: every city's title changes, no description does, and the
    // descriptions' errors are counted apart from the titles'.
    const effect = await publishEffect(database.db, changeOf(template, pattern));
    const field = (name: string, of = effect) => of.fields.find((each) => each.field === name)!;
    expect(effect.pages).toBe(cities.length);
    expect(field("title").changed).toBe(cities.length);
    expect(effect.paths).toHaveLength(cities.length);
    expect(field("description")).toMatchObject({ changed: 0, errors: { before: field("description").errors.after } });
    // The default's titles all fit: this shorter title adds no overrun, a longer one does.
    const overrun = (of: typeof effect) => field("title", of).problems.find((problem) => problem.problem === "title-too-long")?.after ?? 0;
    expect(overrun(effect)).toBe(0);
    const wide = await publishEffect(database.db, changeOf(template, { ...EMPTY_PATTERN, title: "Top-Rated {managers} in {city}, {state}: Compare Fees and Get Quotes | {site}" }));
    expect(overrun(wide)).toBeGreaterThan(0);
    expect(field("title", wide).errors.after).toBeGreaterThan(field("title", wide).errors.before);
    expect(wide.fields[0].field).toBe("title");
    // The list as the draft would make it: the pages behind the confirmation's counts.
    const listed = await listPages(database.db, { filter: { kind: "city", changed: "title" }, page: 1, change: changeOf(template, pattern) });
    expect(listed.total).toBe(cities.length);
    expect(listed.rows[0].title).not.toBe(before.byPath.get(listed.rows[0].path)!.title);
    // The longest names first, and the cities that share a name across states, now without their state.
    expect(impact.widest[0].titlePx).toBeGreaterThanOrEqual(impact.widest[1].titlePx);
    expect(new Set(impact.sameName.map((row) => row.state)).size).toBeGreaterThan(1);
    expect(impact.sameName.every((row) => row.problems.includes("same-name-no-state"))).toBe(true);
    expect(impact.counts["title-duplicate"]).toBeGreaterThan(0);
    // Nothing changed yet.
    expect((await siteRows(database.db)).byPath.get("/agents/TX/austin")!.title).toBe("Property Managers in Austin, TX | Managely");

    await publishSeoDraft(database.db, admin, { draftId: await saveSeoDraft(database.db, admin, { target: { type: "template", kind: "city" }, pattern }) });
    const after = await siteRows(database.db);
    expect(after.byPath.get("/agents/TX/austin")).toMatchObject({ title: "Property Managers in Austin | Managely", sources: { title: "template", description: "default" } });
    // The impact counts the kind's own pages (a sample profile's long name may leave out its state too).
    expect(after.rows.filter((row) => row.kind === "city" && row.problems.includes("same-name-no-state")).length).toBe(impact.counts["same-name-no-state"]);
    // A page's own override wins over the template, and a new template leaves it alone.
    await publishSeoDraft(database.db, admin, { draftId: await saveSeoDraft(database.db, admin, { target: { type: "page", kind: "city", path: "/agents/TX/austin" }, pattern: { ...EMPTY_PATTERN, title: "Austin, Texas" } }) });
    expect((await siteRows(database.db)).byPath.get("/agents/TX/austin")).toMatchObject({ title: "Austin, Texas", sources: { title: "override" } });
    const next = await publishEffect(database.db, changeOf(template, { ...EMPTY_PATTERN, title: "{city} managers" }));
    expect(field("title", next).changed).toBe(cities.length - 1);
    // Three impacts and four builds of the 24k-page list: longer than one call, on PostgreSQL under load.
  }, 240_000);

  it("filters by kind, state, problem and text", async () => {
    const { rows } = await siteRows(database.db);
    const texas = filterRows(rows, { kind: "profile", state: "TX" });
    expect(texas.length).toBeGreaterThan(0);
    expect(texas.every((row) => row.kind === "profile" && row.state === "TX")).toBe(true);
    const long = filterRows(rows, { problem: "title-too-long" });
    expect(long.every((row) => row.titlePx > 580)).toBe(true);
    expect(filterRows(rows, { q: "/LAWS/TEXAS" }).map((row) => row.path)).toEqual(["/laws/texas"]);
  });
});

describe("csvLines", () => {
  const row = (overrides: Partial<PageRow>): PageRow => ({
    kind: "city",
    path: "/agents/TX/austin",
    facts: { city: "Austin", state: "Texas", state_abbr: "TX", count: 1, page: 1 },
    title: "Property Managers in Austin, TX | Managely",
    description: 'He said "hi"',
    keywords: "=HYPERLINK(\"x\")",
    og_title: "Austin's managers, compared",
    og_description: "Fees, side by side.",
    image_alt: "A card",
    sources: { title: "default", description: "default", keywords: "default", og_title: "default", og_description: "default", image_alt: "default" },
    canonical: "/agents/TX/austin",
    robots: "index",
    nofollow: false,
    image: { url: null, alt: "A card" },
    titlePx: 391.6,
    descriptionPx: 80.2,
    state: "TX",
    published: null,
    h1: "Property Managers in Austin, TX",
    status: 200,
    indexable: true,
    indexabilityReason: "index: in the sitemap, canonical to itself",
    problems: ["title-too-long", "description-duplicate"],
    ...overrides,
  });

  it("writes one quoted, formula-safe line per row after the header", () => {
    const lines = [...csvLines([row({})], "https://example.com")];
    expect(lines[0]).toBe(
      "type,url,status,indexable,indexability_reason,title,title_chars,title_px,description,description_chars,description_px,h1,keywords,canonical,robots,og_title,og_description,og_image,og_image_alt,title_from,description_from,problems",
    );
    expect(lines[1]).toBe(
      'city,https://example.com/agents/TX/austin,200,yes,"index: in the sitemap, canonical to itself","Property Managers in Austin, TX | Managely",42,392,"He said ""hi""",12,80,"Property Managers in Austin, TX","\'=HYPERLINK(""x"")",https://example.com/agents/TX/austin,"index, follow","Austin\'s managers, compared","Fees, side by side.",the page\'s own card,A card,default,default,title-too-long description-duplicate',
    );
  });

  it("makes every formula-leading cell text, quotes a line break, and writes a share image's address on the origin", () => {
    const cells = (overrides: Partial<PageRow>) => [...csvLines([row(overrides)], "https://example.com")][1];
    expect(cells({ keywords: "+1 call" })).toContain(",'+1 call,");
    expect(cells({ keywords: "-1 fee" })).toContain(",'-1 fee,");
    expect(cells({ keywords: "@home" })).toContain(",'@home,");
    expect(cells({ keywords: "a=b" })).toContain(",a=b,");
    expect(cells({ keywords: "one\rtwo" })).toContain(',"one\rtwo",');
    expect(cells({ keywords: "one\ntwo" })).toContain(',"one\ntwo",');
    expect(cells({ image: { url: "/og/austin.png", alt: "A card" } })).toContain(",https://example.com/og/austin.png,A card,");
  });

  it("exports the rows a filter matches, then the noindex pages it matches", () => {
    const site = {
      rows: [row({ path: "/agents/TX/austin" }), row({ kind: "law", path: "/laws/texas", state: "TX" })],
      noindex: [row({ path: "/agents/TX/nowhere", robots: "noindex", problems: [] }), row({ kind: "law", path: "/laws/none", problems: [] })],
    } as unknown as SiteRows;
    expect(exportRows(site, { kind: "city" }).map((each) => each.path)).toEqual(["/agents/TX/austin", "/agents/TX/nowhere"]);
    expect(exportRows(site, {}).map((each) => each.path)).toEqual(["/agents/TX/austin", "/laws/texas", "/agents/TX/nowhere", "/laws/none"]);
    // With a draft (?draft=), its rows in place of the live ones: the CSV shows what the list shows.
    const drafted = [row({ path: "/agents/TX/austin", title: "As the draft makes it" })];
    expect(exportRows(site, { kind: "city" }, drafted).map((each) => [each.path, each.title])).toEqual([
      ["/agents/TX/austin", "As the draft makes it"],
      ["/agents/TX/nowhere", site.noindex[0].title],
    ]);
  });

  it("filters by kind, state, text in a path or a title, a problem from a source, an error about a field, and changed words", () => {
    const austin = row({});
    const dallas = row({ path: "/agents/TX/dallas", title: "Dallas Managers", state: "TX", problems: ["title-too-long"], sources: { ...austin.sources, title: "template" } });
    const ohio = row({ kind: "law", path: "/laws/ohio", title: "Ohio law", state: "OH", problems: [] });
    const rows = [austin, dallas, ohio];
    const paths = (filtered: PageRow[]) => filtered.map((each) => each.path);
    expect(paths(filterRows(rows, {}))).toEqual(["/agents/TX/austin", "/agents/TX/dallas", "/laws/ohio"]);
    expect(paths(filterRows(rows, { kind: "law" }))).toEqual(["/laws/ohio"]);
    expect(paths(filterRows(rows, { state: "OH" }))).toEqual(["/laws/ohio"]);
    expect(paths(filterRows(rows, { q: "  DALLAS managers " }))).toEqual(["/agents/TX/dallas"]);
    expect(paths(filterRows(rows, { q: "ohio" }))).toEqual(["/laws/ohio"]);
    expect(paths(filterRows(rows, { problem: "title-too-long" }))).toEqual(["/agents/TX/austin", "/agents/TX/dallas"]);
    expect(paths(filterRows(rows, { problem: "title-too-long", source: "template" }))).toEqual(["/agents/TX/dallas"]);
    expect(paths(filterRows(rows, { problem: "title-too-long", source: "default" }))).toEqual(["/agents/TX/austin"]);
    expect(paths(filterRows(rows, { errors: "title" }))).toEqual(["/agents/TX/austin", "/agents/TX/dallas"]);
    expect(paths(filterRows(rows, { errors: "keywords" }))).toEqual([]);
    const before = new Map([
      [austin.path, austin],
      [dallas.path, { ...dallas, title: "Dallas before" }],
    ]);
    // Changed: the pages whose words for the field differ from before; a page not known before counts as changed.
    expect(paths(filterRows(rows, { changed: "title" }, before))).toEqual(["/agents/TX/dallas", "/laws/ohio"]);
    expect(paths(filterRows(rows, { changed: "description" }, before))).toEqual(["/laws/ohio"]);
    expect(paths(filterRows(rows, { changed: "title" }))).toEqual(["/agents/TX/austin", "/agents/TX/dallas", "/laws/ohio"]);
  });

  it("makes a draft's change: a kind's template, a page's words, or none left for the page", () => {
    const words = { ...EMPTY_PATTERN, title: "{city}" };
    expect(changeOf({ type: "template", kind: "city" }, words)).toEqual({ templates: new Map([["city", words]]) });
    expect(changeOf({ type: "page", path: "/agents/TX/austin" }, words)).toEqual({ overrides: new Map([["/agents/TX/austin", words]]) });
    expect(changeOf({ type: "page", path: "/agents/TX/austin" }, EMPTY_PATTERN)).toEqual({ overrides: new Map([["/agents/TX/austin", null]]) });
  });

  it("counts characters as a reader does, and writes a noindex page with its reason", () => {
    const [, line] = csvLines(
      [
        row({
          path: "/agents/TX/nowhere",
          title: "Caf\u00e9 \u{1F3E0} Nowhere",
          description: "No managers serve Nowhere yet.",
          robots: "noindex",
          indexable: false,
          indexabilityReason: "noindex: empty list (no managers serve it)",
          problems: [],
        }),
      ],
      "https://example.com",
    );
    expect(line).toContain(',200,no,noindex: empty list (no managers serve it),Caf\u00e9 \u{1F3E0} Nowhere,14,');
    expect(line).toContain(",No managers serve Nowhere yet.,30,");
    expect(line).toContain(',"noindex, follow",');
  });
});
