import http from "node:http";
import zlib from "node:zlib";
import { policyForHtml, RESOURCE_POLICY } from "./csp";
import { SECURITY_HEADERS } from "./headers";
import { negotiateEncoding, type Encoding, type PageCache, type PageEntry } from "./page-cache";
import type { Resolution } from "./route-resolver";
import { BODY_TOO_LARGE, MAX_BODY_BYTES, type Service } from "../service";
import { INTERNAL_CALLER } from "../service/guard";
import { HEALTH_PATH } from "../contract/routes";

/**
 * What the production server does with each request before and after Next.js (see index.ts).
 * Pages and build files are read from Next.js in full and answered from here; everything else
 * (the API, router requests, other files) streams through with the security headers added.
 */
type FrontOptions = {
  /** The service's one door, in this process: API calls never need Next.js. */
  service: Service;
  socketPath: string;
  agent: http.Agent;
  pages: PageCache;
  assets: PageCache;
  resolver: { resolve(rawPath: string): Promise<Resolution> };
  trustProxy: boolean;
  onRevalidated(): Promise<void>;
};

/** Headers that describe one connection or one encoding of a body, never copied as they are. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "upgrade", "proxy-connection", "date"]);
/** Headers a client may not send on to Next.js: ours to set. */
const CLIENT_HEADERS_DROPPED = ["x-managely-internal", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "x-middleware-subrequest"];
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/i;
const MIN_COMPRESSIBLE_BYTES = 1024;

export function createFrontHandler(options: FrontOptions) {
  // One fetch from Next.js per page at a time: requests that miss together share it.
  const inFlight = new Map<string, ReturnType<typeof fetchFromNext>>();
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
    if (!isWellFormedPath(rawPath)) return sendPlainPage(req, res, 400, "Bad request", "This address is not well formed. Please check it and try again.");

    for (const header of CLIENT_HEADERS_DROPPED) delete req.headers[header];
    req.headers["x-forwarded-for"] = clientAddress(req, options.trustProxy);

    const method = req.method ?? "GET";
    if ((method === "GET" || method === "HEAD") && rawPath === HEALTH_PATH) return serveHealth(req, res, options.service);
    if (method === "POST" && rawPath === "/api/revalidate") return proxyStream(req, res, options, { afterSuccess: options.onRevalidated });
    if (rawPath.startsWith("/api/")) return serveCall(req, res, rawPath, options.service);
    if ((method === "GET" || method === "HEAD") && isPageRequest(rawPath, req.headers)) return servePage(req, res, rawUrl, rawPath, options, fetchOnce);
    if ((method === "GET" || method === "HEAD") && rawPath.startsWith("/_next/static/")) return serveAsset(req, res, rawUrl, rawPath, options, fetchOnce);
    return proxyStream(req, res, options);
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
 * The client's address: the socket's, or behind a trusted proxy (TRUST_PROXY=1) the last
 * X-Forwarded-For entry, which that proxy appended; when there is none, the socket's again.
 */
export function clientAddress(req: http.IncomingMessage, trustProxy: boolean): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return socketAddress;
  const forwarded = req.headers["x-forwarded-for"];
  const entries = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").map((entry) => entry.trim());
  const last = entries.filter(Boolean).pop();
  return (last ?? socketAddress).slice(0, 64);
}

/**
 * Plain page loads: not the API, not Next.js's files, not router or server-action requests, and
 * not Next.js's on-demand revalidation (x-prerender-revalidate, which only the build's preview
 * id makes work: the scale benchmark renders pages afresh with it).
 */
function isPageRequest(rawPath: string, headers: http.IncomingHttpHeaders): boolean {
  if (rawPath.startsWith("/api/") || rawPath.startsWith("/_next/")) return false;
  return !(
    headers.rsc ||
    headers["next-router-state-tree"] ||
    headers["next-router-prefetch"] ||
    headers["next-action"] ||
    headers.authorization ||
    headers["x-prerender-revalidate"]
  );
}

