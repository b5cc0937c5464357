import crypto from "node:crypto";
import { sql } from "kysely";
import { seedDatabase } from ".";
import type { DatabaseHandle } from "../connection";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "../../testing/test-database";

announcePostgres();

const TABLES = [
  "pages", "states", "cities", "laws", "categories", "agents", "agent_categories",
  "questions", "testimonials", "blogs", "faqs",
] as const;

/** Row count and a hash of every row of every seeded table, in a stable order. */
async function fingerprint(handle: DatabaseHandle) {
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
    const lines = rows.rows.map((row) => JSON.stringify(row)).sort();
    result[table] = { rows: lines.length, hash: crypto.createHash("sha256").update(lines.join("\n")).digest("hex") };
  }
  return result;
}

describe.each(databaseKinds)("seed on %s", (kind) => {
  let database: TestDatabase;
  afterEach(async () => database?.destroy());

  it("fills every table on the first run and changes nothing on the second", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const first = await seedDatabase(database.db, { demo: true });
    expect(first).toMatchObject({ pages: 21, states: 51, cities: 3001, laws: 51, categories: 4, testimonials: 6 });
    expect(first.agents).toBeGreaterThanOrEqual(51 * 3);
    expect(first.blogs).toBeGreaterThanOrEqual(8);
    expect(first.faqs).toBeGreaterThanOrEqual(12);

    const before = await fingerprint(database);
    const second = await seedDatabase(database.db, { demo: true });
    expect(Object.values(second).every((inserted) => inserted === 0)).toBe(true);
    expect(await fingerprint(database)).toEqual(before);
  });

  it("gives at least three managers to each of the ten largest cities of every state", async () => {
    database = await createTestDatabase(kind);
    const perCity = await database.db
      .selectFrom("cities")
      .leftJoin("agents", "agents.city_id", "cities.id")
      .select(["cities.state_id", "cities.id", "cities.population", (eb) => eb.fn.count<number>("agents.id").as("agents")])
      .groupBy(["cities.state_id", "cities.id", "cities.population"])
      .execute();
    const byState = new Map<number, { population: number; agents: number }[]>();
    for (const row of perCity) {
      byState.set(row.state_id, [...(byState.get(row.state_id) ?? []), { population: row.population, agents: Number(row.agents) }]);
    }
    expect(byState.size).toBe(51);
    for (const cities of byState.values()) {
      const largest = cities.sort((a, b) => b.population - a.population).slice(0, 10);
      for (const city of largest) expect(city.agents).toBeGreaterThanOrEqual(3);
    }
    const featured = await database.db.selectFrom("agents").select("id").where("featured", "=", 1).execute();
    expect(featured.length).toBeGreaterThan(0);
  });

  it("leaves demo managers, blogs and testimonials out when demo content is off", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const report = await seedDatabase(database.db, { demo: false });
    expect(report).toMatchObject({ pages: 21, states: 51, cities: 3001, laws: 51 });
    for (const table of ["agents", "blogs", "testimonials"] as const) {
      const { n } = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    }
    const law = await database.db.selectFrom("laws").select("laws").executeTakeFirstOrThrow();
    expect(law.laws).not.toContain("Explore Property Management");
  });
});
