import fs from "node:fs";
import path from "node:path";
import type http from "node:http";
import { generateETag } from "next/dist/server/lib/etag";

/**
 * The one shipped file that knows Next.js's internals: what the production server, the page
 * store and the command line rely on that Next.js does not document (its modules under
 * `next/dist`, the shape of its cache keys, the headers and cookies that change its answer, the
 * inline scripts and flight data it writes, the lines it logs). Everything else imports it from
 * here; the lint forbids `next/dist/*` anywhere else in shipped code.
 *
 * next-internals.test.ts checks each of these against the installed Next.js (its own functions
 * and constants where they are reachable) and fails on an upgrade outside NEXT_CHECKED_RANGE:
 * after an upgrade, rerun it, recheck whatever fails against the new Next.js, then move the range.
 */

/** The Next.js versions this file was checked against: at least `from`, below `below`. */
export const NEXT_CHECKED_RANGE = { from: "16.4.6", below: "16.5.0" } as const;

// ---------------------------------------------------------------------------------------------
// The ETag Next.js sends with a page (next/dist/server/lib/etag): the page store computes the
// same one, so the answer Next.js sends itself and every answer from the store match.

/** Next.js's strong ETag of a body (`"<fnv1a52 in base 36><length in base 36>"`). */
export const nextETag = (body: string): string => generateETag(body);

// ---------------------------------------------------------------------------------------------
// The incremental cache (next/dist/server/lib/route-cache-key, response-cache/types)

/** The kinds of entry the page store treats apart (CachedRouteKind). */
export const CACHE_KIND = { page: "APP_PAGE", route: "APP_ROUTE" } as const;
/** The header in which Next.js keeps a page's cache tags with the entry (NEXT_CACHE_TAGS_HEADER); never sent on. */
export const NEXT_CACHE_TAGS_HEADER = "x-next-cache-tags";
/** The page Next.js renders for every address that names nothing. */
export const NOT_FOUND_PAGE = "/_not-found";

const PAGE_KEY_PREFIX = `/route-cache/${CACHE_KIND.page}/`;

/**
 * The page address of a cache key: Next.js 16 keys pages
 * `/route-cache/APP_PAGE/<route hash>/$<page path>` (getRouteCacheKey), the home page's page
 * path being `/index` (and a real `/index` being `/index/index`: normalizePagePath).
 */
export function pathOfKey(key: string): string | undefined {
  const at = key.indexOf("/$/");
  if (at === -1) return undefined;
  const pagePath = key.slice(at + 2);
  if (pagePath === "/index") return "/";
  return pagePath.startsWith("/index/") ? pagePath.slice("/index".length) : pagePath;
}

/** Whether Next.js stores a page (not a route handler's answer, a fetch or a redirect) under this key. */
export const isPageKey = (key: string, kind: string): boolean => kind === CACHE_KIND.page && key.startsWith(PAGE_KEY_PREFIX);

// ---------------------------------------------------------------------------------------------
// Requests that change Next.js's answer (next/dist/client/components/app-router-headers,
// next/dist/lib/constants, next/dist/server/api-utils)

/** Where Next.js serves the build's files from. */
const NEXT_PATH_PREFIX = "/_next/";
export const NEXT_STATIC_PREFIX = "/_next/static/";
/** Next.js's draft-mode cookie (COOKIE_NAME_PRERENDER_BYPASS). */
const DRAFT_MODE_COOKIE = "__prerender_bypass";
/** The header Next.js says whether it answered from its cache with. */
export const NEXT_CACHE_STATE_HEADER = "x-nextjs-cache";
/** The Vary Next.js sends with a page (RSC_HEADER and the router's headers), and the encoding. */
export const PAGE_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";

/**
 * Whether Next.js answers this request with a page's HTML (base-server.js, handleRSCRequest):
 * not under /_next/, not a `.rsc` path or a segment under `.segments/`, and no `RSC` header of
 * exactly "1" (flight data then). `Next-Router-State-Tree` or `Next-Router-Prefetch` without
 * `RSC: 1`, or `Next-Action` on a GET, change nothing in its answer.
 */
export function wantsPageHtml(rawPath: string, headers: http.IncomingHttpHeaders): boolean {
  if (rawPath.startsWith(NEXT_PATH_PREFIX) || rawPath.endsWith(".rsc") || rawPath.includes(".segments/")) return false;
  return headers.rsc !== "1";
}

