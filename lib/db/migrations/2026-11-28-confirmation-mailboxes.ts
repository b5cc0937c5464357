import { type Kysely, type Migration } from "kysely";
import { mailboxKey } from "../../contract/keys";

/**
 * Issue 26 (N4, N5, L3): the owner's confirmation keys a mailbox, never an address in clear.
 * - lead_confirmations.email_key and lead_confirmation_links.email_key become the mailbox's hash
 *   (lib/contract/keys.ts mailboxKey: lower case, `+tag` removed, Gmail's dots removed), so
 *   `victim+1@…` … `victim+20@…` share one link a day, and no address stays in these tables.
 *   Two links of one day that now name the same mailbox keep the first.
 * - client_key on both: the hashed client network a lead was saved from, and the one whose save
 *   mailed the link, so the confirmation page ticks by default only the requests saved from where
 *   the first one was.
 */
export function confirmationMailboxesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("lead_confirmations").addColumn("client_key", "text", (c) => c.notNull().defaultTo("")).execute();
      await db.schema.alterTable("lead_confirmation_links").addColumn("client_key", "text", (c) => c.notNull().defaultTo("")).execute();

      const waiting: { lead_id: number; email_key: string }[] = await db.selectFrom("lead_confirmations").select(["lead_id", "email_key"]).execute();
      for (const row of waiting) await db.updateTable("lead_confirmations").set({ email_key: mailboxKey(row.email_key) }).where("lead_id", "=", row.lead_id).execute();

      const links: { token_hash: string; email_key: string; day: string }[] = await db.selectFrom("lead_confirmation_links").select(["token_hash", "email_key", "day"]).orderBy("created_at").execute();
      const kept = new Set<string>();
      for (const link of links) {
        const key = mailboxKey(link.email_key);
        if (kept.has(`${key}|${link.day}`)) {
          await db.deleteFrom("lead_confirmation_links").where("token_hash", "=", link.token_hash).execute();
          continue;
        }
        kept.add(`${key}|${link.day}`);
        await db.updateTable("lead_confirmation_links").set({ email_key: key }).where("token_hash", "=", link.token_hash).execute();
      }
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable("lead_confirmation_links").dropColumn("client_key").execute();
      await db.schema.alterTable("lead_confirmations").dropColumn("client_key").execute();
    },
  };
}
