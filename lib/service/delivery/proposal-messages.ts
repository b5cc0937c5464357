import type { Kysely } from "kysely";
import type { Database, OutboxRow } from "../../db/schema";
import { leadForMessage, managerContact } from "../../db/queries/outbox";
import { getProposal, getRevision, insertProposalToken, proposalsChangedSince } from "../../db/queries/proposals";
import { categoryLabel, SITE_NAME } from "../../contract/site";
import { proposalPath, requestPath } from "../../contract/routes";
import { REQUEST_PAGE } from "../../contract/messages";
import { PROPOSAL, PROPOSAL_MAIL } from "../../contract/proposal-messages";
import { assumptionOf, managementText, proposalFeeRows, proposalFirstYear } from "../../contract/proposals";
import { formatDollars } from "../../contract/fees";
import { formatDay } from "../../contract/proposal-compare";
import { formatMoney } from "../../contract/fees";
import type { ProposalRow } from "../../db/schema";
import { hashToken } from "./tokens";
import { answersOf, type LeadFacts, type ManagerFacts, type RenderedMessage } from "./message";

/**
 * The proposals' messages, written when they are sent like every other (render.ts):
 * the proposal link in a new request, the agent panel's proposal.saved event, the owner's summary
 * of new or changed proposals, and the owner's decision to each manager.
 */
const category = (id: number) => categoryLabel(id) ?? "Property";
const place = (lead: LeadFacts) => `${category(lead.property_category)} in ${lead.property_city} ${lead.property_zip}`;

/**
 * A new request's proposal link: its token waits in the message's payload until it is sent, and
 * its hash is registered here, before the message goes out (again on a retry: kept once). Null
 * when the message carries none (queued before proposals existed).
 */
export async function registerProposalLink(db: Kysely<Database>, row: OutboxRow, token: string | undefined, siteUrl: string): Promise<string | null> {
  if (!token || row.lead_id === null || row.agent_id === null) return null;
  await insertProposalToken(db, { tokenHash: hashToken(token), leadId: row.lead_id, agentId: row.agent_id, now: row.created_at });
  return `${siteUrl}${proposalPath(token)}`;
}

/** The request's message with the manager's private proposal link (in the text, and in the event as `proposal_url`). */
export function withProposalLink(message: RenderedMessage, url: string | null): RenderedMessage {
  if (!url) return message;
  const text = [
    message.email.text,
    "",
    PROPOSAL_MAIL.link(SITE_NAME),
    url,
  ].join("\n");
  return { email: { ...message.email, text }, event: { ...message.event, data: { ...message.event.data, proposal_url: url } } };
}

/** The ways the owner chose to be contacted (step 4's method), or every way they gave when none was chosen. */
function chosenContact(lead: LeadFacts): { lines: string[]; data: Record<string, string> } {
  const phone = lead.property_number;
  const email = lead.email_address;
  const byEmail = lead.preferred_contact_method === "Email" && email;
  const byPhone = lead.preferred_contact_method === "Phone" && phone;
  const data: Record<string, string> = { full_name: lead.full_name, preferred_contact_method: lead.preferred_contact_method };
  if (email && !byPhone) data.email_address = email;
  if (phone && !byEmail) data.phone = phone;
  const lines = [
    `Name: ${lead.full_name || "not given"}`,
    ...(data.email_address ? [`Email: ${data.email_address}`] : []),
    ...(data.phone ? [`Phone: ${data.phone}`] : []),
    ...(lead.preferred_contact_method ? [`Preferred contact method: ${lead.preferred_contact_method}`] : []),
  ];
  return { lines, data };
}

/** `lines` start with the manager's heading of the terms; the owner's copy has its own. */
type AcceptedTerms = { revision: number; lines: string[]; data: Record<string, unknown> };