/** An on-demand revalidation (api-utils, checkIsOnDemandRevalidate): `x-prerender-revalidate` equal to the build's preview id. */
export const isOnDemandRevalidation = (headers: http.IncomingHttpHeaders, previewModeId: string): boolean =>
  Boolean(previewModeId) && headers["x-prerender-revalidate"] === previewModeId;

/** The value of Next.js's draft-mode cookie in a Cookie header, if there is one. */
export function draftModeCookie(cookieHeader: string | undefined): string | undefined {
  for (const pair of cookieHeader?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === DRAFT_MODE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The build's preview id, which Next.js compares a draft-mode cookie and an on-demand
 * revalidation header with (prerender-manifest.json, written by `next build`).
 */
export const PRERENDER_MANIFEST_FILE = "prerender-manifest.json";
export function readPreviewModeId(distDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, PRERENDER_MANIFEST_FILE), "utf8")) as { preview?: { previewModeId?: unknown } };
  const id = manifest.preview?.previewModeId;
  if (typeof id !== "string" || id === "") throw new Error("prerender-manifest.json has no preview id: build the site again");
  return id;
}

// ---------------------------------------------------------------------------------------------
// Server actions (next/dist/server/lib/server-action-request-meta, app-render/action-handler)

/** Next.js's default `serverActions.bodySizeLimit`: 1 MB. */
export const NEXT_ACTION_BODY_LIMIT = 1024 * 1024;

/** A request that names a server action (ACTION_HEADER, `Next-Action`), sent by the page's script. */
export const namesServerAction = (headers: http.IncomingHttpHeaders): boolean => headers["next-action"] !== undefined;

/**
 * Whether Next.js takes a request for a server action (getIsPossibleServerAction): a POST that
 * names an action (`Next-Action`), or any form, urlencoded or multipart (a form sent before the
 * page's script ran names its action inside).
 */
export function isPossibleServerAction(method: string | undefined, headers: http.IncomingHttpHeaders): boolean {
  if (method !== "POST") return false;
  if (namesServerAction(headers)) return true;
  const type = headers["content-type"] ?? "";
  return type === "application/x-www-form-urlencoded" || type.startsWith("multipart/form-data");
}

/**
 * The messages of the errors Next.js logs with `console.warn(error)` for a post naming an action
 * this build does not have (action-handler.js, handleUnrecognizedAction; manifests-singleton.js,
 * getActionNotFoundError and getInvalidServerReferenceIdError).
 */
const INVALID_ACTION = /^(Failed to find Server Action|The Server Reference ID did not match the expected format)/;
export const isInvalidActionMessage = (message: string): boolean => INVALID_ACTION.test(message);

// ---------------------------------------------------------------------------------------------
// What Next.js writes into a page (app-render/app-render.js, getRSCPayload; stream-ops.node.js,
// createNodeInlinedDataStream)

/**
 * The first row of flight data (`0:{…}`) has the canonical URL's parts (`"c":[…]`, the path and
 * query as requested, split at every `/`) immediately followed by the query (`"q":"…"`, built
 * with encodeURIComponent). Where the row begins: at the start of the data or of a line; in the
 * HTML, of a pushed string or of an escaped line.
 */
export const FLIGHT_ROW_ZERO = /(?:^|\n)0:\{/;
export const HTML_FLIGHT_ROW_ZERO = /(?:\[1,"|\\n)0:\{/;
export const FLIGHT_URL_FIELDS = { parts: "c", query: "q" } as const;

/** The inline script that starts the flight data in the HTML. */
export const FLIGHT_BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
/** An inline script with one chunk of the flight data: its argument is a JSON array. */
export const FLIGHT_CHUNK = /^self\.__next_f\.push\((\[[\s\S]*\])\);?$/;
/** Turbopack's inline chunk list: its argument is JSON naming the build's chunk files. */
export const TURBOPACK_CHUNKS = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{[\s\S]*\})\);?$/;
/** A chunk file of the build, as Turbopack's chunk list names it. */
export const CHUNK_FILE = /^static\/chunks\/[A-Za-z0-9_.-]+\.js$/;

// ---------------------------------------------------------------------------------------------
// The command line

/** The file `next` runs (package.json's bin for `next`). */
export const nextBin = (): string => require.resolve("next/dist/bin/next");
