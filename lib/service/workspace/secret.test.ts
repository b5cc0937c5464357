import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { staffAuthSecret } from "./secret";

announcePostgres();

/** The secret that signs staff cookies: the configured one, or one made once and kept where every instance (and every version) finds it. */
describe.each(databaseKinds)("the staff secret on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());

  it("is STAFF_AUTH_SECRET when set; otherwise made once, kept under staff_auth_secret, and the same for every later call", async () => {
    expect(await staffAuthSecret(database.db, "configured-secret")).toBe("configured-secret");
    const made = await staffAuthSecret(database.db, undefined);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await staffAuthSecret(database.db, undefined)).toBe(made);
    // Where an instance upgraded from an earlier version finds the one it made then: a new key would sign everyone out.
    expect(await database.db.selectFrom("workspace_settings").select(["key", "value"]).execute()).toEqual([{ key: "staff_auth_secret", value: made }]);
  });
});
