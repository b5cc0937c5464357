import crypto from "node:crypto";
import http from "node:http";
import { policyForHtml, RESOURCE_POLICY } from "./csp";
import { SECURITY_HEADERS } from "./headers";
import { compressBody, compressStream, decompressBrotli, isCompressible, negotiateEncoding, type Encoding } from "./encoding";
import type { FreshPage, PageStore } from "./page-store";
import type { Resolution } from "./route-resolver";
import { isNormalStaticPath, type StaticFile } from "./static-files";
import { checkServerActionPost, isServerActionPost, serverActionLimit } from "./server-actions";
import { answerCall, clientAddress, readCallRequest } from "../service/http-entry";
import type { Service } from "../service";
import { answerHealth } from "../service/health";
import { HEALTH_PATH, isShareImagePath } from "../contract/routes";
import { IMMUTABLE_CACHE_CONTROL, NO_STORE_HEADERS, SHARE_IMAGE_CACHE_CONTROL, pageCacheControl } from "../contract/cache-policy";
import { FAILURE } from "../contract/messages";
import type { RedirectTable } from "./redirect-table";
import type { NotFoundLog } from "./not-found-log";
import { draftModeCookie, isOnDemandRevalidation, NEXT_CACHE_STATE_HEADER, NEXT_STATIC_PREFIX, NOT_FOUND_PAGE, PAGE_VARY, wantsPageHtml } from "./next-internals";
import { appendHeader, applyPathRules, copyHeaders, etagFor, headerValue, INTERNAL_HEADERS, matchesEtag, mergeVary, sendBody, sendHead, sendPlainPage, sendRedirect, sendRuleAnswer } from "./answers";

/**
 * What the production server does with each request before and after Next.js (see index.ts).
 * Fresh pages are answered from the page store as they are kept (brotli), without entering
 * Next.js; pages Next.js renders or refreshes, and everything else, are read from it and
 * compressed on the way out; build files are answered from the build, compressed at build time.
 */
type FrontOptions = {
  /** The service's one door, in this process: API calls never need Next.js. */
  service: Service;
  socketPath: string;
  agent: http.Agent;
  store: PageStore;
  staticFiles: { get(relative: string): Promise<StaticFile | undefined> };
  resolver: { resolve(rawPath: string): Promise<Resolution> };
  trustProxy: boolean;
  /** Unlocks /healthz's details (API_TOKEN). */
  apiToken?: string;
  /**
   * The build's preview id (prerender-manifest.json): only a draft-mode cookie or an on-demand
   * revalidation that carries it changes what Next.js answers, so only those skip the store.
   */
  previewModeId: string;
  onRevalidated(): Promise<void>;
  /** The browser origins the site accepts (allowedOrigins() in lib/env.ts): server actions are checked against them. */
  allowedOrigins: readonly string[];
  /** The repeated line that counts invalid posts to server actions (next-log.ts). */
  logInvalidAction(message: string): void;
  /** Workspace → Redirects: answered before the page store (redirect-table.ts). */
  redirects?: Pick<RedirectTable, "lookup">;
  /** Where public pages that answered 404 are counted (not-found-log.ts). */
  notFoundLog?: Pick<NotFoundLog, "record">;
};

/** A whole answer read from Next.js; requests that share it share its compressed bodies too. */
type NextAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; compressed: Map<Encoding, Promise<Buffer>> };

/** Headers a client may not send on to Next.js: ours to set. */
const CLIENT_HEADERS_DROPPED = ["x-managely-internal", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "x-middleware-subrequest"];
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function createFrontHandler(options: FrontOptions) {
  // One fetch from Next.js per page at a time: requests that miss together share it.
  const inFlight = new Map<string, Promise<NextAnswer>>();
  const fetchOnce = (target: string, headers: http.IncomingHttpHeaders) => {
    let pending = inFlight.get(target);
    if (!pending) {
      pending = fetchFromNext(target, headers, options).finally(() => inFlight.delete(target));
      inFlight.set(target, pending);
    }
    return pending;
  };
  return async function front(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const queryAt = rawUrl.indexOf("?");
    const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    if (!isWellFormedPath(rawPath)) return sendPlainPage(req, res, 400, "Bad request", FAILURE.malformedAddress);

    for (const header of CLIENT_HEADERS_DROPPED) delete req.headers[header];
    const method = req.method ?? "GET";
    const readsOnly = method === "GET" || method === "HEAD";
    if (rawPath.startsWith("/api/") && rawPath !== "/api/revalidate") return serveCall(req, res, options);
    // Next.js sees one address: the one this server established.
  req.headers["x-forwarded-for"] = clientAddress({ socketAddress: req.socket.remoteAddress, forwardedFor: headerValue(req.headers["x-forwarded-for"]), trustProxy: options.trustProxy });
    if (readsOnly && rawPath === HEALTH_PATH) return serveHealth(req, res, options);
    if (method === "POST" && rawPath === "/api/revalidate") return proxyStream(req, res, rawPath, options, { afterSuccess: options.onRevalidated });
    if (readsOnly && rawPath.startsWith(NEXT_STATIC_PREFIX)) return serveStatic(req, res, rawPath, options);
    // A redirect rule answers before any page (never for /api, /_next or /workspace: lookup refuses those).
    const rule = readsOnly ? options.redirects?.lookup(rawPath) : undefined;
    if (rule) return sendRuleAnswer(req, res, rule, rawUrl.slice(rawPath.length));
    if (readsOnly && isPageRequest(rawPath, req.headers, options.previewModeId)) return servePage(req, res, rawUrl, rawPath, options, fetchOnce);
    if (isServerActionPost(req, rawPath)) return serveAction(req, res, rawPath, options);
    return proxyStream(req, res, rawPath, options);
  };
}

