import type { Generated, Insertable, Kysely, Selectable } from "kysely";

/**
 * The one Kysely Database interface. Flags are integers (0/1) and timestamps ISO-8601 text so
 * that SQLite and PostgreSQL store and return the same values.
 */
export interface Database {
  pages: PagesTable;
  states: StatesTable;
  cities: CitiesTable;
  law_fact_files: LawFactFilesTable;
  law_facts: LawFactsTable;
  categories: CategoriesTable;
  agents: AgentsTable;
  agent_categories: AgentCategoriesTable;
  questions: QuestionsTable;
  testimonials: TestimonialsTable;
  blogs: BlogsTable;
  faqs: FaqsTable;
  leads: LeadsTable;
  agent_applications: AgentApplicationsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  rate_limiter: RateLimiterTable;
  content_changes: ContentChangesTable;
  zip_codes: ZipCodesTable;
  agent_areas: AgentAreasTable;
  agent_offices: AgentOfficesTable;
  zip_coverage: ZipCoverageTable;
  city_coverage: CityCoverageTable;
  lead_recipients: LeadRecipientsTable;
  lead_tokens: LeadTokensTable;
  lead_confirmations: LeadConfirmationsTable;
  lead_confirmation_links: LeadConfirmationLinksTable;
  outbox_messages: OutboxMessagesTable;
  proposal_tokens: ProposalTokensTable;
  proposals: ProposalsTable;
  proposal_revisions: ProposalRevisionsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_verifications: StaffVerificationsTable;
  workspace_settings: WorkspaceSettingsTable;
  seo_live: SeoLiveTable;
  seo_revisions: SeoRevisionsTable;
  seo_drafts: SeoDraftsTable;
  staff_audit_log: StaffAuditLogTable;
  redirect_rules: RedirectRulesTable;
  not_found_paths: NotFoundPathsTable;
  contact_replies: ContactRepliesTable;
  email_suppressions: EmailSuppressionsTable;
  listing_links: ListingLinksTable;
  listing_sessions: ListingSessionsTable;
  listing_revisions: ListingRevisionsTable;
}

// ---------------------------------------------------------------------------------------------
// The marketers' workspace. The staff_ tables are better-auth's (written by its Kysely
// adapter): dates are Date objects on PostgreSQL and ISO text on SQLite, flags boolean or 0/1.

type AuthDate = string | Date;
type AuthFlag = boolean | number;

export interface StaffUsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthFlag;
  image: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
  /** lib/contract/staff.ts STAFF_ROLES */
  role: string | null;
  banned: AuthFlag | null;
  ban_reason: string | null;
  ban_expires: AuthDate | null;
}

export interface StaffSessionsTable {
  id: string;
  expires_at: AuthDate;
  token: string;
  created_at: AuthDate;
  updated_at: AuthDate;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  impersonated_by: string | null;
}

