import type { Kysely, Migration } from "kysely";

/**
 * Idempotency like Stripe's: a lead keeps the SHA-256 of the request it was saved
 * from, so a repeated submission key is answered again only for the same request; another body
 * under the same key is refused and learns nothing of the first lead. Leads saved before have
 * none, and a repeat of their key is refused.
 */
export function leadSubmissionHashMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("leads").addColumn("submission_hash", "text").execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable("leads").dropColumn("submission_hash").execute();
    },
  };
}
