import { sql } from "kysely";
import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { PROPERTY_CATEGORIES } from "../../contract/site";
import { categoryBit } from "../../db/service-areas";
import { duplicateLists } from "./duplicate-lists";

/** The audit's duplicate lists on the seeded site, checked against the database's own counts. */
announcePostgres();

describe.each(databaseKinds)("duplicate lists on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("counts every tab that repeats its city page, as the sitemap's rule does in SQL", async () => {
    let expected = 0;
    for (const category of PROPERTY_CATEGORIES) {
      const row = await sql<{ count: number }>`select count(*) as count from cities c where c.managers_serving > 0 and c.managers_serving = (select count(*) from city_coverage cc where cc.city_id = c.id and (cc.category_mask & ${categoryBit(category.id)}) <> 0)`.execute(database.db);
      expected += Number(row.rows[0].count);
    }
    const lists = await duplicateLists(database.db);
    expect(expected).toBeGreaterThan(0);
    expect(lists.tabsRepeatingCity).toBe(expected);
  });

  it("groups only city pages whose managers are the same", async () => {
    const { cityGroups } = await duplicateLists(database.db);
    expect(cityGroups.length).toBeGreaterThan(0);
    for (const group of cityGroups.slice(0, 5)) {
      const sets = await Promise.all(
        group.map(async (path) => {
          const [, , state, slug] = path.split("/");
          const rows = await database.db
            .selectFrom("city_coverage")
            .innerJoin("cities", "cities.id", "city_coverage.city_id")
            .innerJoin("states", "states.id", "cities.state_id")
            .where("states.abbreviation", "=", state)
            .where("cities.slug", "=", slug)
            .select("city_coverage.agent_id")
            .orderBy("city_coverage.agent_id")
            .execute();
          return rows.map((row) => Number(row.agent_id)).join(",");
        }),
      );
      expect(new Set(sets).size).toBe(1);
      expect(sets[0]).not.toBe("");
    }
  });
});
