import type { Generated } from "kysely";

/** The tables of the network the operator runs: applications, messages and replies, subscribers, and the managers' own listing links, sessions and revisions (lib/db/schema.ts). */

export interface AgentApplicationsTable {
  id: Generated<number>;
  company_name: string;
  email: string;
  mobile: string;
  country_code: number;
  created_at: string;
  /** lib/contract/operator.ts APPLICATION_STATUSES */
  status: Generated<string>;
  decided_at: Generated<string | null>;
  /** The email of the staff member who decided. */
  decided_by: Generated<string | null>;
  /** A decline's reason, as the applicant was told it. */
  decline_reason: Generated<string | null>;
  /** The listing it became or was linked to. */
  agent_id: Generated<number | null>;
  /** The contact person named when it was approved (the greeting of the applicant's emails). */
  contact_name: Generated<string | null>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  mobile: string;
  message: string;
  agent_id: number;
  created_at: string;
  /** lib/contract/operator.ts MESSAGE_STATUSES */
  status: Generated<string>;
  status_changed_at: Generated<string | null>;
}

/** A reply written in the workspace to a contact message, sent through the outbox and kept with it. */
export interface ContactRepliesTable {
  id: Generated<number>;
  contact_id: number;
  body: string;
  staff_user_id: string | null;
  staff_email: string;
  /** The Reply-To it was sent with (the operator's address then). */
  reply_to: string;
  created_at: string;
}

/** A mailbox that unsubscribed (lib/contract/keys.ts mailboxKey), never the address. */
export interface EmailSuppressionsTable {
  email_key: string;
  created_at: string;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email_address: string;
  email_lower: string;
  created_at: string;
  /** Double opt-in: a subscription counts once confirmed through its link. */
  confirmed_at: string | null;
  /** SHA-256 (hex) of the confirmation link's token. */
  confirm_token_hash: string | null;
  confirmation_sent_at: string | null;
  /** The mailbox's hash (lib/contract/keys.ts mailboxKey): what an unsubscribe link names. */
  email_key: Generated<string | null>;
}

// ---------------------------------------------------------------------------------------------
// Managers keep their own listing true (lib/service/listing-self-service.ts).

/** A one-time sign-in link mailed to the email on a listing: its token's SHA-256 only. */
export interface ListingLinksTable {
  token_hash: string;
  agent_id: number;
  created_at: string;
  expires_at: string;
  /** When it opened a session; a used link opens nothing again. */
  used_at: string | null;
}

/** A manager's session, scoped to one listing: the cookie's token's SHA-256 only. */
export interface ListingSessionsTable {
  token_hash: string;
  agent_id: number;
  created_at: string;
  expires_at: string;
}

/** One change to a listing's fees, services, about text or service ZIPs (a revert is one too). */
export interface ListingRevisionsTable {
  id: Generated<number>;
  agent_id: number;
  /** "manager" (signed in from the listing's link) or "staff" (a revert in the workspace). */
  by_kind: string;
  /** The listing's email for its manager, the staff member's for staff. */
  by_email: string;
  /** JSON of lib/contract/listing-self-service.ts ListingFields. */
  before: string;
  after: string;
  /** The revision a revert undid. */
  reverts_id: number | null;
  created_at: string;
}
