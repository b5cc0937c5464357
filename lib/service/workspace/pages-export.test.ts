import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { listSitemapEntries } from "../../db/queries/sitemap";
import { cityPath } from "../../contract/routes";
import { DIRECTORY_PAGE_SIZE } from "../../contract/site";
import { renderRow } from "./pages";
import { siteRows } from "./site";
import { CSV_COLUMNS, csvLines, exportRows } from "./pages-csv";

announcePostgres();

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      out.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...out, cell];
}

/** The CSV as records by column name, keyed by URL. */
function parse(lines: string[]): Map<string, Record<(typeof CSV_COLUMNS)[number], string>> {
  const [header, ...rows] = lines.map(cells);
  return new Map(rows.map((row) => [row[1], Object.fromEntries(header.map((name, index) => [name, row[index]])) as Record<(typeof CSV_COLUMNS)[number], string>]));
}

describe.each(databaseKinds)("the pages' CSV on %s", (kind) => {
  let database: TestDatabase;
  const origin = "https://example.com";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("lists every indexable page and every empty list, with status, h1, counts and the reason", async () => {
    // Timed from cold (nothing read yet): the figure the README gives, printed, not asserted.
    const started = performance.now();
    const site = await siteRows(database.db);
    const built = performance.now();
    const lines = [...csvLines(exportRows(site, {}), origin)];
    const written = performance.now();
    console.log(
      `CSV on ${kind}: ${(lines.length - 1).toLocaleString("en-US")} rows (${site.noindex.length.toLocaleString("en-US")} noindex), ` +
        `rows built in ${Math.round(built - started)} ms, CSV written in ${Math.round(written - built)} ms, ${Math.round(written - started)} ms in all`,
    );

    const { total } = await listSitemapEntries(database.db, { offset: 0, limit: 50_000 });
    expect(site.noindex.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(1 + total + site.noindex.length);
    const csv = parse(lines);

    const austin = csv.get(`${origin}/agents/TX/austin`)!;
    expect(austin).toMatchObject({ status: "200", indexable: "yes", robots: "index, follow", h1: "Property Managers in Austin, TX" });
    expect(Number(austin.title_chars)).toBe([...austin.title].length);
    expect(Number(austin.description_chars)).toBe([...austin.description].length);

    // A city nobody serves: its "No Record" page answers 200, says noindex, and the CSV says why.
    const unserved = await database.db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["states.abbreviation", "cities.slug", "cities.name"])
      .where("cities.managers_serving", "=", 0)
      .orderBy("cities.id")
      .executeTakeFirstOrThrow();
    const noRecord = csv.get(`${origin}${cityPath(unserved.abbreviation, unserved.slug)}`)!;
    expect(noRecord).toMatchObject({ type: "city", status: "200", indexable: "no", indexability_reason: "noindex: empty list (no managers serve it)", robots: "noindex, follow", problems: "" });
    expect(noRecord.h1).toBe(`Property Managers in ${unserved.name}, ${unserved.abbreviation}`);
    expect(csv.get(`${origin}${cityPath(unserved.abbreviation, unserved.slug, { category: "commercial" })}`)).toMatchObject({ type: "category", indexable: "no", robots: "noindex, follow" });

    // The fixed pages kept out of the index: the later steps of the request form and the thank-you page, with their h1 and reason.
    expect(csv.get(`${origin}/search-two`)).toMatchObject({ type: "fixed", status: "200", indexable: "no", indexability_reason: "noindex: a later step of the request form (it needs the answers before it)", robots: "noindex, follow", h1: "What's the property address?" });
    expect(csv.get(`${origin}/preview`)).toMatchObject({ indexable: "no", title: "Review & Submit | Managely", h1: "Review & Submit" });
    expect(csv.get(`${origin}/thank-you`)).toMatchObject({ indexable: "no", indexability_reason: "noindex: shown after a request is submitted", h1: "Thank you!" });
    expect(csv.get(`${origin}/search`)).toMatchObject({ indexable: "yes", robots: "index, follow" });

    // Every page in the sitemap is indexable and answers 200; no page is listed twice.
    const indexable = [...csv.values()].filter((row) => row.indexable === "yes");
    expect(indexable).toHaveLength(total);
    expect(indexable.every((row) => row.status === "200" && row.indexability_reason === "index: in the sitemap, canonical to itself")).toBe(true);
    expect(csv.size).toBe(lines.length - 1);

    // A profile's h1 is its company's name.
    const profile = site.rows.find((row) => row.kind === "profile")!;
    expect(csv.get(origin + profile.path)!.h1).toBe((profile.facts as { company: string }).company);
  }, WHOLE_SEED_TIMEOUT_MS);

  it("gives the page table's status: a page past a list's last is a 404, another spelling a redirect", async () => {
    const site = await siteRows(database.db);
    const austin = site.byPath.get("/agents/TX/austin")!;
    const facts = austin.facts as { city: string; state: string; state_abbr: string; count: number; page: number };
    const lastPage = Math.ceil(facts.count / DIRECTORY_PAGE_SIZE) + 1;
    const rules = { templates: new Map(), overrides: new Map() };
    expect(renderRow({ kind: "city", path: `/agents/TX/austin/page/${lastPage}`, facts: { ...facts, page: lastPage } }, rules, new Map())).toMatchObject({
      status: 404,
      indexable: false,
      indexabilityReason: "not indexable: the address answers 404",
    });
    expect(renderRow({ kind: "city", path: "/agents/tx/austin", facts }, rules, new Map())).toMatchObject({ status: 308, indexable: false });
  });
});
