import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { countInWindow } from "../db/queries/rate-limits";
import type { CallName } from "../contract";
import { phoneDigits } from "../contract/phone";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { clientNetwork, mailboxKey } from "../contract/keys";

/**
 * The save limits, the whole of their policy (README "The service"). A browser's save call (an
 * HTTP caller without the bearer token) is counted against, in this order:
 * 1. its client's network (an IPv4 address, an IPv6 /64: keys.ts): RATE_LIMIT_PER_MINUTE saves
 *    per call;
 * 2. for lead/save and contact/save, the mailbox the email address delivers to (hashed): the same
 *    number; for a lead/save with a phone number and no email (a quote-guarantee lead, which no
 *    link can confirm), that phone number (its digits, hashed): the same number;
 * 3. for a lead/save with an email address, which waits for its owner's confirmation: per day,
 *    WAITING_PER_MAILBOX_FACTOR times that number per mailbox and WAITING_PER_NETWORK_FACTOR times
 *    it per client network. Waiting requests are bounded here, by who sends them;
 * 4. when a request reaches a manager (a lead confirmed by its owner, a phone-only lead at once,
 *    a manager chosen later for a confirmed lead, a message from a profile), each manager it
 *    reaches: MANAGER_LIMIT_FACTOR times that number, in the transaction that queues the message
 *    (countManagerDeliveries). A flood of unconfirmed leads with throwaway emails never reaches
 *    a manager, so it never uses up a manager's cap, and a genuine owner still goes through.
 * A save's handler counts keys 1 to 3 as the first statements of its transaction (countCaller);
 * a call that stores nothing (invalid input, a honeypot's, one its handler refused, a forwarded
 * one) is counted by the door's refusal path (index.ts) with the same query. A call refused by a
 * limit is counted against no key (its transaction is rolled back); a call that is invalid, a
 * honeypot's, refused or rolled back counts toward no manager.
 *
 * Each limit is a sliding window: the count of the current clock window plus the previous
 * window's count weighted by how much of it still lies within the last window's length, so ten
 * saves at 0:59 and ten more at 1:01 are not twenty within two seconds. The counters are rows of
 * `rate_limiter` (lib/db/queries/rate-limits.ts), one row per key holding both windows, written
 * inside the save's transaction: they cost no commit of their own, and every instance on the
 * database shares them. The worker drops expired rows (delivery/worker.ts).
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const DAY_MS = 24 * 60 * 60_000;
/** Leads waiting for confirmation a day, per mailbox, as a multiple of the per-minute limit. */
export const WAITING_PER_MAILBOX_FACTOR = 1;
/** Leads waiting for confirmation a day, per client network, as a multiple of the per-minute limit. */
export const WAITING_PER_NETWORK_FACTOR = 3;
/** A manager may be sent this many times the per-address limit. */
export const MANAGER_LIMIT_FACTOR = 3;
/** Longest key part stored: an address is at most 45 characters, hashes are 32. */
const MAX_KEY_PART = 64;

/** A key and its limit over a window (RATE_LIMIT_WINDOW_MS unless given). */
export type LimitCheck = { key: string; limit: number; windowMs?: number };

/**
 * A key part that never carries personal data in clear and never grows without bound: a client by
 * its network (an IPv6 client by its /64), an email by its mailbox (keys.ts).
 */
export function limitKeyPart(kind: "address" | "email" | "phone" | "manager", value: string): string {
  if (kind === "email") return `email:${mailboxKey(value)}`;
  if (kind === "phone") return `phone:${crypto.createHash("sha256").update(phoneDigits(value)).digest("hex").slice(0, 32)}`;
  if (kind === "address") return `address:${clientNetwork(value).slice(0, MAX_KEY_PART)}`;
  return `${kind}:${value.slice(0, MAX_KEY_PART)}`;
}

type SaveInput = Record<string, unknown>;