/** The version the owner accepted (the payload names it; an older row, the current one), as lines and as the event's data. */
async function acceptedTerms(db: Kysely<Database>, lead: LeadFacts & { id: number }, agentId: number, payload: Record<string, string>): Promise<AcceptedTerms | null> {
  const current = await getProposal(db, { leadId: lead.id, agentId });
  if (!current) return null;
  const named = Number(payload.revision);
  const kept = Number.isInteger(named) && named > 0 ? await getRevision(db, { proposalId: current.id, revision: named }) : undefined;
  const terms: Omit<ProposalRow, "id" | "lead_id" | "agent_id" | "created_at" | "updated_at"> = kept ?? current;
  const revision = Number(terms.revision);
  const services = JSON.parse(terms.services) as string[];
  const amount = (value: number | null) => (value === null ? null : Number(value));
  const fees = {
    management_percent: amount(terms.management_percent),
    management_flat: amount(terms.management_flat),
    leasing_percent: amount(terms.leasing_percent),
    setup_fee: amount(terms.setup_fee),
    renewal_fee: amount(terms.renewal_fee),
    maintenance_markup_percent: amount(terms.maintenance_markup_percent),
  };
  const { rent, units } = assumptionOf(answersOf(lead.exam));
  const firstYear = formatDollars(proposalFirstYear(fees, rent, units).total);
  const months = Number(terms.contract_months);
  const lines = [
    PROPOSAL_MAIL.acceptedTerms(revision),
    ...proposalFeeRows(fees).map((row) => `- ${row.label}: ${row.value}`),
    `- Minimum contract term: ${months === 0 ? PROPOSAL.monthToMonth : PROPOSAL.months(months)}`,
    `- Earliest start: ${formatDay(terms.start_date)}`,
    PROPOSAL_MAIL.acceptedFirstYear(firstYear, PROPOSAL.atRent(formatMoney(rent), units)),
  ];
  return { revision, lines, data: { revision, ...fees, contract_months: months, start_date: terms.start_date, services } };
}

/** Without its proposal (a row older than the terms it should carry), the message is sent without them. */
const NO_TERMS: AcceptedTerms = { revision: 0, lines: [], data: {} };

function acceptedMessage(lead: LeadFacts, manager: ManagerFacts, terms: AcceptedTerms): RenderedMessage {
  const contact = chosenContact(lead);
  const text = [
    `Hello ${manager.company_name},`,
    "",
    PROPOSAL_MAIL.accepted(lead.reference, place(lead)),
    "",
    ...contact.lines,
    "",
    ...(terms.lines.length ? [...terms.lines, ""] : []),
    PROPOSAL_MAIL.acceptedUse,
  ].join("\n");
  return {
    email: { to: manager.email, subject: PROPOSAL_MAIL.acceptedSubject(lead.reference), text, ...(contact.data.email_address ? { replyTo: contact.data.email_address } : {}) },
    event: { type: "request.accepted", data: { reference: lead.reference, agent_id: manager.id, decided_at: lead.decided_at, owner: contact.data, ...(terms.revision ? { proposal: terms.data } : {}) } },
  };
}

/** The owner's own record of the acceptance: the manager, the version and its terms. */
function ownerAcceptedMessage(lead: LeadFacts, manager: ManagerFacts, terms: AcceptedTerms): RenderedMessage {
  const text = [
    `Hello${lead.full_name ? ` ${lead.full_name}` : ""},`,
    "",
    PROPOSAL_MAIL.ownerAccepted(manager.company_name, lead.reference, place(lead)),
    "",
    ...(terms.revision ? [PROPOSAL_MAIL.ownerAcceptedTerms(terms.revision, manager.company_name), ...terms.lines.slice(1), ""] : []),
    PROPOSAL_MAIL.ownerAcceptedContact(manager.company_name),
  ].join("\n");
  return {
    email: { to: lead.email_address, subject: PROPOSAL_MAIL.ownerAcceptedSubject(lead.reference), text },
    event: { type: "request.accepted.owner", data: { reference: lead.reference, agent_id: manager.id, revision: terms.revision } },
  };
}