export interface StaffVerificationsTable {
  id: string;
  /** "magic-link:<hash of the token>" */
  identifier: string;
  value: string;
  expires_at: AuthDate;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface WorkspaceSettingsTable {
  key: string;
  value: string;
}

/**
 * The words a template or an override sets, one pattern per field (lib/contract/seo-fields.ts), on
 * what is live, every revision and every draft; null: the next level (template, default wording)
 * decides, and a share card's field falls back to the search words (SOCIAL_FALLBACK).
 */
export interface SeoWordsColumns {
  title: string | null;
  description: string | null;
  keywords: string | null;
  og_title: string | null;
  og_description: string | null;
  image_alt: string | null;
}

/** What the public pages use now: a template ("template:city") or one page's override ("page:/agents/TX/austin"). */
export interface SeoLiveTable extends SeoWordsColumns {
  target: string;
  /** lib/contract/seo-text.ts SEO_KINDS */
  kind: string;
  /** An override's page; null for a template. */
  path: string | null;
  revision_id: number;
  published_at: string;
  /** The email of who published it. */
  published_by: string;
}

/** Every publish and rollback, append-only. */
export interface SeoRevisionsTable extends SeoWordsColumns {
  id: Generated<number>;
  target: string;
  kind: string;
  path: string | null;
  action: "publish" | "rollback";
  /** What was live before it; null when nothing had been published. */
  previous_revision_id: number | null;
  /** A rollback: the revision whose words it brought back (null: back to the template or default). */
  restored_revision_id: number | null;
  published_at: string;
  /** staff_users.id */
  published_by: string;
  published_by_email: string;
}

/** One staff member's unpublished change to one target. */
export interface SeoDraftsTable extends SeoWordsColumns {
  id: Generated<number>;
  target: string;
  kind: string;
  path: string | null;
  staff_user_id: string;
  /** The live revision it was started from; null when nothing was published then. */
  base_revision_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface StaffAuditLogTable {
  id: Generated<number>;
  at: string;
  staff_user_id: string | null;
  staff_email: string;
  /** lib/contract/staff.ts AUDIT_ACTIONS */
  action: string;
  target: string | null;
  detail: string;
}

/** Workspace → Redirects: one rule per exact from-path (lib/contract/redirects.ts). */
export interface RedirectRulesTable {
  from_path: string;
  /** 301, 302 or 410 */
  status: number;
  /** null for 410 */
  to_path: string | null;
  updated_at: string;
  updated_by: string;
}

/** The 404 log: public paths that answered 404, bounded by the server that writes it. */
export interface NotFoundPathsTable {
  path: string;
  hits: number;
  first_seen: string;
  last_seen: string;
}

/** Changes made outside a request; running servers refresh their cached pages when one appears. */
export interface ContentChangesTable {
  id: Generated<number>;
  /** Who changed content: "seed", "import"… */
  source: string;
  /** What changed, for people reading the table: "12 agents, 30 agent_categories". */
  summary: string;
  changed_at: string;
}

/** The save limits' counters (lib/service/rate-limit.ts, through lib/db/queries/rate-limits.ts). */
export interface RateLimiterTable {
  key: string;
  points: number;
  /** When the counter lapses, in milliseconds since the epoch. */
  expire: number | null;
  /** A save limit's current clock window (its index: milliseconds since the epoch / window length); null for a mail cap. */
  window_start: Generated<number | null>;
  /** A save limit's count in the window before `window_start`. */
  previous_points: Generated<number>;
}

export interface PagesTable {
  page_id: number;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  heading: string;
  description: string;
  short_description: string;
  status: number;
}

export interface StatesTable {
  id: Generated<number>;
  name: string;
  abbreviation: string;
  slug: string;
  fips: string;
  /** 1 = most populous; null for states outside the featured list. */
  featured_rank: number | null;
}

export interface CitiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
  slug: string;
  population: number;
  lat: number;
  lng: number;
  /** How many managers serve the city (city_coverage rows), kept by lib/db/queries/coverage.ts. */
  managers_serving: Generated<number>;
}

/** A landlord-tenant facts file of lib/db/seed-data and the date it was last reviewed (SOURCES.md). */
export interface LawFactFilesTable {
  file: string;
  /** ISO date, e.g. "2026-11-23". */
  reviewed_on: string;
}

/** One fact: a state's rule on one topic (keys in lib/contract/law-topics.ts). */
export interface LawFactsTable {
  id: Generated<number>;
  state_id: number;
  topic: string;
  value: string;
  /** null where the fact is the absence of a statute, or the source named none. */
  citation: string | null;
  source_url: string;
  file: string;
  /** 0 where the facts file says the statute could not be confirmed (the pages say so). */
  verified: Generated<number>;
}

export interface CategoriesTable {
  id: number;
  name: string;
}

export interface AgentsTable {
  id: Generated<number>;
  slug: string;
  company_name: string;
  photo: string;
  featured: number;
  address: string;
  zip: string;
  city_id: number;
  state_id: number;
  about: string;
  read_more: number;
  /** Private: never part of a public response. */
  email: string;
  /** Private: never part of a public response. */
  phone: string;
  is_demo: number;
  created_at: string;
  /**
   * When the listing's content last changed (created, or an import that changed its row): its
   * profile's <lastmod>, and the lists it is on take their newest listing's (lib/db/queries/sitemap.ts).
   */
  updated_at: string;
  // Decision data; null where the manager has not given it.
  management_fee_percent: number | null;
  management_fee_flat: number | null;
  leasing_fee_percent: number | null;
  renewal_fee: number | null;
  setup_fee: number | null;
  maintenance_markup_percent: number | null;
  /** 0/1 */
  vacancy_fee: number | null;
  /** JSON text of service keys (lib/contract/site.ts MANAGER_SERVICES). */
  services: Generated<string>;
  license_state: string | null;
  license_number: string | null;
  license_type: string | null;
  /** lib/contract/site.ts LICENSE_SOURCES */
  license_source: string | null;
  /** YYYY-MM-DD of a registry check; null unless license_source is "registry". */
  license_checked_on: string | null;
  /** The office, from its ZIP code. */
  office_lat: number | null;
  office_lng: number | null;
  service_radius_miles: number | null;
  units_managed: number | null;
  year_founded: number | null;
  /** The operator's key of an imported listing (unique); null for samples and approved applications. */
  external_id: string | null;
  /** Imported: the person to ask for; not shown on the listing. */
  contact_name: string | null;
  /** Imported: the company's website, in its normal form (lib/contract/managers-csv.ts normalWebsite). */
  website: string | null;
  /** Imported: where the license number can be looked up (not a check by us). */
  license_source_url: string | null;
  /** Imported: the service ZIP codes as given, ";"-separated. */
  service_zips: string | null;
}

/** A ZIP code's place (GeoNames, CC BY 4.0). */
export interface ZipCodesTable {
  zip: string;
  city: string;
  state_abbr: string;
  county: string;
  lat: number;
  lng: number;
}

/**
 * A manager's service area as a box (the circle's bounds) under a spatial index, with what a
 * lookup by point needs. SQLite: an R*Tree virtual table; PostgreSQL: a table with a GiST index.
 */
export interface AgentAreasTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  featured: number;
  lat: number;
  lng: number;
  radius_miles: number;
  /** lib/db/service-areas.ts categoryMask: one bit per property category. */
  category_mask: number;
}

