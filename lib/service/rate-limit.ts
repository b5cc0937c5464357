import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addToCounter, countInWindow } from "../db/queries/rate-limits";
import type { CallName } from "../contract";
import { phoneDigits } from "../contract/phone";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { mailboxKey } from "../contract/keys";

/**
 * Every limit of the service, in one place (README "The service", docs/sec-service.md). Two kinds:
 *
 * Refusals (429 with Retry-After), keyed only by who sends and how much: never by the address,
 * phone number or manager a request names, so that nothing strangers send can refuse an owner's own
 * save or confirmation, and no answer tells how many requests an address made. A browser's save
 * call (an HTTP caller without the bearer token) is counted against:
 * 1. its client's network (an IPv4 address, an IPv6 prefix of RATE_LIMIT_IPV6_PREFIX bits:
 *    keys.ts): RATE_LIMIT_PER_MINUTE saves per call;
 * 2. for a lead/save with an email address, which waits for its owner's confirmation: that network
 *    again, WAITING_PER_NETWORK_FACTOR times the per-minute number per day; for a lead/save with a
 *    phone number and no email (the quote-guarantee modal, which no link can confirm):
 *    PHONE_ONLY_PER_NETWORK_FACTOR times it per day;
 * 3. when a request its owner confirmed reaches a manager (the confirmation's click, a manager
 *    chosen later for a confirmed request), each manager it reaches: MANAGER_LIMIT_FACTOR times the
 *    per-minute number, in the transaction that queues the message (countManagerDeliveries). Only
 *    confirmed requests count here: unverified ones (contact messages, phone-only requests) never
 *    fill it, so a genuine owner's click is not refused because of strangers' traffic.
 * A save's handler counts keys 1 and 2 as the first statements of its transaction (countCaller);
 * a call that stores nothing (invalid input, a honeypot's, one its handler refused, a forwarded
 * one) is counted by the door's refusal path (index.ts) with the same query. A call refused by a
 * limit is counted against no key (its transaction is rolled back).
 *
 * Quiet caps (withinQuietCap), keyed by what a message would reach: over one, the message is not
 * sent and the visitor's answer stays the same, word for word:
 * - mail to a mailbox that has not confirmed anything: UNCONFIRMED_MAIL_PER_DAY a day, and the
 *   newsletter's link once a NEWSLETTER_CONFIRMATION_EVERY_MS (mayMailUnconfirmed);
 * - a phone-only request: PHONE_ONLY_PER_NUMBER_PER_DAY per phone number a day, and each manager
 *   receives at most PHONE_ONLY_PER_MANAGER_FACTOR times the per-minute number of them a day
 *   (unverifiedReach); the others are kept unsent, marked so on their private page;
 * - a contact message to a manager: CONTACT_PER_MANAGER_FACTOR times the per-minute number a day
 *   per manager; past it the message stays in the site's inbox (the workspace's Messages);
 * - staff sign-in links: STAFF_SIGN_IN_LINKS_PER_DAY per staff member a day (workspace/index.ts).
 *
 * Each refusing limit is a sliding window: the count of the current clock window plus the previous
 * window's count weighted by how much of it still lies within the last window's length, so ten
 * saves at 0:59 and ten more at 1:01 are not twenty within two seconds. Every counter is a row of
 * `rate_limiter` (lib/db/queries/rate-limits.ts), written inside the transaction of the save or
 * the message it counts: it costs no commit of its own, and every instance on the database shares
 * it. The worker drops expired rows (outbox-worker.ts).
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const DAY_MS = 24 * 60 * 60_000;
/** Leads waiting for confirmation a day, per client network, as a multiple of the per-minute limit. */
const WAITING_PER_NETWORK_FACTOR = 3;
/** Phone-only leads a day, per client network, as a multiple of the per-minute limit. */
const PHONE_ONLY_PER_NETWORK_FACTOR = 1;
/** A manager may be sent this many times the per-minute limit of confirmed requests a minute. */
const MANAGER_LIMIT_FACTOR = 3;
/** Mail a day to a mailbox that has not confirmed anything, whatever it is. */
export const UNCONFIRMED_MAIL_PER_DAY = 3;
export const NEWSLETTER_CONFIRMATION_EVERY_MS = 7 * DAY_MS;
/** Phone-only requests one phone number sends to managers a day. */
export const PHONE_ONLY_PER_NUMBER_PER_DAY = 3;
/** Phone-only requests a manager receives a day, as a multiple of the per-minute limit. */
export const PHONE_ONLY_PER_MANAGER_FACTOR = 1;
/** Contact messages a manager receives a day, as a multiple of the per-minute limit. */
const CONTACT_PER_MANAGER_FACTOR = 3;
/** Sign-in links one staff member is sent a day. */
export const STAFF_SIGN_IN_LINKS_PER_DAY = 4;
/** Longest key part stored: a network is at most 45 characters, hashes are 32. */
const MAX_KEY_PART = 64;

