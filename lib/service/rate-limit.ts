import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from "rate-limiter-flexible";
import type { Database } from "../db/schema";
import { addToCounter, deleteCounter, deleteExpiredCounters, readCounter, type Counter } from "../db/queries/rate-limits";
import type { CallName } from "../contract";
import { phoneDigits } from "../contract/phone";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import type { WriteRunner } from "./write";
import { logError } from "./log";

/**
 * The save limits, the whole of their policy (README "The service"). A browser's save call (an
 * HTTP caller without the bearer token) is counted against, in this order:
 * 1. its client address: RATE_LIMIT_PER_MINUTE saves per call;
 * 2. for lead/save and contact/save, the email address it carries (hashed): the same number;
 *    for a lead/save with a phone number and no email (a quote-guarantee lead, which no link can
 *    confirm), that phone number (its digits, hashed): the same number;
 * 3. once it is stored, each manager it goes to (lead/save's agent_ids, contact/save's
 *    agent_id): MANAGER_LIMIT_FACTOR times that number, whatever the call.
 * A call refused by one key is counted against none after it, and a manager's count is written in
 * the save's own transaction, after its rows: a call that is invalid, a honeypot's, refused or
 * rolled back never uses up a manager's cap. A flood from one address or one email stops at that
 * address's or email's limit, and a genuine lead for the same manager still goes through.
 *
 * Each limit is a sliding window: the count of the current clock minute plus the previous
 * minute's count weighted by how much of it still lies within the last 60 seconds, so ten saves
 * at 0:59 and ten more at 1:01 are not twenty within two seconds. The counting is
 * rate-limiter-flexible's, on a store of its own over Kysely (table `rate_limiter`), inside the
 * save's transaction: the counters cost no commit of their own, and every instance on the
 * database shares them.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** A manager may be sent this many times the per-address limit. */
export const MANAGER_LIMIT_FACTOR = 3;
/** Longest key part stored: an address is at most 45 characters, hashes are 32. */
const MAX_KEY_PART = 64;
/** How often a counting transaction also drops the counters that have expired. */
const PURGE_EVERY_MS = 5 * 60_000;

export type LimitCheck = { key: string; limit: number };
export type LimitVerdict = { limited: boolean; retryAfterSeconds: number };
const NOT_LIMITED: LimitVerdict = { limited: false, retryAfterSeconds: 0 };

