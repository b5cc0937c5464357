import { sql, type Kysely, type Migration } from "kysely";

/**
 * Issue 10: what an owner decides from, and who serves where.
 * - agents: fees, services, license, office location and service radius, units, year founded.
 * - zip_codes: the GeoNames ZIP codes (the ZIP search and quote step 2).
 * - agent_areas: each manager's service area as a box, under a spatial index (SQLite R*Tree;
 *   PostgreSQL GiST over a box expression), with what ranking needs (featured, office, radius,
 *   categories) so a lookup by point reads nothing else.
 * - city_coverage: which managers serve each seeded city (within the radius, or the office is in
 *   it), with the distance, in list order; cities.managers_serving counts them.
 * The demo managers of the first seed have none of this data; they are removed here and the
 * seeder adds the regenerated ones (lib/db/setup.ts seeds a database that lacks them).
 */
export function directoryDecisionDataMigration(dialect: "sqlite" | "postgres"): Migration {
  const real: Real = dialect === "sqlite" ? "real" : "double precision";
  return {
    async up(db: Kysely<any>) {
      await addDecisionColumns(db, real);
      await createCoverageTables(db, dialect, real);
      // The first seed's demo managers lack every field above; the seeder regenerates them.
      await db.deleteFrom("agents").where("is_demo", "=", 1).execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable("city_coverage").ifExists().execute();
      await db.schema.dropTable("agent_areas").ifExists().execute();
      await db.schema.dropTable("zip_codes").ifExists().execute();
      await db.schema.dropIndex("cities_state_served").ifExists().execute();
      await db.schema.alterTable("cities").dropColumn("managers_serving").execute();
      for (const name of [
        "services", "management_fee_percent", "management_fee_flat", "leasing_fee_percent", "renewal_fee", "setup_fee",
        "maintenance_markup_percent", "vacancy_fee", "license_state", "license_number", "license_type", "license_source",
        "license_checked_on", "office_lat", "office_lng", "service_radius_miles", "units_managed", "year_founded",
      ]) {
        await db.schema.alterTable("agents").dropColumn(name).execute();
      }
    },
  };
}

type Real = "real" | "double precision";

/** The managers' decision data, and how many managers serve each city. */
async function addDecisionColumns(db: Kysely<any>, real: Real) {
  const agentColumns: [string, string][] = [
    ["management_fee_percent", real],
    ["management_fee_flat", real],
    ["leasing_fee_percent", real],
    ["renewal_fee", real],
    ["setup_fee", real],
    ["maintenance_markup_percent", real],
    ["vacancy_fee", "integer"],
    ["license_state", "text"],
    ["license_number", "text"],
    ["license_type", "text"],
    ["license_source", "text"],
    ["license_checked_on", "text"],
    ["office_lat", real],
    ["office_lng", real],
    ["service_radius_miles", real],
    ["units_managed", "integer"],
    ["year_founded", "integer"],
  ];
  for (const [name, type] of agentColumns) {
    await db.schema.alterTable("agents").addColumn(name, sql.raw(type) as never).execute();
}
// JSON text of the service keys (lib/contract/site.ts MANAGER_SERVICES).
await db.schema.alterTable("agents").addColumn("services", "text", (c) => c.notNull().defaultTo("[]")).execute();

await db.schema.alterTable("cities").addColumn("managers_serving", "integer", (c) => c.notNull().defaultTo(0)).execute();
await db.schema.createIndex("cities_state_served").on("cities").columns(["state_id", "managers_serving"]).execute();
}

/** The ZIP codes, the managers' service areas under a spatial index, and each city's coverage. */
async function createCoverageTables(db: Kysely<any>, dialect: "sqlite" | "postgres", real: Real) {
  await db.schema
    .createTable("zip_codes")
    .addColumn("zip", "text", (c) => c.primaryKey())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state_abbr", "text", (c) => c.notNull())
    .addColumn("county", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lat", real, (c) => c.notNull())
    .addColumn("lng", real, (c) => c.notNull())
    .execute();

  if (dialect === "sqlite") {
    // R*Tree: id, then min/max per dimension; "+" columns are stored alongside, unindexed.
    await sql`create virtual table agent_areas using rtree(
          id, min_lat, max_lat, min_lng, max_lng,
          +featured, +lat, +lng, +radius_miles, +category_mask
        )`.execute(db);
  } else {
    await db.schema
      .createTable("agent_areas")
      .addColumn("id", "integer", (c) => c.primaryKey().references("agents.id").onDelete("cascade"))
      .addColumn("min_lat", real, (c) => c.notNull())
      .addColumn("max_lat", real, (c) => c.notNull())
      .addColumn("min_lng", real, (c) => c.notNull())
      .addColumn("max_lng", real, (c) => c.notNull())
      .addColumn("featured", "integer", (c) => c.notNull())
      .addColumn("lat", real, (c) => c.notNull())
      .addColumn("lng", real, (c) => c.notNull())
      .addColumn("radius_miles", real, (c) => c.notNull())
      .addColumn("category_mask", "integer", (c) => c.notNull())
      .execute();
    await sql`create index agent_areas_box on agent_areas using gist (box(point(min_lng, min_lat), point(max_lng, max_lat)))`.execute(db);
}

await db.schema
  .createTable("city_coverage")
  .addColumn("city_id", "integer", (c) => c.notNull().references("cities.id"))
  .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id").onDelete("cascade"))
  .addColumn("featured", "integer", (c) => c.notNull())
  .addColumn("distance_miles", real, (c) => c.notNull())
  .addColumn("category_mask", "integer", (c) => c.notNull())
  .addPrimaryKeyConstraint("city_coverage_pk", ["city_id", "agent_id"])
  .execute();
// List order of a city (featured first, then nearest), covering the category filter.
await sql`create index city_coverage_order on city_coverage (city_id, featured desc, distance_miles, agent_id, category_mask)`.execute(db);
await db.schema.createIndex("city_coverage_agent").on("city_coverage").column("agent_id").execute();
}
