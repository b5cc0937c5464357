import crypto from "node:crypto";
import { PAGE_POLICY_LIMIT } from "../contract/cache-policy";
import { CHUNK_FILE, FLIGHT_BOOTSTRAP, FLIGHT_CHUNK, TURBOPACK_CHUNKS } from "./next-internals";

/**
 * A Content-Security-Policy for a rendered page without 'unsafe-inline' scripts. Hashes, unlike
 * nonces, keep pages cacheable; but a policy that hashed every inline script of the HTML would
 * also allow a script someone managed to inject into it. So only the inline scripts Next.js
 * itself writes are hashed, recognised by their exact shape:
 * - `(self.__next_f=self.__next_f||[]).push([0])`, the flight data's bootstrap;
 * - `self.__next_f.push([n,"…"])` (or `[n]`), one chunk of the flight data: the argument must be
 *   a JSON array of a number and at most one string, so nothing can run beside the push;
 * - Turbopack's chunk list, `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({…})`,
 *   whose argument must be JSON naming only the build's own chunk files.
 * JSON-LD blocks (`type="application/ld+json"`) are data, never run, and need no hash. Any other
 * inline script gets no hash, so the browser refuses to run it.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function isFlightChunk(script: string): boolean {
  const match = FLIGHT_CHUNK.exec(script);
  if (!match) return false;
  const args = parseJson(match[1]);
  return Array.isArray(args) && args.length >= 1 && args.length <= 2 && typeof args[0] === "number" && (args.length === 1 || typeof args[1] === "string" || args[1] === null);
}

function isTurbopackChunkList(script: string): boolean {
  const match = TURBOPACK_CHUNKS.exec(script);
  if (!match) return false;
  const list = parseJson(match[1]);
  if (typeof list !== "object" || list === null || Array.isArray(list)) return false;
  return Object.entries(list).every(([key, value]) => {
    if (key === "otherChunks") return Array.isArray(value) && value.every((file) => typeof file === "string" && CHUNK_FILE.test(file));
    if (key === "runtimeModuleIds") return Array.isArray(value) && value.every((id) => typeof id === "number" || typeof id === "string");
    return false;
  });
}

/** Whether an inline script is one Next.js writes (see above). */
export function isFrameworkScript(script: string): boolean {
  return script === FLIGHT_BOOTSTRAP || isFlightChunk(script) || isTurbopackChunkList(script);
}

/** The SHA-256 hashes of the page's inline scripts that Next.js wrote, and of no other. */
export function frameworkScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, script] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !isFrameworkScript(script)) continue;
    hashes.add(crypto.createHash("sha256").update(script, "utf8").digest("base64"));
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

/** Pages repeat: the policy of the last few hundred distinct bodies is remembered. */
const remembered = new Map<string, string>();

/**
 * `etag` is Next.js's hash of the same body, when it sent one: using it as the key spares a hash
 * of every page on every request.
 */
export function policyForHtml(html: Buffer | string, etag?: string): string {
  const key = etag ? `etag:${etag}:${html.length}` : crypto.createHash("sha1").update(html).digest("base64");
  let policy = remembered.get(key);
  if (!policy) {
    policy = pagePolicy(frameworkScriptHashes(typeof html === "string" ? html : html.toString("utf8")));
    if (remembered.size >= PAGE_POLICY_LIMIT) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, policy);
  }
  return policy;
}