/** Percent-encoding that decodes, and no control characters once decoded. */
function isWellFormedPath(rawPath: string): boolean {
  if (!rawPath.startsWith("/")) return false;
  try {
    return !CONTROL_CHARACTERS.test(decodeURIComponent(rawPath));
  } catch {
    return false;
  }
}

/**
 * Page loads the store may answer: everything Next.js itself would answer with the page's HTML
 * (wantsPageHtml), but an on-demand revalidation. What changes nothing in Next.js's answer
 * (`Authorization`, the router's headers without `RSC: 1`) must not cost a visitor (or an
 * attacker) a trip through it.
 */
function isPageRequest(rawPath: string, headers: http.IncomingHttpHeaders, previewModeId: string): boolean {
  return wantsPageHtml(rawPath, headers) && !isOnDemandRevalidation(headers, previewModeId);
}

// ---------------------------------------------------------------------------------------------
// Service calls and health

async function serveCall(req: http.IncomingMessage, res: http.ServerResponse, { service, trustProxy }: FrontOptions) {
  const request = await readCallRequest(
    { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, socketAddress: req.socket.remoteAddress, body: req },
    { trustProxy },
  );
  const answer = await answerCall(service, request);
  sendJson(req, res, answer.status, answer.body, answer.headers);
}

/** A JSON answer that no cache keeps, with the security headers. */
function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  const json = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...Object.fromEntries(SECURITY_HEADERS),
    "content-security-policy": RESOURCE_POLICY,
    "content-type": "application/json",
    ...NO_STORE_HEADERS,
    "content-length": String(json.length),
    ...extraHeaders,
  });
  res.end(req.method === "HEAD" ? undefined : json);
}

/**
 * GET /healthz for load balancers and monitors (lib/service/health.ts, shared with `next dev`):
 * the status for anyone, the details with the bearer token, and then the page store's size too.
 */
async function serveHealth(req: http.IncomingMessage, res: http.ServerResponse, { service, store, apiToken }: FrontOptions) {
  const health = await answerHealth(service, { authorization: headerValue(req.headers.authorization), apiToken });
  const body = health.detailed ? { ...health.body, pageStore: await store.stats().catch(() => null) } : health.body;
  sendJson(req, res, health.status, body);
}

/** A post to a server action: to Next.js once checked (server-actions.ts), else refused and counted. */
async function serveAction(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, options: FrontOptions) {
  const check = await checkServerActionPost(req, options.allowedOrigins, serverActionLimit(rawPath));
  if (check.ok) return proxyStream(req, res, rawPath, options, { body: check.body });
  options.logInvalidAction(`invalid server action: ${check.reason} (answered ${check.status})`);
  sendJson(req, res, check.status, { success: false, message: check.message });
}

// ---------------------------------------------------------------------------------------------
// Pages

type Fetch = (target: string, headers: http.IncomingHttpHeaders) => Promise<NextAnswer>;

