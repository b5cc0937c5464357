import type { Kysely, Migration } from "kysely";

/**
 * Issue 21: the marketers' workspace.
 * - staff_users, staff_sessions, staff_accounts, staff_verifications: better-auth's tables
 *   (lib/service/workspace/auth.ts maps its models and fields to these names), with the admin
 *   plugin's role and ban columns. Dates are timestamptz and flags boolean on PostgreSQL, ISO text
 *   and 0/1 on SQLite, as its Kysely adapter writes them. A magic link's token is stored hashed
 *   (staff_verifications.identifier) and consumed once.
 * - workspace_settings: the session-signing secret when STAFF_AUTH_SECRET is not set, generated
 *   once and shared by every instance on the database.
 * - seo_live: what the public pages use now, one row per target ("template:city",
 *   "page:/agents/TX/austin"), each field a pattern or null (the next level decides).
 * - seo_revisions: every publish and rollback, append-only; seo_live points at the latest.
 * - seo_drafts: one editor's unpublished change to one target, with the revision it started from.
 * - staff_audit_log: who did what and when (sign-ins, drafts, previews, publishes, rollbacks, staff).
 */
export function workspaceMigration(dialect: "sqlite" | "postgres"): Migration {
  const date = dialect === "postgres" ? "timestamptz" : "text";
  const flag = dialect === "postgres" ? "boolean" : "integer";
  const autoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("staff_users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("email_verified", flag, (c) => c.notNull())
        .addColumn("image", "text")
        .addColumn("created_at", date, (c) => c.notNull())
        .addColumn("updated_at", date, (c) => c.notNull())
        .addColumn("role", "text")
        .addColumn("banned", flag)
        .addColumn("ban_reason", "text")
        .addColumn("ban_expires", date)
        .execute();

      await db.schema
        .createTable("staff_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("expires_at", date, (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("created_at", date, (c) => c.notNull())
        .addColumn("updated_at", date, (c) => c.notNull())
        .addColumn("ip_address", "text")
        .addColumn("user_agent", "text")
        .addColumn("user_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("impersonated_by", "text")
        .execute();
      await db.schema.createIndex("staff_sessions_user_id").on("staff_sessions").column("user_id").execute();

      await db.schema
        .createTable("staff_accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("provider_id", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("access_token", "text")
        .addColumn("refresh_token", "text")
        .addColumn("id_token", "text")
        .addColumn("access_token_expires_at", date)
        .addColumn("refresh_token_expires_at", date)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("created_at", date, (c) => c.notNull())
        .addColumn("updated_at", date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_accounts_user_id").on("staff_accounts").column("user_id").execute();

      await db.schema
        .createTable("staff_verifications")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expires_at", date, (c) => c.notNull())
        .addColumn("created_at", date, (c) => c.notNull())
        .addColumn("updated_at", date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("staff_verifications_identifier").on("staff_verifications").column("identifier").execute();

      await db.schema
        .createTable("workspace_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("seo_live")
        .addColumn("target", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("path", "text")
        .addColumn("title", "text")
        .addColumn("description", "text")
        .addColumn("keywords", "text")
        .addColumn("revision_id", "integer", (c) => c.notNull())
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("published_by", "text", (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable("seo_revisions"))
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("path", "text")
        .addColumn("title", "text")
        .addColumn("description", "text")
        .addColumn("keywords", "text")
        // "publish" or "rollback"; what was live before it (null: nothing published yet).
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("previous_revision_id", "integer")
        .addColumn("restored_revision_id", "integer")
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("published_by", "text", (c) => c.notNull())
        .addColumn("published_by_email", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("seo_revisions_target").on("seo_revisions").columns(["target", "id"]).execute();

      await autoId(db.schema.createTable("seo_drafts"))
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("path", "text")
        .addColumn("staff_user_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
        .addColumn("title", "text")
        .addColumn("description", "text")
        .addColumn("keywords", "text")
        // The live revision the draft was started from (null: nothing was published then).
        .addColumn("base_revision_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("seo_drafts_target_staff", ["target", "staff_user_id"])
        .execute();

      await autoId(db.schema.createTable("staff_audit_log"))
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("staff_user_id", "text")
        .addColumn("staff_email", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target", "text")
        .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("staff_audit_log_at").on("staff_audit_log").column("at").execute();
    },

    async down(db: Kysely<any>) {
      for (const table of ["staff_audit_log", "seo_drafts", "seo_revisions", "seo_live", "workspace_settings", "staff_verifications", "staff_accounts", "staff_sessions", "staff_users"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
