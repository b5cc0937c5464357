import crypto from "node:crypto";
import { sql } from "kysely";
import { seedDatabase } from ".";
import type { DatabaseHandle } from "../connection";
import { prepareDatabase } from "../setup";
import { distanceMiles, servesCity } from "../../contract/geo";
import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";

announcePostgres();

const TABLES = [
  "pages", "states", "cities", "law_fact_files", "law_facts", "categories", "agents", "agent_categories",
  "questions", "testimonials", "blogs", "faqs", "zip_codes", "agent_areas", "agent_offices", "city_coverage", "zip_coverage",
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
    // 357 core facts, 52 of the extra file and 51 of rent control (which replace the extra file's 7).
    expect(first.inserted).toMatchObject({ pages: 21, states: 51, cities: 3001, law_fact_files: 3, law_facts: 357 + 52 + 51, categories: 4, testimonials: 6, zip_codes: 40970 });
    expect(first.inserted.agents).toBeGreaterThanOrEqual(3001);
    expect(first.inserted.agent_areas).toBe(first.inserted.agents);
    expect(first.inserted.agent_offices).toBe(first.inserted.agents);
    expect(first.inserted.zip_coverage).toBeGreaterThan(10_000);
    expect(first.inserted.city_coverage).toBeGreaterThanOrEqual(3001 * 3);
    expect(first.inserted.blogs).toBeGreaterThanOrEqual(8);
    expect(first.inserted.faqs).toBeGreaterThanOrEqual(12);

    const before = await fingerprint(database);
    const second = await seedDatabase(database.db, { demo: true });
    expect(Object.values(second.inserted).every((inserted) => inserted === 0)).toBe(true);
    expect(second.coverage).toEqual(first.coverage);
    expect(await fingerprint(database)).toEqual(before);
  }, WHOLE_SEED_TIMEOUT_MS);

  it("replaces rent control an earlier seed took from the extra file with the rent control file's, once", async () => {
    database = await createTestDatabase(kind);
    const texas = await database.db.selectFrom("states").select("id").where("abbreviation", "=", "TX").executeTakeFirstOrThrow();
    // As a database seeded before rent-control-facts.json holds it.
    await database.db
      .updateTable("law_facts")
      .set({ file: "landlord-tenant-facts-extra.json", value: "Older wording", verified: 1 })
      .where("state_id", "=", texas.id)
      .where("topic", "=", "rent_control")
      .execute();
    const report = await seedDatabase(database.db, { demo: true });
    expect(report.inserted.law_facts).toBe(1);
    const fact = await database.db.selectFrom("law_facts").selectAll().where("state_id", "=", texas.id).where("topic", "=", "rent_control").executeTakeFirstOrThrow();
    expect(fact).toMatchObject({ file: "rent-control-facts.json", verified: 0 });
    expect(fact.value).not.toBe("Older wording");
    expect((await seedDatabase(database.db, { demo: true })).inserted.law_facts).toBe(0);
  });

  it("has no date in the page copy after today (the privacy page's \"Last updated\" once was)", async () => {
    database = await createTestDatabase(kind);
    const pages = await database.db.selectFrom("pages").select(["page_id", "description"]).execute();
    const months = "January|February|March|April|May|June|July|August|September|October|November|December";
    for (const page of pages) {
      for (const [text] of page.description.matchAll(new RegExp(`(${months}) \\d{1,2}, \\d{4}`, "g"))) {
        expect({ page: page.page_id, date: text, future: new Date(`${text} UTC`).getTime() > Date.now() }).toEqual({ page: page.page_id, date: text, future: false });
      }
    }
  });

  it("has three or more managers serving at least 90% of the cities, and some serving each state's ten largest", async () => {
    database = await createTestDatabase(kind);
    const report = await seedDatabase(database.db, { demo: true });
    expect(report.coverage).toMatchObject({ cities: 3001, minimum: 3 });
    expect(report.coverage.served / report.coverage.cities).toBeGreaterThanOrEqual(0.9);

    // Counted again from the coverage rows, not from the stored count the report reads.
    const perCity = await database.db
      .selectFrom("cities")
      .leftJoin("city_coverage", "city_coverage.city_id", "cities.id")
      .select(["cities.state_id", "cities.id", "cities.population", "cities.managers_serving", (eb) => eb.fn.count<number>("city_coverage.agent_id").as("serving")])
      .groupBy(["cities.state_id", "cities.id", "cities.population", "cities.managers_serving"])
      .execute();
    expect(perCity.filter((city) => Number(city.serving) >= 3).length).toBe(report.coverage.served);
    for (const city of perCity) expect(Number(city.managers_serving)).toBe(Number(city.serving));
    const byState = new Map<number, { population: number; serving: number }[]>();
    for (const row of perCity) byState.set(row.state_id, [...(byState.get(row.state_id) ?? []), { population: row.population, serving: Number(row.serving) }]);
    expect(byState.size).toBe(51);
    for (const cities of byState.values()) {
      // The law pages link to these: none may be a "No Record" page.
      for (const city of cities.sort((a, b) => b.population - a.population).slice(0, 10)) expect(city.serving).toBeGreaterThanOrEqual(1);
    }
    const featured = await database.db.selectFrom("agents").select("id").where("featured", "=", 1).execute();
    expect(featured.length).toBeGreaterThan(0);
  });

  it("serves a city exactly when it lies within the radius or holds the office (checked against the rule)", async () => {
    database = await createTestDatabase(kind);
    const cities = await database.db.selectFrom("cities").select(["id", "lat", "lng"]).execute();
    const agents = await database.db
      .selectFrom("agents")
      .select(["id", "city_id", "office_lat", "office_lng", "service_radius_miles"])
      .orderBy("id")
      .limit(40)
      .execute();
    const covered = await database.db.selectFrom("city_coverage").select(["agent_id", "city_id"]).where("agent_id", "in", agents.map((agent) => agent.id)).execute();
    for (const agent of agents) {
      const area = { lat: Number(agent.office_lat), lng: Number(agent.office_lng), radius_miles: Number(agent.service_radius_miles), office_city_id: agent.city_id };
      const expected = cities.filter((city) => servesCity(area, { id: city.id, lat: Number(city.lat), lng: Number(city.lng) })).map((city) => city.id).sort((a, b) => a - b);
      const actual = covered.filter((row) => row.agent_id === agent.id).map((row) => row.city_id).sort((a, b) => a - b);
      expect(actual).toEqual(expected);
    }
  });

  it("counts the managers serving each ZIP code exactly as the rule does (a sample of ZIP codes)", async () => {
    database = await createTestDatabase(kind);
    const offices = await database.db.selectFrom("agents").innerJoin("agent_categories", "agent_categories.agent_id", "agents.id").select(["agents.id", "office_lat", "office_lng", "service_radius_miles", "featured", "category_id"]).execute();
    const zips = await database.db.selectFrom("zip_codes").select(["zip", "lat", "lng"]).where("zip", "in", ["78701", "10001", "60601", "99501", "04841", "59101", "96813", "33101", "00501", "82001"]).execute();
    const stored = await database.db.selectFrom("zip_coverage").selectAll().where("zip", "in", zips.map((zip) => zip.zip)).execute();
    for (const zip of zips) {
      const point = { lat: Number(zip.lat), lng: Number(zip.lng) };
      const serving = offices.filter((row) => distanceMiles({ lat: Number(row.office_lat), lng: Number(row.office_lng) }, point) <= Number(row.service_radius_miles));
      for (const category of [0, 1, 2, 3, 8]) {
        const inCategory = serving.filter((row) => category === 0 || row.category_id === category);
        const managers = new Map(inCategory.map((row) => [row.id, row.featured]));
        const row = stored.find((entry) => entry.zip === zip.zip && entry.category_id === category);
        const expected = managers.size === 0 ? undefined : { managers: managers.size, featured: [...managers.values()].filter((featured) => featured === 1).length };
        expect({ zip: zip.zip, category, counts: row ? { managers: Number(row.managers), featured: Number(row.featured) } : undefined }).toEqual({ zip: zip.zip, category, counts: expected });
      }
    }
  });

  it("gives every sample manager decision data and sample license data, never a registry check", async () => {
    database = await createTestDatabase(kind);
    const incomplete = await database.db
      .selectFrom("agents")
      .select("id")
      .where("is_demo", "=", 1)
      .where((eb) =>
        eb.or([
          eb("leasing_fee_percent", "is", null),
          eb.and([eb("management_fee_percent", "is", null), eb("management_fee_flat", "is", null)]),
          eb("office_lat", "is", null),
          eb("service_radius_miles", "is", null),
          eb("units_managed", "is", null),
          eb("year_founded", "is", null),
          eb("license_source", "!=", "sample"),
          eb("license_checked_on", "is not", null),
          eb("services", "=", "[]"),
        ]),
      )
      .execute();
    expect(incomplete).toEqual([]);
    const fees = await database.db.selectFrom("agents").select(["management_fee_percent", "management_fee_flat", "leasing_fee_percent"]).execute();
    for (const fee of fees) {
      if (fee.management_fee_percent !== null) expect(Number(fee.management_fee_percent)).toBeGreaterThanOrEqual(6);
      if (fee.management_fee_percent !== null) expect(Number(fee.management_fee_percent)).toBeLessThanOrEqual(12);
      if (fee.management_fee_flat !== null) expect(Number(fee.management_fee_flat)).toBeGreaterThanOrEqual(79);
      if (fee.management_fee_flat !== null) expect(Number(fee.management_fee_flat)).toBeLessThanOrEqual(199);
      expect(Number(fee.leasing_fee_percent)).toBeGreaterThanOrEqual(50);
      expect(Number(fee.leasing_fee_percent)).toBeLessThanOrEqual(100);
    }
    // Varied texts: no two managers share an about paragraph, and openings differ.
    const abouts = (await database.db.selectFrom("agents").select("about").execute()).map((row) => row.about);
    expect(new Set(abouts).size).toBe(abouts.length);
  });

  it("indexes the offices and ZIP counts of managers added before them, on the next start", async () => {
    database = await createTestDatabase(kind);
    const before = await fingerprint(database);
    // A database of the first issue-10 release: managers, areas and city coverage, no offices yet.
    await database.db.deleteFrom("agent_offices").execute();
    await database.db.deleteFrom("zip_coverage").execute();
    const { seeded } = await prepareDatabase(database, { demo: true });
    expect(seeded?.inserted).toMatchObject({ agents: 0, agent_offices: before.agent_offices.rows, zip_coverage: before.zip_coverage.rows });
    expect(await fingerprint(database)).toEqual(before);
    expect((await prepareDatabase(database, { demo: true })).seeded).toBeNull();
  }, WHOLE_SEED_TIMEOUT_MS);

  it("leaves demo managers, blogs and testimonials out when demo content is off", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const report = await seedDatabase(database.db, { demo: false });
    expect(report.inserted).toMatchObject({ pages: 21, states: 51, cities: 3001, law_facts: 357 + 52 + 51, zip_codes: 40970 });
    expect(report.coverage.served).toBe(0);
    for (const table of ["agents", "blogs", "testimonials"] as const) {
      const { n } = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    }
  });
});
