import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/lib/test-support";
import { listSitemapEntries } from "./sitemap";

announcePostgres();

/** <lastmod> (issue 29, item 9): the date each page's content last changed, where something records it. */
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
    const agent = await database.db.selectFrom("agents").select(["id", "created_at"]).orderBy("id").executeTakeFirstOrThrow();
    const created = new Date(agent.created_at).toISOString();
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