/** A key and its limit over a window (RATE_LIMIT_WINDOW_MS unless given). */
export type LimitCheck = { key: string; limit: number; windowMs?: number };

/**
 * A key part that never carries personal data in clear and never grows without bound: a client by
 * its network (keys.ts clientNetwork, computed by the door), an email by its mailbox, a phone
 * number by a hash of its digits.
 */
export function limitKeyPart(kind: "network" | "email" | "phone" | "manager" | "staff", value: string): string {
  if (kind === "email") return `email:${mailboxKey(value)}`;
  if (kind === "phone") return `phone:${crypto.createHash("sha256").update(phoneDigits(value)).digest("hex").slice(0, 32)}`;
  return `${kind}:${value.slice(0, MAX_KEY_PART)}`;
}

type SaveInput = Record<string, unknown>;

/** Keys 1 and 2: the caller's network for the call, then a lead's daily bound by that network, by kind (waiting for a confirmation, or phone-only). */
export function visitorChecks({ call, network, input, perMinute }: { call: CallName; network: string; input?: SaveInput; perMinute: number }): LimitCheck[] {
  const where = limitKeyPart("network", network);
  const checks: LimitCheck[] = [{ key: `${call}|${where}`, limit: perMinute }];
  if (call !== "lead/save" || !input) return checks;
  const email = typeof input.email_address === "string" ? input.email_address : "";
  const phone = typeof input.property_number === "string" ? input.property_number : "";
  if (email) checks.push({ key: `waiting|${where}`, limit: perMinute * WAITING_PER_NETWORK_FACTOR, windowMs: DAY_MS });
  else if (phone) checks.push({ key: `phone-only|${where}`, limit: perMinute * PHONE_ONLY_PER_NETWORK_FACTOR, windowMs: DAY_MS });
  return checks;
}

/** Key 3: each manager a confirmed request reaches, in id order (concurrent saves on PostgreSQL lock the same counters in the same order). */
export function managerChecks({ agentIds, perMinute }: { agentIds: readonly number[]; perMinute: number }): LimitCheck[] {
  return [...new Set(agentIds)]
    .sort((a, b) => a - b)
    .map((id) => ({ key: `manager|${limitKeyPart("manager", String(id))}`, limit: perMinute * MANAGER_LIMIT_FACTOR }));
}

/**
 * What the door (index.ts) hands a limited caller's save: its keys 1 and 2, and the base of the
 * managers' caps. Plain data: the save's handler counts them first in its own transaction.
 */
export type CallLimits = { checks: readonly LimitCheck[]; perMinute: number };

