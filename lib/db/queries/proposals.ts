import type { Kysely } from "kysely";
import type { Database, NewOutboxMessage, ProposalRow, ProposalTerms } from "../schema";

/**
 * Proposals: each recipient manager's private link (proposal_tokens, hashes only), one
 * proposal per manager per request with every save kept (proposal_revisions), and the owner's
 * decision on each recipient (lead_recipients.decision, leads.decided_at). The service calls them
 * in order inside one transaction, after holding the lead's row (leads.ts lockLead).
 */
type Db = Kysely<Database>;

/** A manager's link to a request, by its token's SHA-256 (a repeat of the same hash is kept once). */
export async function insertProposalToken(db: Db, { tokenHash, leadId, agentId, now }: { tokenHash: string; leadId: number; agentId: number; now: string }) {
  await db
    .insertInto("proposal_tokens")
    .values({ token_hash: tokenHash, lead_id: leadId, agent_id: agentId, created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The request and manager a proposal link opens, if any. */
export async function proposalLinkTarget(db: Db, { tokenHash }: { tokenHash: string }): Promise<{ leadId: number; agentId: number } | undefined> {
  const row = await db.selectFrom("proposal_tokens").select(["lead_id", "agent_id"]).where("token_hash", "=", tokenHash).executeTakeFirst();
  return row && { leadId: Number(row.lead_id), agentId: Number(row.agent_id) };
}

/** The lead with this reference (the agent panel names a request by it). */
export async function leadIdByReference(db: Db, { reference }: { reference: string }): Promise<number | undefined> {
  const row = await db.selectFrom("leads").select("id").where("reference", "=", reference).executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** A recipient of a lead with the owner's decision on it (undefined: the manager did not receive it). */
export async function recipientDecision(db: Db, { leadId, agentId }: { leadId: number; agentId: number }) {
  return db
    .selectFrom("lead_recipients")
    .select(["agent_id", "company_name", "decision", "decided_at"])
    .where("lead_id", "=", leadId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
}

/** Every recipient of a lead with the decision on it, with the directory's sample-listing mark. */
export async function recipientsWithDecisions(db: Db, { leadId }: { leadId: number }) {
  const rows = await db
    .selectFrom("lead_recipients")
    .leftJoin("agents", "agents.id", "lead_recipients.agent_id")
    .select(["lead_recipients.agent_id", "lead_recipients.company_name", "lead_recipients.decision", "agents.is_demo"])
    .where("lead_id", "=", leadId)
    .orderBy("consented_at")
    .orderBy("lead_recipients.agent_id")
    .execute();
  return rows.map(({ is_demo, ...row }) => ({ ...row, agent_id: Number(row.agent_id), demo: Number(is_demo ?? 0) === 1 ? 1 : 0 }));
}

export async function getProposal(db: Db, { leadId, agentId }: { leadId: number; agentId: number }): Promise<ProposalRow | undefined> {
  return db.selectFrom("proposals").selectAll().where("lead_id", "=", leadId).where("agent_id", "=", agentId).executeTakeFirst();
}

export async function listProposals(db: Db, { leadId }: { leadId: number }): Promise<ProposalRow[]> {
  return db.selectFrom("proposals").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();
}

/** Every kept version of every proposal of a lead, oldest first, with its manager (the owner's history). */
export async function listRevisions(db: Db, { leadId }: { leadId: number }) {
  const rows = await db
    .selectFrom("proposal_revisions")
    .innerJoin("proposals", "proposals.id", "proposal_revisions.proposal_id")
    .selectAll("proposal_revisions")
    .select("proposals.agent_id")
    .where("proposals.lead_id", "=", leadId)
    .orderBy("proposal_revisions.proposal_id")
    .orderBy("proposal_revisions.revision")
    .execute();
  return rows.map((row) => ({ ...row, agent_id: Number(row.agent_id), revision: Number(row.revision) }));
}

/** One kept version of a proposal (undefined: it has none of that number). */
export async function getRevision(db: Db, { proposalId, revision }: { proposalId: number; revision: number }) {
  return db.selectFrom("proposal_revisions").selectAll().where("proposal_id", "=", proposalId).where("revision", "=", revision).executeTakeFirst();
}

/**
 * Saves a manager's proposal: a new one (revision 1) or the next revision of theirs, each kept in
 * proposal_revisions. A save whose key this proposal has seen stores nothing and answers the
 * proposal as it is (`repeated`). Run after the lead's row is held, so saves of one request run
 * one after the other.
 */
export async function saveProposalRevision(
  db: Db,
  { leadId, agentId, terms, saveKey, now }: { leadId: number; agentId: number; terms: ProposalTerms; saveKey: string; now: string },
): Promise<{ proposal: ProposalRow; repeated: boolean }> {
  const existing = await getProposal(db, { leadId, agentId });
  if (existing) {
    const seen = await db.selectFrom("proposal_revisions").select("revision").where("proposal_id", "=", existing.id).where("save_key", "=", saveKey).executeTakeFirst();
    if (seen) return { proposal: existing, repeated: true };
    const revision = existing.revision + 1;
    await db.updateTable("proposals").set({ ...terms, revision, updated_at: now }).where("id", "=", existing.id).execute();
    await db.insertInto("proposal_revisions").values({ ...terms, proposal_id: existing.id, revision, save_key: saveKey, created_at: now }).execute();
    return { proposal: { ...existing, ...terms, revision, updated_at: now }, repeated: false };
  }
  const inserted = await db
    .insertInto("proposals")
    .values({ ...terms, lead_id: leadId, agent_id: agentId, revision: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto("proposal_revisions").values({ ...terms, proposal_id: inserted.id, revision: 1, save_key: saveKey, created_at: now }).execute();
  return { proposal: inserted, repeated: false };
}

/** The owner's answer to one recipient; false when it already had one (nothing is decided twice). */
export async function decideRecipient(db: Db, { leadId, agentId, decision, now }: { leadId: number; agentId: number; decision: "accepted" | "declined"; now: string }): Promise<boolean> {
  const updated = await db
    .updateTable("lead_recipients")
    .set({ decision, decided_at: now })
    .where("lead_id", "=", leadId)
    .where("agent_id", "=", agentId)
    .where("decision", "is", null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The request is decided (the owner accepted a proposal); false when it already was, or was withdrawn. */
export async function markLeadDecided(db: Db, { leadId, now }: { leadId: number; now: string }): Promise<boolean> {
  const updated = await db.updateTable("leads").set({ decided_at: now }).where("id", "=", leadId).where("decided_at", "is", null).where("withdrawn_at", "is", null).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Whether the owner's summary of proposals is already queued and not yet sent. */
export async function summaryPending(db: Db, { leadId }: { leadId: number }): Promise<boolean> {
  const row = await db
    .selectFrom("outbox_messages")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("kind", "=", "proposal.summary")
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues the owner's summary, due at `dueAt`, and records when (the next may be due an hour later). */
export async function queueSummary(db: Db, { leadId, rows, dueAt }: { leadId: number; rows: readonly NewOutboxMessage[]; dueAt: string }) {
  if (rows.length) await db.insertInto("outbox_messages").values(rows.map((row) => ({ ...row, next_attempt_at: dueAt }))).execute();
  await db.updateTable("leads").set({ proposals_told_at: dueAt }).where("id", "=", leadId).execute();
}

/** The proposals changed after `since` (all when empty), with their managers' names: the owner's summary. */
export async function proposalsChangedSince(db: Db, { leadId, since }: { leadId: number; since: string }) {
  let query = db
    .selectFrom("proposals")
    .innerJoin("lead_recipients", (join) => join.onRef("lead_recipients.lead_id", "=", "proposals.lead_id").onRef("lead_recipients.agent_id", "=", "proposals.agent_id"))
    .select(["proposals.agent_id", "lead_recipients.company_name", "proposals.revision", "proposals.updated_at", "proposals.management_percent", "proposals.management_flat"])
    .where("proposals.lead_id", "=", leadId)
    .orderBy("proposals.updated_at");
  if (since) query = query.where("proposals.updated_at", ">", since);
  return query.execute();
}
