import type { Kysely } from "kysely";
import type { Database } from "../schema";

/**
 * The owner's email confirmation: the leads that wait for it (lead_confirmations), the
 * links mailed (lead_confirmation_links, one per address per UTC day, hashes only) and the time a
 * lead's address was confirmed (leads.email_confirmed_at). Each query does one thing; the service
 * (lib/service/confirmations.ts) calls them in order inside one write.
 */
type Db = Kysely<Database>;

/** The lead waits for its mailbox (`emailKey`, hashed) to be confirmed; `savedFrom`: the city it was saved from, as reported ("" when not). */
export async function insertPendingConfirmation(db: Db, { leadId, emailKey, savedFrom, now }: { leadId: number; emailKey: string; savedFrom: string; now: string }) {
  await db.insertInto("lead_confirmations").values({ lead_id: leadId, email_key: emailKey, saved_from: savedFrom, created_at: now }).onConflict((c) => c.doNothing()).execute();
}

/**
 * Stores today's link for an address unless one was mailed to it today already (the unique key
 * decides, also between concurrent saves): true when this one is new and is to be mailed.
 */
export async function insertDailyLink(
  db: Db,
  { emailKey, day, tokenHash, now }: { emailKey: string; day: string; tokenHash: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("lead_confirmation_links")
    .values({ token_hash: tokenHash, email_key: emailKey, day, created_at: now })
    .onConflict((c) => c.doNothing())
    .returning("token_hash")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The mailbox a link confirms, and when it was mailed, if the token is one. */
export async function findConfirmationLink(db: Db, { tokenHash }: { tokenHash: string }) {
  return db.selectFrom("lead_confirmation_links").select(["email_key", "created_at"]).where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** The leads of an address that wait for its confirmation (not withdrawn, saved since `since`), oldest first, with when and from where each was saved. */
export async function waitingLeadsOfEmail(db: Db, { emailKey, since }: { emailKey: string; since: string }) {
  const rows = await db
    .selectFrom("lead_confirmations")
    .innerJoin("leads", "leads.id", "lead_confirmations.lead_id")
    .select(["leads.id", "leads.reference", "lead_confirmations.created_at", "lead_confirmations.saved_from"])
    .where("lead_confirmations.email_key", "=", emailKey)
    .where("leads.email_confirmed_at", "is", null)
    .where("leads.withdrawn_at", "is", null)
    .where("leads.created_at", ">=", since)
    .orderBy("leads.id")
    .execute();
  return rows.map((row) => ({ id: row.id, reference: row.reference ?? `#${row.id}`, savedAt: row.created_at, savedFrom: row.saved_from }));
}

/** Confirms these leads' address; answers the ids this call confirmed (a concurrent click gets none of them). */
export async function markEmailConfirmed(db: Db, { leadIds, now }: { leadIds: readonly number[]; now: string }): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .updateTable("leads")
    .set({ email_confirmed_at: now })
    .where("id", "in", [...leadIds])
    .where("email_confirmed_at", "is", null)
    .where("withdrawn_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Up to `limit` leads saved before `before` whose address was never confirmed (and not yet erased). */
export async function unconfirmedLeadsBefore(db: Db, { before, limit }: { before: string; limit: number }): Promise<number[]> {
  const rows = await db
    .selectFrom("lead_confirmations")
    .innerJoin("leads", "leads.id", "lead_confirmations.lead_id")
    .select("leads.id")
    .where("leads.email_confirmed_at", "is", null)
    .where("leads.withdrawn_at", "is", null)
    .where("lead_confirmations.created_at", "<", before)
    .orderBy("lead_confirmations.created_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Links mailed before `before` (expired): nothing is left for them to confirm. */
export async function deleteConfirmationLinksBefore(db: Db, { before }: { before: string }) {
  await db.deleteFrom("lead_confirmation_links").where("created_at", "<", before).execute();
}

/**
 * Forgets that a lead waited for its mailbox (withdrawn, erased or confirmed), and the mailbox's
 * links that no waiting lead needs any more: nothing keyed by the owner's address stays behind.
 */
export async function forgetConfirmation(db: Db, { leadId }: { leadId: number }) {
  const row = await db.deleteFrom("lead_confirmations").where("lead_id", "=", leadId).returning("email_key").executeTakeFirst();
  if (!row) return;
  await db
    .deleteFrom("lead_confirmation_links")
    .where("email_key", "=", row.email_key)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("lead_confirmations")
            .innerJoin("leads", "leads.id", "lead_confirmations.lead_id")
            .select("lead_confirmations.lead_id")
            .where("lead_confirmations.email_key", "=", row.email_key)
            .where("leads.email_confirmed_at", "is", null)
            .where("leads.withdrawn_at", "is", null),
        ),
      ),
    )
    .execute();
}

/** A lead's private page links, all of them (an unconfirmed lead erased after its link expired opens nothing). */
export async function deleteLeadTokens(db: Db, { leadId }: { leadId: number }) {
  await db.deleteFrom("lead_tokens").where("lead_id", "=", leadId).execute();
}
