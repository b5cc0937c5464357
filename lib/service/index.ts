import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { WriteRunner } from "./write";
import type { Dialect } from "../db/connection";
import type { DeliveryRouting } from "./delivery/routing";
import {
  SAVE_CALLS,
  isCallName,
  isInternalCallName,
  schemasOf,
  type AnyCallName,
  type CallName,
  type CallResult,
} from "../contract";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { checkCaller, type Caller } from "./guard";
import { limitSave, RateLimitedError, type RateLimiter, type SaveLimits } from "./rate-limit";
import { logError } from "./log";
import { clientKey } from "../contract/keys";

/**
 * The service's one door. Every caller comes through `handle`: the HTTP route (a browser or a
 * server), the in-process client of the pages, the sitemap, the worker and the CLIs. In order:
 * the call must exist; an HTTP caller must pass the guard (origin or token), send JSON of at most
 * 16 KiB; the body must match the contract; then the call is dispatched (to the local handlers,
 * or to the external service in forwarding mode) under the save limits (rate-limit.ts), and the
 * answer, or the failure, is written in the contract's shape.
 */
export type ServiceContext = {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs a save in a transaction, answered once committed (grouped commits on SQLite). For a
   * limited caller the save's counters are written in the same transaction (rate-limit.ts).
   */
  write: WriteRunner;
  limiter: RateLimiter;
  /**
   * For a limited caller (a browser's save): RATE_LIMIT_PER_MINUTE, the base of each manager's cap,
   * counted where a request reaches a manager (rate-limit.ts countManagerDeliveries). Unset: no cap.
   */
  managerCapPerMinute?: number;
  /** For an HTTP caller: its client network, hashed (lib/contract/keys.ts clientKey); where a waiting lead was saved from. */
  clientKey?: string;
  halfStateCount: number;
  /** Which channels carry messages to managers and to people (SMTP_URL, LEAD_WEBHOOK_URL; files when unset). */
  delivery: DeliveryRouting;
  /** OUTBOX_DIR, where the file channel writes: a withdrawn request's files are erased from it. */
  outboxDir?: string;
  /** REDIS_URL's server, when configured: resolves once it answers (GET /healthz). */
  pingRedis?: () => Promise<void>;
};

/** What the HTTP route hands over when the body was over the limit (it stops reading at 16 KiB). */
export const BODY_TOO_LARGE = Symbol("body too large");
export const MAX_BODY_BYTES = 16 * 1024;

export type ServiceRequest = {
  call: string;
  /** For an HTTP caller: the body's text (or BODY_TOO_LARGE); for an internal caller: the object. */
  body: unknown;
  caller: Caller;
};

export type Service = { handle(request: ServiceRequest): Promise<CallResult> };

/**
 * Runs a call that passed validation: the local handlers, or the external service. `admit`
 * counts the call against its save limits now (a no-op for unlimited callers): what stores
 * nothing here, such as forwarding, calls it first; a local save is counted by its `write`.
 */
export type Dispatch = (
  call: AnyCallName,
  input: unknown,
  context: { caller: Caller; service: () => Promise<ServiceContext>; admit: () => Promise<void> },
) => Promise<unknown>;

export type ServiceSettings = {
  allowedOrigins: readonly string[];
  apiToken?: string;
  /** Saves per minute per address, per email address and per manager (the last at 3x). */
  savesPerMinute: number;
};

const failure = (status: number, message: string, headers?: Record<string, string>): CallResult => ({
  status,
  body: { success: false, message },
  ...(headers ? { headers } : {}),
});

/** A 400 for invalid input: the first issue's message, and the top-level field it is about. */
function invalidInput(issue: { message: string; path: readonly PropertyKey[] } | undefined): CallResult {
  const field = issue?.path[0];
  return {
    status: 400,
    body: { success: false, message: issue?.message ?? FAILURE.invalidRequest, ...(typeof field === "string" ? { field } : {}) },
  };
}

const isJsonContentType = (value: string | null) => /^application\/json\b/i.test((value ?? "").trim());