// ---------------------------------------------------------------------------------------------
// Service calls: POST /api/<call>, answered by the service in this process (the same door and
// contract as app/api/[...call]/route.ts, which answers them under `next dev`).

async function serveCall(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, service: Service) {
  const call = rawPath
    .slice("/api/".length)
    .split("/")
    .map((segment) => decodeURIComponent(segment))
    .join("/");
  const body = req.method === "POST" ? await readAtMost(req, MAX_BODY_BYTES) : "";
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const result = await service.handle({ call, body, caller: { kind: "http", method: req.method ?? "GET", headers, address: String(req.headers["x-forwarded-for"]) } });
  sendJson(req, res, result.status, result.body, result.headers);
}

/** A JSON answer that no cache keeps, with the security headers. */
function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  const json = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...Object.fromEntries(SECURITY_HEADERS),
    "content-security-policy": RESOURCE_POLICY,
    "content-type": "application/json",
    "cache-control": "no-store",
    "content-length": String(json.length),
    ...extraHeaders,
  });
  res.end(req.method === "HEAD" ? undefined : json);
}

/**
 * GET /healthz for load balancers and monitors: 200 when the database (and Redis, when
 * configured) answer, 503 otherwise, with the outbox's backlog and the age of its oldest message.
 */
async function serveHealth(req: http.IncomingMessage, res: http.ServerResponse, service: Service) {
  const result = await service.handle({ call: "health/check", body: {}, caller: INTERNAL_CALLER });
  const { success: _success, ...health } = (result.body ?? {}) as Record<string, unknown>;
  const ok = result.status === 200 && health.status === "ok";
  sendJson(req, res, ok ? 200 : 503, result.status === 200 ? health : { status: "failing", database: { ok: false } });
}

