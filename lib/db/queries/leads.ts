import type { Kysely } from "kysely";
import type { Database, LeadRow } from "../schema";
import { phoneDigits, type ParsedRequest, type Recipient } from "../../contract";

/**
 * An owner's request in its tables: the lead, the managers it goes to with the consent
 * given (lead_recipients), and its private page's tokens (their hashes, lead_tokens). Each query
 * does one thing; the service calls them in order inside one transaction (lib/service/leads.ts,
 * lib/service/requests.ts). The messages that deliver a lead are lib/db/queries/outbox.ts's.
 */
type Db = Kysely<Database>;

export type Consent = { version: string; text: string };

/** A lead as the service reads it: its reference always set (leads stored before references existed had none). */
export type LeadRecord = Omit<LeadRow, "submission_key" | "submission_hash" | "reference" | "property_price"> & { reference: string };

/** leads rows, read: the one place a row becomes a LeadRecord. */
function leadRecordOf({ submission_key: _key, submission_hash: _hash, property_price: _price, ...row }: LeadRow): LeadRecord {
  return { ...row, reference: row.reference ?? `#${row.id}` };
}

/** A lead, written: the request's fields as the contract parsed them, in the table's columns. */
function leadRowOf(lead: ParsedRequest<"lead/save">, { reference, awaitingMatch, now, submissionHash }: LeadRowContext) {
  return {
    submission_key: lead.submission_key ?? null,
    submission_hash: lead.submission_key ? submissionHash : null,
    property_category: lead.property_category,
    property_address: lead.property_address,
    property_city: lead.property_city,
    property_zip: lead.property_zip,
    property_price: lead.property_price,
    full_name: lead.full_name,
    email_address: lead.email_address,
    property_number: lead.property_number ? phoneDigits(lead.property_number) : "",
    preferred_contact_method: lead.preferred_contact_method ?? "",
    price: lead.price,
    exam: JSON.stringify(lead.exam ?? []),
    created_at: now,
    reference,
    awaiting_match_since: awaitingMatch ? now : null,
  };
}

type LeadRowContext = { reference: string; awaitingMatch: boolean; now: string; submissionHash: string };

export type StoredLead =
  | { created: true; id: number; reference: string }
  /** Its submission key was seen before: the lead stored then, and whether it came from the same request. */
  | { created: false; id: number; reference: string; sameRequest: boolean };

/**
 * Stores a lead under the first of `references` no other lead has (they are random: a clash is
 * rare), once per submission key: a key seen before stores nothing and answers that lead, saying
 * whether it was saved from the same request (`submissionHash`, the request's SHA-256).
 */
export async function insertLead(
  db: Db,
  { lead, references, ...context }: { lead: ParsedRequest<"lead/save">; references: readonly string[] } & Omit<LeadRowContext, "reference">,
): Promise<StoredLead> {
  for (const reference of references) {
    const inserted = await db
      .insertInto("leads")
      .values(leadRowOf(lead, { reference, ...context }))
      // Both unique keys, the submission key and the reference: which one it was is read below.
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { created: true, id: inserted.id, reference };
    const earlier = lead.submission_key ? await findLeadBySubmissionKey(db, { submissionKey: lead.submission_key }) : undefined;
    if (earlier) return { created: false, id: earlier.id, reference: earlier.reference, sameRequest: earlier.submissionHash === context.submissionHash };
  }
  throw new Error(`no free lead reference among ${references.length}`);
}

async function findLeadBySubmissionKey(db: Db, { submissionKey }: { submissionKey: string }) {
  const row = await db.selectFrom("leads").select(["id", "reference", "submission_hash"]).where("submission_key", "=", submissionKey).executeTakeFirst();
  return row && { id: row.id, reference: row.reference ?? `#${row.id}`, submissionHash: row.submission_hash };
}

/**
 * Holds the lead's row until the transaction ends (a no-op update: PostgreSQL locks the row, and
 * the next write for this lead waits and then reads what this one wrote; SQLite writes one
 * transaction at a time anyway). Choosing recipients starts with it, so two concurrent choices
 * cannot both find the lead without recipients. False when there is no such lead.
 */