/** Keys 1 to 3: the caller's network, then the mailbox (or a phone-only lead's phone) the save carries (when valid), then a waiting lead's daily bounds. */
export function visitorChecks({ call, address, input, perMinute }: { call: CallName; address: string; input?: SaveInput; perMinute: number }): LimitCheck[] {
  const checks: LimitCheck[] = [{ key: `${call}|${limitKeyPart("address", address)}`, limit: perMinute }];
  const email = typeof input?.email_address === "string" ? input.email_address : typeof input?.email === "string" ? input.email : "";
  if (email && (call === "lead/save" || call === "contact/save")) checks.push({ key: `${call}|${limitKeyPart("email", email)}`, limit: perMinute });
  const phone = typeof input?.property_number === "string" ? input.property_number : "";
  if (!email && phone && call === "lead/save") checks.push({ key: `${call}|${limitKeyPart("phone", phone)}`, limit: perMinute });
  if (email && call === "lead/save") {
    checks.push(
      { key: `waiting|${limitKeyPart("email", email)}`, limit: perMinute * WAITING_PER_MAILBOX_FACTOR, windowMs: DAY_MS },
      { key: `waiting|${limitKeyPart("address", address)}`, limit: perMinute * WAITING_PER_NETWORK_FACTOR, windowMs: DAY_MS },
    );
  }
  return checks;
}

/** Key 4: each manager a request reaches, in id order (concurrent saves on PostgreSQL lock the same counters in the same order). */
export function managerChecks({ agentIds, perMinute }: { agentIds: readonly number[]; perMinute: number }): LimitCheck[] {
  return [...new Set(agentIds)]
    .sort((a, b) => a - b)
    .map((id) => ({ key: `manager|${limitKeyPart("manager", String(id))}`, limit: perMinute * MANAGER_LIMIT_FACTOR }));
}

/**
 * What the door (index.ts) hands a limited caller's save: its keys 1 to 3, and the base of each
 * manager's cap. Plain data: the save's handler counts them first in its own transaction.
 */
export type CallLimits = { checks: readonly LimitCheck[]; perMinute: number };

export function callLimits({ call, address, input, perMinute }: { call: CallName; address: string; input?: SaveInput; perMinute: number }): CallLimits {
  return { checks: visitorChecks({ call, address, input, perMinute }), perMinute };
}

/** 429, with the seconds until the window frees a save (the Retry-After header). */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, FAILURE.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A save's refusal found after its caller was counted, in the same transaction, which committed
 * the counters alone: the door answers it as it is and does not count the call a second time.
 */
export class CountedRefusal extends ApiError {
  constructor(refusal: ApiError) {
    super(refusal.status, refusal.message, refusal.field);
  }
}

/**
 * Counts one hit on each key in order, in `trx`, and throws the 429 at the first key over its
 * limit (the keys after it are not counted; the transaction, rolled back, keeps none of it). One
 * upsert per key (countInWindow); the estimate weighs the previous window by how much of it still
 * lies within the last window's length.
 */
export async function countHits(trx: Kysely<Database>, checks: readonly LimitCheck[], now = Date.now()): Promise<void> {
  for (const { key, limit, windowMs = RATE_LIMIT_WINDOW_MS } of checks) {
    const window = Math.floor(now / windowMs);
    const elapsed = (now - window * windowMs) / windowMs;
    const { current, previous } = await countInWindow(trx, { key, window, windowMs });
    // The weight of the previous window keeps falling; the rest of this one is the honest bound.
    if (previous * (1 - elapsed) + current > limit) throw new RateLimitedError(Math.ceil(((1 - elapsed) * windowMs) / 1000) || 1);
  }
}

/** A save's first statements: the caller's keys 1 to 3, when the caller is limited (`limits` set by the door). */
export async function countCaller(trx: Kysely<Database>, { limits }: { limits?: CallLimits }): Promise<void> {
  if (limits) await countHits(trx, limits.checks);
}

/**
 * Counts a request reaching these managers, in the transaction that queues their messages, for a
 * limited caller (the site's own code and bearer callers are not limited). Over a manager's cap it
 * throws the 429, and the transaction, with its messages, is rolled back.
 */
export async function countManagerDeliveries(trx: Kysely<Database>, { limits, agentIds }: { limits?: CallLimits; agentIds: readonly number[] }): Promise<void> {
  if (limits && agentIds.length > 0) await countHits(trx, managerChecks({ agentIds, perMinute: limits.perMinute }));
}
