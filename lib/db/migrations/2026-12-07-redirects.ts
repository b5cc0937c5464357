import type { Kysely, Migration } from "kysely";

/**
 * Workspace → Redirects (lib/contract/redirects.ts):
 * - redirect_rules: one rule per exact, normalised from-path: 301 or 302 to a path of the site,
 *   or 410 with no target; who changed it last and when (the audit log keeps every change);
 * - not_found_paths: the 404 log, one row per public path that answered 404, with its count and
 *   when it was first and last seen; bounded by the server that writes it (NOT_FOUND_LOG_MAX).
 */
export function redirectsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("redirect_rules")
        .addColumn("from_path", "text", (c) => c.primaryKey())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("to_path", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("not_found_paths")
        .addColumn("path", "text", (c) => c.primaryKey())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("first_seen", "text", (c) => c.notNull())
        .addColumn("last_seen", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("not_found_paths_rank").on("not_found_paths").columns(["hits", "last_seen"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("not_found_paths").ifExists().execute();
      await db.schema.dropTable("redirect_rules").ifExists().execute();
    },
  };
}
