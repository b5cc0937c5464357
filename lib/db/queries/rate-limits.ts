import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";

/**
 * Counts one hit for `key` in the current fixed window and answers the count so far, in one
 * statement, so concurrent hits on several instances never lose a count.
 */
export async function countHit(db: Kysely<Database>, { key, windowMs, now = Date.now() }: { key: string; windowMs: number; now?: number }): Promise<number> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
        window_start: sql`excluded.window_start`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
