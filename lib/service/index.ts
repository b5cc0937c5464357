import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { WriteRunner } from "../db/write-batch";
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
import { limitKeyPart, type LimitCheck, type RateLimiter } from "./rate-limit";
import { logError } from "./log";

/**
 * The service's one door. Every caller comes through `handle`: the HTTP route (a browser or a
 * server), the in-process client of the pages, the sitemap, the worker and the CLIs. In order:
 * the call must exist; an HTTP caller must pass the guard (origin or token), send JSON of at most
 * 16 KiB and stay under the save limits; the body must match the contract; then the call is
 * dispatched (to the local handlers, or to the external service in forwarding mode) and the
 * answer, or the failure, is written in the contract's shape.
 */
export type ServiceContext = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs a save in a transaction, answered once committed (grouped commits on SQLite). */
  write: WriteRunner;
  limiter: RateLimiter;
  halfStateCount: number;
  /** Which channels carry messages to managers and to people (SMTP_URL, LEAD_WEBHOOK_URL; files when unset). */
  delivery: DeliveryRouting;
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

/** Runs a call that passed validation: the local handlers, or the external service. */
export type Dispatch = (call: AnyCallName, input: unknown, context: { caller: Caller; service: () => Promise<ServiceContext> }) => Promise<unknown>;

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

/** The per-address limit is counted before validation; email and manager limits need the body. */
function addressLimit(call: CallName, address: string, limit: number): LimitCheck[] {
  return [{ key: `${call}|${limitKeyPart("address", address)}`, limit }];
}

function contentLimits(call: CallName, input: Record<string, unknown>, limit: number): LimitCheck[] {
  const checks: LimitCheck[] = [];
  const email = typeof input.email_address === "string" ? input.email_address : typeof input.email === "string" ? input.email : "";
  if (email && (call === "lead/save" || call === "contact/save")) checks.push({ key: `${call}|${limitKeyPart("email", email)}`, limit });
  const managers = [...(Array.isArray(input.agent_ids) ? input.agent_ids : []), ...(typeof input.agent_id === "number" && input.agent_id > 0 ? [input.agent_id] : [])];
  for (const manager of managers) checks.push({ key: `manager|${limitKeyPart("manager", String(manager))}`, limit: limit * 3 });
  return checks;
}

export function createService({
  context,
  settings,
  dispatch,
}: {
  context: () => Promise<ServiceContext>;
  settings: ServiceSettings;
  dispatch: Dispatch;
}): Service {
  async function overLimit(checks: LimitCheck[]): Promise<CallResult | null> {
    if (checks.length === 0) return null;
    try {
      const { limiter } = await context();
      const { limited, retryAfterSeconds } = await limiter.hit(checks);
      return limited ? failure(429, FAILURE.rateLimited, { "retry-after": String(retryAfterSeconds) }) : null;
    } catch (error) {
      // A counter that cannot be written must not cost a visitor their submission.
      logError("rate limit check failed", error);
      return null;
    }
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
        if (limited) {
          const refusal = await overLimit(addressLimit(name as CallName, caller.address, settings.savesPerMinute));
          if (refusal) return refusal;
        }
      }

      if (typeof input !== "object" || input === null || Array.isArray(input)) return failure(400, FAILURE.notAnObject);
      const parsed = schemasOf(name).request.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error.issues[0]);

      if (limited) {
        const refusal = await overLimit(contentLimits(name as CallName, parsed.data as Record<string, unknown>, settings.savesPerMinute));
        if (refusal) return refusal;
      }

      try {
        return { status: 200, body: await dispatch(name, parsed.data, { caller, service: context }) };
      } catch (error) {
        if (error instanceof ApiError) {
          const answer = failure(error.status, error.message);
          return error.field ? { ...answer, body: { ...(answer.body as object), field: error.field } } : answer;
        }
        logError(`call ${name} failed`, error);
        return failure(500, FAILURE.unexpected);
      }
    },
  };
}
