import { sql, type Kysely, type Migration } from "kysely";

/**
 * The ZIP search at any size: its cost must follow the page asked for, not the number
 * of managers serving the place.
 * - agent_offices: each manager's office point under a spatial index (SQLite R*Tree with the
 *   featured flag as a third dimension; PostgreSQL GiST over point(lng, lat)), with the radius
 *   and categories, for nearest-first searches that stop once a page is full.
 * - zip_coverage: how many managers serve each ZIP code, in all and per category, and how many of
 *   them are featured: the totals without counting at query time.
 * Both are derived from agents by lib/db/service-areas.ts; a database that has managers but no
 * offices yet is indexed on its next start (lib/db/setup.ts).
 */
export function directoryOfficesMigration(dialect: "sqlite" | "postgres"): Migration {
  const real = dialect === "sqlite" ? "real" : "double precision";
  return {
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") {
        // R*Tree: id, then min/max per dimension (a point: min = max); "+" columns are stored
        // alongside, unindexed.
        await sql`create virtual table agent_offices using rtree(
          id, min_lat, max_lat, min_lng, max_lng, min_featured, max_featured,
          +lat, +lng, +radius_miles, +category_mask
        )`.execute(db);
      } else {
        await db.schema
          .createTable("agent_offices")
          .addColumn("id", "integer", (c) => c.primaryKey().references("agents.id").onDelete("cascade"))
          .addColumn("min_lat", real, (c) => c.notNull())
          .addColumn("max_lat", real, (c) => c.notNull())
          .addColumn("min_lng", real, (c) => c.notNull())
          .addColumn("max_lng", real, (c) => c.notNull())
          .addColumn("min_featured", "integer", (c) => c.notNull())
          .addColumn("max_featured", "integer", (c) => c.notNull())
          .addColumn("lat", real, (c) => c.notNull())
          .addColumn("lng", real, (c) => c.notNull())
          .addColumn("radius_miles", real, (c) => c.notNull())
          .addColumn("category_mask", "integer", (c) => c.notNull())
          .execute();
        await sql`create index agent_offices_point on agent_offices using gist (point(lng, lat))`.execute(db);
      }

      await db.schema
        .createTable("zip_coverage")
        .addColumn("zip", "text", (c) => c.notNull())
        // 0: every category; otherwise a property category id.
        .addColumn("category_id", "integer", (c) => c.notNull())
        .addColumn("managers", "integer", (c) => c.notNull())
        .addColumn("featured", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("zip_coverage_pk", ["zip", "category_id"])
        .execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable("zip_coverage").ifExists().execute();
      await db.schema.dropTable("agent_offices").ifExists().execute();
    },
  };
}
