import crypto from "node:crypto";

/**
 * A Content-Security-Policy for a rendered page without 'unsafe-inline' scripts: every inline
 * script the page carries (Next.js's bootstrap payload, JSON-LD) is allowed by its SHA-256
 * hash, and nothing else inline may run. Hashes, unlike nonces, keep pages cacheable.
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(crypto.createHash("sha256").update(match[1], "utf8").digest("base64"));
  }
  return [...hashes];
}

export function pagePolicy(hashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((hash) => ` 'sha256-${hash}'`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For everything that is not a page: nothing may run, nothing may frame it. */
export const RESOURCE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/** Pages repeat (cached HTML): remember the policy of the last few hundred distinct bodies. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

/**
 * `etag` is Next.js's hash of the same body, when it sent one: using it as the key spares a hash
 * of every page on every request.
 */
export function policyForHtml(html: Buffer, etag?: string): string {
  const key = etag ? `etag:${etag}:${html.length}` : crypto.createHash("sha1").update(html).digest("base64");
  let policy = cache.get(key);
  if (!policy) {
    policy = pagePolicy(inlineScriptHashes(html.toString("utf8")));
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, policy);
  }
  return policy;
}