async function servePage(req: http.IncomingMessage, res: http.ServerResponse, rawUrl: string, rawPath: string, options: FrontOptions, fetchOnce: Fetch) {
  const resolution = await options.resolver.resolve(rawPath);
  if (resolution.kind === "redirect") return sendRedirect(req, res, `${resolution.location}${rawUrl.slice(rawPath.length)}`);
  if (resolution.kind === "missing") {
    // Next.js's static not-found page, rendered for no address of the visitor's: nothing about
    // this address enters any cache.
    const notFound = await fetchOnce(NOT_FOUND_PAGE, { accept: "text/html" });
    options.notFoundLog?.record(rawPath);
    return sendAnswer(req, res, rawPath, notFound, 404);
  }

  // A staff member previewing a draft (Next.js's draft-mode cookie) gets the page rendered for them, never a kept one.
  const fresh = isDraftPreview(req.headers, options.previewModeId) ? undefined : await options.store.freshPage(rawPath);
  if (fresh) return sendStoredPage(req, res, fresh, "HIT");

  // A share image reads nothing of the request: one fetch per image, whatever query or cookie it came with.
  if (isShareImagePath(rawPath)) return sendShareImage(req, res, rawPath, await fetchOnce(rawPath, { accept: "image/png" }));
  // Shared only when nothing of the visitor's shapes the answer (a plain, cookie-less page load).
  const answer = req.headers.cookie ? await fetchFromNext(rawUrl, req.headers, options) : await fetchOnce(rawUrl, req.headers);
  // Next.js has just stored what it rendered: answer from the store, compressed once already.
  if (answer.status === 200 && typeof answer.headers.etag === "string") {
    const stored = await options.store.freshPage(rawPath);
    if (stored && stored.meta.etag === answer.headers.etag) return sendStoredPage(req, res, stored, answer.headers[NEXT_CACHE_STATE_HEADER] === "HIT" ? "HIT" : "MISS");
  }
  if (answer.status === 404) options.notFoundLog?.record(rawPath);
  return sendAnswer(req, res, rawPath, answer);
}

/**
 * A share image: Next.js renders it once and keeps it in the page store (its share of the byte
 * budget, IMAGE_SHARE_OF_PAGE_STORE); it is sent with a cache lifetime for shared caches and an
 * ETag of its bytes, so a client that has it gets a 304.
 */
function sendShareImage(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, answer: NextAnswer) {
  if (answer.status !== 200) return sendAnswer(req, res, rawPath, answer);
  answer.headers.etag ??= `"${crypto.createHash("sha256").update(answer.body).digest("base64url").slice(0, 27)}"`;
  answer.headers["cache-control"] = SHARE_IMAGE_CACHE_CONTROL;
  return sendAnswer(req, res, rawPath, answer);
}

/**
 * A page from the store: the kept brotli body, or that body recompressed for a client without
 * brotli. `cache` says whether it was there before this request (HIT), or Next.js rendered it
 * for this request and stored it just now (MISS).
 */
async function sendStoredPage(req: http.IncomingMessage, res: http.ServerResponse, page: FreshPage, cache: "HIT" | "MISS") {
  const { meta, html } = page;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(meta.headers ?? {})) if (!INTERNAL_HEADERS.has(name)) headers[name] = value;
  Object.assign(headers, Object.fromEntries(SECURITY_HEADERS), {
    "content-type": "text/html; charset=utf-8",
    "cache-control": pageCacheControl({ revalidate: meta.cacheControl?.revalidate ?? false, expire: meta.cacheControl?.expire }),
    vary: PAGE_VARY,
    [NEXT_CACHE_STATE_HEADER]: cache,
    "x-page-cache": cache,
    "content-security-policy": meta.csp ?? RESOURCE_POLICY,
  });
  const encoding = negotiateEncoding(headerValue(req.headers["accept-encoding"]), { br: true, gzip: true });
  if (meta.etag) {
    headers.etag = etagFor(meta.etag, encoding);
    if (matchesEtag(headerValue(req.headers["if-none-match"]), meta.etag)) return sendHead(res, 304, headers);
  }
  return sendBody(req, res, 200, headers, encoding === "br" ? html : await storedVariant(page, encoding), encoding);
}

/** The stored HTML in an encoding other than brotli: made once per entry, then kept with it. */
async function storedVariant(page: FreshPage, encoding: "gzip" | "identity"): Promise<Buffer> {
  const kept = page.variants[encoding];
  if (kept) return kept;
  const plain = page.variants.identity ?? (await decompressBrotli(page.html));
  const body = encoding === "gzip" ? await compressBody(plain, "gzip") : plain;
  page.keep(encoding, body);
  return body;
}

/** An answer read from Next.js: its headers, the page's policy, compressed for this client. */
async function sendAnswer(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, answer: NextAnswer, status = answer.status) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of copyHeaders(answer.headers)) appendHeader(headers, name, value);
  Object.assign(headers, Object.fromEntries(SECURITY_HEADERS));
  const contentType = String(answer.headers["content-type"] ?? "");
  const etag = typeof answer.headers.etag === "string" ? answer.headers.etag : undefined;
  headers["content-security-policy"] = contentType.includes("text/html") && answer.body.length > 0 ? policyForHtml(answer.body, etag) : RESOURCE_POLICY;
  headers["x-page-cache"] = "MISS";
  applyPathRules(headers, rawPath, status);
  const compressible = isCompressible(contentType, answer.body.length);
  const encoding = compressible ? negotiateEncoding(headerValue(req.headers["accept-encoding"]), { br: true, gzip: true }) : "identity";
  if (compressible) headers.vary = mergeVary(headers.vary, "Accept-Encoding");
  if (etag) {
    headers.etag = etagFor(etag, encoding);
    if (status === 200 && matchesEtag(headerValue(req.headers["if-none-match"]), etag)) return sendHead(res, 304, headers);
  }
  if (encoding === "identity") return sendBody(req, res, status, headers, answer.body, encoding);
  let compressed = answer.compressed.get(encoding);
  if (!compressed) {
    compressed = compressBody(answer.body, encoding);
    answer.compressed.set(encoding, compressed);
  }
  return sendBody(req, res, status, headers, await compressed, encoding);
}

