import type { Kysely, Migration } from "kysely";

/**
 * The sliding-window rate limiter's counters, in the table layout rate-limiter-flexible reads and
 * writes (key, points, expire in ms since the epoch). Replaces the fixed-window `rate_limits`.
 */
export function rateLimiterMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropTable("rate_limits").ifExists().execute();
      await db.schema
        .createTable("rate_limiter")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
      await db.schema.createIndex("rate_limiter_expire").on("rate_limiter").column("expire").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("rate_limiter").ifExists().execute();
    },
  };
}
