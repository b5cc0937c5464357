import type { Kysely, Migration } from "kysely";

/**
 * Managers keep their own listing true (docs/self-service.md):
 * - listing_links: a one-time sign-in link mailed to the email on a listing, its token's SHA-256
 *   only, with when it stops working and when it was used;
 * - listing_sessions: a signed-in manager's session (the cookie's token, SHA-256 only), scoped to
 *   one listing, with its expiry; signing out deletes it;
 * - listing_revisions: every change to a listing's fees, services, about text or service ZIPs
 *   made by its manager or by staff (a revert is one too), with the fields before and after as JSON.
 */
export function listingSelfServiceMigration(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("listing_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("agent_id", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("listing_links_agent").on("listing_links").columns(["agent_id", "created_at"]).execute();

      await db.schema
        .createTable("listing_sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("agent_id", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("listing_sessions_agent").on("listing_sessions").column("agent_id").execute();

      const revisions = db.schema.createTable("listing_revisions");
      await (dialect === "sqlite"
        ? revisions.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        : revisions.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn("agent_id", "integer", (c) => c.notNull())
        .addColumn("by_kind", "text", (c) => c.notNull())
        .addColumn("by_email", "text", (c) => c.notNull())
        .addColumn("before", "text", (c) => c.notNull())
        .addColumn("after", "text", (c) => c.notNull())
        .addColumn("reverts_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("listing_revisions_agent").on("listing_revisions").columns(["agent_id", "id"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("listing_revisions").ifExists().execute();
      await db.schema.dropTable("listing_sessions").ifExists().execute();
      await db.schema.dropTable("listing_links").ifExists().execute();
    },
  };
}
