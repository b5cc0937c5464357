import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Dialect } from "../db/connection";
import type { WriteRunner } from "./write";
import type { DeliveryRouting } from "./delivery/routing";
import type { CallLimits } from "./rate-limit";

/**
 * What a handler is given, plain data and the database: the door (index.ts) builds it per call
 * from the site's configuration (default.ts) and the caller.
 */
export type ServiceContext = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs a save's queries in one transaction, answered once committed (grouped commits on SQLite: write.ts). */
  write: WriteRunner;
  /**
   * For a limited caller (a browser's save): the keys to count first in the save's transaction
   * and the base of the managers' caps (rate-limit.ts countCaller, countManagerDeliveries). Unset:
   * not limited (the site's own code, a bearer caller, a read).
   */
  limits?: CallLimits;
  /** For an HTTP caller behind a trusted proxy that reports one: the city it calls from (http-entry.ts reportedPlace), never an address. */
  clientPlace?: string;
  halfStateCount: number;
  /** Which channels carry messages to managers and to people (SMTP_URL, LEAD_WEBHOOK_URL; files when unset). */
  delivery: DeliveryRouting;
  /** OUTBOX_DIR, where the file channel writes: a withdrawn request's files are erased from it. */
  outboxDir?: string;
  /** REDIS_URL's server, when configured: resolves once it answers (GET /healthz). */
  pingRedis?: () => Promise<void>;
};
