import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AnyCallName, AnyCallResponse, AnyParsedRequest, ConfirmationDetails, Recipient } from "../contract";
import { mailboxKey } from "../contract/keys";
import { ApiError } from "../contract/errors";
import { CONFIRM, NOT_FOUND } from "../contract/messages";
import { requestPath } from "../contract/routes";
import { eraseLead, getLead, insertToken, listRecipients, type LeadRecord } from "../db/queries/leads";
import {
  deleteConfirmationLinksBefore,
  deleteLeadTokens,
  findConfirmationLink,
  forgetConfirmation,
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
import { answersOf, formatPhone } from "./delivery/render";
import { mayMailUnconfirmed } from "./mail-caps";
import { countCaller, countManagerDeliveries } from "./rate-limit";
import type { ServiceContext } from "./context";

/**
 * Double opt-in of a lead (issues 19 and 26): a lead with an email address reaches its managers
 * only once the owner confirms it by the link mailed to the address.
 * - At save time the lead waits under its mailbox (hashed: lib/contract/keys.ts mailboxKey) and
 *   the client network it came from (hashed), and the mailbox is mailed a link of its own
 *   (random, stored hashed, valid CONFIRM.linkDays) unless it was mailed one today already, and
 *   within the mail caps (mail-caps.ts). That message says only what the site wrote
 *   (render.ts confirmationMessage). The save's answer is the same either way.
 * - The link opens a page (one click: mail scanners open links) listing every waiting request of
 *   the mailbox with everything its managers would receive; the requests saved from the network
 *   whose save mailed the link are ticked, any other is not (someone else may have typed the
 *   owner's address). Its button (lead/confirm) sends the ticked ones, once.
 * - A request reaches its managers only then, and only then counts toward their caps.
 * - Unconfirmed leads are erased after CONFIRM.linkDays (sweepUnconfirmedLeads, from the worker);
 *   withdrawal and the sweep forget the mailbox's rows (forgetConfirmation).
 * A request page's token is no confirmation link: the owner sees it on /thank-you, a stranger
 * who typed the owner's address there would see it too.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

export const CONFIRMATION_VALID_MS = CONFIRM.linkDays * 24 * 60 * 60_000;

/**
 * The "lead.new" messages of a lead: one per recipient, in the transaction that sends it. Each
 * recipient's rows (one per channel) carry one private proposal link's token (issue 28), whose
 * hash the message registers when it is written (delivery/proposal-messages.ts).
 */
export function newLeadRows(leadId: number, recipients: readonly Recipient[], delivery: DeliveryRouting, now: string) {
  return recipients.flatMap((recipient) =>
    outboxRows("lead.new", { lead_id: leadId, agent_id: recipient.agent_id, payload: { proposal_token: newToken() } }, delivery, now),
  );
}

/**
 * A lead saved with an email address waits for its confirmation; the mailbox is mailed today's
 * link with the lead's reference, its managers and its private page (`pageToken`), unless it was
 * mailed one today (then that link lists this lead too) or a mail cap says no. In the save's
 * transaction.
 */
export async function awaitConfirmation(
  trx: Kysely<Database>,
  { leadId, email, client, pageToken, delivery, now }: { leadId: number; email: string; client: string; pageToken: string; delivery: DeliveryRouting; now: string },
): Promise<void> {
  const key = mailboxKey(email);
  await insertPendingConfirmation(trx, { leadId, emailKey: key, clientKey: client, now });
  const confirmToken = newToken();
  if (!(await insertDailyLink(trx, { emailKey: key, clientKey: client, day: now.slice(0, 10), tokenHash: hashToken(confirmToken), now }))) return;
  if (!(await mayMailUnconfirmed(trx, { email, kind: "lead.confirmation", now: Date.parse(now) }))) return;
  await insertOutboxMessages(trx, outboxRows("lead.confirmation", { lead_id: leadId, payload: { token: pageToken, confirm_token: confirmToken } }, delivery, now));
}

/** The mailbox a confirmation link confirms, if it is one and has not expired (404 otherwise). */
async function requireLink(db: Kysely<Database>, token: string, now: number) {
  const link = await findConfirmationLink(db, { tokenHash: hashToken(token) });
  if (!link || now - Date.parse(link.created_at) > CONFIRMATION_VALID_MS) throw new ApiError(404, NOT_FOUND.confirmLink);
  return { emailKey: link.email_key, clientKey: link.client_key, since: new Date(now - CONFIRMATION_VALID_MS).toISOString() };
}

/** What the managers of a waiting lead would receive about the owner and the property (render.ts's fields). */
function detailsOf(lead: LeadRecord): ConfirmationDetails {
  return {
    full_name: lead.full_name,
    email_address: lead.email_address,
    phone: lead.property_number ? formatPhone(lead.property_number) : "",
    preferred_contact_method: lead.preferred_contact_method,
    property_address: lead.property_address,
    property_city: lead.property_city,
    property_zip: lead.property_zip,
    answers: answersOf(lead.exam),
  };
}

/** lead/confirmation: every waiting request of the mailbox, with what its managers would receive; those saved from the link's network are ticked. */
export const readConfirmation: Handler<"lead/confirmation"> = async ({ token }, { db }) => {
  const { emailKey: key, clientKey: linkClient, since } = await requireLink(db, token, Date.now());
  const waiting = await waitingLeadsOfEmail(db, { emailKey: key, since });
  const requests = [];
  for (const entry of waiting) {
    const lead = await getLead(db, { leadId: entry.id });
    if (!lead) continue;
    requests.push({ reference: entry.reference, recipients: await listRecipients(db, { leadId: entry.id }), details: detailsOf(lead), ticked: entry.clientKey === linkClient });
  }
  return { success: true, requests };
};

/**
 * lead/confirm: the address is confirmed and each waiting request the owner ticked (`references`;
 * without them, those the page ticks by default) sent, once.
 */
export const confirmLead: Handler<"lead/confirm"> = async ({ token, references }, context) => {
  const at = Date.now();
  const now = new Date(at).toISOString();
  const { emailKey: key, clientKey: linkClient, since } = await requireLink(context.db, token, at);
  const sent = await context.write(async (trx) => {
    await countCaller(trx, context);
    const ticked = (lead: { reference: string; clientKey: string }) => (references ? references.includes(lead.reference) : lead.clientKey === linkClient);
    const waiting = (await waitingLeadsOfEmail(trx, { emailKey: key, since })).filter(ticked);
    // Only the leads this write confirmed: a concurrent click confirms (and sends) none twice.
    const confirmed = new Set(await markEmailConfirmed(trx, { leadIds: waiting.map((lead) => lead.id), now }));
    const requests = [];
    for (const lead of waiting.filter((entry) => confirmed.has(entry.id))) {
      const recipients = await listRecipients(trx, { leadId: lead.id });
      // The request reaches its managers now: now it counts toward their caps (over one, nothing of this click is kept).
      await countManagerDeliveries(trx, { limits: context.limits, agentIds: recipients.map((recipient) => recipient.agent_id) });
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
      await forgetConfirmation(trx, { leadId });
    }
    await deleteConfirmationLinksBefore(trx, { before });
    return erased;
  });
}
