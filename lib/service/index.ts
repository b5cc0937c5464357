import {
  SAVE_CALLS,
  TOKEN_CALLS,
  isBotSubmission,
  isCallName,
  isInternalCallName,
  schemasOf,
  type AnyCallName,
  type CallName,
  type CallResult,
} from "../contract";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { DEFAULT_IPV6_PREFIX, clientNetwork } from "../contract/keys";
import { checkCaller, type Caller } from "./guard";
import { callLimits, CountedRefusal, countCaller, RateLimitedError } from "./rate-limit";
import { handlers } from "./handlers";
import { forwardCall, type Upstream } from "./forward";
import { logError } from "./log";
import type { ServiceContext } from "./context";

export type { ServiceContext } from "./context";

/**
 * The service's one door. Every caller comes through `handleCall`: the HTTP route (a browser or a
 * server), the in-process client of the pages, the sitemap, the worker and the CLIs. In order:
 * the call must exist; an HTTP caller must pass the guard (origin or token) and send JSON of at
 * most 16 KiB; the body must match the contract; a limited caller's keys are computed
 * (rate-limit.ts callLimits); then the call's handler runs with a plain context (handlers.ts), or
 * the external service answers it in forwarding mode (forward.ts). A save's handler counts the
 * caller first in its own transaction; a call that stores nothing is counted here, on the refusal
 * path. The answer, or the failure, is written in the contract's shape.
 */
/** What the HTTP route hands over when the body was over the limit (it stops reading at 16 KiB). */
export const BODY_TOO_LARGE = Symbol("body too large");
export const MAX_BODY_BYTES = 16 * 1024;

export type ServiceRequest = {
  call: string;
  /** For an HTTP caller: the body's text (or BODY_TOO_LARGE); for an internal caller: the object. */
  body: unknown;
  caller: Caller;
};

/** The door as the rest of the site holds it: the running site's (default.ts), or a test's. */
export type Service = { handle(request: ServiceRequest): Promise<CallResult> };

export type ServiceSettings = {
  allowedOrigins: readonly string[];
  apiToken?: string;
  /** Saves per minute per client network, the base of every other limit (rate-limit.ts). */
  savesPerMinute: number;
  /** How many leading bits of an IPv6 address name one client (RATE_LIMIT_IPV6_PREFIX; 56 unless set). */
  ipv6Prefix?: number;
  /** Forwarding mode (API_BASE_URL): where the contract's calls are answered instead of here. */
  upstream?: Upstream;
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

// Headers are read through the Headers class, which trims their values.
const isJsonContentType = (value: string | null) => /^application\/json\b/i.test(value ?? "");

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

/**
 * The refusal path: a limited call that stored nothing (invalid input, a honeypot's, one its
 * handler refused, a forwarded one) is counted with the query a save counts with, in a
 * transaction of its own. Over a limit it is answered 429 instead; a counter that cannot be
 * written does not cost a visitor their answer.
 */
async function countRefusal(call: AnyCallName, context: ServiceContext): Promise<CallResult | undefined> {
  if (!context.limits) return undefined;
  try {
    await context.write((trx) => countCaller(trx, context));
  } catch (error) {
    if (error instanceof RateLimitedError) return failureOf(call, error);
    logError("rate limit check failed", error);
  }
  return undefined;
}

/** Runs a call that passed validation: its handler here, or the external service in forwarding mode. */
async function dispatch(call: AnyCallName, input: Record<string, unknown>, context: ServiceContext, { caller, upstream }: { caller: Caller; upstream?: Upstream }) {
  if (upstream && !isInternalCallName(call)) return forwardCall(call, input, { caller, upstream });
  const handler = handlers[call] as (input: unknown, context: ServiceContext) => Promise<unknown>;
  return handler(input, context);
}

/** The context of one call: the site's, with an HTTP caller's network and, when limited, its keys. */
function callContext(context: ServiceContext, { name, caller, data, limited, settings }: { name: AnyCallName; caller: Caller; data?: Record<string, unknown>; limited: boolean; settings: ServiceSettings }): ServiceContext {
  // The site's own calls (every page read) take the shared context as it is.
  if (caller.kind !== "http") return context;
  const network = clientNetwork(caller.address, settings.ipv6Prefix ?? DEFAULT_IPV6_PREFIX);
  const limits = limited ? callLimits({ call: name as CallName, network, input: data, perMinute: settings.savesPerMinute }) : undefined;
  return {
    ...context,
    ...(caller.place ? { clientPlace: caller.place } : {}),
    ...(limits ? { limits } : {}),
  };
}

export async function handleCall({ call, body, caller }: ServiceRequest, { context, settings }: { context: ServiceContext; settings: ServiceSettings }): Promise<CallResult> {
  if (caller.kind === "http" && caller.method !== "POST") return failure(405, FAILURE.onlyPost, { allow: "POST" });
  const known = isCallName(call) || (caller.kind === "internal" && isInternalCallName(call));
  if (!known) return failure(404, FAILURE.unknownCall(call));
  const name = call as AnyCallName;

  let input = body;
  let limited = false;
  if (caller.kind === "http") {
    const isSave = SAVE_CALLS.has(name as CallName);
    const verdict = checkCaller({ isSave, tokenOnly: TOKEN_CALLS.get(name as CallName), headers: caller.headers, allowedOrigins: settings.allowedOrigins, apiToken: settings.apiToken });
    if (!verdict.allowed) return failure(verdict.status, verdict.message);
    const read = readHttpBody(body, caller.headers);
    if ("status" in read) return read;
    input = read.value;
    limited = isSave && !verdict.trusted;
  }

  const checked = checkInput(name, input);
  const data = "data" in checked ? checked.data : undefined;
  const scoped = callContext(context, { name, caller, data, limited, settings });
  if (!data) return (await countRefusal(name, scoped)) ?? (checked as { answer: CallResult }).answer;
  // Nothing is stored for a honeypot's call, nor here for a forwarded one: counted now.
  if (isBotSubmission(data) || settings.upstream) {
    const refused = await countRefusal(name, scoped);
    if (refused) return refused;
  }
  try {
    return { status: 200, body: await dispatch(name, data, scoped, { caller, upstream: settings.upstream }) };
  } catch (error) {
    // A refusal thrown inside a save rolled its transaction back, counters included: the refusal
    // path counts it. Over the limit, or counted already with the save's counters, it is not.
    const counted = error instanceof RateLimitedError || error instanceof CountedRefusal;
    const refused = counted ? undefined : await countRefusal(name, scoped);
    return refused ?? failureOf(name, error);
  }
}
