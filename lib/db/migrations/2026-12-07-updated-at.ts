import { sql, type Kysely, type Migration } from "kysely";

/**
 * agents.updated_at: when a listing's content last changed (an import that changed its row, the
 * approval that made it), the date of its profile in the sitemap and of the lists it is on. A
 * listing already there was last written when it was created, so it starts at its created_at
 * (never the time this migration ran). An index on (state_id, updated_at) answers a state hub's
 * newest listing from the index alone.
 */
export function listingUpdatedAtMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("agents").addColumn("updated_at", "text").execute();
      await sql`update agents set updated_at = created_at`.execute(db);
      await db.schema.createIndex("agents_state_updated").on("agents").columns(["state_id", "updated_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("agents_state_updated").ifExists().execute();
      await db.schema.alterTable("agents").dropColumn("updated_at").execute();
    },
  };
}
