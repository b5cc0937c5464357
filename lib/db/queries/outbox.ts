import { sql, type Kysely } from "kysely";
import type { Database, NewOutboxMessage, OutboxRow } from "../schema";
import type { Dialect } from "../connection";
import { getLead } from "./leads";

/**
 * The outbox: messages written in the same transaction as what they are about, then
 * claimed and delivered by a worker (lib/service/outbox-worker.ts). A claim moves a due message to
 * "sending" and pushes its due time to when the claim lapses, so a worker that dies mid-delivery
 * leaves it to be claimed again (delivery is at least once). On PostgreSQL several workers claim
 * side by side without waiting on each other (FOR UPDATE SKIP LOCKED); SQLite runs one write at a
 * time, so its single UPDATE … RETURNING is already a claim no other worker can share.
 */
type Db = Kysely<Database>;

/** Queues messages, in the transaction of what they are about. */
export async function insertOutboxMessages(db: Db, messages: readonly NewOutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insertInto("outbox_messages").values([...messages]).execute();
}

/**
 * A withdrawn lead's messages: what has not gone out is cancelled, and every payload (a link's
 * token) is dropped, sent or not.
 */
export async function cancelLeadMessages(db: Db, { leadId }: { leadId: number }): Promise<void> {
  await db.updateTable("outbox_messages").set({ status: "cancelled", payload: "{}" }).where("lead_id", "=", leadId).where("status", "=", "pending").execute();
  await db.updateTable("outbox_messages").set({ payload: "{}" }).where("lead_id", "=", leadId).execute();
}

/**
 * The managers a lead reached, or is on its way to: those with a "lead.new" message that is not
 * cancelled or given up. Only they are told of a withdrawal or a decision (nobody else received it).
 */
export async function managersReached(db: Db, { leadId }: { leadId: number }): Promise<number[]> {
  const rows = await db
    .selectFrom("outbox_messages")
    .select("agent_id")
    .distinct()
    .where("lead_id", "=", leadId)
    .where("kind", "=", "lead.new")
    .where("status", "not in", ["cancelled", "failed"])
    .execute();
  return rows.map((row) => Number(row.agent_id)).sort((a, b) => a - b);
}

/** The messages of a lead that went, or may yet go, to a file (their copies are erased on withdrawal). */
export async function fileMessageIdsOfLead(db: Db, { leadId }: { leadId: number }): Promise<number[]> {
  const rows = await db.selectFrom("outbox_messages").select("id").where("lead_id", "=", leadId).where("channel", "=", "file").execute();
  return rows.map((row) => Number(row.id));
}

/** Of these leads, those withdrawn (a copy written while its lead was being withdrawn must go too). */
export async function withdrawnLeadIds(db: Db, { leadIds }: { leadIds: readonly number[] }): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db.selectFrom("leads").select("id").where("id", "in", [...leadIds]).where("withdrawn_at", "is not", null).execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Retention (RETENTION_DAYS): up to `limit` messages queued before `before` that still hold a
 * payload (a link's token) lose it; one still waiting then has nothing to send and is cancelled.
 * A message being sent is left to its worker. Answers how many were erased.
 */
export async function eraseOldPayloads(db: Db, { before, limit }: { before: string; limit: number }): Promise<number> {
  const ids = (
    await db
      .selectFrom("outbox_messages")
      .select("id")
      .where("created_at", "<", before)
      // A literal, not a parameter, and ordered by time: the partial index outbox_holding_payload applies.
      .where(sql<boolean>`payload <> '{}'`)
      .where("status", "<>", "sending")
      .orderBy("created_at")
      .limit(limit)
      .execute()
  ).map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  await db.updateTable("outbox_messages").set({ status: "cancelled" }).where("id", "in", ids).where("status", "=", "pending").execute();
  await db.updateTable("outbox_messages").set({ payload: "{}" }).where("id", "in", ids).where("status", "<>", "sending").execute();
  return ids.length;
}

/** Claims up to `limit` due messages for `workerId` until `leaseUntil`, oldest due first. */
export async function claimDueMessages(
  db: Db,
  { dialect, now, leaseUntil, workerId, limit }: { dialect: Dialect; now: string; leaseUntil: string; workerId: string; limit: number },
): Promise<OutboxRow[]> {
  let due = db
    .selectFrom("outbox_messages")
    .select("id")
    .where("status", "in", ["pending", "sending"])
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable("outbox_messages")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), next_attempt_at: leaseUntil, claimed_by: workerId }))
    .where("id", "in", due)
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.id - b.id);
}


