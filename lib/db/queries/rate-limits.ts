import { sql, type Kysely } from "kysely";
import type { Database, RateLimiterTable } from "../schema";

/**
 * The save limits' and mail caps' counters (table rate_limiter: key, points, expire in
 * milliseconds since the epoch; a save limit's row also holds its clock window). Each query runs
 * on whatever it is given: the service passes the save's own transaction, so a counter costs no
 * commit of its own.
 */
type Db = Kysely<Database>;

export type Counter = { points: number; expire: number | null };

/** rate_limiter rows as numbers: PostgreSQL returns its bigint `expire` as text. */
function counterOf(row: Pick<RateLimiterTable, "points" | "expire">): Counter {
  return { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

/**
 * Adds `points` to a key's counter and answers it (a mail cap's). A counter whose `expire` has
 * passed starts again from `points` with the new expiry.
 */
export async function addToCounter(
  db: Db,
  { key, points, expire, now }: { key: string; points: number; expire: number | null; now: number },
): Promise<Counter> {
  const live = sql<boolean>`rate_limiter.expire is null or rate_limiter.expire > ${now}`;
  const row = await db
    .insertInto("rate_limiter")
    .values({ key, points, expire })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        points: sql<number>`case when ${live} then rate_limiter.points + excluded.points else excluded.points end`,
        expire: sql<number | null>`case when ${live} then rate_limiter.expire else excluded.expire end`,
      }),
    )
    .returning(["points", "expire"])
    .executeTakeFirstOrThrow();
  return counterOf(row);
}

/**
 * Counts one hit on a save limit's key in the clock window `window` (an index: now / window
 * length) and answers the count of this window and of the one before it: one upsert. A row still
 * in this window adds one; a row of the window before moves its count to `previous_points`; an
 * older row (or a mail cap's, with no window) starts again. A row from a later window (another
 * instance's clock running ahead) is counted as it stands. The row lives two windows, so the
 * previous window's count is there for the whole current one.
 */
export async function countInWindow(
  db: Db,
  { key, window, windowMs }: { key: string; window: number; windowMs: number },
): Promise<{ current: number; previous: number }> {
  const same = sql<boolean>`rate_limiter.window_start >= excluded.window_start`;
  const next = sql<boolean>`rate_limiter.window_start = excluded.window_start - 1`;
  const row = await db
    .insertInto("rate_limiter")
    .values({ key, points: 1, expire: (window + 2) * windowMs, window_start: window, previous_points: 0 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        previous_points: sql<number>`case when ${same} then rate_limiter.previous_points when ${next} then rate_limiter.points else 0 end`,
        points: sql<number>`case when ${same} then rate_limiter.points + 1 else 1 end`,
        window_start: sql<number>`case when ${same} then rate_limiter.window_start else excluded.window_start end`,
        expire: sql<number>`case when ${same} then rate_limiter.expire else excluded.expire end`,
      }),
    )
    .returning(["points", "previous_points"])
    .executeTakeFirstOrThrow();
  return { current: Number(row.points), previous: Number(row.previous_points) };
}

/** Drops the counters that expired before `before`. */
export async function deleteExpiredCounters(db: Db, { before }: { before: number }): Promise<void> {
  await db.deleteFrom("rate_limiter").where("expire", "<", before).execute();
}
