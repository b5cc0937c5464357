import type { Kysely } from "kysely";
import type { Database, ProposalRow, ProposalTerms } from "../db/schema";
import type { AnyCallName, AnyCallResponse, AnyParsedRequest, ParsedRequest, ProposalState, StoredProposal } from "../contract";
import { ApiError } from "../contract/errors";
import { CONFIRM, NOT_FOUND } from "../contract/messages";
import { PROPOSAL } from "../contract/proposal-messages";
import { assumptionOf, proposalFirstYear } from "../contract/proposals";
import { formatDollars } from "../contract/fees";
import { askedServicesOf, proposalChanges } from "../contract/proposal-compare";
import { formatMoney } from "../contract/fees";
import { getLead, insertToken, leadIdByToken, lockLead, type LeadRecord } from "../db/queries/leads";
import { getAgent } from "../db/queries/agents";
import { insertOutboxMessages, managersReached } from "../db/queries/outbox";
import {
  decideRecipient,
  getProposal,
  getRevision,
  leadIdByReference,
  listRevisions,
  listProposals,
  markLeadDecided,
  proposalLinkTarget,
  queueSummary,
  recipientDecision,
  recipientsWithDecisions,
  saveProposalRevision,
  summaryPending,
} from "../db/queries/proposals";
import { outboxRows, type DeliveryRouting } from "./delivery/routing";
import { answersOf } from "./delivery/message";
import { signalOutbox } from "./delivery/signal";
import { hashToken, newToken } from "./delivery/tokens";
import { countCaller, countHits } from "./rate-limit";
import type { ServiceContext } from "./context";

/**
 * Quotes that come back through the site (README "Proposals"):
 * - proposal/get and proposal/save: a recipient manager's private link (/proposals/{token}, only
 *   its hash stored: delivery/render.ts registers it when the request goes out), or the agent
 *   panel by the request's reference and the manager's id with the API token. One proposal per
 *   manager per request, every save kept as a revision, a repeated save key stored once; saves
 *   are counted per link (and per client network, by the door) and refused once the request is
 *   withdrawn or decided.
 * - request/proposals and request/decide: the owner's comparison and answer, from the request's
 *   private page; the managers are told through the outbox, and the owner gets at most one
 *   summary an hour of new or changed proposals.
 */
type Handler<C extends AnyCallName> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

/** The owner hears of new or changed proposals at most this often. */
export const SUMMARY_EVERY_MS = 60 * 60_000;

const isoNow = () => new Date().toISOString();

function storedProposalOf(row: ProposalRow): StoredProposal {
  let services: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.services);
    if (Array.isArray(parsed)) services = parsed.filter((entry): entry is string => typeof entry === "string");
  } catch {
    services = [];
  }
  const amount = (value: number | null) => (value === null ? null : Number(value));
  return {
    management_percent: amount(row.management_percent),
    management_flat: amount(row.management_flat),
    leasing_percent: amount(row.leasing_percent),
    setup_fee: amount(row.setup_fee),
    renewal_fee: amount(row.renewal_fee),
    maintenance_markup_percent: amount(row.maintenance_markup_percent),
    contract_months: Number(row.contract_months),
    start_date: row.start_date,
    services,
    message: row.message,
    revision: Number(row.revision),
    updated_at: row.updated_at,
  };
}

/** Where this manager's link stands on this request. */
function stateFor(lead: Pick<LeadRecord, "withdrawn_at" | "decided_at">, decision: string | null): ProposalState {
  if (lead.withdrawn_at) return "withdrawn";
  if (decision === "accepted") return "accepted";
  if (decision === "declined" || lead.decided_at) return "declined";
  return "open";
}

/** The request and manager a save or a read is about: by the link's token, or (agent panel) by reference and id. */
async function resolveTarget(
  db: Kysely<Database>,
  input: { token?: string; reference?: string; agent_id?: number },
  { trusted }: { trusted: boolean },
): Promise<{ leadId: number; agentId: number; counterKey: string }> {
  if (input.token !== undefined) {
    const tokenHash = hashToken(input.token);
    const target = await proposalLinkTarget(db, { tokenHash });
    if (!target) throw new ApiError(404, PROPOSAL.unknownLink);
    return { ...target, counterKey: `proposal-link:${tokenHash.slice(0, 32)}` };
  }
  if (!trusted) throw new ApiError(403, PROPOSAL.panelOnly);
  const leadId = await leadIdByReference(db, { reference: input.reference ?? "" });
  const agentId = input.agent_id ?? 0;
  if (leadId === undefined || !(await recipientDecision(db, { leadId, agentId }))) throw new ApiError(404, NOT_FOUND.request);
  return { leadId, agentId, counterKey: `proposal-agent:${leadId}:${agentId}` };
}

