import type { Kysely, Migration } from "kysely";

/**
 * A journal of content changes made outside a request (the seeder, an import): each running
 * server watches it and refreshes its cached pages when a row appears.
 */
export function contentChangesMigration(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = db.schema.createTable("content_changes");
      await (dialect === "sqlite"
        ? table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        : table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("changed_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("content_changes").ifExists().execute();
    },
  };
}
