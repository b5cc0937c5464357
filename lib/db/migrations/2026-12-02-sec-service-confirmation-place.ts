import type { Kysely, Migration } from "kysely";

/**
 * The confirmation page shows the owner when and from where each waiting request was saved, and
 * ticks none of them: `lead_confirmations.saved_from` keeps the city a trusted proxy reported for
 * the save ("" when none did), never an address. The hashed client networks that used to decide
 * which requests were ticked are no longer read: they are blanked, so nothing keeps them.
 */
export function confirmationPlaceMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("lead_confirmations").addColumn("saved_from", "text", (c) => c.notNull().defaultTo("")).execute();
      await db.updateTable("lead_confirmations").set({ client_key: "" }).execute();
      await db.updateTable("lead_confirmation_links").set({ client_key: "" }).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("lead_confirmations").dropColumn("saved_from").execute();
    },
  };
}