export const readProposal: Handler<"proposal/get"> = async ({ token }, { db }) => {
  const { leadId, agentId } = await resolveTarget(db, { token }, { trusted: false });
  const [lead, recipient, proposal, agent] = await Promise.all([
    getLead(db, { leadId }),
    recipientDecision(db, { leadId, agentId }),
    getProposal(db, { leadId, agentId }),
    getAgent(db, { id: agentId }),
  ]);
  if (!lead || !recipient) throw new ApiError(404, PROPOSAL.unknownLink);
  const status = stateFor(lead, recipient.decision);
  // Closed to this manager (declined, or withdrawn): the link no longer shows the owner's address or answers.
  const closedToThem = status === "declined" || status === "withdrawn";
  return {
    success: true,
    status,
    request: {
      reference: lead.reference,
      submitted_at: lead.created_at,
      property_category: lead.property_category,
      property_address: closedToThem ? "" : lead.property_address,
      property_city: lead.property_city,
      property_zip: lead.property_zip,
      price: closedToThem ? "" : lead.price,
      answers: closedToThem ? [] : answersOf(lead.exam),
    },
    manager: { agent_id: agentId, company_name: recipient.company_name, profile: agent ? { fees: agent.fees, services: agent.services } : null },
    proposal: proposal ? storedProposalOf(proposal) : null,
    assumption: assumptionOf(closedToThem ? [] : answersOf(lead.exam)),
  };
};

/**
 * The owner's summary of proposals (proposal.summary, by email): queued unless one waits already
 * (it is written when sent, so it will hold this change too), due now or an hour after the last
 * one, whichever is later; with a fresh link to the owner's private page.
 */
async function tellOwner(trx: Kysely<Database>, lead: LeadRecord, delivery: DeliveryRouting, now: string) {
  if (!lead.email_address || (await summaryPending(trx, { leadId: lead.id }))) return;
  const last = lead.proposals_told_at ? Date.parse(lead.proposals_told_at) : 0;
  const dueAt = new Date(Math.max(Date.parse(now), last + SUMMARY_EVERY_MS)).toISOString();
  const pageToken = newToken();
  await insertToken(trx, { leadId: lead.id, tokenHash: hashToken(pageToken), now });
  const rows = outboxRows("proposal.summary", { lead_id: lead.id, payload: { token: pageToken, since: lead.proposals_told_at ?? "" } }, delivery, now);
  await queueSummary(trx, { leadId: lead.id, rows, dueAt });
}

/** The agent panel's event for a saved proposal: on the webhook only (the manager saved it, nobody needs an email of it). */
const webhookOnly = (delivery: DeliveryRouting): DeliveryRouting => ({ managers: delivery.managers.filter((channel) => channel === "webhook"), people: [], cdn: [] });

/** A save's terms as stored: a field the save left out keeps the proposal's current value (a new proposal: none). */
function keptTerms(sent: Omit<ParsedRequest<"proposal/save">, "token" | "reference" | "agent_id" | "save_key">, current: ProposalRow | undefined): ProposalTerms {
  const kept = <T>(value: T | undefined, previous: T): T => (value !== undefined ? value : previous);
  return {
    management_percent: sent.management_percent,
    management_flat: sent.management_flat,
    leasing_percent: kept(sent.leasing_percent, current?.leasing_percent ?? null),
    setup_fee: kept(sent.setup_fee, current?.setup_fee ?? null),
    renewal_fee: kept(sent.renewal_fee, current?.renewal_fee ?? null),
    maintenance_markup_percent: kept(sent.maintenance_markup_percent, current?.maintenance_markup_percent ?? null),
    contract_months: sent.contract_months,
    start_date: sent.start_date,
    services: sent.services !== undefined ? JSON.stringify(sent.services) : (current?.services ?? "[]"),
    message: kept(sent.message, current?.message ?? ""),
  };
}

type SaveOutcome = { closed: true } | { proposal: ProposalRow; repeated: boolean };

