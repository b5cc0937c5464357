import type { Kysely, Migration } from "kysely";

/**
 * A save limit's counter holds its sliding window in one row: the current clock window's index
 * and count, and the previous window's count, so counting a hit is one upsert
 * (lib/db/queries/rate-limits.ts countInWindow). The mail caps' counters (key, points, expire)
 * leave the two new columns at their defaults.
 */
export function rateLimitWindowsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("rate_limiter").addColumn("window_start", "bigint").execute();
      await db.schema.alterTable("rate_limiter").addColumn("previous_points", "integer", (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("rate_limiter").dropColumn("previous_points").execute();
      await db.schema.alterTable("rate_limiter").dropColumn("window_start").execute();
    },
  };
}
