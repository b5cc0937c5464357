import type { Generated } from "kysely";

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
interface SeoWordsColumns {
  title: string | null;
  description: string | null;
  keywords: string | null;
  og_title: string | null;
  og_description: string | null;
  image_alt: string | null;
  /** A page's own settings (lib/contract/seo-fields.ts PAGE_SETTING_FIELDS); always null on a template. */
  robots: string | null;
  canonical: string | null;
  share_image: string | null;
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
