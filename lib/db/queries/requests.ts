import type { Kysely } from "kysely";
import type { Database, NewOutboxMessage } from "../schema";
import { phoneDigits, type ParsedRequest, type Recipient } from "../../contract";

/**
 * An owner's request (issue 11): the lead, the managers it goes to with the consent given, the
 * private page's token (its hash) and the messages that deliver it, each group written inside
 * the caller's transaction (context.write), so all of it is stored before the answer or none is.
 */
type Db = Kysely<Database>;

export type Consent = { version: string; text: string };

export type SavedRequest = {
  /** false: the submission key was seen before; this is that lead, and nothing new was sent. */
  created: boolean;
  leadId: number;
  reference: string;
  recipients: Recipient[];
};

const digitsOrEmpty = (phone: string | undefined) => (phone ? phoneDigits(phone) : "");

/**
 * Stores a lead once per submission key, with its recipients, the token's hash and its messages
 * (built from the new lead's id). A repeat of the key stores only the new token's hash and
 * answers the first lead's reference and recipients.
 */
export async function saveRequest(
  db: Db,
  {
    lead,
    reference,
    recipients,
    consent,
    tokenHash,
    awaitingMatch,
    messages,
    now,
  }: {
    lead: ParsedRequest<"lead/save">;
    reference: string;
    recipients: readonly Recipient[];
    consent: Consent;
    tokenHash: string;
    awaitingMatch: boolean;
    messages: (leadId: number) => NewOutboxMessage[];
    now: string;
  },
): Promise<SavedRequest> {
  const inserted = await db
    .insertInto("leads")
    .values({
      submission_key: lead.submission_key ?? null,
      property_category: lead.property_category,
      property_address: lead.property_address,
      property_city: lead.property_city,
      property_zip: lead.property_zip,
      property_price: lead.property_price,
      full_name: lead.full_name,
      email_address: lead.email_address,
      property_number: digitsOrEmpty(lead.property_number),
      preferred_contact_method: lead.preferred_contact_method ?? "",
      price: lead.price,
      exam: JSON.stringify(lead.exam ?? []),
      created_at: now,
      reference,
      awaiting_match_since: awaitingMatch ? now : null,
    })
    .onConflict((conflict) => conflict.column("submission_key").doNothing())
    .returning("id")
    .executeTakeFirst();

  if (!inserted) {
    const existing = await db
      .selectFrom("leads")
      .select(["id", "reference"])
      .where("submission_key", "=", lead.submission_key ?? "")
      .executeTakeFirstOrThrow();
    const leadId = Number(existing.id);
    await db.insertInto("lead_tokens").values({ token_hash: tokenHash, lead_id: leadId, created_at: now }).execute();
    return { created: false, leadId, reference: existing.reference ?? `#${leadId}`, recipients: await recipientsOf(db, { leadId }) };
  }

  const leadId = Number(inserted.id);
  await addRecipients(db, { leadId, recipients, consent, now });
  await db.insertInto("lead_tokens").values({ token_hash: tokenHash, lead_id: leadId, created_at: now }).execute();
  const outgoing = messages(leadId);
  if (outgoing.length) await db.insertInto("outbox_messages").values(outgoing).execute();
  return { created: true, leadId, reference, recipients: [...recipients] };
}

async function addRecipients(db: Db, { leadId, recipients, consent, now }: { leadId: number; recipients: readonly Recipient[]; consent: Consent; now: string }) {
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
    .execute();
}

export async function recipientsOf(db: Db, { leadId }: { leadId: number }): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("lead_recipients")
    .select(["agent_id", "company_name"])
    .where("lead_id", "=", leadId)
    .orderBy("consented_at")
    .orderBy("agent_id")
    .execute();
  return rows.map((row) => ({ agent_id: Number(row.agent_id), company_name: row.company_name }));
}

/** The lead a request page's token opens, if any. */
export async function leadIdByToken(db: Db, { tokenHash }: { tokenHash: string }): Promise<number | undefined> {
  const row = await db.selectFrom("lead_tokens").select("lead_id").where("token_hash", "=", tokenHash).executeTakeFirst();
  return row ? Number(row.lead_id) : undefined;
}

