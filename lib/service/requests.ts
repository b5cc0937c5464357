import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AnyCallName, AnyCallResponse, AnyParsedRequest, DeliveryState, RequestView } from "../contract";
import { isBotSubmission } from "../contract";
import { ApiError } from "../contract/errors";
import { CONFIRM, CONFLICT, NOT_FOUND, RECIPIENTS, SAVED } from "../contract/messages";
import { siteCopy } from "../contract/operator-copy";
import { getZipPlace } from "../db/queries/zips";
import { getListedAgent, matchManagersAtPoint } from "../db/queries/agents";
import { eraseLead, getLead, insertRecipients, leadIdByToken, listRecipients, lockLead, stopWaitingForMatch } from "../db/queries/leads";
import { cancelLeadMessages, fileMessageIdsOfLead, insertOutboxMessages, leadDeliveries, managersReached, outboxBacklog } from "../db/queries/outbox";
import { confirmSubscription, insertContactMessage, setConfirmationToken, subscribeNewsletter } from "../db/queries/submissions";
import { outboxRows } from "./delivery/routing";
import { eraseOutboxFiles } from "./delivery/channels";
import { signalOutbox } from "./delivery/signal";
import { hashToken, newToken } from "./delivery/tokens";
import { categoryName, checkRecipients, consentFor } from "./leads";
import { newLeadRows } from "./confirmations";
import { forgetConfirmation } from "../db/queries/confirmations";

import { countCaller, countManagerDeliveries, mayMailUnconfirmed, unverifiedReach } from "./rate-limit";
import type { ServiceContext } from "./context";
import { configuredOperator } from "../env";

/**
 * The handlers after a lead's save (leads.ts): the private request page (lead/request,
 * lead/withdraw, lead/recipients), delivery of contact messages and the newsletter's double
 * opt-in, and the health check. handlers.ts lists them with the others.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

const isoNow = () => new Date().toISOString();

// ---------------------------------------------------------------------------------------------
// The private request page

async function requireLeadByToken(db: Kysely<Database>, token: string): Promise<number> {
  const leadId = await leadIdByToken(db, { tokenHash: hashToken(token) });
  if (leadId === undefined) throw new ApiError(404, NOT_FOUND.request);
  return leadId;
}

/**
 * lead/withdraw: erases the request's details and cancels what has not gone out; the managers it
 * reached are told. A request its owner has not confirmed reached nobody, and whoever saved it
 * holds this page's token: only the confirmation page (confirmations.ts) decides it.
 */
export const withdrawLead: Handler<"lead/withdraw"> = async ({ token }, context) => {
  const leadId = await requireLeadByToken(context.db, token);
  const now = isoNow();
  const withdrawn = await context.write(async (trx) => {
    await countCaller(trx, context);
    const lead = await getLead(trx, { leadId });
    if (lead && !lead.withdrawn_at && lead.email_address && !lead.email_confirmed_at) return "unconfirmed" as const;
    if (!(await eraseLead(trx, { leadId, now }))) return null;
    await cancelLeadMessages(trx, { leadId });
    // Nothing keyed by the owner's mailbox stays behind.
    await forgetConfirmation(trx, { leadId });
    // Read before the managers' notices are queued: those say nothing personal and must be sent.
    const copies = await fileMessageIdsOfLead(trx, { leadId });
    // Only the managers the request reached (what was still pending is cancelled above).
    const told = await managersReached(trx, { leadId });
    await insertOutboxMessages(trx, told.flatMap((agentId) => outboxRows("lead.withdrawn", { lead_id: leadId, agent_id: agentId }, context.delivery, now)));
    return { told, copies };
  });
  if (withdrawn === "unconfirmed") throw new ApiError(409, CONFIRM.unconfirmedNotWithdrawn);
  if (withdrawn === null) return { success: true, message: SAVED.alreadyWithdrawn };
  // The copies of what was sent: the files under OUTBOX_DIR go with the lead's details.
  if (context.outboxDir) await eraseOutboxFiles({ dir: context.outboxDir, ids: withdrawn.copies });
  if (withdrawn.told.length) signalOutbox();
  return { success: true, message: SAVED.withdrawn };
};