export async function lockLead(db: Db, { leadId }: { leadId: number }): Promise<boolean> {
  const locked = await db
    .updateTable("leads")
    .set((eb) => ({ id: eb.ref("id") }))
    .where("id", "=", leadId)
    .executeTakeFirst();
  return locked.numUpdatedRows > 0n;
}

/** One row per manager chosen, each with the consent sentence the owner saw and its time (a manager already there is kept). */
export async function insertRecipients(db: Db, { leadId, recipients, consent, now }: { leadId: number; recipients: readonly Recipient[]; consent: Consent; now: string }) {
  if (recipients.length === 0) return;
  await db
    .insertInto("lead_recipients")
    .values(
      recipients.map((recipient) => ({
        lead_id: leadId,
        agent_id: recipient.agent_id,
        company_name: recipient.company_name,
        consent_version: consent.version,
        consent_text: consent.text,
        consented_at: now,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** A private page's token for a lead (its SHA-256 only). */
export async function insertToken(db: Db, { leadId, tokenHash, now }: { leadId: number; tokenHash: string; now: string }) {
  await db.insertInto("lead_tokens").values({ token_hash: tokenHash, lead_id: leadId, created_at: now }).execute();
}

/** The managers a lead went to, in the order they were chosen; `demo` 1 for a sample listing. */
export async function listRecipients(db: Db, { leadId }: { leadId: number }): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("lead_recipients")
    .leftJoin("agents", "agents.id", "lead_recipients.agent_id")
    .select(["lead_recipients.agent_id", "lead_recipients.company_name", "agents.is_demo"])
    .where("lead_recipients.lead_id", "=", leadId)
    .orderBy("lead_recipients.consented_at")
    .orderBy("lead_recipients.agent_id")
    .execute();
  return rows.map(({ is_demo, ...recipient }) => ({ ...recipient, demo: Number(is_demo) === 1 ? 1 : 0 }));
}

/** The lead a request page's token opens, if any. */
export async function leadIdByToken(db: Db, { tokenHash }: { tokenHash: string }): Promise<number | undefined> {
  const row = await db.selectFrom("lead_tokens").select("lead_id").where("token_hash", "=", tokenHash).executeTakeFirst();
  return row?.lead_id;
}

/** A lead's own row: what its request page shows (masked by the service) and its messages say. */
export async function getLead(db: Db, { leadId }: { leadId: number }): Promise<LeadRecord | undefined> {
  const row = await db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
  return row && leadRecordOf(row);
}

/**
 * Withdraws a lead: erases the owner's name, email, phone, address and answers (the category,
 * city, ZIP and dates stay, for counts). False when it was already withdrawn (nothing is done twice).
 */
export async function eraseLead(db: Db, { leadId, now }: { leadId: number; now: string }): Promise<boolean> {
  const erased = await db
    .updateTable("leads")
    .set({ full_name: "", email_address: "", property_number: "", property_address: "", exam: "[]", withdrawn_at: now, awaiting_match_since: null })
    .where("id", "=", leadId)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return erased.numUpdatedRows > 0n;
}

/** The lead stops waiting for a manager to serve its ZIP; false when it was not waiting (or is withdrawn). */
export async function stopWaitingForMatch(db: Db, { leadId }: { leadId: number }): Promise<boolean> {
  const updated = await db
    .updateTable("leads")
    .set({ awaiting_match_since: null })
    .where("id", "=", leadId)
    .where("awaiting_match_since", "is not", null)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Leads still waiting for a manager to serve their ZIP, oldest first (the worker's match check). */
export async function leadsAwaitingMatch(db: Db, { limit, afterId = 0 }: { limit: number; afterId?: number }) {
  return db
    .selectFrom("leads")
    .select(["id", "property_zip", "property_category", "email_address", "email_confirmed_at"])
    .where("awaiting_match_since", "is not", null)
    .where("withdrawn_at", "is", null)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}
