import "server-only";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { countHit } from "../db/queries/rate-limits";

/** The calls that store what a visitor sends: only these are rate limited and origin-bound. */
export const SAVE_CALLS = new Set(["lead/save", "agent/save", "contact/save", "newsletter/save"]);
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = "You have sent too many requests. Please wait a minute and try again.";
export const FOREIGN_ORIGIN_MESSAGE = "Requests from other websites are not accepted.";
export const TOKEN_REQUIRED_MESSAGE = "Saving from outside the website needs the bearer token.";

type GuardInput = {
  call: string;
  headers: Headers;
  /** The site's own origins (SITE_URL and the address the request was sent to). */
  ownOrigins: string[];
  apiToken?: string;
};

export type GuardVerdict = { allowed: true; trusted: boolean } | { allowed: false; status: number; message: string };

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Who may call: a browser only from the site's own origin; a server with the bearer token. Read
 * calls stay open to servers without a token: they only answer what the pages already publish.
 */
export function checkCaller({ call, headers, ownOrigins, apiToken }: GuardInput): GuardVerdict {
  const authorization = headers.get("authorization") ?? "";
  const bearer = authorization.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
  if (apiToken && bearer && tokensMatch(bearer, apiToken)) return { allowed: true, trusted: true };

  const origin = headers.get("origin");
  const fetchSite = headers.get("sec-fetch-site");
  if (origin !== null) {
    if (!ownOrigins.includes(origin)) return { allowed: false, status: 403, message: FOREIGN_ORIGIN_MESSAGE };
    return { allowed: true, trusted: false };
  }
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return { allowed: false, status: 403, message: FOREIGN_ORIGIN_MESSAGE };
  }
  if (SAVE_CALLS.has(call)) return { allowed: false, status: 403, message: TOKEN_REQUIRED_MESSAGE };
  return { allowed: true, trusted: false };
}

/**
 * The client's address: the last x-forwarded-for entry, which is what the nearest proxy (or
 * Next.js, from the socket, when the client sent none) recorded.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).pop();
  return last || headers.get("x-real-ip") || "unknown";
}

/** True when this save is over the per-address limit, counted in the shared database. */
export async function isRateLimited(
  db: Kysely<Database>,
  { call, address, maxPerMinute }: { call: string; address: string; maxPerMinute: number },
): Promise<boolean> {
  const count = await countHit(db, { key: `${call}|${address}`, windowMs: RATE_LIMIT_WINDOW_MS });
  return count > maxPerMinute;
}