function declinedMessage(lead: LeadFacts, manager: ManagerFacts): RenderedMessage {
  const text = [
    `Hello ${manager.company_name},`,
    "",
    PROPOSAL_MAIL.declined(lead.reference, place(lead)),
    "",
    PROPOSAL_MAIL.declinedDelete,
  ].join("\n");
  return {
    email: { to: manager.email, subject: PROPOSAL_MAIL.declinedSubject(lead.reference), text },
    event: { type: "request.declined", data: { reference: lead.reference, agent_id: manager.id } },
  };
}

async function summaryMessage(db: Kysely<Database>, lead: LeadFacts & { id: number }, payload: Record<string, string>, siteUrl: string): Promise<RenderedMessage | null> {
  const changed = await proposalsChangedSince(db, { leadId: lead.id, since: payload.since ?? "" });
  if (changed.length === 0 || !payload.token) return null;
  const url = `${siteUrl}${requestPath(payload.token)}`;
  const lines = changed.map((entry) =>
    PROPOSAL_MAIL.summaryLine(entry.company_name, entry.revision, managementText({ management_percent: entry.management_percent, management_flat: entry.management_flat })),
  );
  const text = [
    "Hello,",
    "",
    PROPOSAL_MAIL.summaryIntro(lead.reference, SITE_NAME),
    ...lines,
    "",
    PROPOSAL_MAIL.summaryLink,
    url,
    "",
    `${PROPOSAL_MAIL.summaryEvery} ${REQUEST_PAGE.keepLinkPrivate}`,
  ].join("\n");
  return {
    email: { to: lead.email_address, subject: PROPOSAL_MAIL.summarySubject(lead.reference), text },
    event: { type: "proposal.summary", data: { reference: lead.reference, proposals: changed.length } },
  };
}

async function savedEvent(db: Kysely<Database>, lead: LeadFacts & { id: number }, manager: ManagerFacts): Promise<RenderedMessage | null> {
  const proposal = await getProposal(db, { leadId: lead.id, agentId: manager.id });
  if (!proposal) return null;
  const { id: _id, lead_id: _lead, agent_id: _agent, services, ...terms } = proposal;
  const text = [`Hello ${manager.company_name},`, "", PROPOSAL_MAIL.saved(lead.reference, proposal.revision)].join("\n");
  return {
    email: { to: manager.email, subject: PROPOSAL_MAIL.savedSubject(lead.reference), text },
    event: { type: "proposal.saved", data: { reference: lead.reference, agent_id: manager.id, proposal: { ...terms, services: JSON.parse(services) as unknown } } },
  };
}

/** proposal.saved, proposal.summary, request.accepted (to the manager and, .owner, the owner) and request.declined; null when there is nothing left to say. */
export async function composeProposalMessage(
  db: Kysely<Database>,
  row: OutboxRow,
  payload: Record<string, string>,
  { siteUrl }: { siteUrl: string },
): Promise<RenderedMessage | null> {
  const lead = row.lead_id === null ? undefined : await leadForMessage(db, { leadId: row.lead_id });
  if (!lead || lead.withdrawn_at) return null;
  if (row.kind === "proposal.summary") return lead.email_address ? summaryMessage(db, lead, payload, siteUrl) : null;
  const manager = row.agent_id === null ? undefined : await managerContact(db, { agentId: row.agent_id });
  if (!manager) return null;
  if (row.kind === "proposal.saved") return savedEvent(db, lead, manager);
  if (row.kind === "request.declined") return declinedMessage(lead, manager);
  const terms = (await acceptedTerms(db, lead, manager.id, payload)) ?? NO_TERMS;
  if (row.kind === "request.accepted.owner") return lead.email_address ? ownerAcceptedMessage(lead, manager, terms) : null;
  return acceptedMessage(lead, manager, terms);
}
