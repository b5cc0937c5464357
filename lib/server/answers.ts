import http from "node:http";
import { policyForHtml, RESOURCE_POLICY } from "./csp";
import { SECURITY_HEADERS, PRIVATE_PAGE_HEADERS } from "./headers";
import { type Encoding } from "./encoding";
import { isPrivatePath } from "../contract/routes";
import { NO_STORE_HEADERS } from "../contract/cache-policy";
import { GONE_PAGE } from "../contract/redirect-messages";
import type { RedirectAnswer } from "./redirect-table";
import { NEXT_CACHE_TAGS_HEADER } from "./next-internals";

/** The answers the front server writes itself: heads and bodies with their rules, ETags, redirects, small pages, and the header arithmetic (lib/server/front.ts). */

/** Headers that describe one connection or one encoding of a body, never copied as they are. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "upgrade", "proxy-connection", "date"]);
/** Headers Next.js keeps for itself. */
export const INTERNAL_HEADERS = new Set([NEXT_CACHE_TAGS_HEADER]);


/**
 * Rules of a path whatever layer answered: a 404 is never kept by any cache; a private page
 * (a request's or a confirmation's token in its path) is never kept and never sent as a referrer.
 */
export function applyPathRules(headers: Record<string, string | string[]>, rawPath: string, status: number) {
  if (status === 404) Object.assign(headers, NO_STORE_HEADERS);
  if (isPrivatePath(rawPath)) Object.assign(headers, Object.fromEntries(PRIVATE_PAGE_HEADERS));
}

/** The ETag of one encoding of a body: the plain one's, marked, so caches keep them apart. */
export function etagFor(etag: string, encoding: Encoding): string {
  if (encoding === "identity") return etag;
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : `${etag}-${encoding}`;
}

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const candidates = new Set(ifNoneMatch.split(",").map(bare));
  return candidates.has("*") || (["identity", "gzip", "br"] as Encoding[]).some((encoding) => candidates.has(bare(etagFor(etag, encoding))));
}

export function sendHead(res: http.ServerResponse, status: number, headers: Record<string, string | string[]>) {
  res.writeHead(status, headers);
  res.end();
}

export function sendBody(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer, encoding: Encoding) {
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function sendRedirect(req: http.IncomingMessage, res: http.ServerResponse, location: string) {
  const body = Buffer.from(`Moved to ${location}\n`);
  const headers = { ...Object.fromEntries(SECURITY_HEADERS), location, "content-security-policy": RESOURCE_POLICY, "content-type": "text/plain; charset=utf-8" };
  sendBody(req, res, 308, headers, body, "identity");
}

/**
 * A redirect rule's answer: 301 or 302 with its target (the request's query kept when the target
 * has none), or 410 Gone. Not kept by shared caches: a rule changed in the workspace is answered
 * at once, and the answer costs one map lookup.
 */
export function sendRuleAnswer(req: http.IncomingMessage, res: http.ServerResponse, rule: RedirectAnswer, query: string) {
  if (rule.to === null) return sendPlainPage(req, res, 410, GONE_PAGE.title, GONE_PAGE.text);
  const location = rule.to.includes("?") || query === "?" ? rule.to : `${rule.to}${query}`;
  const body = Buffer.from(`Moved to ${location}\n`);
  const headers = { ...Object.fromEntries(SECURITY_HEADERS), location, "content-security-policy": RESOURCE_POLICY, "content-type": "text/plain; charset=utf-8", ...NO_STORE_HEADERS };
  sendBody(req, res, rule.status, headers, body, "identity");
}

/** A small page of our own (a malformed address never reaches Next.js). */
export function sendPlainPage(req: http.IncomingMessage, res: http.ServerResponse, status: number, title: string, text: string) {
  const html = Buffer.from(
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Managely</title></head>` +
      `<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
  );
  const headers = { ...Object.fromEntries(SECURITY_HEADERS), "content-type": "text/html; charset=utf-8", "content-security-policy": policyForHtml(html), ...NO_STORE_HEADERS };
  sendBody(req, res, status, headers, html, "identity");
}


export function copyHeaders(headers: http.IncomingHttpHeaders): Array<[string, string]> {
  const copied: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || INTERNAL_HEADERS.has(name)) continue;
    // Node keeps only the first of a repeated Location (or ETag, Content-Type…); cookies stay a list.
    for (const item of Array.isArray(value) ? value : [value]) copied.push([name, item]);
  }
  return copied;
}

export function appendHeader(headers: Record<string, string | string[]>, name: string, value: string) {
  const existing = headers[name];
  if (existing === undefined) headers[name] = value;
  else if (name === "set-cookie") headers[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  else headers[name] = `${existing}, ${value}`;
}

export function mergeVary(existing: string | string[] | undefined, value: string): string {
  const current = (Array.isArray(existing) ? existing.join(", ") : (existing ?? "")).split(",").map((part) => part.trim()).filter(Boolean);
  return current.some((part) => part.toLowerCase() === value.toLowerCase()) ? current.join(", ") : [...current, value].join(", ");
}

export const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);