export const chooseRecipientsLater: Handler<"lead/recipients"> = async ({ token, agent_ids }, context) => {
  const leadId = await requireLeadByToken(context.db, token);
  const record = await getLead(context.db, { leadId });
  if (!record || record.withdrawn_at) throw new ApiError(404, NOT_FOUND.request);
  const checked = await checkRecipients(context.db, { zip: record.property_zip, categoryId: record.property_category, ids: agent_ids });
  if ("refusal" in checked) throw checked.refusal;
  const { recipients } = checked;
  const now = isoNow();
  // Only a lead nobody has received yet, and only once (a second click, another tab): the lead's
  // row is held first, so concurrent choices run one after the other and the later finds the first's.
  const chosen = await context.write(async (trx) => {
    await countCaller(trx, context);
    await lockLead(trx, { leadId });
    const lead = await getLead(trx, { leadId });
    if (!lead || lead.withdrawn_at || (await listRecipients(trx, { leadId })).length > 0) return false;
    await insertRecipients(trx, { leadId, recipients, consent: consentFor(recipients, record), now });
    await stopWaitingForMatch(trx, { leadId });
    // An email address not confirmed yet: they receive it when the owner confirms (confirmations.ts).
    if (lead.email_address && !lead.email_confirmed_at) return "awaiting" as const;
    const ids = recipients.map((recipient) => recipient.agent_id);
    if (lead.email_address) {
      // Confirmed by its owner: it counts toward each manager's cap.
      await countManagerDeliveries(trx, { limits: context.limits, agentIds: ids });
      await insertOutboxMessages(trx, newLeadRows(leadId, recipients, context.delivery, now));
      return true;
    }
    // A phone-only request (its number counted at its save): within each manager's daily count of unverified ones, the others held.
    const reached = await unverifiedReach(trx, { limits: context.limits, kind: "phone-only", agentIds: ids, now: Date.parse(now) });
    await insertOutboxMessages(trx, newLeadRows(leadId, recipients.filter((recipient) => reached.includes(recipient.agent_id)), context.delivery, now));
    return true;
  });
  if (!chosen) {
    // Already sent: the same choice again (a retry) is answered as it was; another is refused.
    const existing = await listRecipients(context.db, { leadId });
    const same = existing.length === recipients.length && recipients.every((recipient) => existing.some((row) => row.agent_id === recipient.agent_id));
    if (!same) throw new ApiError(409, CONFLICT.recipientsAlreadyChosen(existing.map((row) => row.company_name)));
    const message = record.email_address && !record.email_confirmed_at ? CONFIRM.checkEmail(existing.map((row) => row.company_name)) : SAVED.recipientsChosen(existing.length);
    return { success: true, message, recipients: existing };
  }
  if (chosen === "awaiting") return { success: true, message: CONFIRM.checkEmail(recipients.map((recipient) => recipient.company_name)), recipients };
  signalOutbox();
  return { success: true, message: SAVED.recipientsChosen(recipients.length), recipients };
};

/** "j•••@example.org": the first character and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (!email) return "";
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** "•••-•••-0147": the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (!digits) return "";
  return `•••-•••-${digits.slice(-4)}`;
}

/**
 * A recipient's copy, from its outbox rows (one per channel): delivered once any channel sent it.
 * None at all for a request that went out (`sent`): a phone-only request held by a daily cap.
 */
function deliveryOf(rows: { status: string; attempts: number; sent_at: string | null }[], { goneOut }: { goneOut: boolean }): { delivery: DeliveryState; delivered_at: string | null } {
  if (rows.length === 0 && goneOut) return { delivery: "held", delivered_at: null };
  const sent = rows.filter((row) => row.status === "sent").map((row) => row.sent_at ?? "").sort();
  if (sent.length) return { delivery: "sent", delivered_at: sent[0] || null };
  if (rows.some((row) => row.status === "pending" || row.status === "sending")) {
    return { delivery: rows.some((row) => row.attempts > 0) ? "retrying" : "queued", delivered_at: null };
  }
  if (rows.some((row) => row.status === "failed")) return { delivery: "failed", delivered_at: null };
  if (rows.length && rows.every((row) => row.status === "cancelled")) return { delivery: "cancelled", delivered_at: null };
  return { delivery: "queued", delivered_at: null };
}

function parseAnswers(exam: string): RequestView["answers"] {
  try {
    const parsed: unknown = JSON.parse(exam);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is RequestView["answers"][number] =>
        typeof entry?.question === "string" && (typeof entry.answer === "string" ? entry.answer.trim() !== "" : Array.isArray(entry.answer) && entry.answer.length > 0),
    );
  } catch {
    return [];
  }
}

export const readRequest: Handler<"lead/request"> = async ({ token }, { db }) => {
  const leadId = await requireLeadByToken(db, token);
  const record = await getLead(db, { leadId });
  if (!record) throw new ApiError(404, NOT_FOUND.request);
  const [recipients, deliveries] = await Promise.all([listRecipients(db, { leadId }), leadDeliveries(db, { leadId })]);
  const awaiting = recipients.length === 0 && !record.withdrawn_at;
  const awaitingConfirmation = !record.withdrawn_at && Boolean(record.email_address) && !record.email_confirmed_at;
  const zip = record.property_zip.slice(0, 5);
  const place = awaiting ? await getZipPlace(db, { zip }) : undefined;
  const matches = place ? (await matchManagersAtPoint(db, { point: place, categoryId: record.property_category, limit: RECIPIENTS.shown })).agents : [];
  return {
    success: true,
    request: {
      reference: record.reference,
      created_at: record.created_at,
      withdrawn_at: record.withdrawn_at,
      property_category: record.property_category,
      property_address: record.property_address,
      property_city: record.property_city,
      property_zip: record.property_zip,
      full_name: record.full_name,
      email_masked: maskEmail(record.email_address),
      phone_masked: maskPhone(record.property_number),
      preferred_contact_method: record.preferred_contact_method,
      price: record.price,
      answers: parseAnswers(record.exam),
      recipients: recipients.map((recipient) => ({
        ...recipient,
        ...deliveryOf(
          deliveries.filter((row) => row.agent_id === recipient.agent_id),
          { goneOut: !record.withdrawn_at && !awaitingConfirmation },
        ),
      })),
      awaiting_match: awaiting,
      awaiting_confirmation: awaitingConfirmation,
      matches,
      match_rule: RECIPIENTS.rule(categoryName(record.property_category), zip),
    },
  };
};

