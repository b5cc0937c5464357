import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { phoneDigits, type ParsedRequest } from "../../contract";
import { mailboxKey } from "../../contract/keys";

/**
 * What visitors send, stored as the contract parsed it: the columns carry the request's own field
 * names, so nothing is renamed on the way. Each runs inside the caller's write (context.write),
 * which answers only once it is committed, so a success answered to the visitor is always stored.
 * Leads are in leads.ts; the messages that deliver any of them are outbox.ts's.
 */
type Db = Kysely<Database>;

const now = () => new Date().toISOString();
const digitsOrEmpty = (phone: string | undefined) => (phone ? phoneDigits(phone) : "");

export async function saveAgentApplication(db: Db, application: ParsedRequest<"agent/save">): Promise<void> {
  const { company_name, email, mobile, country_code } = application;
  await db
    .insertInto("agent_applications")
    .values({ company_name, email, mobile: mobile.replace(/\D/g, ""), country_code, created_at: now() })
    .execute();
}

/** Stores a contact message; answers its id. */
export async function insertContactMessage(db: Db, contact: ParsedRequest<"contact/save">): Promise<number> {
  const { name, email, mobile, message, agent_id } = contact;
  const row = await db
    .insertInto("contact_messages")
    .values({ name, email, mobile: digitsOrEmpty(mobile), message, agent_id, created_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Subscription = { id: number; created: boolean; confirmed: boolean; confirmationSentAt: string | null };

/** One row per address whatever its case; answers the row and whether this call added it. */
export async function subscribeNewsletter(db: Db, { email_address }: ParsedRequest<"newsletter/save">): Promise<Subscription> {
  const email_lower = email_address.toLowerCase();
  const result = await db
    .insertInto("newsletter_subscriptions")
    // email_key: the mailbox an unsubscribe link names (it carries no address).
    .values({ email_address, email_lower, email_key: mailboxKey(email_address), created_at: now() })
    .onConflict((conflict) => conflict.column("email_lower").doNothing())
    .executeTakeFirst();
  const created = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "confirmed_at", "confirmation_sent_at"])
    .where("email_lower", "=", email_lower)
    .executeTakeFirstOrThrow();
  return { id: row.id, created, confirmed: row.confirmed_at !== null, confirmationSentAt: row.confirmation_sent_at };
}

/** A new confirmation link for a subscription: its token's hash, and when it was sent. */
export async function setConfirmationToken(db: Db, { id, tokenHash, now: at }: { id: number; tokenHash: string; now: string }): Promise<void> {
  await db.updateTable("newsletter_subscriptions").set({ confirm_token_hash: tokenHash, confirmation_sent_at: at }).where("id", "=", id).execute();
}

/** Confirms the subscription a link's token belongs to: "confirmed" now, "already" before, or "unknown". */
export async function confirmSubscription(db: Db, { tokenHash, now: at }: { tokenHash: string; now: string }): Promise<"confirmed" | "already" | "unknown"> {
  const row = await db.selectFrom("newsletter_subscriptions").select(["id", "confirmed_at"]).where("confirm_token_hash", "=", tokenHash).executeTakeFirst();
  if (!row) return "unknown";
  if (row.confirmed_at) return "already";
  await db.updateTable("newsletter_subscriptions").set({ confirmed_at: at }).where("id", "=", row.id).execute();
  return "confirmed";
}
