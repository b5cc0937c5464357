import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AnyCallName, AnyCallResponse, AnyParsedRequest, LeadConfirmationState, Recipient } from "../contract";
import { ApiError } from "../contract/errors";
import { CONFIRM, NOT_FOUND } from "../contract/messages";
import { requestPath } from "../contract/routes";
import { eraseLead, insertToken, listRecipients } from "../db/queries/leads";
import {
  deleteConfirmationLinksBefore,
  deleteLeadTokens,
  findConfirmationLink,
  insertDailyLink,
  insertPendingConfirmation,
  markEmailConfirmed,
  unconfirmedLeadsBefore,
  waitingLeadsOfEmail,
} from "../db/queries/confirmations";
import { cancelLeadMessages, insertOutboxMessages } from "../db/queries/outbox";
import { outboxRows, type DeliveryRouting } from "./delivery/routing";
import { signalOutbox } from "./delivery/signal";
import { hashToken, newToken } from "./delivery/tokens";
import type { ServiceContext } from ".";

/**
 * Double opt-in of a lead (issue 19): a lead with an email address reaches its managers only once
 * the owner confirms that address by the link mailed to it.
 * - At save time the lead waits under its address normalised (trimmed, lower case), and the
 *   address is mailed a link of its own (random, stored hashed, valid CONFIRM.linkDays) unless it
 *   was mailed one today already: at most one message a day to an address that has not confirmed,
 *   and that message says only what the site wrote (render.ts confirmationMessage).
 * - The link opens a page (one click: mail scanners open links) listing every waiting request of
 *   the address; its button (lead/confirm) sets email_confirmed_at and queues the "lead.new"
 *   messages in one write, once.
 * - Unconfirmed leads are erased after CONFIRM.linkDays (sweepUnconfirmedLeads, from the worker).
 * A request page's token is no confirmation link: the owner sees it on /thank-you, a stranger
 * who typed the owner's address there would see it too.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

export const CONFIRMATION_VALID_MS = CONFIRM.linkDays * 24 * 60 * 60_000;

/** An address as compared for confirmation and for its daily message: trimmed, lower case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The "lead.new" messages of a lead: one per recipient, in the transaction that sends it. */
export function newLeadRows(leadId: number, recipients: readonly Recipient[], delivery: DeliveryRouting, now: string) {
  return recipients.flatMap((recipient) => outboxRows("lead.new", { lead_id: leadId, agent_id: recipient.agent_id }, delivery, now));
}

/**
 * A lead saved with an email address waits for its confirmation; the address is mailed today's
 * link with the lead's reference, its managers and its private page (`pageToken`), unless it was
 * mailed one today (then that link sends this lead too). In the save's transaction.
 */
export async function awaitConfirmation(
  trx: Kysely<Database>,
  { leadId, email, pageToken, delivery, now }: { leadId: number; email: string; pageToken: string; delivery: DeliveryRouting; now: string },
): Promise<Exclude<LeadConfirmationState, "none">> {
  const key = emailKey(email);
  await insertPendingConfirmation(trx, { leadId, emailKey: key, now });
  const confirmToken = newToken();
  const fresh = await insertDailyLink(trx, { emailKey: key, day: now.slice(0, 10), tokenHash: hashToken(confirmToken), now });
  if (!fresh) return "emailed_earlier";
  await insertOutboxMessages(trx, outboxRows("lead.confirmation", { lead_id: leadId, payload: { token: pageToken, confirm_token: confirmToken } }, delivery, now));
  return "emailed";
}

/** The address a confirmation link confirms, if it is one and has not expired (404 otherwise). */
async function requireLink(db: Kysely<Database>, token: string, now: number) {
  const link = await findConfirmationLink(db, { tokenHash: hashToken(token) });
  if (!link || now - Date.parse(link.created_at) > CONFIRMATION_VALID_MS) throw new ApiError(404, NOT_FOUND.confirmLink);
  return { emailKey: link.email_key, since: new Date(now - CONFIRMATION_VALID_MS).toISOString() };
}

/** lead/confirmation: what the confirmation page lists, the requests its button sends. */
export const readConfirmation: Handler<"lead/confirmation"> = async ({ token }, { db }) => {
  const { emailKey: key, since } = await requireLink(db, token, Date.now());
  const waiting = await waitingLeadsOfEmail(db, { emailKey: key, since });
  const requests = await Promise.all(waiting.map(async (lead) => ({ reference: lead.reference, recipients: await listRecipients(db, { leadId: lead.id }) })));
  return { success: true, requests };
};

/** lead/confirm: the address is confirmed and each waiting request (of those listed, if listed) sent, once. */
export const confirmLead: Handler<"lead/confirm"> = async ({ token, references }, context) => {
  const at = Date.now();
  const now = new Date(at).toISOString();
  const { emailKey: key, since } = await requireLink(context.db, token, at);
  const sent = await context.write(async (trx) => {
    const listed = references && new Set(references);
    const waiting = (await waitingLeadsOfEmail(trx, { emailKey: key, since })).filter((lead) => !listed || listed.has(lead.reference));
    // Only the leads this write confirmed: a concurrent click confirms (and sends) none twice.
    const confirmed = new Set(await markEmailConfirmed(trx, { leadIds: waiting.map((lead) => lead.id), now }));
    const requests = [];
    for (const lead of waiting.filter((entry) => confirmed.has(entry.id))) {
      const recipients = await listRecipients(trx, { leadId: lead.id });
      await insertOutboxMessages(trx, newLeadRows(lead.id, recipients, context.delivery, now));
      // A fresh link to its private page: the click proved the address, the page's first link may be lost.
      const pageToken = newToken();
      await insertToken(trx, { leadId: lead.id, tokenHash: hashToken(pageToken), now });
      requests.push({ reference: lead.reference, recipients, request_path: requestPath(pageToken) });
    }
    return requests;
  });
  if (sent.length === 0) return { success: true, message: CONFIRM.alreadySent, requests: [] };
  if (sent.some((request) => request.recipients.length > 0)) signalOutbox();
  return { success: true, message: CONFIRM.sent(sent.length), requests: sent };
};

/**
 * Erases up to `limit` leads whose address was not confirmed within CONFIRMATION_VALID_MS (their
 * unsent messages cancelled, their links' tokens dropped, their private pages closed), and the
 * links that expired. Answers
 * how many leads were erased.
 */
export async function sweepUnconfirmedLeads(db: Kysely<Database>, { now, limit = 200 }: { now: number; limit?: number }): Promise<number> {
  const before = new Date(now - CONFIRMATION_VALID_MS).toISOString();
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const expired = await unconfirmedLeadsBefore(trx, { before, limit });
    let erased = 0;
    for (const leadId of expired) {
      if (await eraseLead(trx, { leadId, now: at })) erased++;
      await cancelLeadMessages(trx, { leadId });
      await deleteLeadTokens(trx, { leadId });
    }
    await deleteConfirmationLinksBefore(trx, { before });
    return erased;
  });
}
