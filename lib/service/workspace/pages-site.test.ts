import { EMPTY_PATTERN } from "../../contract/seo-text";
import { WHOLE_SEED_TIMEOUT_MS, announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { renderRow, type PageRow } from "./pages";
import { SITE_IDLE_RELEASE_MS, bulkChange, bulkPages, changeOf, publishEffect, siteRows, siteStatus, templateImpact, trySite } from "./site";
import { PAGE_LIST_SIZE, listPages } from "./page-list";
import { publishSeoDraft, saveSeoDraft, type StaffIdentity } from "./seo";

/**
 * The workspace's site as a whole (pages.ts): built once and kept, listed a screen at a time,
 * tried with a change before it is published, and each row's status, robots and reason. A suite
 * of its own, apart from pages.test.ts, so a mutation run can be given these tests alone.
 */
announcePostgres();
// Each test builds or tries the whole site (24,379 pages) several times: on PostgreSQL on a busy
// machine that passed the default minute (a bound, not a speed target: npm run bench has those).
jest.setTimeout(WHOLE_SEED_TIMEOUT_MS);

const admin: StaffIdentity = { id: "admin-1", email: "admin@staff.example.com", role: "admin" };

describe.each(databaseKinds)("the workspace's site, built once and kept, on %s", (kind) => {
  let database: TestDatabase;
  const AUSTIN = "/agents/TX/austin";
  const cityTemplate = { type: "template" as const, kind: "city" as const };
  const words = (title: string) => ({ ...EMPTY_PATTERN, title });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const now = new Date().toISOString();
    await insertStaff(database, [{ ...admin, role: "admin" }], now);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await database?.destroy();
  });

  it("builds once for everyone asking, says how far it got meanwhile, keeps the rows while nothing changes, and builds again after five minutes", async () => {
    const start = Date.now();
    const clock = jest.spyOn(Date, "now").mockReturnValue(start);
    // Not built yet: it starts, reading first.
    expect(await siteStatus(database.db)).toEqual({ ready: false, progress: { phase: "reading", done: 0, total: 0 } });
    const seen: unknown[] = [];
    let built = false;
    const building = Promise.all([siteRows(database.db), siteRows(database.db)]).finally(() => (built = true));
    while (!built) {
      const status = await siteStatus(database.db);
      if (!status.ready && status.progress) seen.push(status.progress);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [first, second] = await building;
    expect(second).toBe(first);
    expect(seen).toContainEqual({ phase: "rendering", done: expect.any(Number), total: first.rows.length });
    expect(await siteStatus(database.db)).toEqual({ ready: true });
    expect(await siteRows(database.db)).toBe(first);
    // Five minutes on, the facts are read again (they can change outside the journal).
    clock.mockReturnValue(start + 5 * 60_000 - 1);
    expect(await siteRows(database.db)).toBe(first);
    clock.mockReturnValue(start + 5 * 60_000);
    expect(await siteStatus(database.db)).toEqual({ ready: false, progress: { phase: "reading", done: 0, total: 0 } });
    const again = await siteRows(database.db);
    expect(again).not.toBe(first);
    expect(again.rows.map((row) => row.path)).toEqual(first.rows.map((row) => row.path));
    clock.mockRestore();
  });

  it("lists fifty pages a screen, a screen asked past either end being the nearest, with the states in alphabetical order", async () => {
    const site = await siteRows(database.db);
    const first = await listPages(database.db, { filter: {}, page: 1 });
    const lastPage = Math.ceil(site.rows.length / PAGE_LIST_SIZE);
    expect(first).toMatchObject({ page: 1, lastPage, total: site.rows.length, all: site.rows.length, noindex: site.noindex.length });
    expect(first.rows).toEqual(site.rows.slice(0, PAGE_LIST_SIZE));
    expect((await listPages(database.db, { filter: {}, page: 2 })).rows).toEqual(site.rows.slice(PAGE_LIST_SIZE, 2 * PAGE_LIST_SIZE));
    expect(await listPages(database.db, { filter: {}, page: 0 })).toMatchObject({ page: 1, rows: first.rows });
    const past = await listPages(database.db, { filter: {}, page: lastPage + 10 });
    expect(past).toMatchObject({ page: lastPage, rows: site.rows.slice((lastPage - 1) * PAGE_LIST_SIZE) });
    expect(await listPages(database.db, { filter: { q: "no page holds this" }, page: 3 })).toMatchObject({ page: 1, lastPage: 1, total: 0, rows: [] });
    expect(first.states).toHaveLength(51);
    expect(first.states).toEqual([...first.states].sort());
    expect(first.states.slice(0, 3)).toEqual(["AK", "AL", "AR"]);
  });

  it("names the pages of a bulk edit once each, only pages of the site, or every page of a filter; and makes each one's words with the field set or cleared", async () => {
    const site = await siteRows(database.db);
    expect(await bulkPages(database.db, { scope: "selected", paths: [AUSTIN, AUSTIN, "/agents/TX/nowhere"], filter: { kind: "law" } })).toEqual([{ kind: "city", path: AUSTIN }]);
    const laws = site.rows.filter((row) => row.kind === "law").map((row) => ({ kind: row.kind, path: row.path }));
    expect(laws.length).toBeGreaterThan(50);
    expect(await bulkPages(database.db, { scope: "filter", paths: [AUSTIN], filter: { kind: "law" } })).toEqual(laws);

    await publishSeoDraft(database.db, admin, { draftId: await saveSeoDraft(database.db, admin, { target: { type: "page", kind: "city", path: AUSTIN }, pattern: words("Austin, Texas") }) });
    const described = await bulkChange(database.db, { paths: [AUSTIN, "/agents/TX/dallas"], field: "description", value: "Fees compared" });
    expect(described).toEqual({
      overrides: new Map([
        [AUSTIN, { ...words("Austin, Texas"), description: "Fees compared" }],
        ["/agents/TX/dallas", { ...EMPTY_PATTERN, description: "Fees compared" }],
      ]),
    });
    // Clearing the one field Austin has leaves it no words of its own.
    expect(await bulkChange(database.db, { paths: [AUSTIN], field: "title", value: null })).toEqual({ overrides: new Map([[AUSTIN, null]]) });
  });

  it("keeps the last four trials, tells changes apart by their pages' words too, and removes a page's own words when a change leaves it none", async () => {
    const pattern = words("Managers in {city} | {site}");
    const tried = await trySite(database.db, changeOf(cityTemplate, pattern));
    expect(await trySite(database.db, changeOf(cityTemplate, { ...pattern }))).toBe(tried);
    const [a, b] = [await trySite(database.db, changeOf({ type: "page", path: AUSTIN }, words("A"))), await trySite(database.db, changeOf({ type: "page", path: AUSTIN }, words("B")))];
    expect([a.byPath.get(AUSTIN)!.title, b.byPath.get(AUSTIN)!.title]).toEqual(["A", "B"]);
    // Austin's published words (the previous test's) removed by the trial: the default's title again.
    const removed = await trySite(database.db, changeOf({ type: "page", path: AUSTIN }, EMPTY_PATTERN));
    expect(removed.byPath.get(AUSTIN)).toMatchObject({ title: "Property Managers in Austin, TX | Managely", sources: { title: "default" } });
    // Three others since: the first is still kept; four: it is made again.
    expect(await trySite(database.db, changeOf(cityTemplate, pattern))).toBe(tried);
    await trySite(database.db, changeOf({ type: "page", path: AUSTIN }, words("C")));
    expect(await trySite(database.db, changeOf(cityTemplate, pattern))).not.toBe(tried);
  });

  it("tries a template: a sample, the three widest titles, and the largest group of cities sharing a name across states", async () => {
    const pattern = words("Property Managers in {city} | {site}");
    const impact = await templateImpact(database.db, { kind: "city", pattern });
    const cities = (await trySite(database.db, changeOf(cityTemplate, pattern))).rows.filter((row) => row.kind === "city");
    expect(impact.sample).toEqual(cities[0]);
    expect(impact.widest).toEqual([...cities].sort((x, y) => y.titlePx - x.titlePx).slice(0, 3));
    expect(impact.widest).toHaveLength(3);
    const groups = new Map<string, PageRow[]>();
    for (const row of cities) groups.set((row.facts as { city: string }).city, [...(groups.get((row.facts as { city: string }).city) ?? []), row]);
    const shared = [...groups.values()].filter((rows) => new Set(rows.map((row) => row.state)).size > 1).sort((x, y) => y.length - x.length);
    expect(shared[0].length).toBeGreaterThan(shared[shared.length - 1].length);
    expect(impact.sameName).toEqual(shared[0].slice(0, 4));
  });

  it("lists the pages behind each count of a publish's confirmation, as they are and as they would be", async () => {
    const effect = await publishEffect(database.db, changeOf(cityTemplate, words("Top-Rated {managers} in {city}, {state}: Compare Fees and Get Quotes | {site}")));
    const title = effect.fields.find((each) => each.field === "title")!;
    const changed = effect.pathsOf({ after: true, changed: "title" });
    expect(changed).toHaveLength(title.changed);
    expect(changed.every((path) => path.startsWith("/agents/"))).toBe(true);
    const tooLong = title.problems.find((problem) => problem.problem === "title-too-long")!;
    expect(effect.pathsOf({ after: true, problem: "title-too-long" })).toHaveLength(tooLong.after);
    expect(effect.pathsOf({ after: false, problem: "title-too-long" })).toHaveLength(tooLong.before);
    expect(tooLong.after).toBeGreaterThan(tooLong.before);
  });

  it("writes a row's status, robots and reason from the page table: a redirect, a page not found, an empty list, a hidden step and a blog post's date", async () => {
    const site = await siteRows(database.db);
    const none = { templates: new Map(), overrides: new Map() };
    const states = new Map([["Texas", "TX"]]);
    const austin = site.byPath.get(AUSTIN)!;
    const row = (page: object) => renderRow(page as Parameters<typeof renderRow>[0], none, states);
    expect(row({ kind: "city", path: AUSTIN, facts: austin.facts })).toMatchObject({ status: 200, robots: "index", indexable: true, state: "TX", published: null });
    // The state in lower case redirects to the canonical address; a city without its state is not found.
    expect(row({ kind: "city", path: "/agents/tx/austin", facts: austin.facts })).toMatchObject({ status: 308, indexable: false, indexabilityReason: "not indexable: the address redirects to its canonical form" });
    expect(row({ kind: "city", path: AUSTIN, facts: { ...austin.facts, state_abbr: undefined } })).toMatchObject({ status: 404, indexabilityReason: "not indexable: the address answers 404" });
    // A state known only by its name takes its abbreviation from the map.
    expect(row({ kind: "city", path: AUSTIN, facts: { ...austin.facts, state_abbr: undefined, state: "Texas" } }).state).toBe("TX");
    const profile = site.rows.find((each) => each.kind === "profile")!;
    expect(row({ kind: "profile", path: profile.path, facts: { ...profile.facts, state_abbr: undefined } }).status).toBe(404);
    const emptyCity = site.noindex.find((each) => each.kind === "city")!;
    expect(emptyCity).toMatchObject({ robots: "noindex", indexable: false, indexabilityReason: "noindex: empty list (no managers serve it)" });
    const texas = site.byPath.get("/agents/TX")!;
    expect(row({ kind: "state", path: "/agents/TX", facts: { ...texas.facts, count: 0 } })).toMatchObject({ robots: "noindex", indexabilityReason: "noindex: empty list (no served cities)" });
    const step5 = site.noindex.find((each) => each.kind === "fixed" && each.title.startsWith("Review"));
    expect(step5).toMatchObject({ robots: "noindex", indexable: false });
    // A fixed page's table says noindex for its own path only; another kind at that path is not hidden.
    expect(row({ kind: "state", path: step5!.path, facts: texas.facts }).robots).toBe("index");
    const blog = site.rows.find((each) => each.kind === "blog")!;
    expect(blog.published).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(site.rows.filter((each) => each.kind !== "blog").every((each) => each.published === null)).toBe(true);
  });

  it("keeps of a trial only the pages it changes: every other row is the site's own", async () => {
    const trial = await trySite(database.db, changeOf({ type: "page", path: AUSTIN }, words("Austin, at its own words")));
    const site = trial.before;
    const own = trial.rows.filter((row, index) => row !== site.rows[index]);
    expect(own.map((row) => row.path)).toEqual([AUSTIN]);
    expect(trial.byPath.get(AUSTIN)).toMatchObject({ title: "Austin, at its own words" });
    expect(trial.byPath.get("/agents/TX/dallas")).toBe(site.byPath.get("/agents/TX/dallas"));
    expect(trial.byPath.get("/agents/TX/nowhere")).toBeUndefined();
    // A template's trial renders its kind again: its rows are new, the other kinds' are the site's.
    const template = await trySite(database.db, changeOf(cityTemplate, words("Managers of {city} | {site}")));
    const changed = template.rows.filter((row, index) => row !== template.before.rows[index]);
    expect(changed.length).toBe(template.before.rows.filter((row) => row.kind === "city").length);
    expect(changed.every((row) => row.kind === "city")).toBe(true);
  });

  it("lets the rows and the trials go ten minutes after the last use, and keeps them while staff keep using them", async () => {
    jest.useFakeTimers({ doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval"] });
    try {
      const change = changeOf({ type: "page", path: AUSTIN }, words("Kept while used"));
      const tried = await trySite(database.db, change);
      jest.advanceTimersByTime(SITE_IDLE_RELEASE_MS - 1);
      expect(await trySite(database.db, change)).toBe(tried);
      jest.advanceTimersByTime(SITE_IDLE_RELEASE_MS - 1);
      expect(await trySite(database.db, change)).toBe(tried);
      jest.advanceTimersByTime(SITE_IDLE_RELEASE_MS);
      // Let go: the trial is made again (on a site built again).
      expect(await trySite(database.db, change)).not.toBe(tried);
    } finally {
      jest.useRealTimers();
    }
  });
});
