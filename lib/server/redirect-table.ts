import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { listRedirectRules } from "../db/queries/redirects";
import { REDIRECT_RULES_MAX, requestKey, type RedirectStatus } from "../contract/redirects";
import { logError } from "../service/log";

/**
 * The redirect rules as this instance answers them, before the page store: a map by normalised
 * path, at most REDIRECT_RULES_MAX entries (the service refuses more), read whole from the
 * database at start and again whenever a rule changes (index.ts: the workspace's signal in this
 * process, a Redis message from the others). Reloads never overlap: a change announced during one
 * runs one more after it, so the last change is always read.
 */
export type RedirectAnswer = { status: RedirectStatus; to: string | null };

export type RedirectTable = {
  /** The rule for a request's raw path, or undefined (reserved paths never have one). */
  lookup(rawPath: string): RedirectAnswer | undefined;
  reload(): Promise<void>;
  readonly size: number;
};

export function createRedirectTable(db: Kysely<Database>): RedirectTable {
  let rules = new Map<string, RedirectAnswer>();
  let running: Promise<void> | undefined;
  let again = false;

  async function readAll(): Promise<void> {
    const rows = await listRedirectRules(db, { limit: REDIRECT_RULES_MAX });
    rules = new Map(rows.map((row) => [row.from_path, { status: row.status as RedirectStatus, to: row.to_path }]));
  }

  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        // A failed read keeps the rules this instance had; the next change reads again.
        await readAll().catch((error: unknown) => logError("reading the redirect rules", error));
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    lookup(rawPath) {
      if (rules.size === 0) return undefined;
      const key = requestKey(rawPath);
      return key === null ? undefined : rules.get(key);
    },
    reload,
    get size() {
      return rules.size;
    },
  };
}
