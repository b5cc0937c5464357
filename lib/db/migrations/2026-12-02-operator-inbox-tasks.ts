import crypto from "node:crypto";
import type { Kysely, Migration } from "kysely";

/**
 * The operator's tasks in the workspace: applications become listings, messages are answered,
 * subscribers can leave.
 * - agent_applications.status ("new", "approved", "declined"), when and by whom it was decided,
 *   the reason of a decline, the listing it became or was linked to (agent_id), and the contact
 *   person the operator named when approving it (the listing has no column for one).
 * - contact_messages.status ("new", "answered", "closed") and when it last changed.
 * - contact_replies: every reply written in the workspace, kept with its message (the thread).
 * - email_suppressions: the mailboxes that unsubscribed (their hash, never the address): no
 *   newsletter and no owner notice goes to them.
 * - newsletter_subscriptions.email_key: the mailbox's hash, so an unsubscribe link (which carries
 *   only the hash) finds the subscription to erase. Existing rows are keyed here.
 */
export function operatorInboxTasksMigration(dialect: "sqlite" | "postgres"): Migration {
  const autoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("agent_applications").addColumn("status", "text", (c) => c.notNull().defaultTo("new")).execute();
      await db.schema.alterTable("agent_applications").addColumn("decided_at", "text").execute();
      await db.schema.alterTable("agent_applications").addColumn("decided_by", "text").execute();
      await db.schema.alterTable("agent_applications").addColumn("decline_reason", "text").execute();
      await db.schema.alterTable("agent_applications").addColumn("agent_id", "integer").execute();
      await db.schema.alterTable("agent_applications").addColumn("contact_name", "text").execute();
      await db.schema.createIndex("agent_applications_status").on("agent_applications").columns(["status", "id"]).execute();

      await db.schema.alterTable("contact_messages").addColumn("status", "text", (c) => c.notNull().defaultTo("new")).execute();
      await db.schema.alterTable("contact_messages").addColumn("status_changed_at", "text").execute();
      await db.schema.createIndex("contact_messages_status").on("contact_messages").columns(["status", "id"]).execute();

      await autoId(db.schema.createTable("contact_replies"))
        .addColumn("contact_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("staff_user_id", "text")
        .addColumn("staff_email", "text", (c) => c.notNull())
        .addColumn("reply_to", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_replies_contact").on("contact_replies").columns(["contact_id", "id"]).execute();

      await db.schema
        .createTable("email_suppressions")
        .addColumn("email_key", "text", (c) => c.primaryKey())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema.alterTable("newsletter_subscriptions").addColumn("email_key", "text").execute();
      await db.schema.createIndex("newsletter_subscriptions_email_key").on("newsletter_subscriptions").column("email_key").execute();
      let after = 0;
      for (;;) {
        const rows = (await db.selectFrom("newsletter_subscriptions").select(["id", "email_address"]).where("id", ">", after).orderBy("id").limit(500).execute()) as {
          id: number;
          email_address: string;
        }[];
        if (rows.length === 0) break;
        for (const row of rows) {
          await db.updateTable("newsletter_subscriptions").set({ email_key: mailboxKeyAsOf20261202(row.email_address) }).where("id", "=", row.id).execute();
        }
        after = rows[rows.length - 1].id;
      }
    },

    async down(db: Kysely<any>) {
      await db.schema.dropIndex("newsletter_subscriptions_email_key").execute();
      await db.schema.alterTable("newsletter_subscriptions").dropColumn("email_key").execute();
      await db.schema.dropTable("email_suppressions").execute();
      await db.schema.dropTable("contact_replies").execute();
      await db.schema.dropIndex("contact_messages_status").execute();
      for (const column of ["status_changed_at", "status"]) await db.schema.alterTable("contact_messages").dropColumn(column).execute();
      await db.schema.dropIndex("agent_applications_status").execute();
      for (const column of ["contact_name", "agent_id", "decline_reason", "decided_by", "decided_at", "status"]) await db.schema.alterTable("agent_applications").dropColumn(column).execute();
    },
  };
}

/**
 * The mailbox key of lib/contract/keys.ts (mailboxKey) as it is on this migration's date, frozen
 * here like the rest of the migration: lower case, no `+tag`, Gmail without dots, SHA-256, 32 hex.
 */
function mailboxKeyAsOf20261202(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let mailbox = address;
  if (at >= 1) {
    let local = address.slice(0, at).replace(/\+.*$/, "");
    let domain = address.slice(at + 1);
    if (domain === "gmail.com" || domain === "googlemail.com") {
      local = local.replace(/\./g, "");
      domain = "gmail.com";
    }
    mailbox = `${local || address.slice(0, at)}@${domain}`;
  }
  return crypto.createHash("sha256").update(mailbox).digest("hex").slice(0, 32);
}
