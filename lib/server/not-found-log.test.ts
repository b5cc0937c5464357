import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { REDIRECT_PATH_MAX } from "../contract/redirects";
import { putRedirectRule } from "../db/queries/redirects";
import { createNotFoundLog } from "./not-found-log";
import { createRedirectTable } from "./redirect-table";

/**
 * The server's side of Workspace → Redirects on each database: the 404 log's bounds (what it
 * counts, how much it holds in memory and in the table, how often it writes) and the rule table
 * read again after a change.
 */
announcePostgres();

describe.each(databaseKinds)("the 404 log and the rule table on %s", (kind) => {
  let database: TestDatabase;
  const logged = async () =>
    (await database.db.selectFrom("not_found_paths").selectAll().orderBy("hits", "desc").orderBy("path").execute()).map((row) => ({ ...row, hits: Number(row.hits) }));

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());
  beforeEach(async () => {
    await database.db.deleteFrom("not_found_paths").execute();
    await database.db.deleteFrom("redirect_rules").execute();
  });

  it("counts public paths in one batch, normalised, with their first and last sighting", async () => {
    const log = createNotFoundLog(database.db, { flushMs: 60_000 });
    log.record("/old-page/", new Date("2026-12-01T10:00:00Z"));
    log.record("/old-page", new Date("2026-12-01T11:00:00Z"));
    log.record("/other", new Date("2026-12-01T12:00:00Z"));
    let writes = 0;
    const spy = jest.spyOn(database.db, "transaction").mockImplementation(function (this: typeof database.db) {
      writes += 1;
      spy.mockRestore();
      return database.db.transaction();
    });
    await log.flush();
    expect(writes).toBe(1);
    log.record("/old-page", new Date("2026-12-02T09:00:00Z"));
    await log.flush();
    expect(await logged()).toEqual([
      { path: "/old-page", hits: 3, first_seen: "2026-12-01T10:00:00.000Z", last_seen: "2026-12-02T09:00:00.000Z" },
      { path: "/other", hits: 1, first_seen: "2026-12-01T12:00:00.000Z", last_seen: "2026-12-01T12:00:00.000Z" },
    ]);
  });

  it("never counts the service, build files, the workspace, private pages, malformed or overlong paths", async () => {
    const log = createNotFoundLog(database.db, { flushMs: 60_000 });
    for (const path of ["/api/nothing", "/_next/static/x.js", "/_next/data/x.json", "/workspace/nothing", "/requests/abcdefghijklmnop", "/bad%zz", `/${"x".repeat(REDIRECT_PATH_MAX)}`]) log.record(path);
    expect(log.pending).toBe(0);
    await log.flush();
    expect(await logged()).toEqual([]);
  });

  it("holds at most pendingMax new paths between writes, and keeps the most-seen in the table", async () => {
    const log = createNotFoundLog(database.db, { flushMs: 60_000, pendingMax: 50, keep: 20 });
    // Real broken links, seen often.
    for (let hit = 0; hit < 5; hit++) for (let link = 0; link < 5; link++) log.record(`/broken-${link}`);
    // A crawler's junk: thousands of new paths.
    for (let index = 0; index < 5_000; index++) log.record(`/junk-${index}`);
    expect(log.pending).toBe(50);
    await log.flush();
    for (let round = 0; round < 3; round++) {
      for (let index = 0; index < 5_000; index++) log.record(`/junk-${round}-${index}`);
      await log.flush();
    }
    const rows = await logged();
    expect(rows).toHaveLength(20);
    expect(rows.slice(0, 5).map((row) => [row.path, row.hits])).toEqual([0, 1, 2, 3, 4].map((link) => [`/broken-${link}`, 5]));
  });

  it("writes on its own after the interval, once", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate"] });
    try {
      const log = createNotFoundLog(database.db, { flushMs: 5_000 });
      log.record("/later");
      expect(log.pending).toBe(1);
      jest.advanceTimersByTime(5_000);
      expect(log.pending).toBe(0);
      await log.flush();
    } finally {
      jest.useRealTimers();
    }
    expect((await logged()).map((row) => row.path)).toEqual(["/later"]);
  });

  it("answers a rule by the request's path however it is spelled, and reads the rules again on reload", async () => {
    const table = createRedirectTable(database.db);
    await table.reload();
    expect(table.lookup("/old")).toBeUndefined();
    await putRedirectRule(database.db, { from_path: "/old", status: 301, to_path: "/new", updated_at: "2026-12-01T00:00:00.000Z", updated_by: "editor@staff.example.com" });
    await putRedirectRule(database.db, { from_path: "/café", status: 410, to_path: null, updated_at: "2026-12-01T00:00:00.000Z", updated_by: "editor@staff.example.com" });
    expect(table.lookup("/old")).toBeUndefined();
    // Two reloads asked together: the last still reads after the change.
    await Promise.all([table.reload(), table.reload()]);
    expect(table.lookup("/old/")).toEqual({ status: 301, to: "/new" });
    expect(table.lookup("//old")).toEqual({ status: 301, to: "/new" });
    expect(table.lookup("/caf%C3%A9")).toEqual({ status: 410, to: null });
    expect(table.lookup("/OLD")).toBeUndefined();
    expect(table.size).toBe(2);
  });
});
