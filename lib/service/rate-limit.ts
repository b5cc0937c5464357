import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addToCounter, deleteExpiredCounters, readCounter } from "../db/queries/rate-limits";
import type { CallName } from "../contract";
import { phoneDigits } from "../contract/phone";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import type { WriteRunner } from "./write";
import { logError } from "./log";
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
 * A call refused by one key is counted against none after it; a call that is invalid, a
 * honeypot's, refused or rolled back counts toward no manager.
 *
 * Each limit is a sliding window: the count of the current clock window plus the previous
 * window's count weighted by how much of it still lies within the last window's length, so ten
 * saves at 0:59 and ten more at 1:01 are not twenty within two seconds. The counters are rows of
 * `rate_limiter` (lib/db/queries/rate-limits.ts), written inside the save's transaction: they
 * cost no commit of their own, and every instance on the database shares them.
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
/** How often a counting transaction also drops the counters that have expired. */
const PURGE_EVERY_MS = 5 * 60_000;

/** A key and its limit over a window (RATE_LIMIT_WINDOW_MS unless given). */
export type LimitCheck = { key: string; limit: number; windowMs?: number };
export type LimitVerdict = { limited: boolean; retryAfterSeconds: number };
const NOT_LIMITED: LimitVerdict = { limited: false, retryAfterSeconds: 0 };

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
 * Counts a request reaching these managers, in the transaction that queues their messages, for a
 * limited caller (`perMinute` set; the site's own code and bearer callers are not limited). Over a
 * manager's cap it throws the 429, and the transaction, with its messages, is rolled back.
 */
export async function countManagerDeliveries(
  trx: Kysely<Database>,
  { limiter, perMinute, agentIds }: { limiter: RateLimiter; perMinute: number | undefined; agentIds: readonly number[] },
): Promise<void> {
  if (perMinute === undefined || agentIds.length === 0) return;
  const verdict = await limiter.hit(trx, managerChecks({ agentIds, perMinute }));
  if (verdict.limited) throw new RateLimitedError(verdict.retryAfterSeconds);
}

// ---------------------------------------------------------------------------------------------
// The counters

export type RateLimiter = {
  /**
   * Counts one hit on each key in order, in `db` (a save's transaction), and stops at the first
   * key over its limit over its window (a minute unless the check says): the keys after it are
   * not counted.
   */
  hit(db: Kysely<Database>, checks: readonly LimitCheck[], now?: number): Promise<LimitVerdict>;
  /** Deletes counters whose windows have ended (a counting transaction also does every 5 minutes). */
  purgeExpired(db: Kysely<Database>): Promise<void>;
};

export function createRateLimiter(): RateLimiter {
  let lastPurge = Date.now();
  const purgeExpired = (db: Kysely<Database>) => deleteExpiredCounters(db, { before: Date.now() });

  return {
    async hit(db, checks, now = Date.now()) {
      if (checks.length === 0) return NOT_LIMITED;
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeExpired(db);
      }
      for (const { key, limit, windowMs = RATE_LIMIT_WINDOW_MS } of checks) {
        const window = Math.floor(now / windowMs);
        const elapsed = (now - window * windowMs) / windowMs;
        // Each window's row lives two windows, so the previous one is still there during the current one.
        const current = await addToCounter(db, { key: `${key}|${window}`, points: 1, expire: (window + 2) * windowMs, now });
        const previous = await readCounter(db, { key: `${key}|${window - 1}`, now });
        const estimate = (previous?.points ?? 0) * (1 - elapsed) + current.points;
        // The weight of the previous window keeps falling; the rest of this one is the honest bound.
        if (estimate > limit) return { limited: true, retryAfterSeconds: Math.ceil(((1 - elapsed) * windowMs) / 1000) || 1 };
      }
      return NOT_LIMITED;
    },
    purgeExpired,
  };
}

// ---------------------------------------------------------------------------------------------
// One save under its limits

/** 429, with the seconds until the window frees a save (the Retry-After header). */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, FAILURE.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type SaveLimits = {
  /**
   * The save's `write`: its transaction first counts the visitor's keys (refused: committed with
   * nothing else, then 429), then runs the save (which counts the managers it reaches, if any:
   * countManagerDeliveries). One transaction, one commit.
   */
  write: WriteRunner;
  /**
   * Counts the visitor's keys in a write of their own unless the save's write already did: for a
   * call that stored nothing (invalid input, a honeypot, a refusal, forwarding mode). Throws the
   * 429 when over. A counter that cannot be written does not cost a visitor their submission.
   */
  admit(): Promise<void>;
};

export function limitSave({
  context,
  call,
  address,
  input,
  perMinute,
}: {
  context: () => Promise<{ write: WriteRunner; limiter: RateLimiter }>;
  call: CallName;
  address: string;
  /** The validated body; undefined when it was not valid (then the address alone is counted). */
  input?: SaveInput;
  perMinute: number;
}): SaveLimits {
  const visitor = visitorChecks({ call, address, input, perMinute });
  let counted = false;

  async function write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const { write: run, limiter } = await context();
    if (counted) return run(work);
    const outcome = await run(async (trx): Promise<{ refused: LimitVerdict } | { value: T }> => {
      const refusal = await limiter.hit(trx, visitor);
      if (refusal.limited) return { refused: refusal };
      return { value: await work(trx) };
    });
    counted = true;
    if ("refused" in outcome) throw new RateLimitedError(outcome.refused.retryAfterSeconds);
    return outcome.value;
  }

  return {
    write,

    async admit() {
      if (counted) return;
      counted = true;
      let verdict = NOT_LIMITED;
      try {
        const { write, limiter } = await context();
        verdict = await write((trx) => limiter.hit(trx, visitor));
      } catch (error) {
        logError("rate limit check failed", error);
      }
      if (verdict.limited) throw new RateLimitedError(verdict.retryAfterSeconds);
    },
  };
}
