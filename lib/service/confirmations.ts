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
import { cancelLeadMessages, fileMessageIdsOfLead, insertOutboxMessages } from "../db/queries/outbox";
import { eraseOutboxFiles } from "./delivery/channels";
import { outboxRows, type DeliveryRouting } from "./delivery/routing";
import { signalOutbox } from "./delivery/signal";
import { hashToken, newToken } from "./delivery/tokens";
import { answersOf, formatPhone } from "./delivery/message";

import { countCaller, countManagerDeliveries, mayMailUnconfirmed } from "./rate-limit";
import type { ServiceContext } from "./context";

/**
 * Double opt-in of a lead: a lead with an email address reaches its managers only once the owner
 * confirms it by the link mailed to the address.
 * - At save time the lead waits under its mailbox (hashed: lib/contract/keys.ts mailboxKey), with
 *   when and from where (a city, when the site's proxy reports one) it was saved, and the mailbox
 *   is mailed a link of its own (random, stored hashed, valid CONFIRM.linkDays) unless it was
 *   mailed one today already, and within the mail caps (rate-limit.ts mayMailUnconfirmed). That
 *   message says only what the site wrote (render.ts confirmationMessage). The save's answer is the
 *   same either way.
 * - The link opens a page (one click: mail scanners open links) listing every waiting request of
 *   the mailbox with everything its managers would receive, and when and from where it was saved.
 *   Anyone can type the owner's address, and whoever saves first is no more the owner than the
 *   next: nothing is ticked. The owner ticks their own requests, and its button (lead/confirm with
 *   `references`) sends those, once; "Not mine" (lead/confirm with `erase`) erases one, and nobody
 *   is told, since nobody received it.
 * - A request reaches its managers only then, and only then counts toward their caps.
 * - Only that page decides an unconfirmed request: its private page's token (which whoever saved
 *   it holds) can neither withdraw nor decline it (requests.ts, proposals.ts).
 * - Unconfirmed leads are erased after CONFIRM.linkDays (sweepUnconfirmedLeads, from the worker);
 *   withdrawal, erasure and the sweep forget the mailbox's rows (forgetConfirmation).
 * A request page's token is no confirmation link: the owner sees it on /thank-you, a stranger
 * who typed the owner's address there would see it too.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

export const CONFIRMATION_VALID_MS = CONFIRM.linkDays * 24 * 60 * 60_000;

/**
 * The "lead.new" messages of a lead: one per recipient, in the transaction that sends it. Each
 * recipient's rows (one per channel) carry one private proposal link's token, whose
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
  { leadId, email, savedFrom, pageToken, delivery, now }: { leadId: number; email: string; savedFrom: string; pageToken: string; delivery: DeliveryRouting; now: string },
): Promise<void> {
  const key = mailboxKey(email);
  await insertPendingConfirmation(trx, { leadId, emailKey: key, savedFrom, now });
  const confirmToken = newToken();
  if (!(await insertDailyLink(trx, { emailKey: key, day: now.slice(0, 10), tokenHash: hashToken(confirmToken), now }))) return;
  if (!(await mayMailUnconfirmed(trx, { email, kind: "lead.confirmation", now: Date.parse(now) }))) return;
  await insertOutboxMessages(trx, outboxRows("lead.confirmation", { lead_id: leadId, payload: { token: pageToken, confirm_token: confirmToken } }, delivery, now));
}

/** The mailbox a confirmation link confirms, if it is one and has not expired (404 otherwise). */
async function requireLink(db: Kysely<Database>, token: string, now: number) {
  const link = await findConfirmationLink(db, { tokenHash: hashToken(token) });
  if (!link || now - Date.parse(link.created_at) > CONFIRMATION_VALID_MS) throw new ApiError(404, NOT_FOUND.confirmLink);
  return { emailKey: link.email_key, since: new Date(now - CONFIRMATION_VALID_MS).toISOString() };
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

/** lead/confirmation: every waiting request of the mailbox, with what its managers would receive, and when and from where it was saved. */
export const readConfirmation: Handler<"lead/confirmation"> = async ({ token }, { db }) => {
  const { emailKey: key, since } = await requireLink(db, token, Date.now());
  const waiting = await waitingLeadsOfEmail(db, { emailKey: key, since });
  const requests = [];
  for (const entry of waiting) {
    const lead = await getLead(db, { leadId: entry.id });
    if (!lead) continue;
    requests.push({ reference: entry.reference, recipients: await listRecipients(db, { leadId: entry.id }), details: detailsOf(lead), saved_at: entry.savedAt, saved_from: entry.savedFrom });
  }
  return { success: true, requests };
};

/** Erases a lead nobody received: its details, its unsent messages, its page's links and its wait for the mailbox. */
async function eraseUnsentLead(trx: Kysely<Database>, { leadId, now }: { leadId: number; now: string }): Promise<boolean> {
  const erased = await eraseLead(trx, { leadId, now });
  await cancelLeadMessages(trx, { leadId });
  await deleteLeadTokens(trx, { leadId });
  await forgetConfirmation(trx, { leadId });
  return erased;
}

/**
 * lead/confirm: the requests the owner ticked as theirs (`references`) are confirmed and sent,
 * once; or those the owner marked as not theirs (`erase`) are erased, and nobody is told. Only
 * requests of the link's mailbox that still wait are touched.
 */
export const confirmLead: Handler<"lead/confirm"> = async ({ token, references, erase }, context) => {
  const at = Date.now();
  const now = new Date(at).toISOString();
  const { emailKey: key, since } = await requireLink(context.db, token, at);
  if (erase) {
    const erased = await context.write(async (trx) => {
      await countCaller(trx, context);
      const named = (await waitingLeadsOfEmail(trx, { emailKey: key, since })).filter((lead) => erase.includes(lead.reference));
      const copies: number[] = [];
      for (const lead of named) {
        copies.push(...(await fileMessageIdsOfLead(trx, { leadId: lead.id })));
        await eraseUnsentLead(trx, { leadId: lead.id, now });
      }
      return { references: named.map((lead) => lead.reference), copies };
    });
    // The copies of what was mailed about them (the confirmation link, to the owner's address) go too.
    if (context.outboxDir && erased.copies.length) await eraseOutboxFiles({ dir: context.outboxDir, ids: erased.copies });
    const message = erased.references.length ? erased.references.map((reference) => CONFIRM.erased(reference)).join(" ") : CONFIRM.nothingErased;
    return { success: true, message, requests: [] };
  }
  const ticked = new Set(references ?? []);
  const sent = await context.write(async (trx) => {
    await countCaller(trx, context);
    const waiting = (await waitingLeadsOfEmail(trx, { emailKey: key, since })).filter((lead) => ticked.has(lead.reference));
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
    for (const leadId of expired) if (await eraseUnsentLead(trx, { leadId, now: at })) erased++;
    await deleteConfirmationLinksBefore(trx, { before });
    return erased;
  });
}
