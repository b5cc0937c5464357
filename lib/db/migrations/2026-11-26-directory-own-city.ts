import { sql, type Kysely, type Migration } from "kysely";

/**
 * One ranking rule for a city's list: the town's own offices first, then by distance
 * from the city, featured managers marked but never moved up. city_coverage gains `own_city`
 * (1 when the manager's office is in the city itself) and an index in that order, so a page of a
 * city's list is still read in index order whatever the number of managers. The rows already
 * there are filled from agents.city_id here; lib/db/service-areas.ts writes it from now on.
 */
export function directoryOwnCityMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("city_coverage").addColumn("own_city", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await sql`update city_coverage set own_city = 1 where exists (select 1 from agents where agents.id = city_coverage.agent_id and agents.city_id = city_coverage.city_id)`.execute(db);
      await sql`create index city_coverage_rank on city_coverage (city_id, own_city desc, distance_miles, agent_id, category_mask)`.execute(db);
      await db.schema.dropIndex("city_coverage_order").ifExists().execute();
    },

    async down(db: Kysely<any>) {
      await sql`create index city_coverage_order on city_coverage (city_id, featured desc, distance_miles, agent_id, category_mask)`.execute(db);
      await db.schema.dropIndex("city_coverage_rank").ifExists().execute();
      await db.schema.alterTable("city_coverage").dropColumn("own_city").execute();
    },
  };
}