export const saveProposal: Handler<"proposal/save"> = async (input, context) => {
  // A browser's save is limited (the door set its limits); the agent panel's, with the bearer token, is trusted.
  const limits = context.limits;
  const { leadId, agentId, counterKey } = await resolveTarget(context.db, input, { trusted: !limits });
  const { token: _token, reference: _reference, agent_id: _agentId, save_key: saveKey, ...terms } = input;
  const now = isoNow();
  const outcome = await context.write(async (trx): Promise<SaveOutcome> => {
    // The caller's network, then the link: a flood through one link from many addresses is refused too.
    await countCaller(trx, context);
    if (limits) await countHits(trx, [{ key: `proposal/save|${counterKey}`, limit: limits.perMinute }]);
    await lockLead(trx, { leadId });
    const lead = await getLead(trx, { leadId });
    const recipient = await recipientDecision(trx, { leadId, agentId });
    // A request its owner has not confirmed reached nobody: nobody may propose on it yet.
    const delivered = lead && (!lead.email_address || lead.email_confirmed_at);
    if (!lead || !recipient || !delivered || stateFor(lead, recipient.decision) !== "open") return { closed: true };
    const saved = await saveProposalRevision(trx, { leadId, agentId, terms: keptTerms(terms, await getProposal(trx, { leadId, agentId })), saveKey, now });
    if (saved.repeated) return saved;
    await insertOutboxMessages(trx, outboxRows("proposal.saved", { lead_id: leadId, agent_id: agentId }, webhookOnly(context.delivery), now));
    await tellOwner(trx, lead, context.delivery, now);
    return saved;
  });
  if ("closed" in outcome) throw new ApiError(409, PROPOSAL.notOpen);
  if (!outcome.repeated) signalOutbox();
  const proposal = storedProposalOf(outcome.proposal);
  return { success: true, message: PROPOSAL.saved(proposal.revision), proposal };
};

async function requireOwnerLead(db: Kysely<Database>, token: string): Promise<LeadRecord> {
  const leadId = await leadIdByToken(db, { tokenHash: hashToken(token) });
  const lead = leadId === undefined ? undefined : await getLead(db, { leadId });
  if (!lead) throw new ApiError(404, NOT_FOUND.request);
  return lead;
}

export const readOwnerProposals: Handler<"request/proposals"> = async ({ token }, { db }) => {
  const lead = await requireOwnerLead(db, token);
  const [recipients, proposals, revisions] = await Promise.all([
    recipientsWithDecisions(db, { leadId: lead.id }),
    listProposals(db, { leadId: lead.id }),
    listRevisions(db, { leadId: lead.id }),
  ]);
  const entries = await Promise.all(
    recipients.map(async (recipient) => {
      const agent = await getAgent(db, { id: recipient.agent_id });
      const proposal = proposals.find((row) => Number(row.agent_id) === recipient.agent_id);
      return {
        agent_id: recipient.agent_id,
        company_name: recipient.company_name,
        demo: recipient.demo,
        decision: recipient.decision,
        profile: agent ? { fees: agent.fees, services: agent.services } : null,
        proposal: proposal ? storedProposalOf(proposal) : null,
        history: revisions
          .filter((row) => row.agent_id === recipient.agent_id)
          .map(({ revision, created_at, ...terms }) => storedProposalOf({ ...terms, id: 0, lead_id: lead.id, revision, created_at, updated_at: created_at })),
      };
    }),
  );
  const answers = answersOf(lead.exam);
  return { success: true, decided_at: lead.decided_at, withdrawn: Boolean(lead.withdrawn_at), assumption: assumptionOf(answers), asked_services: askedServicesOf(answers), proposals: entries };
};

type DecideInput = ParsedRequest<"request/decide">;
type Stale = { stale: { company: string; seen: number; current: ProposalRow; before: ProposalRow | undefined } };
type DecideOutcome = "closed" | "unconfirmed" | "already" | "unknown" | "no-proposal" | Stale | { company: string; accepted?: ProposalRow };

