import { sql, type Kysely } from "kysely";
import type { Database, RateLimiterTable } from "../schema";

/**
 * The save limits' counters (table rate_limiter: key,
 * points, expire in milliseconds since the epoch). Each query runs on whatever it is given: the
 * service passes the save's own transaction, so a counter costs no commit of its own.
 */
type Db = Kysely<Database>;

export type Counter = { points: number; expire: number | null };

/** rate_limiter rows as numbers: PostgreSQL returns its bigint `expire` as text. */
function counterOf(row: Pick<RateLimiterTable, "points" | "expire">): Counter {
  return { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

/**
 * Adds `points` to a key's counter and answers it. A counter whose `expire` has passed starts
 * again from `points` with the new expiry; `replace` sets both whatever the row held.
 */
export async function addToCounter(
  db: Db,
  { key, points, expire, now, replace = false }: { key: string; points: number; expire: number | null; now: number; replace?: boolean },
): Promise<Counter> {
  const live = sql<boolean>`rate_limiter.expire is null or rate_limiter.expire > ${now}`;
  const row = await db
    .insertInto("rate_limiter")
    .values({ key, points, expire })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet(
        replace
          ? { points, expire }
          : {
              points: sql<number>`case when ${live} then rate_limiter.points + excluded.points else excluded.points end`,
              expire: sql<number | null>`case when ${live} then rate_limiter.expire else excluded.expire end`,
            },
      ),
    )
    .returning(["points", "expire"])
    .executeTakeFirstOrThrow();
  return counterOf(row);
}

/** A key's counter, unless it has expired. */
export async function readCounter(db: Db, { key, now }: { key: string; now: number }): Promise<Counter | null> {
  const row = await db
    .selectFrom("rate_limiter")
    .select(["points", "expire"])
    .where("key", "=", key)
    .where((eb) => eb.or([eb("expire", "is", null), eb("expire", ">", now)]))
    .executeTakeFirst();
  return row ? counterOf(row) : null;
}

/** Drops the counters that expired before `before`. */
export async function deleteExpiredCounters(db: Db, { before }: { before: number }): Promise<void> {
  await db.deleteFrom("rate_limiter").where("expire", "<", before).execute();
}