/** Everything the request page shows, from the lead's own row (masking is the service's). */
export async function requestRecord(db: Db, { leadId }: { leadId: number }) {
  const lead = await db
    .selectFrom("leads")
    .select([
      "id",
      "reference",
      "created_at",
      "withdrawn_at",
      "awaiting_match_since",
      "property_category",
      "property_address",
      "property_city",
      "property_zip",
      "full_name",
      "email_address",
      "property_number",
      "preferred_contact_method",
      "price",
      "exam",
    ])
    .where("id", "=", leadId)
    .executeTakeFirst();
  return lead && { ...lead, id: Number(lead.id), property_category: Number(lead.property_category), reference: lead.reference ?? `#${lead.id}` };
}

/**
 * Withdraws a lead: erases the owner's name, email, phone, address and answers (the category,
 * city, ZIP and dates stay, for counts), cancels what has not gone out yet, drops every payload
 * (a link's token) and queues the withdrawal notices. Answers the recipients, or null when the
 * lead was already withdrawn (nothing is done twice).
 */
export async function withdrawRequest(
  db: Db,
  { leadId, now, notices }: { leadId: number; now: string; notices: (recipients: Recipient[]) => NewOutboxMessage[] },
): Promise<Recipient[] | null> {
  const erased = await db
    .updateTable("leads")
    .set({ full_name: "", email_address: "", property_number: "", property_address: "", exam: "[]", withdrawn_at: now, awaiting_match_since: null })
    .where("id", "=", leadId)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  if (Number(erased.numUpdatedRows) === 0) return null;
  await db
    .updateTable("outbox_messages")
    .set({ status: "cancelled", payload: "{}" })
    .where("lead_id", "=", leadId)
    .where("status", "=", "pending")
    .execute();
  await db.updateTable("outbox_messages").set({ payload: "{}" }).where("lead_id", "=", leadId).execute();
  const recipients = await recipientsOf(db, { leadId });
  const outgoing = notices(recipients);
  if (outgoing.length) await db.insertInto("outbox_messages").values(outgoing).execute();
  return recipients;
}

/**
 * Recipients chosen later, for a lead nobody has received yet (no manager served its ZIP at
 * submission). Answers false when the lead already has recipients or was withdrawn.
 */
export async function chooseLaterRecipients(
  db: Db,
  { leadId, recipients, consent, now, messages }: { leadId: number; recipients: readonly Recipient[]; consent: Consent; now: string; messages: NewOutboxMessage[] },
): Promise<boolean> {
  const lead = await db.selectFrom("leads").select(["withdrawn_at"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead || lead.withdrawn_at) return false;
  if ((await recipientsOf(db, { leadId })).length > 0) return false;
  await addRecipients(db, { leadId, recipients, consent, now });
  await db.updateTable("leads").set({ awaiting_match_since: null }).where("id", "=", leadId).execute();
  if (messages.length) await db.insertInto("outbox_messages").values(messages).execute();
  return true;
}

/** Leads still waiting for a manager to serve their ZIP, oldest first (the worker's match check). */
export async function leadsAwaitingMatch(db: Db, { limit, afterId = 0 }: { limit: number; afterId?: number }) {
  const rows = await db
    .selectFrom("leads")
    .select(["id", "property_zip", "property_category", "email_address"])
    .where("awaiting_match_since", "is not", null)
    .where("withdrawn_at", "is", null)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), property_category: Number(row.property_category) }));
}

/**
 * A manager now serves a waiting lead's ZIP: the owner is told (the message is queued with a new
 * token for the link) and the lead stops waiting. Answers false when something else got there first.
 */
export async function tellOwnerOfMatch(db: Db, { leadId, tokenHash, now, messages }: { leadId: number; tokenHash: string; now: string; messages: NewOutboxMessage[] }): Promise<boolean> {
  const updated = await db
    .updateTable("leads")
    .set({ awaiting_match_since: null })
    .where("id", "=", leadId)
    .where("awaiting_match_since", "is not", null)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await db.insertInto("lead_tokens").values({ token_hash: tokenHash, lead_id: leadId, created_at: now }).execute();
  if (messages.length) await db.insertInto("outbox_messages").values(messages).execute();
  return true;
}
