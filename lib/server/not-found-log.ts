import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addNotFoundCounts, trimNotFoundPaths, type NotFoundCount } from "../db/queries/redirects";
import { NOT_FOUND_FLUSH_MS, NOT_FOUND_LOG_MAX, NOT_FOUND_PENDING_MAX, requestKey } from "../contract/redirects";
import { isPrivatePath } from "../contract/routes";
import { logError } from "../service/log";

/**
 * The 404 log's writer: public paths that answered 404, counted in memory and written in one
 * batch at most every NOT_FOUND_FLUSH_MS, so a crawler sending junk addresses costs one write a
 * few seconds and a bounded map: at most NOT_FOUND_PENDING_MAX distinct paths wait for a write
 * (later new ones in that window are dropped; known ones still count), and after every write the
 * table keeps its NOT_FOUND_LOG_MAX most-seen paths. Reserved paths (/api, /_next, /workspace),
 * private ones (a token in the path), malformed ones and any longer than REDIRECT_PATH_MAX are
 * never counted.
 */
export type NotFoundLog = {
  record(rawPath: string, at?: Date): void;
  /** Writes what is waiting now (the timer does it on its own; stopping the server too). */
  flush(): Promise<void>;
  /** Distinct paths waiting for the next write. */
  readonly pending: number;
  stop(): Promise<void>;
};

export function createNotFoundLog(db: Kysely<Database>, { flushMs = NOT_FOUND_FLUSH_MS, pendingMax = NOT_FOUND_PENDING_MAX, keep = NOT_FOUND_LOG_MAX } = {}): NotFoundLog {
  let waiting = new Map<string, NotFoundCount>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.size === 0) return writing;
    const batch = [...waiting.values()];
    waiting = new Map();
    // One write at a time, in order: a slow database never has two batches racing.
    writing = writing
      .then(async () => {
        await db.transaction().execute(async (trx) => {
          await addNotFoundCounts(trx, batch);
          await trimNotFoundPaths(trx, { keep });
        });
      })
      .catch((error: unknown) => logError("writing the 404 log", error));
    return writing;
  }

  return {
    record(rawPath, at = new Date()) {
      const path = requestKey(rawPath);
      if (path === null || isPrivatePath(path)) return;
      const seen = at.toISOString();
      const known = waiting.get(path);
      if (known) {
        known.hits += 1;
        known.lastSeen = seen;
      } else {
        if (waiting.size >= pendingMax) return;
        waiting.set(path, { path, hits: 1, firstSeen: seen, lastSeen: seen });
      }
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    get pending() {
      return waiting.size;
    },
    async stop() {
      await flush();
    },
  };
}
