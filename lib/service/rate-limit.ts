import crypto from "node:crypto";
import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import type { DatabaseHandle } from "../db/connection";

/**
 * Save limits that cannot be doubled at a window's edge: a sliding-window counter, the count of
 * the current clock minute plus the previous minute's count weighted by how much of it still
 * lies within the last 60 seconds. Ten saves at 0:59 and ten more at 1:01 are therefore not
 * twenty within two seconds: at 1:01 the previous minute still weighs 98%.
 *
 * The counting is rate-limiter-flexible's: one atomic upsert per hit in the site's own database
 * (SQLite or PostgreSQL, table `rate_limiter`), so every instance on that database shares the
 * limit, and expired rows are purged by the library every five minutes.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Longest key stored: an address is at most 45 characters, hashes are 32. */
const MAX_KEY_PART = 64;

export type LimitCheck = { key: string; limit: number };
export type RateLimiter = {
  /** Counts one hit on each key; limited when any key is over its limit over the last minute. */
  hit(checks: LimitCheck[], now?: number): Promise<{ limited: boolean; retryAfterSeconds: number }>;
  /** Deletes counters whose windows ended long ago (the library also does this every 5 minutes). */
  purgeExpired(): Promise<void>;
};

/** A key part that never carries personal data in clear and never grows without bound. */
export function limitKeyPart(kind: "address" | "email" | "manager", value: string): string {
  if (kind === "email") return `email:${crypto.createHash("sha256").update(value.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
  return `${kind}:${value.slice(0, MAX_KEY_PART)}`;
}

export function createRateLimiter(handle: Pick<DatabaseHandle, "dialect" | "driver">): RateLimiter {
  // Two windows long, so the previous minute's row is still there during the current one. The
  // points are the count itself: the library never refuses, the weighting below decides.
  const options = { tableName: "rate_limiter", tableCreated: true, keyPrefix: "", points: 2_000_000_000, duration: (2 * RATE_LIMIT_WINDOW_MS) / 1000 };
  const store: RateLimiterStoreAbstract =
    handle.dialect === "sqlite"
      ? new RateLimiterSQLite({ ...options, storeClient: handle.driver, storeType: "better-sqlite3" })
      : new RateLimiterPostgres({ ...options, storeClient: handle.driver, storeType: "pool" });

  return {
    async hit(checks, now = Date.now()) {
      const window = Math.floor(now / RATE_LIMIT_WINDOW_MS);
      const elapsed = (now - window * RATE_LIMIT_WINDOW_MS) / RATE_LIMIT_WINDOW_MS;
      const results = await Promise.all(
        checks.map(async ({ key, limit }) => {
          const [current, previous] = await Promise.all([store.consume(`${key}|${window}`, 1), store.get(`${key}|${window - 1}`)]);
          const estimate = (previous?.consumedPoints ?? 0) * (1 - elapsed) + current.consumedPoints;
          return estimate > limit;
        }),
      );
      const limited = results.some(Boolean);
      // The weight of the previous minute keeps falling; a full window is the honest upper bound.
      return { limited, retryAfterSeconds: limited ? Math.ceil(((1 - elapsed) * RATE_LIMIT_WINDOW_MS) / 1000) || 1 : 0 };
    },
    async purgeExpired() {
      await (store as unknown as { clearExpired(expire: number): Promise<void> }).clearExpired(Date.now());
    },
  };
}