/** The body of an HTTP call as an object, or the failure to answer instead. */
function readHttpBody(body: unknown, headers: Headers): { value: unknown } | CallResult {
  if (!isJsonContentType(headers.get("content-type"))) return failure(415, FAILURE.notJson);
  if (body === BODY_TOO_LARGE) return failure(413, FAILURE.tooLarge);
  try {
    return { value: JSON.parse(typeof body === "string" ? body : "") };
  } catch {
    return failure(400, FAILURE.invalidJson);
  }
}

type CheckedInput = { data: Record<string, unknown> } | { answer: CallResult };

/** The body as the contract parsed it, or the 400 to answer instead. */
function checkInput(call: AnyCallName, input: unknown): CheckedInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { answer: failure(400, FAILURE.notAnObject) };
  const parsed = schemasOf(call).request.safeParse(input);
  return parsed.success ? { data: parsed.data as Record<string, unknown> } : { answer: invalidInput(parsed.error.issues[0]) };
}

/** The answer to a call that failed: the ApiError's status and message, or a logged 500. */
function failureOf(call: AnyCallName, error: unknown): CallResult {
  if (error instanceof RateLimitedError) return failure(429, error.message, { "retry-after": String(error.retryAfterSeconds) });
  if (error instanceof ApiError) {
    const answer = failure(error.status, error.message);
    return error.field ? { ...answer, body: { ...(answer.body as object), field: error.field } } : answer;
  }
  logError(`call ${call} failed`, error);
  return failure(500, FAILURE.unexpected);
}

const unlimited = async () => {};

export function createService({
  context,
  settings,
  dispatch,
}: {
  context: () => Promise<ServiceContext>;
  settings: ServiceSettings;
  dispatch: Dispatch;
}): Service {
  /** Runs a call that passed the guard; under limits, a call that stored nothing is counted before it is answered. */
  async function run(name: AnyCallName, checked: CheckedInput, caller: Caller, limits?: SaveLimits): Promise<CallResult> {
    const admit = limits?.admit ?? unlimited;
    const callerParts = caller.kind === "http" ? { clientKey: clientKey(caller.address) } : {};
    const limitParts = limits ? { write: limits.write, managerCapPerMinute: settings.savesPerMinute } : {};
    // The site's own calls (every page read) take the shared context as it is.
    const service = caller.kind === "http" ? async (): Promise<ServiceContext> => ({ ...(await context()), ...callerParts, ...limitParts }) : context;
    let result: CallResult;
    try {
      result = "answer" in checked ? checked.answer : { status: 200, body: await dispatch(name, checked.data, { caller, service, admit }) };
    } catch (error) {
      result = failureOf(name, error);
    }
    try {
      await admit();
    } catch (refusal) {
      return failureOf(name, refusal);
    }
    return result;
  }

  return {
    async handle({ call, body, caller }) {
      if (caller.kind === "http" && caller.method !== "POST") return failure(405, FAILURE.onlyPost, { allow: "POST" });
      const known = isCallName(call) || (caller.kind === "internal" && isInternalCallName(call));
      if (!known) return failure(404, FAILURE.unknownCall(call));
      const name = call as AnyCallName;
      const isSave = SAVE_CALLS.has(name as CallName);

      let input = body;
      let limited = false;
      if (caller.kind === "http") {
        const verdict = checkCaller({ isSave, headers: caller.headers, allowedOrigins: settings.allowedOrigins, apiToken: settings.apiToken });
        if (!verdict.allowed) return failure(verdict.status, verdict.message);
        const read = readHttpBody(body, caller.headers);
        if ("status" in read) return read;
        input = read.value;
        limited = isSave && !verdict.trusted;
      }

      const checked = checkInput(name, input);
      const limits =
        caller.kind === "http" && limited
          ? limitSave({ context, call: name as CallName, address: caller.address, input: "data" in checked ? checked.data : undefined, perMinute: settings.savesPerMinute })
          : undefined;
      return run(name, checked, caller, limits);
    },
  };
}
