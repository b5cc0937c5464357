import { createTestDatabase, type TestDatabase } from "@/test-support";
import { putRedirectRule } from "../db/queries/redirects";
import { createCacheBus } from "./cache-bus";
import { createRedirectTable } from "./redirect-table";

/**
 * Two instances of one site (one database, one Redis): a rule changed through one instance is
 * answered by the other once the redirect topic's message arrives, as lib/server/index.ts wires them.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn("TEST_REDIS_URL is not set: the redirect rules' Redis test is skipped.");

/** Resolves once `check` holds, polling every 10 ms (a message crosses Redis in a few). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describeRedis("redirect rules across instances, on Redis", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: false });
  });
  afterAll(async () => database?.destroy());

  it("reloads the other instance's table when one announces a change on the redirect topic", async () => {
    const prefix = `test-redirects-${process.pid}-${Date.now()}`;
    const [first, second] = [createRedirectTable(database.db), createRedirectTable(database.db)];
    const topic = { topic: "redirects:changed", what: "read their redirect rules again", label: "redirect rules" };
    let secondReloads = 0;
    const buses = [
      createCacheBus({ redisUrl: REDIS_URL, prefix, ...topic }, () => void first.reload()),
      createCacheBus({ redisUrl: REDIS_URL, prefix, ...topic }, () => {
        secondReloads += 1;
        void second.reload();
      }),
    ];
    try {
      // Each reads on connecting: wait for the second's first read.
      await until(() => secondReloads > 0);
      await putRedirectRule(database.db, { from_path: "/moved", status: 301, to_path: "/here", updated_at: "2026-12-07T09:00:00.000Z", updated_by: "editor@staff.example.com" });
      expect(second.lookup("/moved")).toBeUndefined();
      await buses[0].publishClear();
      await until(() => second.lookup("/moved") !== undefined);
      expect(second.lookup("/moved")).toEqual({ status: 301, to: "/here" });
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
