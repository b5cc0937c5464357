import type { Kysely, Migration } from "kysely";

/**
 * Issue 28: quotes come back through the site.
 * - proposal_tokens: each recipient manager's private link to a request (/proposals/{token}), as
 *   the SHA-256 of its token only, per lead and manager (a request sent again may mint another).
 * - proposals: one per manager per request, in the directory's own fee fields; `revision` counts
 *   its saves.
 * - proposal_revisions: every save of a proposal, kept; `save_key` (unique per proposal) makes a
 *   repeated save (the same key) store nothing.
 * - lead_recipients.decision ("accepted" or "declined") and decided_at: the owner's answer to each
 *   manager; leads.decided_at: the owner accepted one (the request is closed).
 * - leads.proposals_told_at: when the owner's last summary of proposals was queued (at most one an hour).
 */
export function proposalsMigration(dialect: "sqlite" | "postgres"): Migration {
  const autoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());
  const amount = dialect === "sqlite" ? "real" : "double precision";
  const feeColumns = <T extends ReturnType<Kysely<any>["schema"]["createTable"]>>(table: T) =>
    table
      .addColumn("management_percent", amount)
      .addColumn("management_flat", amount)
      .addColumn("leasing_percent", amount)
      .addColumn("setup_fee", amount)
      .addColumn("renewal_fee", amount)
      .addColumn("maintenance_markup_percent", amount)
      .addColumn("contract_months", "integer", (c) => c.notNull())
      .addColumn("start_date", "text", (c) => c.notNull())
      .addColumn("services", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""));

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("proposal_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("proposal_tokens_lead").on("proposal_tokens").columns(["lead_id", "agent_id"]).execute();

      await feeColumns(autoId(db.schema.createTable("proposals")))
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull())
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("proposals_lead_agent", ["lead_id", "agent_id"])
        .execute();

      await feeColumns(db.schema.createTable("proposal_revisions"))
        .addColumn("proposal_id", "integer", (c) => c.notNull().references("proposals.id").onDelete("cascade"))
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("save_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("proposal_revisions_pk", ["proposal_id", "revision"])
        .addUniqueConstraint("proposal_revisions_key", ["proposal_id", "save_key"])
        .execute();

      await db.schema.alterTable("lead_recipients").addColumn("decision", "text").execute();
      await db.schema.alterTable("lead_recipients").addColumn("decided_at", "text").execute();
      await db.schema.alterTable("leads").addColumn("decided_at", "text").execute();
      await db.schema.alterTable("leads").addColumn("proposals_told_at", "text").execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable("leads").dropColumn("proposals_told_at").execute();
      await db.schema.alterTable("leads").dropColumn("decided_at").execute();
      await db.schema.alterTable("lead_recipients").dropColumn("decided_at").execute();
      await db.schema.alterTable("lead_recipients").dropColumn("decision").execute();
      await db.schema.dropTable("proposal_revisions").ifExists().execute();
      await db.schema.dropTable("proposals").ifExists().execute();
      await db.schema.dropTable("proposal_tokens").ifExists().execute();
    },
  };
}
