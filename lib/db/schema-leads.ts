import type { Generated } from "kysely";

/** The tables of an owner's request: the lead, its confirmation, its recipients and their proposals, and the outbox that delivers them (lib/db/schema.ts). */

export interface LeadsTable {
  id: Generated<number>;
  submission_key: string | null;
  /** SHA-256 of the request saved under submission_key: a repeat with another body is refused. */
  submission_hash: string | null;
  property_category: number;
  property_address: string;
  property_city: string;
  property_zip: string;
  property_price: string;
  full_name: string;
  email_address: string;
  property_number: string;
  preferred_contact_method: string;
  price: string;
  /** JSON text of the answer entries. */
  exam: string;
  created_at: string;
  /** Short, readable and unique (MG-4K7Q-2XRD); null for leads stored before references existed. */
  reference: string | null;
  /** When the owner withdrew it; name, email, phone, address and answers are erased then. */
  withdrawn_at: string | null;
  /** Set when no manager served the ZIP at submission; cleared once the owner is told one does. */
  awaiting_match_since: string | null;
  /** When the owner confirmed the email address by the mailed link; null: not yet (or no email). */
  email_confirmed_at: string | null;
  /** When the owner accepted a manager's proposal: the request is closed. */
  decided_at: string | null;
  /** When the owner's last summary of proposals was queued (at most one an hour). */
  proposals_told_at: string | null;
}

/** A lead waiting for its owner to confirm the email address, under that address normalised. */
export interface LeadConfirmationsTable {
  lead_id: number;
  /** The mailbox's hash (lib/contract/keys.ts mailboxKey), never the address. */
  email_key: string;
  /** No longer written or read (blanked by the 2026-12-02 migration). */
  client_key: Generated<string>;
  /** The city the site's trusted proxy reported for the save ("" when none did), never an address. */
  saved_from: Generated<string>;
  created_at: string;
}

/** A confirmation link mailed to an address (at most one per address per UTC day), its token's SHA-256 only. */
export interface LeadConfirmationLinksTable {
  token_hash: string;
  /** The mailbox's hash, never the address. */
  email_key: string;
  /** No longer written or read (blanked by the 2026-12-02 migration). */
  client_key: Generated<string>;
  /** The UTC day it was mailed (YYYY-MM-DD). */
  day: string;
  created_at: string;
}

/** A manager the owner chose to receive a lead, with the consent sentence shown and its time. */
export interface LeadRecipientsTable {
  lead_id: number;
  agent_id: number;
  /** The name the owner saw when consenting. */
  company_name: string;
  consent_version: string;
  consent_text: string;
  consented_at: string;
  /** The owner's answer to this manager: null until accepted or declined. */
  decision: "accepted" | "declined" | null;
  decided_at: string | null;
}

/** A recipient manager's private proposal link (/proposals/{token}), its SHA-256 only. */
export interface ProposalTokensTable {
  token_hash: string;
  lead_id: number;
  agent_id: number;
  created_at: string;
}

/** A proposal's terms in the directory's own fee fields (amounts in US dollars; null: none stated). */
export interface ProposalTerms {
  management_percent: number | null;
  management_flat: number | null;
  leasing_percent: number | null;
  setup_fee: number | null;
  renewal_fee: number | null;
  maintenance_markup_percent: number | null;
  contract_months: number;
  /** YYYY-MM-DD. */
  start_date: string;
  /** JSON list of service keys (lib/contract/site.ts MANAGER_SERVICES). */
  services: string;
  message: string;
}

/** One manager's proposal for one request: its latest terms and how many saves it has had. */
export interface ProposalsTable extends ProposalTerms {
  id: Generated<number>;
  lead_id: number;
  agent_id: number;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** Every save of a proposal, kept; `save_key` (unique per proposal) makes a repeated save a no-op. */
export interface ProposalRevisionsTable extends ProposalTerms {
  proposal_id: number;
  revision: number;
  save_key: string;
  created_at: string;
}

/** The private request page's tokens, as SHA-256 hashes (hex) only. */
export interface LeadTokensTable {
  token_hash: string;
  lead_id: number;
  created_at: string;
}

/** lib/service/outbox: what a message is about and who it goes to. */
export type OutboxKind =
  | "lead.new"
  | "lead.confirmation"
  | "lead.withdrawn"
  | "lead.match_available"
  | "contact.message"
  | "newsletter.confirmation"
  | "staff.sign_in"
  | "proposal.saved"
  | "proposal.summary"
  | "request.accepted"
  /** The owner's record of what they accepted: the terms and their version. */
  | "request.accepted.owner"
  | "request.declined"
  | "cdn.purge"
  | "application.approved"
  | "application.declined"
  | "contact.reply"
  /** A manager's one-time sign-in link to its own listing, to the email on the listing. */
  | "listing.sign_in";
/** "purge": PURGE_URL, the CDN's purge endpoint (the changed paths of a workspace publish). */
export type OutboxChannel = "email" | "webhook" | "file" | "purge";
type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "cancelled";

/** One message on one channel, delivered at least once by the outbox worker. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  /** Stable across retries: the webhook's Idempotency-Key header, the email's Message-ID. */
  idempotency_key: string;
  kind: OutboxKind;
  channel: OutboxChannel;
  lead_id: number | null;
  agent_id: number | null;
  contact_id: number | null;
  subscription_id: number | null;
  /** JSON: what the rows do not hold (a link's token); "{}" once sent. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  /** Due time of the next try; while a worker holds it, when that claim lapses. */
  next_attempt_at: string;
  claimed_by: string | null;
  /** The last failure, without personal data (a status or an error code). */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}
