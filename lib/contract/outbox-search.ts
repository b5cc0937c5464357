import { z } from "zod";
import { OUTBOX_SEARCH } from "./outbox-search-messages";

export { OUTBOX_SEARCH };

/**
 * `outbox/search`: the deployment's own mail read back over its API, for a test run that treats
 * the deployment as a black box (e2e/support/outbox.ts). Only a caller with the bearer token
 * (API_TOKEN) gets an answer: the messages hold owners' names, emails and private links.
 */


/** At most this many messages per answer; 20 unless the caller asks for fewer or more. */
export const OUTBOX_SEARCH_MAX = 50;
export const OUTBOX_SEARCH_DEFAULT = 20;
/** How many of the newest files one search reads at most, so a full folder costs a bounded read. */
export const OUTBOX_SEARCH_SCAN = 2_000;

export const outboxSearchRequest = z.object({
  /** Matched, ignoring case, against the recipient, the subject and the whole message. */
  search: z.string({ error: OUTBOX_SEARCH.searchLength }).trim().min(3, OUTBOX_SEARCH.searchLength).max(200, OUTBOX_SEARCH.searchLength),
  limit: z.number({ error: OUTBOX_SEARCH.limit }).int(OUTBOX_SEARCH.limit).min(1, OUTBOX_SEARCH.limit).max(OUTBOX_SEARCH_MAX, OUTBOX_SEARCH.limit).optional().default(OUTBOX_SEARCH_DEFAULT),
});

export const outboxMessageSchema = z.object({
  /** The file's name in OUTBOX_DIR: queue time, outbox id and kind ("…-42-lead-new.eml"). */
  name: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The message as the file holds it: headers, a blank line, then the body. */
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