/** A key part that never carries personal data in clear and never grows without bound. */
export function limitKeyPart(kind: "address" | "email" | "phone" | "manager", value: string): string {
  if (kind === "email") return `email:${crypto.createHash("sha256").update(value.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
  if (kind === "phone") return `phone:${crypto.createHash("sha256").update(phoneDigits(value)).digest("hex").slice(0, 32)}`;
  return `${kind}:${value.slice(0, MAX_KEY_PART)}`;
}

type SaveInput = Record<string, unknown>;

/** Keys 1 and 2: the caller's address, then the email address (or a phone-only lead's phone) the save carries (when valid). */
export function visitorChecks({ call, address, input, perMinute }: { call: CallName; address: string; input?: SaveInput; perMinute: number }): LimitCheck[] {
  const checks: LimitCheck[] = [{ key: `${call}|${limitKeyPart("address", address)}`, limit: perMinute }];
  const email = typeof input?.email_address === "string" ? input.email_address : typeof input?.email === "string" ? input.email : "";
  if (email && (call === "lead/save" || call === "contact/save")) checks.push({ key: `${call}|${limitKeyPart("email", email)}`, limit: perMinute });
  const phone = typeof input?.property_number === "string" ? input.property_number : "";
  if (!email && phone && call === "lead/save") checks.push({ key: `${call}|${limitKeyPart("phone", phone)}`, limit: perMinute });
  return checks;
}

/** Key 3: each manager the save goes to, counted once it is stored. */
export function managerChecks({ input, perMinute }: { input?: SaveInput; perMinute: number }): LimitCheck[] {
  const ids = [...(Array.isArray(input?.agent_ids) ? input.agent_ids : []), ...(typeof input?.agent_id === "number" && input.agent_id > 0 ? [input.agent_id] : [])];
  // In id order, so that concurrent saves on PostgreSQL lock the same counters in the same order.
  return [...new Set(ids.map(Number))]
    .sort((a, b) => a - b)
    .map((id) => ({ key: `manager|${limitKeyPart("manager", String(id))}`, limit: perMinute * MANAGER_LIMIT_FACTOR }));
}

// ---------------------------------------------------------------------------------------------
// The counters

type StoreOptions = { db: Kysely<Database> };

// The base class of the library's stores ("Creating Custom Limiters" in its README): its index
// declares the type but does not export the class itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RateLimiterStoreAbstract = require("rate-limiter-flexible/lib/RateLimiterStoreAbstract") as typeof StoreAbstract;

/** rate-limiter-flexible's store interface over Kysely: each call runs on the `db` in its options. */
class KyselyStore extends RateLimiterStoreAbstract {
  _getRateLimiterRes(_key: string, changedPoints: number, counter: Counter): RateLimiterRes {
    const msBeforeNext = counter.expire === null ? -1 : Math.max(counter.expire - Date.now(), 0);
    return new RateLimiterRes(Math.max(this.points - counter.points, 0), msBeforeNext, counter.points, counter.points === changedPoints);
  }

  _upsert(key: string, points: number, msDuration: number, forceExpire: boolean, { db }: StoreOptions): Promise<Counter> {
    const now = Date.now();
    return addToCounter(db, { key, points, expire: msDuration > 0 ? now + msDuration : null, now, replace: forceExpire });
  }

  _get(key: string, { db }: StoreOptions): Promise<Counter | null> {
    return readCounter(db, { key, now: Date.now() });
  }

  _delete(key: string, { db }: StoreOptions): Promise<boolean> {
    return deleteCounter(db, { key });
  }
}

export type RateLimiter = {
  /**
   * Counts one hit on each key in order, in `db` (a save's transaction), and stops at the first
   * key over its limit over the last minute: the keys after it are not counted.
   */
  hit(db: Kysely<Database>, checks: readonly LimitCheck[], now?: number): Promise<LimitVerdict>;
  /** Deletes counters whose windows have ended (a counting transaction also does every 5 minutes). */
  purgeExpired(db: Kysely<Database>): Promise<void>;
};

export function createRateLimiter(): RateLimiter {
  // Two windows long, so the previous minute's row is still there during the current one. The
  // points are the count itself: the library never refuses, the weighting below decides.
  const store = new KyselyStore({ storeClient: null, keyPrefix: "", points: 2_000_000_000, duration: (2 * RATE_LIMIT_WINDOW_MS) / 1000 });
  let lastPurge = Date.now();
  const purgeExpired = (db: Kysely<Database>) => deleteExpiredCounters(db, { before: Date.now() });

  return {
    async hit(db, checks, now = Date.now()) {
      if (checks.length === 0) return NOT_LIMITED;
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeExpired(db);
      }
      const window = Math.floor(now / RATE_LIMIT_WINDOW_MS);
      const elapsed = (now - window * RATE_LIMIT_WINDOW_MS) / RATE_LIMIT_WINDOW_MS;
      for (const { key, limit } of checks) {
        const current = await store.consume(`${key}|${window}`, 1, { db });
        const previous = await store.get(`${key}|${window - 1}`, { db });
        const estimate = (previous?.consumedPoints ?? 0) * (1 - elapsed) + current.consumedPoints;
        // The weight of the previous minute keeps falling; the rest of this one is the honest bound.
        if (estimate > limit) return { limited: true, retryAfterSeconds: Math.ceil(((1 - elapsed) * RATE_LIMIT_WINDOW_MS) / 1000) || 1 };
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
   * nothing else, then 429), then runs the save, then counts its managers (over a cap: the whole
   * save is rolled back, then 429). One transaction, one commit.
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
  const managers = managerChecks({ input, perMinute });
  let counted = false;

  async function write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const { write: run, limiter } = await context();
    if (counted) return run(work);
    const outcome = await run(async (trx): Promise<{ refused: LimitVerdict } | { value: T }> => {
      const refusal = await limiter.hit(trx, visitor);
      if (refusal.limited) return { refused: refusal };
      const value = await work(trx);
      const cap = await limiter.hit(trx, managers);
      if (cap.limited) throw new RateLimitedError(cap.retryAfterSeconds);
      return { value };
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