/**
 * A manager's office point under a spatial index (min = max), with the featured flag as a third
 * dimension and what a ranked lookup needs. SQLite: an R*Tree virtual table; PostgreSQL: a table
 * with a GiST index on point(lng, lat).
 */
export interface AgentOfficesTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  min_featured: number;
  max_featured: number;
  lat: number;
  lng: number;
  radius_miles: number;
  /** lib/db/service-areas.ts categoryMask: one bit per property category. */
  category_mask: number;
}

/** How many managers serve a ZIP code's point (lib/contract/geo.ts servesPoint), and how many are featured. */
export interface ZipCoverageTable {
  zip: string;
  /** 0: every category. */
  category_id: number;
  managers: number;
  featured: number;
}

/** The managers serving each seeded city, in list order (the town's own offices first, then nearest). */
export interface CityCoverageTable {
  city_id: number;
  agent_id: number;
  featured: number;
  distance_miles: number;
  category_mask: number;
  /** 1 when the manager's office is in this city itself (it ranks first on the city's page). */
  own_city: number;
}

export interface AgentCategoriesTable {
  agent_id: number;
  category_id: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  category_id: number;
  position: number;
  question: string;
  type: "single" | "multi" | "fill_blank";
  option_1: string;
  option_2: string;
  option_3: string;
  option_4: string;
  option_5: string;
  option_6: string;
  content_heading: string;
  content_description: string;
}

export interface TestimonialsTable {
  id: Generated<number>;
  heading: string;
  designation: string;
  description: string;
  user_banner: string;
  featured: number;
  display_order: number;
  is_demo: number;
}

export interface BlogsTable {
  id: Generated<number>;
  slug: string;
  heading: string;
  description: string;
  banner: string;
  post_date: string;
  read_more: number;
  featured: number;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  is_demo: number;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  featured: number;
  display_order: number;
}

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
  /** Short, readable and unique (MG-4K7Q-2XRD); null for leads stored before issue 11. */
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
export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "cancelled";

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

export type PageRow = Selectable<PagesTable>;
export type StateRow = Selectable<StatesTable>;
export type CityRow = Selectable<CitiesTable>;
export type LawFactRow = Selectable<LawFactsTable>;
export type AgentRow = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type BlogRow = Selectable<BlogsTable>;
export type TestimonialRow = Selectable<TestimonialsTable>;
export type QuestionRow = Selectable<QuestionsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type OutboxRow = Selectable<OutboxMessagesTable>;
export type ProposalRow = Selectable<ProposalsTable>;
export type NewOutboxMessage = Insertable<OutboxMessagesTable>;
export type SeoLiveRow = Selectable<SeoLiveTable>;
export type SeoRevisionRow = Selectable<SeoRevisionsTable>;
export type SeoDraftRow = Selectable<SeoDraftsTable>;
export type StaffAuditRow = Selectable<StaffAuditLogTable>;
export type RedirectRuleRow = Selectable<RedirectRulesTable>;
export type NotFoundPathRow = Selectable<NotFoundPathsTable>;

/** The database as every query and service function takes it: one type, imported from here. */
export type Db = Kysely<Database>;

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
