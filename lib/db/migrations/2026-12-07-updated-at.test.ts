import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { listingUpdatedAtMigration } from "./2026-12-07-updated-at";

announcePostgres();

/** A listing already there starts at its creation: the sitemap must not say every listing changed when the migration ran. */
describe.each(databaseKinds)("agents.updated_at's migration on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("dates every existing listing by its created_at", async () => {
    const migration = listingUpdatedAtMigration();
    await migration.down!(database.db);
    const first = await database.db.selectFrom("agents").select("id").orderBy("id").executeTakeFirstOrThrow();
    const created = "2026-01-02T03:04:05.000Z";
    await database.db.updateTable("agents").set({ created_at: created }).where("id", "=", first.id).execute();
    await migration.up(database.db);

    expect(await database.db.selectFrom("agents").select(["created_at", "updated_at"]).where("id", "=", first.id).executeTakeFirstOrThrow()).toEqual({ created_at: created, updated_at: created });
    const differing = await database.db
      .selectFrom("agents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.or([eb("updated_at", "is", null), eb("updated_at", "<>", eb.ref("created_at"))]))
      .executeTakeFirstOrThrow();
    expect(Number(differing.n)).toBe(0);
  });
});
