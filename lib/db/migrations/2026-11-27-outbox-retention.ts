import { sql, type Kysely, type Migration } from "kysely";

/**
 * Retention: every hour the worker looks for messages older than RETENTION_DAYS that
 * still hold a payload (a link's token). Those are few (a payload is dropped once its message is
 * out), so a partial index holds only them and the look-up never scans the whole outbox.
 */
export function outboxRetentionMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("outbox_holding_payload")
        .on("outbox_messages")
        .column("created_at")
        .where(sql.ref("payload"), "<>", "{}")
        .execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.dropIndex("outbox_holding_payload").execute();
    },
  };
}
