import { z } from "zod";
import { ok } from "./call-requests";
import { E2E_CLEANUP } from "./e2e-cleanup-messages";

export { E2E_CLEANUP };

/**
 * `e2e/cleanup`: what a test run that saved on a deployment (E2E_ALLOW_WRITES=1) leaves there,
 * removed over the API with the bearer token (`npm run e2e:cleanup`, e2e/support/cleanup.ts).
 * A run's records carry one mark: every email address a journey types starts with it, at the
 * run's E2E_EMAIL_DOMAIN, and so does every submission key it gives the quote flow
 * (e2e/support/run-key.ts). Nothing without the mark is touched.
 */
export const E2E_MARK = "e2e-";

/** A domain name: dot-separated labels of letters, digits and inner hyphens, the last one starting with a letter. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const e2eCleanupRequest = z.object({
  /** The run's E2E_EMAIL_DOMAIN: only addresses `e2e-…@<domain>` go. */
  domain: z.string({ error: E2E_CLEANUP.domainRequired }).trim().toLowerCase().min(1, E2E_CLEANUP.domainRequired).regex(DOMAIN_NAME, E2E_CLEANUP.domainInvalid),
});

/** The tables a write run fills, in the order the cleanup empties them of the run's rows (children first). */
export const E2E_CLEANUP_TABLES = [
  "outbox_messages",
  "proposal_revisions",
  "proposals",
  "proposal_tokens",
  "lead_recipients",
  "lead_tokens",
  "lead_confirmations",
  "lead_confirmation_links",
  "leads",
  "contact_replies",
  "contact_messages",
  "newsletter_subscriptions",
  "agent_applications",
] as const;
export type E2eCleanupTable = (typeof E2E_CLEANUP_TABLES)[number];

export const e2eCleanupResponse = ok({
  /** How many rows went, per table (0 for a table that held none of the run's). */
  deleted: z.object(Object.fromEntries(E2E_CLEANUP_TABLES.map((table) => [table, z.number()])) as Record<E2eCleanupTable, z.ZodNumber>),
});