export function callLimits({ call, network, input, perMinute }: { call: CallName; network: string; input?: SaveInput; perMinute: number }): CallLimits {
  return { checks: visitorChecks({ call, network, input, perMinute }), perMinute };
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

/** A save's first statements: the caller's keys 1 and 2, when the caller is limited (`limits` set by the door). */
export async function countCaller(trx: Kysely<Database>, { limits }: { limits?: CallLimits }): Promise<void> {
  if (limits) await countHits(trx, limits.checks);
}

/**
 * Counts a confirmed request reaching these managers, in the transaction that queues their
 * messages, for a limited caller (the site's own code and bearer callers are not limited). Over a
 * manager's cap it throws the 429, and the transaction, with its messages, is rolled back.
 */
export async function countManagerDeliveries(trx: Kysely<Database>, { limits, agentIds }: { limits?: CallLimits; agentIds: readonly number[] }): Promise<void> {
  if (limits && agentIds.length > 0) await countHits(trx, managerChecks({ agentIds, perMinute: limits.perMinute }));
}

// ---------------------------------------------------------------------------------------------
// Quiet caps: over one, nothing is sent and the answer stays the same.

/** Counts one on a quiet cap's counter (it starts with its first count and lasts `periodMs`): whether it is still within `limit`. */
async function withinQuietCap(trx: Kysely<Database>, { key, limit, periodMs, now }: { key: string; limit: number; periodMs: number; now: number }): Promise<boolean> {
  const counter = await addToCounter(trx, { key, points: 1, expire: now + periodMs, now });
  return counter.points <= limit;
}

type MailKind = "lead.confirmation" | "newsletter.confirmation";

/**
 * Counts one message of `kind` to the mailbox of `email` and answers whether it may be queued. The
 * caps key the mailbox, not the string typed (keys.ts), so `victim+1@…` … `victim+20@…` and
 * `V.I.Ctim@gmail.com` are one mailbox.
 */
export async function mayMailUnconfirmed(trx: Kysely<Database>, { email, kind, now }: { email: string; kind: MailKind; now: number }): Promise<boolean> {
  const mailbox = mailboxKey(email);
  if (kind === "newsletter.confirmation" && !(await withinQuietCap(trx, { key: `mail-newsletter|${mailbox}`, limit: 1, periodMs: NEWSLETTER_CONFIRMATION_EVERY_MS, now }))) return false;
  return withinQuietCap(trx, { key: `mail|${mailbox}`, limit: UNCONFIRMED_MAIL_PER_DAY, periodMs: DAY_MS, now });
}

/**
 * Of these managers, those an unverified message from a limited caller may reach now: a phone-only
 * request (at its save, `phone` given: within its number's daily cap first; then each manager's) or
 * a contact message (each manager's). Counted in the transaction that queues the messages. Without
 * `limits` (the site's own code, a bearer caller) every one.
 */
export async function unverifiedReach(
  trx: Kysely<Database>,
  { limits, kind, phone, agentIds, now }: { limits?: CallLimits; kind: "phone-only" | "contact"; phone?: string; agentIds: readonly number[]; now: number },
): Promise<number[]> {
  if (!limits) return [...agentIds];
  if (phone !== undefined && !(await withinQuietCap(trx, { key: `phone-only|${limitKeyPart("phone", phone)}`, limit: PHONE_ONLY_PER_NUMBER_PER_DAY, periodMs: DAY_MS, now }))) return [];
  const perDay = limits.perMinute * (kind === "phone-only" ? PHONE_ONLY_PER_MANAGER_FACTOR : CONTACT_PER_MANAGER_FACTOR);
  const reached: number[] = [];
  for (const id of [...new Set(agentIds)].sort((a, b) => a - b)) {
    if (await withinQuietCap(trx, { key: `${kind}|${limitKeyPart("manager", String(id))}`, limit: perDay, periodMs: DAY_MS, now })) reached.push(id);
  }
  return reached;
}

/** Counts one sign-in link to a staff member: whether it may be sent (STAFF_SIGN_IN_LINKS_PER_DAY). */
export function maySendSignInLink(db: Kysely<Database>, { staffId, now }: { staffId: string; now: number }): Promise<boolean> {
  return withinQuietCap(db, { key: `sign-in|${limitKeyPart("staff", staffId)}`, limit: STAFF_SIGN_IN_LINKS_PER_DAY, periodMs: DAY_MS, now });
}
