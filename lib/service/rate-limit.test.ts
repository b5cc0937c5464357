import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/lib/test-support";
import { createRateLimiter, limitKeyPart, RATE_LIMIT_WINDOW_MS, type RateLimiter } from "./rate-limit";

announcePostgres();

/** The sliding window of the save limits, on the database store the site uses. */
describe.each(databaseKinds)("rate limiter on %s", (kind) => {
  let database: TestDatabase;
  let limiter: RateLimiter;
  const minute = (index: number) => index * RATE_LIMIT_WINDOW_MS;
  let base = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    limiter = createRateLimiter(database);
    // A clock minute far from now, so the library's own expiry (from the real clock) keeps the rows.
    base = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
  });
  afterAll(async () => database?.destroy());

  const hits = async (key: string, count: number, at: number) => {
    const results: boolean[] = [];
    for (let index = 0; index < count; index++) results.push((await limiter.hit([{ key, limit: 10 }], at)).limited);
    return results;
  };

  it("lets ten saves through in a minute and refuses the eleventh", async () => {
    expect(await hits("lead/save|address:198.51.100.1", 11, base + 5_000)).toEqual([...Array(10).fill(false), true]);
  });

  it("cannot be doubled at the edge of a minute: ten at 0:59 leave no room at 1:01", async () => {
    const key = "lead/save|address:198.51.100.2";
    expect(await hits(key, 10, base + minute(0) + 59_000)).toEqual(Array(10).fill(false));
    // Two seconds later, in the next clock minute: a fixed window would allow ten more here.
    expect(await hits(key, 3, base + minute(1) + 1_000)).toEqual([true, true, true]);
  });

  it("frees saves as the previous minute slides out", async () => {
    const key = "lead/save|address:198.51.100.3";
    await hits(key, 10, base + minute(0) + 30_000);
    // At 1:45 the previous minute weighs 25% (2.5 saves), so the next minute allows about seven.
    const later = await hits(key, 10, base + minute(1) + 45_000);
    expect(later.filter((limited) => !limited).length).toBe(7);
    expect(later.slice(0, 7)).toEqual(Array(7).fill(false));
  });

  it("counts each key on its own, and any key over its limit refuses the save", async () => {
    const email = `lead/save|${limitKeyPart("email", "Owner@Example.org")}`;
    for (let index = 0; index < 10; index++) {
      const address = `lead/save|address:203.0.113.${index}`;
      expect((await limiter.hit([{ key: address, limit: 10 }, { key: email, limit: 10 }], base + 1_000)).limited).toBe(false);
    }
    // A new address, the same owner's email in another case: refused by the email key.
    const verdict = await limiter.hit([{ key: "lead/save|address:203.0.113.99", limit: 10 }, { key: `lead/save|${limitKeyPart("email", "owner@example.ORG")}`, limit: 10 }], base + 2_000);
    expect(verdict.limited).toBe(true);
    expect(verdict.retryAfterSeconds).toBeGreaterThan(0);
    expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("stores no email in clear and caps every key's length", async () => {
    await limiter.hit([{ key: `newsletter/save|${limitKeyPart("email", "private.person@example.org")}`, limit: 10 }, { key: `x|${limitKeyPart("address", "9".repeat(500))}`, limit: 10 }]);
    const keys = (await database.db.selectFrom("rate_limiter").select("key").execute()).map((row) => row.key);
    expect(keys.join(" ")).not.toContain("private.person");
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThan(120);
  });

  it("purges rows whose window has long passed", async () => {
    await database.db.insertInto("rate_limiter").values({ key: "stale|1", points: 3, expire: Date.now() - 2 * 3_600_000 }).execute();
    await limiter.purgeExpired();
    expect(await database.db.selectFrom("rate_limiter").select("key").where("key", "=", "stale|1").execute()).toEqual([]);
  });
});
