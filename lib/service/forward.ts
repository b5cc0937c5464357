import { schemasOf, failureSchema, type AnyCallName } from "../contract";
import { bearerHeader } from "../contract/bearer";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { logError } from "./log";
import type { Caller } from "./guard";

/**
 * Forwarding mode (API_BASE_URL set): a call that passed the guard, the limits and validation is
 * sent to the external agent-panel API as `POST {API_BASE_URL}/{call}`, the URL built from the
 * call's name (never from what the client sent), with the validated body, the site's token (or
 * the caller's own bearer token) and the client's address. The answer is checked against the
 * contract and rebuilt from it, so a field the contract does not declare (a manager's email or
 * phone, say) never reaches a browser. Internal calls (the sitemap) always run locally.
 */
const UPSTREAM_TIMEOUT_MS = 10_000;

/** Where forwarding mode sends the calls (API_BASE_URL, API_TOKEN); `fetchImpl` for tests. */
export type Upstream = { baseUrl: string; apiToken?: string; fetchImpl?: typeof fetch };

/** Sends a contract call (never an internal one: the door runs those here) to the external service and answers what it answered. */
export async function forwardCall(call: AnyCallName, input: unknown, { caller, upstream }: { caller: Caller; upstream: Upstream }): Promise<unknown> {
  const { baseUrl, apiToken, fetchImpl = fetch } = upstream;
  const base = baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  const authorization = authorizationFor(caller, apiToken);
  if (authorization) headers.authorization = authorization;
  if (caller.kind === "http") headers["x-forwarded-for"] = caller.address;

  let response: Response;
  try {
    response = await fetchImpl(`${base}/${call}`, {
      method: "POST",
      headers,
      body: JSON.stringify(input),
      redirect: "error",
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    logError(`upstream ${call} unreachable`, error);
    throw new ApiError(502, FAILURE.upstreamUnreachable);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 200) {
    const parsed = schemasOf(call).response.safeParse(payload);
    if (parsed.success) return parsed.data;
    logError(`upstream ${call} answered outside the contract`, parsed.error);
    throw new ApiError(502, FAILURE.upstreamInvalid);
  }
  // A refusal the external service explains (400, 403, 404, 429…) is passed on as it worded it.
  const failure = failureSchema.safeParse(payload);
  if (response.status >= 400 && response.status < 500 && failure.success) throw new ApiError(response.status, failure.data.message);
  throw new ApiError(502, FAILURE.upstreamUnreachable);
}

/** The caller's own bearer token when it sent one, otherwise the site's. */
function authorizationFor(caller: Caller, apiToken?: string): string | undefined {
  const own = caller.kind === "http" ? caller.headers.get("authorization") : null;
  if (own && own.startsWith("Bearer ") && own.length < 1024) return own;
  return apiToken ? bearerHeader(apiToken) : undefined;
}
