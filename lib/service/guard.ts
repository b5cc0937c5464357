import { parseBearer, tokensMatch } from "../contract/bearer";
import { FAILURE } from "../contract/messages";

/** Who is calling the service: a request over HTTP, or the site's own code in this process. */
export type HttpCaller = {
  kind: "http";
  method: string;
  headers: Headers;
  /** The client's address as the HTTP entry established it (lib/service/http-entry.ts, clientAddress). */
  address: string;
  /** The city a trusted proxy reported for the client (http-entry.ts reportedPlace); unset when none did. */
  place?: string;
};
/** Pages, the sitemap, the worker and the CLIs: trusted, never limited, never forwarded a token. */
export type InternalCaller = { kind: "internal" };
export type Caller = HttpCaller | InternalCaller;

export const INTERNAL_CALLER: InternalCaller = { kind: "internal" };

export type GuardVerdict = { allowed: true; trusted: boolean } | { allowed: false; status: number; message: string };

/**
 * Who may call over HTTP: a browser only from one of the site's own origins (SITE_URL,
 * ALLOWED_ORIGINS, or the very host the request was sent to, as Next.js's Server Actions compare
 * Origin with Host: a page on localhost:3300 or 127.0.0.1:3300 may call the site it came from,
 * a page on another site may not); a server with the bearer token. Read calls stay open to
 * servers without a token: they only answer what the pages already publish. A token call
 * (TOKEN_CALLS: the outbox's search, a test run's cleanup) answers nobody without the token, not
 * even the site's pages: `tokenOnly` is what it says to them instead.
 */
export function checkCaller({
  isSave,
  tokenOnly,
  headers,
  allowedOrigins,
  apiToken,
}: {
  isSave: boolean;
  tokenOnly?: string;
  headers: Headers;
  allowedOrigins: readonly string[];
  apiToken?: string;
}): GuardVerdict {
  const bearer = parseBearer(headers.get("authorization"));
  if (apiToken && bearer && tokensMatch(bearer, apiToken)) return { allowed: true, trusted: true };
  if (tokenOnly !== undefined) return { allowed: false, status: 403, message: tokenOnly };

  const origin = headers.get("origin");
  const fetchSite = headers.get("sec-fetch-site");
  if (origin !== null) {
    if (!isSiteOrigin(origin, headers, allowedOrigins)) return { allowed: false, status: 403, message: FAILURE.foreignOrigin };
    return { allowed: true, trusted: false };
  }
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return { allowed: false, status: 403, message: FAILURE.foreignOrigin };
  }
  if (isSave) return { allowed: false, status: 403, message: FAILURE.tokenRequired };
  return { allowed: true, trusted: false };
}

/**
 * Whether a browser request comes from one of the site's own pages, for the workspace's server
 * actions (which change things, and have no bearer token to fall back on): an Origin the service
 * would accept (above), or, when a browser sends no Origin, `Sec-Fetch-Site: same-origin`. A
 * request with neither is refused: the SameSite=Lax cookie must not be the only guard.
 */
export function isSameOriginRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return isSiteOrigin(origin, headers, allowedOrigins);
  return headers.get("sec-fetch-site") === "same-origin";
}

const isSiteOrigin = (origin: string, headers: Headers, allowedOrigins: readonly string[]) => allowedOrigins.includes(origin) || isSameHost(origin, headers.get("host"));

/** Whether a browser's Origin names the host (and port) the request itself was sent to. */
function isSameHost(origin: string, host: string | null): boolean {
  if (!host) return false;
  try {
    const { protocol, host: originHost } = new URL(origin);
    return (protocol === "http:" || protocol === "https:") && originHost.toLowerCase() === host.trim().toLowerCase();
  } catch {
    return false;
  }
}
