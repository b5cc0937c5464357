import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AnyCallName, AnyCallResponse, AnyParsedRequest, LeadConfirmationState, Recipient } from "../contract";
import { isBotSubmission } from "../contract";
import { ApiError } from "../contract/errors";
import { CONFIRM, CONFLICT, CONSENT_VERSION, RECIPIENTS, SAVED, consentSentence } from "../contract/messages";
import { categoryLabel } from "../contract/site";
import { requestPath } from "../contract/routes";
import { getZipPlace } from "../db/queries/zips";
import { countManagersServingPoint, recipientListings, idsServingPoint, matchManagersAtPoint } from "../db/queries/agents";
import { insertLead, insertRecipients, insertToken, listRecipients, type Consent } from "../db/queries/leads";
import { insertOutboxMessages } from "../db/queries/outbox";
import { signalOutbox } from "./delivery/signal";
import { hashToken, newReference, newToken } from "./delivery/tokens";
import { awaitConfirmation, newLeadRows } from "./confirmations";
import { CountedRefusal, countCaller, unverifiedReach } from "./rate-limit";
import type { ServiceContext } from "./context";

/**
 * A lead's save (lead/save), from the validated request to its rows, and the managers it may go
 * to (agents/match). The save is one transaction of named queries called in order: the lead, its
 * recipients with the consent given, its private page's token, its messages; then the worker is
 * told. The door (index.ts) has already checked the caller, the body and the save limits.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

export const categoryName = (categoryId: number) => categoryLabel(categoryId) ?? "these";

type ContactFields = { email_address: string; property_number: string; preferred_contact_method?: string | null };

/** How the recipients may reach the owner: the contact details the owner gave and the method chosen. */
const contactWays = (lead: ContactFields) => ({
  email: Boolean(lead.email_address),
  phone: Boolean(lead.property_number),
  preferred: lead.preferred_contact_method ?? "",
});

/** The consent sentence the owner saw next to Submit, naming the chosen managers (samples as samples); stored with each. */
export const consentFor = (recipients: readonly Recipient[], lead: ContactFields): Consent => ({
  version: CONSENT_VERSION,
  text: consentSentence(recipients, contactWays(lead)),
});

export const matchManagers: Handler<"agents/match"> = async ({ property_zip, property_category }, { db }) => {
  const rule = RECIPIENTS.rule(categoryName(property_category), property_zip);
  const place = await getZipPlace(db, { zip: property_zip });
  if (!place) return { success: true, place: null, agents: [], total: 0, rule };
  const { agents, total } = await matchManagersAtPoint(db, { point: place, categoryId: property_category, limit: RECIPIENTS.shown });
  return { success: true, place, agents, total, rule };
};

/** The managers a lead may go to, or why not (a 400 naming the first that fails). */
type CheckedRecipients = { recipients: Recipient[]; awaitingMatch: boolean } | { refusal: ApiError };

/**
 * The managers chosen for a lead, each checked against the ZIP and the category (a refusal names
 * the first that fails); with none chosen, whether nobody serves the ZIP at all (the owner is then
 * told when somebody does).
 */
export async function checkRecipients(db: Kysely<Database>, { zip, categoryId, ids }: { zip: string; categoryId: number; ids: readonly number[] }): Promise<CheckedRecipients> {
  const place = await getZipPlace(db, { zip: zip.slice(0, 5) });
  if (ids.length === 0) {
    const serving = place ? await countManagersServingPoint(db, { point: place, categoryId }) : 0;
    return { recipients: [], awaitingMatch: serving === 0 };
  }
  const [listings, serving] = await Promise.all([
    recipientListings(db, { ids }),
    place ? idsServingPoint(db, { point: place, categoryId, ids }) : Promise.resolve(new Set<number>()),
  ]);
  const recipients: Recipient[] = [];
  for (const id of ids) {
    const listing = listings.get(id);
    if (listing === undefined) return { refusal: new ApiError(400, RECIPIENTS.unknownManager(id), "agent_ids") };
    if (!serving.has(id)) return { refusal: new ApiError(400, RECIPIENTS.notServing(listing.company_name, zip.slice(0, 5), categoryName(categoryId)), "agent_ids") };
    recipients.push({ agent_id: id, ...listing });
  }
  return { recipients, awaitingMatch: false };
}

