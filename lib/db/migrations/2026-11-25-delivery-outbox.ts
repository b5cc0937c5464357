import type { Kysely, Migration } from "kysely";

/**
 * Issue 11: the owner chooses who receives a lead, the consent is recorded, and delivery goes
 * through an outbox.
 * - leads: a readable reference (MG-4K7Q-2XRD), when the owner withdrew it, and since when it
 *   waits for a manager to serve its ZIP (no match at submission).
 * - lead_recipients: one row per chosen manager with the consent sentence shown (text and
 *   version) and the time.
 * - lead_tokens: the private request page's tokens, as SHA-256 hashes only (a repeated
 *   submission mints another token for the same lead, so there may be several).
 * - outbox_messages: every message to send, one row per channel, written in the same
 *   transaction as what it is about; a worker claims and delivers them.
 * - newsletter_subscriptions: double opt-in (confirmed through a link; the token's hash only).
 *   Rows from before this migration were single opt-in: they stay unconfirmed until their owner
 *   subscribes again and confirms.
 */
export function deliveryOutboxMigration(dialect: "sqlite" | "postgres"): Migration {
  const autoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("leads").addColumn("reference", "text").execute();
      await db.schema.alterTable("leads").addColumn("withdrawn_at", "text").execute();
      await db.schema.alterTable("leads").addColumn("awaiting_match_since", "text").execute();
      await db.schema.createIndex("leads_reference").on("leads").column("reference").unique().execute();
      await db.schema.createIndex("leads_awaiting_match").on("leads").column("awaiting_match_since").execute();

      await db.schema
        .createTable("lead_recipients")
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("company_name", "text", (c) => c.notNull())
        .addColumn("consent_version", "text", (c) => c.notNull())
        .addColumn("consent_text", "text", (c) => c.notNull())
        .addColumn("consented_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("lead_recipients_pk", ["lead_id", "agent_id"])
        .execute();
      await db.schema.createIndex("lead_recipients_agent").on("lead_recipients").column("agent_id").execute();

      await db.schema
        .createTable("lead_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_tokens_lead").on("lead_tokens").column("lead_id").execute();

      await autoId(db.schema.createTable("outbox_messages"))
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer")
        .addColumn("agent_id", "integer")
        .addColumn("contact_id", "integer")
        .addColumn("subscription_id", "integer")
        // What the message needs beyond the rows it points to (a link's token); emptied once sent.
        .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        // When it is due: the next try, or, while a worker holds it, when that claim lapses.
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("claimed_by", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox_messages").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_lead").on("outbox_messages").columns(["lead_id", "agent_id"]).execute();

      await db.schema.alterTable("newsletter_subscriptions").addColumn("confirmed_at", "text").execute();
      await db.schema.alterTable("newsletter_subscriptions").addColumn("confirm_token_hash", "text").execute();
      await db.schema.alterTable("newsletter_subscriptions").addColumn("confirmation_sent_at", "text").execute();
      await db.schema.createIndex("newsletter_confirm_token").on("newsletter_subscriptions").column("confirm_token_hash").unique().execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropIndex("newsletter_confirm_token").ifExists().execute();
      for (const column of ["confirmation_sent_at", "confirm_token_hash", "confirmed_at"]) {
        await db.schema.alterTable("newsletter_subscriptions").dropColumn(column).execute();
      }
      await db.schema.dropTable("outbox_messages").ifExists().execute();
      await db.schema.dropTable("lead_tokens").ifExists().execute();
      await db.schema.dropTable("lead_recipients").ifExists().execute();
      await db.schema.dropIndex("leads_awaiting_match").ifExists().execute();
      await db.schema.dropIndex("leads_reference").ifExists().execute();
      for (const column of ["awaiting_match_since", "withdrawn_at", "reference"]) {
        await db.schema.alterTable("leads").dropColumn(column).execute();
      }
    },
  };
}
