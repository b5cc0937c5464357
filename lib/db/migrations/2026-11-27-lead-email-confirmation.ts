import type { Kysely, Migration } from "kysely";

/**
 * Issue 19 (M2): a lead with an email address reaches its managers only once the owner confirms
 * the address by the link mailed to it (double opt-in).
 * - leads.email_confirmed_at: when the owner confirmed (null: not yet, or a phone-only lead).
 * - lead_confirmations: the leads that wait for their address to be confirmed, each under its
 *   address normalised (trimmed, lower case), so one link confirms every waiting lead of it.
 * - lead_confirmation_links: the confirmation links mailed, at most one per address per UTC day
 *   (the unique key), each as the SHA-256 of its token only; valid for 7 days.
 */
export function leadEmailConfirmationMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("leads").addColumn("email_confirmed_at", "text").execute();

      await db.schema
        .createTable("lead_confirmations")
        .addColumn("lead_id", "integer", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_confirmations_email").on("lead_confirmations").column("email_key").execute();
      await db.schema.createIndex("lead_confirmations_created").on("lead_confirmations").column("created_at").execute();

      await db.schema
        .createTable("lead_confirmation_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("lead_confirmation_links_daily", ["email_key", "day"])
        .execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable("lead_confirmation_links").ifExists().execute();
      await db.schema.dropTable("lead_confirmations").ifExists().execute();
      await db.schema.alterTable("leads").dropColumn("email_confirmed_at").execute();
    },
  };
}
