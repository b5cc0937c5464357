import type { Kysely } from "kysely";
import type { Database, OutboxRow } from "../../db/schema";
import { leadForMessage, managerContact } from "../../db/queries/outbox";
import { getProposal, insertProposalToken, proposalsChangedSince } from "../../db/queries/proposals";
import { categoryLabel, SITE_NAME } from "../../contract/site";
import { proposalPath, requestPath } from "../../contract/routes";
import { REQUEST_PAGE } from "../../contract/messages";
import { PROPOSAL_MAIL } from "../../contract/proposal-messages";
import { managementText } from "../../contract/proposals";
import { hashToken } from "./tokens";
import type { LeadFacts, ManagerFacts, RenderedMessage } from "./message";

/**
 * The messages of issue 28 (proposals), written when they are sent like every other (render.ts):
 * the proposal link in a new request, the agent panel's proposal.saved event, the owner's summary
 * of new or changed proposals, and the owner's decision to each manager.
 */
const category = (id: number) => categoryLabel(id) ?? "Property";
const place = (lead: LeadFacts) => `${category(lead.property_category)} in ${lead.property_city} ${lead.property_zip}`;

/**
 * A new request's proposal link: its token waits in the message's payload until it is sent, and
 * its hash is registered here, before the message goes out (again on a retry: kept once). Null
 * when the message carries none (queued before issue 28).
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

function acceptedMessage(lead: LeadFacts, manager: ManagerFacts): RenderedMessage {
  const contact = chosenContact(lead);
  const text = [
    `Hello ${manager.company_name},`,
    "",
    PROPOSAL_MAIL.accepted(lead.reference, place(lead)),
    "",
    ...contact.lines,
    "",
    PROPOSAL_MAIL.acceptedUse,
  ].join("\n");
  return {
    email: { to: manager.email, subject: PROPOSAL_MAIL.acceptedSubject(lead.reference), text, ...(contact.data.email_address ? { replyTo: contact.data.email_address } : {}) },
    event: { type: "request.accepted", data: { reference: lead.reference, agent_id: manager.id, decided_at: lead.decided_at, owner: contact.data } },
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

/** proposal.saved, proposal.summary, request.accepted and request.declined; null when there is nothing left to say. */
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
  return row.kind === "request.accepted" ? acceptedMessage(lead, manager) : declinedMessage(lead, manager);
}