/** The body as text, or BODY_TOO_LARGE as soon as it (or its declared length) passes `limit`. */
function readAtMost(req: http.IncomingMessage, limit: number): Promise<string | typeof BODY_TOO_LARGE> {
  if (Number(req.headers["content-length"] ?? "0") > limit) {
    req.resume();
    return Promise.resolve(BODY_TOO_LARGE);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve(BODY_TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Pages

type Fetch = (target: string, headers: http.IncomingHttpHeaders) => ReturnType<typeof fetchFromNext>;

async function servePage(req: http.IncomingMessage, res: http.ServerResponse, rawUrl: string, rawPath: string, options: FrontOptions, fetchOnce: Fetch) {
  if (rawUrl.includes("_rsc=")) return proxyStream(req, res, options);
  const resolution = await options.resolver.resolve(rawPath);
  if (resolution.kind === "redirect") {
    const query = rawUrl.slice(rawPath.length);
    return sendRedirect(req, res, `${resolution.location}${query}`);
  }
  // An unknown record: Next.js's not-found page (a static one) with status 404, rendered for
  // no address of the visitor's, so nothing about this address enters any cache.
  const target = resolution.kind === "missing" ? "/_not-found" : rawUrl;

  // A staff member previewing a draft (Next.js's draft-mode cookie) gets the page rendered for them, never a copy.
  const cached = resolution.kind === "page" && !isDraftPreview(req.headers) ? options.pages.get(rawPath) : undefined;
  if (cached) return sendEntry(req, res, cached, "HIT");

  // Shared only when nothing of the visitor's shapes the answer (a plain, cookie-less page load).
  const answer = req.headers.cookie ? await fetchFromNext(target, req.headers, options) : await fetchOnce(target, req.headers);
  const status = resolution.kind === "missing" ? 404 : answer.status;
  const isHtml = String(answer.headers["content-type"] ?? "").includes("text/html");
  const headers = copyHeaders(answer.headers);
  const etag = typeof answer.headers.etag === "string" ? answer.headers.etag : undefined;
  headers.push(["content-security-policy", isHtml && answer.body.length > 0 ? policyForHtml(answer.body, etag) : RESOURCE_POLICY]);
  const page = { status, headers, etag, body: answer.body };
  if (resolution.kind === "page" && status === 200 && isHtml && isSharedCacheable(answer.headers)) options.pages.set(rawPath, page);
  return sendEntry(req, res, { ...page, bodies: { identity: answer.body, ...compressNow(req, answer.body, answer.headers) }, expires: 0, bytes: 0 }, "MISS");
}

/** Build files never change under their name: read once, kept compressed, answered from here. */
async function serveAsset(req: http.IncomingMessage, res: http.ServerResponse, rawUrl: string, rawPath: string, options: FrontOptions, fetchOnce: Fetch) {
  const cached = options.assets.get(rawPath);
  if (cached) return sendEntry(req, res, cached, "HIT");
  const answer = await fetchOnce(rawUrl, req.headers);
  const headers = copyHeaders(answer.headers);
  headers.push(["content-security-policy", RESOURCE_POLICY]);
  const etag = typeof answer.headers.etag === "string" ? answer.headers.etag : undefined;
  const asset = { status: answer.status, headers, etag, body: answer.body };
  if (answer.status === 200 && String(answer.headers["cache-control"] ?? "").includes("immutable")) options.assets.set(rawPath, asset);
  return sendEntry(req, res, { ...asset, bodies: { identity: answer.body, ...compressNow(req, answer.body, answer.headers) }, expires: 0, bytes: 0 }, "MISS");
}

/** GET from Next.js in full, without the browser's conditions: this server answers 304 itself. */
async function fetchFromNext(target: string, clientHeaders: http.IncomingHttpHeaders, { socketPath, agent }: FrontOptions) {
  const headers: http.OutgoingHttpHeaders = { ...clientHeaders };
  for (const name of ["if-none-match", "if-modified-since", "accept-encoding", "range", "if-range"]) delete headers[name];
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ socketPath, agent, method: "GET", path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Next.js's draft-mode cookie (set only by the workspace's role-checked preview route). */
function isDraftPreview(headers: http.IncomingHttpHeaders): boolean {
  return /(^|;\s*)__prerender_bypass=/.test(headers.cookie ?? "");
}

/** Next.js's own mark of a page it keeps in its cache: shared-cacheable, no cookie. */
function isSharedCacheable(headers: http.IncomingHttpHeaders): boolean {
  const cacheControl = String(headers["cache-control"] ?? "");
  return /s-maxage=\d+/.test(cacheControl) && !/no-store|private/.test(cacheControl) && !headers["set-cookie"];
}

/** A one-off answer (not kept) compressed with gzip at a fast level when the client wants it. */
function compressNow(req: http.IncomingMessage, body: Buffer, headers: http.IncomingHttpHeaders): Partial<Record<Encoding, Buffer>> {
  if (body.length < MIN_COMPRESSIBLE_BYTES || !COMPRESSIBLE.test(String(headers["content-type"] ?? ""))) return {};
  if (negotiateEncoding(headerValue(req.headers["accept-encoding"]), { gzip: true }) !== "gzip") return {};
  return { gzip: zlib.gzipSync(body, { level: 6 }) };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** The ETag of one encoding of a body: the plain one's, marked, so caches keep them apart. */
function etagFor(etag: string, encoding: Encoding): string {
  if (encoding === "identity") return etag;
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : `${etag}-${encoding}`;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const candidates = new Set(ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, "")));
  return candidates.has("*") || (["identity", "gzip", "br"] as Encoding[]).some((encoding) => candidates.has(etagFor(etag, encoding)));
}

function sendEntry(req: http.IncomingMessage, res: http.ServerResponse, entry: PageEntry, copy: "HIT" | "MISS") {
  const encoding = negotiateEncoding(headerValue(req.headers["accept-encoding"]), entry.bodies);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of entry.headers) appendHeader(headers, name, value);
  for (const [name, value] of SECURITY_HEADERS) headers[name] = value;
  headers["x-page-cache"] = copy;
  if (entry.bodies.gzip || entry.bodies.br) headers.vary = mergeVary(headers.vary, "Accept-Encoding");
  if (entry.etag) headers.etag = etagFor(entry.etag, encoding);

  if (entry.status === 200 && entry.etag && matchesEtag(headerValue(req.headers["if-none-match"]), entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const body = entry.bodies[encoding] ?? entry.bodies.identity;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

function sendRedirect(req: http.IncomingMessage, res: http.ServerResponse, location: string) {
  const headers: Record<string, string> = Object.fromEntries(SECURITY_HEADERS);
  headers.location = location;
  headers["content-security-policy"] = RESOURCE_POLICY;
  headers["content-type"] = "text/plain; charset=utf-8";
  const body = Buffer.from(`Moved to ${location}\n`);
  headers["content-length"] = String(body.length);
  res.writeHead(308, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A small page of our own (a malformed address never reaches Next.js). */
function sendPlainPage(req: http.IncomingMessage, res: http.ServerResponse, status: number, title: string, text: string) {
  const html = Buffer.from(
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Managely</title></head>` +
      `<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
  );
  const headers: Record<string, string> = Object.fromEntries(SECURITY_HEADERS);
  headers["content-type"] = "text/html; charset=utf-8";
  headers["content-security-policy"] = policyForHtml(html);
  headers["cache-control"] = "no-store";
  headers["content-length"] = String(html.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : html);
}

/** Everything else streams through: the security headers added, compressed when worth it. */
function proxyStream(req: http.IncomingMessage, res: http.ServerResponse, { socketPath, agent }: FrontOptions, { afterSuccess }: { afterSuccess?: () => Promise<void> } = {}) {
  return new Promise<void>((resolve, reject) => {
    const upstream = http.request({ socketPath, agent, method: req.method, path: req.url, headers: req.headers }, (response) => {
      const status = response.statusCode ?? 502;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of copyHeaders(response.headers)) appendHeader(headers, name, value);
      for (const [name, value] of SECURITY_HEADERS) headers[name] = value;
      if (!headers["content-security-policy"]) headers["content-security-policy"] = RESOURCE_POLICY;
      const contentType = String(response.headers["content-type"] ?? "");
      const declaredLength = Number(response.headers["content-length"] ?? NaN);
      const gzip =
        req.method !== "HEAD" &&
        status === 200 &&
        !response.headers["content-encoding"] &&
        COMPRESSIBLE.test(contentType) &&
        !(declaredLength < MIN_COMPRESSIBLE_BYTES) &&
        negotiateEncoding(headerValue(req.headers["accept-encoding"]), { gzip: true }) === "gzip";
      if (gzip) {
        headers["content-encoding"] = "gzip";
        headers.vary = mergeVary(headers.vary, "Accept-Encoding");
      } else if (response.headers["content-length"]) {
        headers["content-length"] = String(response.headers["content-length"]);
      }
      res.writeHead(status, headers);
      const body = gzip ? response.pipe(zlib.createGzip({ level: 6 })) : response;
      body.pipe(res);
      res.on("finish", () => {
        if (afterSuccess && status === 200) afterSuccess().then(resolve, reject);
        else resolve();
      });
      res.on("close", resolve);
      response.on("error", reject);
    });
    upstream.on("error", reject);
    req.pipe(upstream);
  });
}

function copyHeaders(headers: http.IncomingHttpHeaders): Array<[string, string]> {
  const copied: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // Node keeps only the first of a repeated Location (or ETag, Content-Type…); cookies stay a list.
    for (const item of Array.isArray(value) ? value : [value]) copied.push([name, item]);
  }
  return copied;
}

function appendHeader(headers: Record<string, string | string[]>, name: string, value: string) {
  const existing = headers[name];
  if (existing === undefined) headers[name] = value;
  else if (name === "set-cookie") headers[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  else headers[name] = `${existing}, ${value}`;
}

function mergeVary(existing: string | string[] | undefined, value: string): string {
  const current = (Array.isArray(existing) ? existing.join(", ") : (existing ?? "")).split(",").map((part) => part.trim()).filter(Boolean);
  return current.some((part) => part.toLowerCase() === value.toLowerCase()) ? current.join(", ") : [...current, value].join(", ");
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