/** A few random references to try in turn: a clash with a stored one is rare (40 random bits). */
const freshReferences = () => [newReference(), newReference(), newReference()];

function leadAnswer({ reference, recipients, token, confirmation }: { reference: string; recipients: Recipient[]; token: string; confirmation: LeadConfirmationState }): AnyCallResponse<"lead/save"> {
  const names = recipients.map((recipient) => recipient.company_name);
  const message =
    confirmation !== "none"
      ? CONFIRM.leadAwaiting(reference, names)
      : recipients.length
        ? SAVED.leadSent(reference, recipients.length)
        : SAVED.leadKept(reference);
  return { success: true, message, reference, recipients, request_path: requestPath(token), confirmation };
}

/** The request a submission key was used for: its SHA-256 over every field but the key. */
function submissionHash({ submission_key: _key, ...request }: AnyParsedRequest<"lead/save">): string {
  return crypto.createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

export const saveLead: Handler<"lead/save"> = async (lead, context) => {
  const token = newToken();
  // A filled honeypot is answered like any lead, so the bot learns nothing; nothing is stored and the link opens nothing.
  if (isBotSubmission(lead)) return leadAnswer({ reference: newReference(), recipients: [], token, confirmation: lead.email_address ? "emailed" : "none" });
  const now = new Date().toISOString();

  const saved = await context.write(async (trx) => {
    await countCaller(trx, context);
    // The recipients are checked inside the write: on SQLite a read outside it would wait for the
    // batch being committed, and the grouped commits would shrink (3,100 → 960 leads/s measured).
    // A refusal stores nothing but the caller's count: the transaction commits the counters alone.
    const checked = await checkRecipients(trx, { zip: lead.property_zip, categoryId: lead.property_category, ids: lead.agent_ids ?? [] });
    if ("refusal" in checked) return checked;
    const { recipients, awaitingMatch } = checked;
    const stored = await insertLead(trx, { lead, references: freshReferences(), awaitingMatch, now, submissionHash: submissionHash(lead) });
    // The same key with another request: refused, and nothing of the first lead is told or touched.
    if (!stored.created && !stored.sameRequest) return { refusal: new ApiError(409, CONFLICT.submissionReused) };
    await insertToken(trx, { leadId: stored.id, tokenHash: hashToken(token), now });
    // The same request again (a retry): the first lead, with a further token for its page; nothing is sent again.
    if (!stored.created) {
      const confirmation: LeadConfirmationState = lead.email_address ? "emailed" : "none";
      return { ...stored, recipients: await listRecipients(trx, { leadId: stored.id }), confirmation };
    }

    await insertRecipients(trx, { leadId: stored.id, recipients, consent: consentFor(recipients, lead), now });
    // With an email address, nobody receives it before the owner confirms it (confirmations.ts).
    // A quote-guarantee lead with a phone number only goes at once, marked "Phone not verified",
    // within its number's and each manager's daily caps (the others are held, unsent); unverified,
    // it never counts toward a manager's cap of confirmed requests.
    if (!lead.email_address) {
      const reached = await unverifiedReach(trx, { limits: context.limits, kind: "phone-only", phone: lead.property_number, agentIds: recipients.map((recipient) => recipient.agent_id), now: Date.parse(now) });
      await insertOutboxMessages(trx, newLeadRows(stored.id, recipients.filter((recipient) => reached.includes(recipient.agent_id)), context.delivery, now));
      return { ...stored, recipients, confirmation: "none" as const };
    }
    await awaitConfirmation(trx, { leadId: stored.id, email: lead.email_address, savedFrom: context.clientPlace ?? "", pageToken: token, delivery: context.delivery, now });
    return { ...stored, recipients, confirmation: "emailed" as const };
  });

  // Counted in the save's own transaction: the door does not count it a second time.
  if ("refusal" in saved) throw new CountedRefusal(saved.refusal);
  if (saved.created) signalOutbox();
  return leadAnswer({ reference: saved.reference, recipients: saved.recipients, token, confirmation: saved.confirmation });
};
