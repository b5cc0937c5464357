import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { sql } from "kysely";
import { cityPath } from "@/lib/contract/routes";
import { listSitemapEntries } from "./sitemap";

announcePostgres();

/** <lastmod>: the date each page's content last changed, where something records it. */
describe.each(databaseKinds)("the sitemap's dates on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  const all = async () => (await listSitemapEntries(database.db, { offset: 0, limit: 50_000 })).entries;

  it("dates every page but the fixed ones, from its own content", async () => {
    const entries = await all();
    const byPath = new Map(entries.map((entry) => [entry.path, entry.lastModified]));
    const agent = await database.db.selectFrom("agents").select(["id", "updated_at"]).orderBy("id").executeTakeFirstOrThrow();
    const created = new Date(agent.updated_at).toISOString();
    const profile = entries.find((entry) => entry.path.endsWith(`/${agent.id}`) && entry.path.startsWith("/agent/"))!;
    expect(profile.lastModified).toBe(created);
    expect(byPath.get("/agents/TX/austin")).toBe(created);
    expect(byPath.get("/agents/TX/austin/page/2")).toBe(created);
    expect(byPath.get("/agents/TX")).toBe(created);
    // A state's law page: the last review of its facts files.
    expect(byPath.get("/laws/texas")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Fixed pages: their records keep no date, and a made-up one would be worse than none.
    expect(byPath.get("/")).toBeUndefined();
    const dated = entries.filter((entry) => entry.lastModified !== undefined);
    expect(dated.length).toBeGreaterThan(entries.length - 20);
  });

  it("moves a page's date to the publish of its kind's template or its own words", async () => {
    const publishedAt = new Date(Date.now() + 60_000).toISOString();
    const live = { kind: "city", title: "x", description: null, keywords: null, revision_id: 1, published_at: publishedAt, published_by: "a@staff.example.com" };
    await database.db.insertInto("seo_live").values({ ...live, target: "template:city", path: null }).execute();
    const byPath = new Map((await all()).map((entry) => [entry.path, entry.lastModified]));
    expect(byPath.get("/agents/TX/austin")).toBe(publishedAt);
    expect(byPath.get("/agents/TX/austin/multi-family")).not.toBe(publishedAt);
    expect(byPath.get("/laws/texas")).not.toBe(publishedAt);
  });
});

/** One page per listing set: a category tab that lists exactly its city's managers is the city page again. */
describe.each(databaseKinds)("the sitemap's category tabs on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("leaves out a tab (and its later pages) whose managers are exactly the city's, and keeps a tab that lists fewer", async () => {
    const paths = new Set((await listSitemapEntries(database.db, { offset: 0, limit: 50_000 })).entries.map((entry) => entry.path));
    const rows = await database.db
      .selectFrom("city_coverage")
      .innerJoin("cities", "cities.id", "city_coverage.city_id")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["states.abbreviation", "cities.slug", "cities.managers_serving", sql<number>`sum(case when (city_coverage.category_mask & 1) <> 0 then 1 else 0 end)`.as("single")])
      .groupBy(["states.abbreviation", "cities.slug", "cities.managers_serving"])
      .execute();
    const same = rows.filter((row) => Number(row.single) === Number(row.managers_serving) && Number(row.single) > 0);
    const fewer = rows.filter((row) => Number(row.single) > 0 && Number(row.single) < Number(row.managers_serving));
    expect(same.length).toBeGreaterThan(0);
    expect(fewer.length).toBeGreaterThan(0);
    const tab = (row: (typeof rows)[number], page = 1) => cityPath(row.abbreviation, row.slug, { category: "single-family", page });
    expect(same.filter((row) => paths.has(tab(row)))).toEqual([]);
    expect(same.filter((row) => paths.has(tab(row, 2)))).toEqual([]);
    // Their city pages stay, and the tabs that list fewer managers stay too.
    expect(same.filter((row) => !paths.has(cityPath(row.abbreviation, row.slug)))).toEqual([]);
    expect(fewer.filter((row) => !paths.has(tab(row)))).toEqual([]);
  });
});

/** A page the workspace keeps out of the index (noindex, or canonical elsewhere) leaves the sitemap; nofollow alone does not. */
describe.each(databaseKinds)("the sitemap and the workspace's page settings on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  const paths = async () => new Set((await listSitemapEntries(database.db, { offset: 0, limit: 50_000 })).entries.map((entry) => entry.path));
  const override = (path: string, settings: { robots?: string; canonical?: string }, revision: number) =>
    database.db
      .insertInto("seo_live")
      .values({ target: `page:${path}`, kind: "city", path, title: null, description: null, keywords: null, ...settings, revision_id: revision, published_at: new Date().toISOString(), published_by: "a@staff.example.com" })
      .execute();

  it("leaves out a noindex page and a page canonical to another, and keeps a nofollow page and every other", async () => {
    const before = await paths();
    for (const path of ["/agents/TX/austin", "/agents/TX/austin/page/2", "/agents/TX/dallas", "/agents/TX/houston"]) expect(before).toContain(path);
    await override("/agents/TX/austin", { robots: "noindex" }, 1);
    await override("/agents/TX/austin/page/2", { robots: "noindex, nofollow" }, 2);
    await override("/agents/TX/dallas", { canonical: "/agents/TX/austin" }, 3);
    await override("/agents/TX/houston", { robots: "nofollow" }, 4);
    const after = await paths();
    expect(after).not.toContain("/agents/TX/austin");
    expect(after).not.toContain("/agents/TX/austin/page/2");
    expect(after).not.toContain("/agents/TX/dallas");
    expect(after).toContain("/agents/TX/houston");
    expect([...before].filter((path) => !after.has(path)).sort()).toEqual(["/agents/TX/austin", "/agents/TX/austin/page/2", "/agents/TX/dallas"]);
  });
});