// ---------------------------------------------------------------------------------------------
// Contact messages and the newsletter

/**
 * contact/save: a message to the site stays in its inbox (the table); one to a manager goes to
 * that manager, within the manager's daily count of messages from the site (rate-limit.ts
 * unverifiedReach): nobody confirmed who wrote it, so it never counts toward the manager's cap of
 * confirmed requests. Past that count it stays in the site's inbox, and the visitor is told so.
 */
export const saveContact: Handler<"contact/save"> = async (contact, context) => {
  const saved = siteCopy(configuredOperator()).contactSaved;
  if (isBotSubmission(contact)) return { success: true, message: saved };
  let company: string | undefined;
  let toManager = false;
  if (contact.agent_id > 0) {
    const agent = await getListedAgent(context.db, { id: contact.agent_id });
    if (!agent) throw new ApiError(404, NOT_FOUND.manager);
    // A sample listing is a fictional company: its message stays with the site's team.
    toManager = agent.demo !== 1;
    company = agent.company_name;
  }
  const now = isoNow();
  const outcome = await context.write(async (trx) => {
    await countCaller(trx, context);
    const contactId = await insertContactMessage(trx, contact);
    if (!toManager) return "site" as const;
    const reached = await unverifiedReach(trx, { limits: context.limits, kind: "contact", agentIds: [contact.agent_id], now: Date.parse(now) });
    if (reached.length === 0) return "kept" as const;
    await insertOutboxMessages(trx, outboxRows("contact.message", { contact_id: contactId, agent_id: contact.agent_id }, context.delivery, now));
    return "sent" as const;
  });
  if (outcome === "sent") signalOutbox();
  if (company === undefined) return { success: true, message: saved };
  const message = outcome === "sent" ? SAVED.contactForAgent(company) : outcome === "kept" ? SAVED.contactKeptForAgent(company) : SAVED.contactForSampleAgent(company);
  return { success: true, message };
};

export const subscribe: Handler<"newsletter/save"> = async (subscription, context) => {
  if (isBotSubmission(subscription)) return { success: true, message: SAVED.subscribed };
  const now = isoNow();
  const outcome = await context.write(async (trx) => {
    await countCaller(trx, context);
    const found = await subscribeNewsletter(trx, subscription);
    if (found.confirmed) return "confirmed" as const;
    // Double opt-in: the address is mailed a link, and the subscription counts once it is opened;
    // at most once a week to one mailbox, within the mailbox's daily cap (mail-caps.ts).
    if (!(await mayMailUnconfirmed(trx, { email: subscription.email_address, kind: "newsletter.confirmation", now: Date.parse(now) }))) return "waiting" as const;
    const token = newToken();
    await setConfirmationToken(trx, { id: found.id, tokenHash: hashToken(token), now });
    await insertOutboxMessages(trx, outboxRows("newsletter.confirmation", { subscription_id: found.id, payload: { token } }, context.delivery, now));
    return "sent" as const;
  });
  if (outcome === "sent") signalOutbox();
  // The same answer for a new, a waiting and a confirmed address: nobody learns who subscribed.
  return { success: true, message: SAVED.subscribed };
};

export const confirmNewsletter: Handler<"newsletter/confirm"> = async ({ token }, context) => {
  const outcome = await context.write(async (trx) => {
    await countCaller(trx, context);
    return confirmSubscription(trx, { tokenHash: hashToken(token), now: isoNow() });
  });
  if (outcome === "unknown") throw new ApiError(404, NOT_FOUND.newsletterLink);
  return { success: true, message: outcome === "confirmed" ? SAVED.subscriptionConfirmed : SAVED.alreadySubscribed };
};

// ---------------------------------------------------------------------------------------------
// GET /healthz

export const checkHealth: Handler<"health/check"> = async (_input, context) => {
  let outbox: { backlog: number; oldest_pending_seconds: number; failed: number } | null = null;
  let databaseOk = true;
  try {
    const { backlog, oldestCreatedAt, failed } = await outboxBacklog(context.db);
    const oldest = oldestCreatedAt ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000)) : 0;
    outbox = { backlog, oldest_pending_seconds: oldest, failed };
  } catch {
    databaseOk = false;
  }
  let redis: { ok: boolean } | null = null;
  if (context.pingRedis) {
    try {
      await context.pingRedis();
      redis = { ok: true };
    } catch {
      redis = { ok: false };
    }
  }
  return {
    success: true,
    status: databaseOk && (redis?.ok ?? true) ? "ok" : "failing",
    database: { ok: databaseOk, dialect: context.dialect },
    redis,
    outbox,
    checked_at: isoNow(),
  };
};