/**
 * Build files: from the build, compressed at build time, immutable. Only by their one normal
 * path: any other spelling (`..`, `.`, `//`, an encoded slash or a backslash) is refused before a
 * file is looked up, so no spelling can add to what the server keeps.
 */
async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, options: FrontOptions) {
  const raw = rawPath.slice(NEXT_STATIC_PREFIX.length);
  if (!isNormalStaticPath(raw)) return sendPlainPage(req, res, 400, "Bad request", FAILURE.malformedAddress);
  const file = await options.staticFiles.get(decodeURIComponent(raw));
  if (!file) return proxyStream(req, res, rawPath, options);
  const encoding = negotiateEncoding(headerValue(req.headers["accept-encoding"]), file.bodies);
  const headers: Record<string, string | string[]> = {
    ...Object.fromEntries(SECURITY_HEADERS),
    "content-type": file.contentType,
    "cache-control": IMMUTABLE_CACHE_CONTROL,
    "content-security-policy": RESOURCE_POLICY,
    etag: etagFor(file.etag, encoding),
  };
  if (file.bodies.br || file.bodies.gzip) headers.vary = "Accept-Encoding";
  if (matchesEtag(headerValue(req.headers["if-none-match"]), file.etag)) return sendHead(res, 304, headers);
  return sendBody(req, res, 200, headers, file.bodies[encoding] ?? file.bodies.identity, encoding);
}

/** GET from Next.js in full, without the browser's conditions: this server answers 304 itself. */
function fetchFromNext(target: string, clientHeaders: http.IncomingHttpHeaders, { socketPath, agent }: Pick<FrontOptions, "socketPath" | "agent">): Promise<NextAnswer> {
  const headers: http.OutgoingHttpHeaders = { ...clientHeaders };
  for (const name of ["if-none-match", "if-modified-since", "accept-encoding", "range", "if-range"]) delete headers[name];
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, agent, method: "GET", path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks), compressed: new Map() }));
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * A valid draft preview: Next.js's draft-mode cookie holding the build's preview id (set only by
 * the workspace's role-checked preview route). Any other value is ignored by Next.js (draft mode
 * stays off), so the visitor gets the kept page like anyone.
 */
function isDraftPreview(headers: http.IncomingHttpHeaders, previewModeId: string): boolean {
  if (!previewModeId || !headers.cookie) return false;
  return draftModeCookie(headers.cookie) === previewModeId;
}

/** Everything else streams through: the security headers added, compressed when worth it. */
function proxyStream(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, { socketPath, agent }: FrontOptions, { afterSuccess, body: readBody }: { afterSuccess?: () => Promise<void>; body?: Buffer } = {}) {
  return new Promise<void>((resolve, reject) => {
    const upstream = http.request({ socketPath, agent, method: req.method, path: req.url, headers: req.headers }, (response) => {
      const status = response.statusCode ?? 502;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of copyHeaders(response.headers)) appendHeader(headers, name, value);
      Object.assign(headers, Object.fromEntries(SECURITY_HEADERS));
      if (!headers["content-security-policy"]) headers["content-security-policy"] = RESOURCE_POLICY;
      applyPathRules(headers, rawPath, status);
      const declaredLength = Number(response.headers["content-length"] ?? NaN);
      const encoding =
        req.method !== "HEAD" && !response.headers["content-encoding"] && isCompressible(String(response.headers["content-type"] ?? ""), Number.isNaN(declaredLength) ? Infinity : declaredLength)
          ? negotiateEncoding(headerValue(req.headers["accept-encoding"]), { br: true, gzip: true })
          : "identity";
      if (encoding !== "identity") {
        headers["content-encoding"] = encoding;
        headers.vary = mergeVary(headers.vary, "Accept-Encoding");
      } else if (response.headers["content-length"]) {
        headers["content-length"] = String(response.headers["content-length"]);
      }
      res.writeHead(status, headers);
      const body = encoding === "identity" ? response : response.pipe(compressStream(encoding));
      body.pipe(res);
      res.on("finish", () => {
        if (afterSuccess && status === 200) afterSuccess().then(resolve, reject);
        else resolve();
      });
      res.on("close", resolve);
      response.on("error", reject);
    });
    upstream.on("error", reject);
    // A body this server has read already (a checked server action) goes on as it was.
    if (readBody) upstream.end(readBody);
    else req.pipe(upstream);
  });
}

