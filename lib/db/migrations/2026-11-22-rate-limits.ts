import type { Kysely, Migration } from "kysely";

/** Fixed-window request counters, shared by every instance that uses the same database. */
export function rateLimitsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("rate_limits").ifExists().execute();
    },
  };
}