/** In the decision's transaction: records it and queues what each manager is told. */
async function recordDecision(trx: Kysely<Database>, leadId: number, { agent_id: agentId, decision, revision }: DecideInput, delivery: DeliveryRouting, now: string): Promise<DecideOutcome> {
  await lockLead(trx, { leadId });
  const lead = await getLead(trx, { leadId });
  if (!lead || lead.withdrawn_at) return "closed";
  // Not confirmed by its owner: it reached nobody, and only its confirmation page decides it.
  if (lead.email_address && !lead.email_confirmed_at) return "unconfirmed";
  if (lead.decided_at) return "already";
  const recipient = await recipientDecision(trx, { leadId, agentId });
  if (!recipient) return "unknown";
  if (recipient.decision) return "already";
  if (decision === "decline") {
    await decideRecipient(trx, { leadId, agentId, decision: "declined", now });
    // Told only if the request reached them.
    if ((await managersReached(trx, { leadId })).includes(agentId)) {
      await insertOutboxMessages(trx, outboxRows("request.declined", { lead_id: leadId, agent_id: agentId }, delivery, now));
    }
    return { company: recipient.company_name };
  }
  const proposal = await getProposal(trx, { leadId, agentId });
  if (!proposal) return "no-proposal";
  // The price accepted is the price seen: a version that is no longer the current one accepts nothing.
  if (Number(proposal.revision) !== revision) {
    const before = revision === undefined ? undefined : ((await getRevision(trx, { proposalId: proposal.id, revision })) as ProposalRow | undefined);
    return { stale: { company: recipient.company_name, seen: revision ?? 0, current: proposal, before } };
  }
  await decideRecipient(trx, { leadId, agentId, decision: "accepted", now });
  await markLeadDecided(trx, { leadId, now });
  // The accepted version travels with the messages: what they say is what was accepted.
  const payload = { revision: String(proposal.revision) };
  await insertOutboxMessages(trx, outboxRows("request.accepted", { lead_id: leadId, agent_id: agentId, payload }, delivery, now));
  if (lead.email_address) await insertOutboxMessages(trx, outboxRows("request.accepted.owner", { lead_id: leadId, agent_id: agentId, payload }, delivery, now));
  // Every other manager still waiting is told, politely, that the owner chose someone else (if the request reached them).
  const reached = await managersReached(trx, { leadId });
  for (const other of await recipientsWithDecisions(trx, { leadId })) {
    if (other.agent_id === agentId || other.decision) continue;
    await decideRecipient(trx, { leadId, agentId: other.agent_id, decision: "declined", now });
    if (reached.includes(other.agent_id)) await insertOutboxMessages(trx, outboxRows("request.declined", { lead_id: leadId, agent_id: other.agent_id }, delivery, now));
  }
  return { company: recipient.company_name, accepted: proposal };
}

/** The refusal of a stale acceptance: what changed since the version the owner saw, at the request's rent. */
function staleRefusal({ company, seen, current, before }: Stale["stale"], lead: LeadRecord): ApiError {
  const currentRevision = Number(current.revision);
  if (!before) return new ApiError(409, PROPOSAL.unknownRevision(company, seen, currentRevision));
  const changes = proposalChanges(storedProposalOf(before), storedProposalOf(current), assumptionOf(answersOf(lead.exam)));
  return new ApiError(409, PROPOSAL.staleRevision(company, seen, currentRevision, changes));
}

export const decideRequest: Handler<"request/decide"> = async (input, context) => {
  const lead = await requireOwnerLead(context.db, input.token);
  const outcome = await context.write(async (trx) => {
    await countCaller(trx, context);
    return recordDecision(trx, lead.id, input, context.delivery, isoNow());
  });
  if (outcome === "closed") throw new ApiError(409, PROPOSAL.notOpen);
  if (outcome === "unconfirmed") throw new ApiError(409, CONFIRM.unconfirmedNotWithdrawn);
  if (outcome === "unknown") throw new ApiError(404, NOT_FOUND.manager);
  if (outcome === "no-proposal") throw new ApiError(409, PROPOSAL.noProposal);
  if (outcome === "already") return { success: true, message: PROPOSAL.alreadyDecided };
  if ("stale" in outcome) throw staleRefusal(outcome.stale, lead);
  signalOutbox();
  if (!outcome.accepted) return { success: true, message: PROPOSAL.declined(outcome.company) };
  const { rent, units } = assumptionOf(answersOf(lead.exam));
  const firstYear = formatDollars(proposalFirstYear(storedProposalOf(outcome.accepted), rent, units).total);
  return { success: true, message: PROPOSAL.acceptedTerms(outcome.company, Number(outcome.accepted.revision), firstYear, PROPOSAL.atRent(formatMoney(rent), units)) };
};
