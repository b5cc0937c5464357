import type { Kysely } from "kysely";
import type { Database, NewOutboxMessage } from "../schema";
import { phoneDigits, type ParsedRequest } from "../../contract";

/**
 * What visitors send, stored as the contract parsed it: the columns carry the request's own field
 * names, so nothing is renamed on the way. Each runs inside the caller's write (context.write),
 * which answers only once it is committed, so a success answered to the visitor is always stored.
 * Leads are in requests.ts (with their recipients and messages).
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

/** Stores a contact message and the messages that deliver it (built from its id). */
export async function saveContactMessage(
  db: Db,
  contact: ParsedRequest<"contact/save">,
  { messages = () => [] }: { messages?: (contactId: number) => NewOutboxMessage[] } = {},
): Promise<number> {
  const { name, email, mobile, message, agent_id } = contact;
  const row = await db
    .insertInto("contact_messages")
    .values({ name, email, mobile: digitsOrEmpty(mobile), message, agent_id, created_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const contactId = Number(row.id);
  const outgoing = messages(contactId);
  if (outgoing.length) await db.insertInto("outbox_messages").values(outgoing).execute();
  return contactId;
}

export type Subscription = { id: number; created: boolean; confirmed: boolean; confirmationSentAt: string | null };

/** One row per address whatever its case; answers the row and whether this call added it. */
export async function subscribeNewsletter(db: Db, { email_address }: ParsedRequest<"newsletter/save">): Promise<Subscription> {
  const email_lower = email_address.toLowerCase();
  const result = await db
    .insertInto("newsletter_subscriptions")
    .values({ email_address, email_lower, created_at: now() })
    .onConflict((conflict) => conflict.column("email_lower").doNothing())
    .executeTakeFirst();
  const created = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "confirmed_at", "confirmation_sent_at"])
    .where("email_lower", "=", email_lower)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), created, confirmed: row.confirmed_at !== null, confirmationSentAt: row.confirmation_sent_at };
}

/** A new confirmation link for a subscription (its token's hash) and the message that carries it. */
export async function sendConfirmationLink(db: Db, { id, tokenHash, now: at, messages }: { id: number; tokenHash: string; now: string; messages: NewOutboxMessage[] }): Promise<void> {
  await db.updateTable("newsletter_subscriptions").set({ confirm_token_hash: tokenHash, confirmation_sent_at: at }).where("id", "=", id).execute();
  if (messages.length) await db.insertInto("outbox_messages").values(messages).execute();
}

/** Confirms the subscription a link's token belongs to: "confirmed" now, "already" before, or "unknown". */
export async function confirmSubscription(db: Db, { tokenHash, now: at }: { tokenHash: string; now: string }): Promise<"confirmed" | "already" | "unknown"> {
  const row = await db.selectFrom("newsletter_subscriptions").select(["id", "confirmed_at"]).where("confirm_token_hash", "=", tokenHash).executeTakeFirst();
  if (!row) return "unknown";
  if (row.confirmed_at) return "already";
  await db.updateTable("newsletter_subscriptions").set({ confirmed_at: at }).where("id", "=", row.id).execute();
  return "confirmed";
}