/**
 * Delivered: the payload (a link's token) is dropped, nothing of it is kept once it is out; the
 * worker that sent it stays in claimed_by.
 */
export async function markSent(db: Db, { ids, now }: { ids: readonly number[]; now: string }): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox_messages")
    .set({ status: "sent", sent_at: now, payload: "{}", last_error: null })
    .where("id", "in", [...ids])
    .execute();
}

export async function markRetry(db: Db, { id, nextAttemptAt, error }: { id: number; nextAttemptAt: string; error: string }): Promise<void> {
  await db
    .updateTable("outbox_messages")
    .set({ status: "pending", next_attempt_at: nextAttemptAt, last_error: error, claimed_by: null })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
}

export async function markFailed(db: Db, { id, error }: { id: number; error: string }): Promise<void> {
  await db
    .updateTable("outbox_messages")
    .set({ status: "failed", payload: "{}", last_error: error, claimed_by: null })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
}

/** A message that no longer has anything to say (its lead was withdrawn before it went out). */
export async function markCancelled(db: Db, { ids }: { ids: readonly number[] }): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("outbox_messages").set({ status: "cancelled", payload: "{}", claimed_by: null }).where("id", "in", [...ids]).execute();
}

/** What waits to be sent, how old the oldest of it is, and how many gave up (GET /healthz). */
export async function outboxBacklog(db: Db): Promise<{ backlog: number; oldestCreatedAt: string | null; failed: number }> {
  const rows = await db
    .selectFrom("outbox_messages")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["pending", "sending", "failed"])
    .groupBy("status")
    .execute();
  let backlog = 0;
  let failed = 0;
  let oldestCreatedAt: string | null = null;
  for (const row of rows) {
    if (row.status === "failed") {
      failed = Number(row.count);
      continue;
    }
    backlog += Number(row.count);
    const oldest = row.oldest === null ? null : String(row.oldest);
    if (oldest && (!oldestCreatedAt || oldest < oldestCreatedAt)) oldestCreatedAt = oldest;
  }
  return { backlog, oldestCreatedAt, failed };
}

// ---------------------------------------------------------------------------------------------
// What a message is about, read when it is sent (so the outbox holds no copy of personal data).

/** The lead a message is about: the same read as the owner's request page. */
export const leadForMessage = getLead;

/** The recipients of a lead with the consent each was given under. */
export async function leadRecipientsForMessage(db: Db, { leadId }: { leadId: number }) {
  const rows = await db
    .selectFrom("lead_recipients")
    .leftJoin("agents", "agents.id", "lead_recipients.agent_id")
    .select(["lead_recipients.agent_id", "lead_recipients.company_name", "consent_version", "consent_text", "consented_at", "agents.is_demo"])
    .where("lead_id", "=", leadId)
    .orderBy("consented_at")
    .orderBy("lead_recipients.agent_id")
    .execute();
  // `demo` 1: a sample listing (a company that does not exist), named as one to the owner.
  return rows.map(({ is_demo, ...row }) => ({ ...row, demo: Number(is_demo ?? 0) === 1 ? 1 : 0 }));
}

/** A manager's private address: only the worker reads it, never a public response. */
export async function managerContact(db: Db, { agentId }: { agentId: number }): Promise<{ id: number; company_name: string; email: string; is_demo: number } | undefined> {
  return db.selectFrom("agents").select(["id", "company_name", "email", "is_demo"]).where("id", "=", agentId).executeTakeFirst();
}

export async function contactMessageForMessage(db: Db, { contactId }: { contactId: number }) {
  return db.selectFrom("contact_messages").select(["id", "name", "email", "mobile", "message", "agent_id", "created_at"]).where("id", "=", contactId).executeTakeFirst();
}

export async function subscriptionForMessage(db: Db, { subscriptionId }: { subscriptionId: number }) {
  return db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email_address", "confirmed_at"])
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
}

/** The delivery of each recipient's copy of a lead ("lead.new" messages), for its request page. */
export async function leadDeliveries(db: Db, { leadId }: { leadId: number }) {
  return db
    .selectFrom("outbox_messages")
    .select(["agent_id", "status", "attempts", "sent_at"])
    .where("lead_id", "=", leadId)
    .where("kind", "=", "lead.new")
    .execute();
}
