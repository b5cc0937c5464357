import { sql, type Kysely, type Transaction } from "kysely";
import type { DatabaseHandle } from "../db/connection";
import type { Database } from "../db/schema";

/**
 * The service's transactions: a save's queries (lib/db/queries) run in order inside one `write`,
 * which resolves once they are committed, so an acknowledged save is a durable one. It lives in
 * the service, not in lib/db: the work it runs is the service's own, and the database layer
 * never calls back into it.
 *
 * On SQLite (synchronous=FULL: every commit waits for the disk) the writes that arrive together
 * are committed together: each runs inside the shared transaction under a savepoint of its own
 * (so one that fails is rolled back alone and rejected alone), and all are answered after the
 * one commit. Under 20 concurrent saves this is one disk flush for a batch instead of one per
 * save. On PostgreSQL, which commits concurrent transactions in parallel, each write gets its
 * own transaction.
 */
export type WriteRunner = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

type Pending = { work: (trx: Kysely<Database>) => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function createWriteRunner(handle: Pick<DatabaseHandle, "db" | "dialect">): WriteRunner {
  if (handle.dialect === "postgres") return (work) => handle.db.transaction().execute((trx) => work(trx));

  let queue: Pending[] = [];
  let scheduled = false;

  async function flush() {
    const batch = queue;
    queue = [];
    scheduled = false;
    const outcomes: Outcome[] = [];
    try {
      await handle.db.transaction().execute(async (trx: Transaction<Database>) => {
        for (const [index, item] of batch.entries()) {
          const savepoint = sql.raw(`write_${index}`);
          await sql`savepoint ${savepoint}`.execute(trx);
          try {
            outcomes[index] = { ok: true, value: await item.work(trx) };
          } catch (error) {
            await sql`rollback to savepoint ${savepoint}`.execute(trx);
            outcomes[index] = { ok: false, error };
          }
          await sql`release savepoint ${savepoint}`.execute(trx);
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch is stored, so nothing is acknowledged.
      for (const item of batch) item.reject(error);
      return;
    }
    for (const [index, item] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    }
  }

  return <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        // Let the requests already read this turn join the batch.
        setImmediate(() => void flush());
      }
    });
}
