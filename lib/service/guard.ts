import { parseBearer, tokensMatch } from "../contract/bearer";
import { FAILURE } from "../contract/messages";

/** Who is calling the service: a request over HTTP, or the site's own code in this process. */
export type HttpCaller = {
  kind: "http";
  method: string;
  headers: Headers;
  /** The client's address as the production server established it (see clientAddress). */
  address: string;
};
/** Pages, the sitemap, the worker and the CLIs: trusted, never limited, never forwarded a token. */
export type InternalCaller = { kind: "internal" };
export type Caller = HttpCaller | InternalCaller;

export const INTERNAL_CALLER: InternalCaller = { kind: "internal" };

export type GuardVerdict = { allowed: true; trusted: boolean } | { allowed: false; status: number; message: string };

/**
 * Who may call over HTTP: a browser only from one of the site's own origins (SITE_URL and
 * ALLOWED_ORIGINS, nothing derived from the socket); a server with the bearer token. Read calls
 * stay open to servers without a token: they only answer what the pages already publish.
 */
export function checkCaller({
  isSave,
  headers,
  allowedOrigins,
  apiToken,
}: {
  isSave: boolean;
  headers: Headers;
  allowedOrigins: readonly string[];
  apiToken?: string;
}): GuardVerdict {
  const bearer = parseBearer(headers.get("authorization"));
  if (apiToken && bearer && tokensMatch(bearer, apiToken)) return { allowed: true, trusted: true };

  const origin = headers.get("origin");
  const fetchSite = headers.get("sec-fetch-site");
  if (origin !== null) {
    if (!allowedOrigins.includes(origin)) return { allowed: false, status: 403, message: FAILURE.foreignOrigin };
    return { allowed: true, trusted: false };
  }
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return { allowed: false, status: 403, message: FAILURE.foreignOrigin };
  }
  if (isSave) return { allowed: false, status: 403, message: FAILURE.tokenRequired };
  return { allowed: true, trusted: false };
}

/** The longest address kept: an IPv6 address with a zone is under 64 characters. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client's address as the production server (lib/server) passes it on: the one entry it
 * writes into x-forwarded-for (the socket's address, or the one a trusted proxy appended). Taking
 * the last entry also holds under `next start`, which appends the socket's address. Never
 * X-Real-IP, which any client can set.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for") ?? "";
  const last = forwarded
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return (last || "unknown").slice(0, MAX_ADDRESS_LENGTH);
}
