import type { Kysely, Migration } from "kysely";

/**
 * Landlord-tenant facts stored one per row (state, topic, value, citation, source), each tied to
 * the file it came from and that file's review date. The state pages, the 50-state comparisons
 * and the license line are all built from these rows, so the per-state `laws` documents the
 * seeder used to write are no longer needed: law/get now assembles the document from the facts.
 */
export function lawFactsMigration(dialect: "sqlite" | "postgres"): Migration {
  const autoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("law_fact_files")
        .addColumn("file", "text", (c) => c.primaryKey())
        .addColumn("reviewed_on", "text", (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable("law_facts"))
        .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
        .addColumn("topic", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("citation", "text")
        .addColumn("source_url", "text", (c) => c.notNull())
        .addColumn("file", "text", (c) => c.notNull().references("law_fact_files.file"))
        .addUniqueConstraint("law_facts_state_topic", ["state_id", "topic"])
        .execute();
      // A comparison reads one topic across every state.
      await db.schema.createIndex("law_facts_topic").on("law_facts").column("topic").execute();

      await db.schema.dropTable("laws").ifExists().execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable("law_facts").ifExists().execute();
      await db.schema.dropTable("law_fact_files").ifExists().execute();
      // The old table comes back empty: `npm run db:seed` on the previous code fills it again.
      await autoId(db.schema.createTable("laws"))
        .addColumn("state_id", "integer", (c) => c.notNull().unique().references("states.id"))
        .addColumn("laws", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
