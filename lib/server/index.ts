/**
 * The production server (`npm run serve`, and `npm start` after the build): Next.js's request
 * handler behind two additions it cannot make itself on cached pages.
 * - A hash-based Content-Security-Policy computed from each page's HTML (lib/server/csp.ts).
 * - The client's address taken from the socket (x-forwarded-for is replaced unless
 *   TRUST_PROXY=1), so rate limits cannot be dodged with a made-up header.
 * Compression is the outer layer so the policy step sees plain HTML.
 */
import http from "node:http";
import path from "node:path";
import compression from "compression";
import next from "next";
import { env } from "../env";
import { policyForHtml, RESOURCE_POLICY } from "./csp";
import { isCacheablePageRequest, processPageCache, type PageCache } from "./page-cache";

type WriteHead = http.ServerResponse["writeHead"];

/**
 * Buffers an HTML response to hash its inline scripts into the policy; streams the rest. A page
 * Next.js served from its cache is also kept in the page cache under `cacheKey`.
 */
function addContentSecurityPolicy(res: http.ServerResponse, pageCache?: PageCache, cacheKey?: string): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  const writeHead = res.writeHead.bind(res) as WriteHead;
  let mode: "undecided" | "html" | "other" = "undecided";
  let passThrough = false;
  const chunks: Buffer[] = [];

  const decide = () => {
    if (mode !== "undecided") return mode;
    mode = String(res.getHeader("content-type") ?? "").includes("text/html") ? "html" : "other";
    if (mode === "other") {
      // Never on a 304: browsers merge its headers into the copy they kept (a page, perhaps).
      const notModified = res.statusCode === 304;
      if (!notModified && !res.headersSent && !res.hasHeader("content-security-policy")) res.setHeader("content-security-policy", RESOURCE_POLICY);
      passThrough = true;
    }
    return mode;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (encoding as BufferEncoding) || "utf8") : Buffer.from(chunk as Uint8Array);

  res.writeHead = function patchedWriteHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (passThrough) return (writeHead as (...args: unknown[]) => http.ServerResponse)(statusCode, ...rest);
    // Keep the head until the body is known: record it as ordinary headers.
    res.statusCode = statusCode;
    const headers = (typeof rest[0] === "string" ? rest[1] : rest[0]) as http.OutgoingHttpHeaders | undefined;
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return res;
  } as WriteHead;

  res.write = function patchedWrite(chunk: unknown, ...rest: unknown[]) {
    if (decide() === "other") return write(chunk, ...rest);
    chunks.push(toBuffer(chunk, typeof rest[0] === "string" ? rest[0] : undefined));
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    callback?.();
    return true;
  } as http.ServerResponse["write"];

  res.end = function patchedEnd(...args: unknown[]) {
    const [chunk, encoding] = args;
    if (decide() === "other") return end(...args);
    if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
    const body = Buffer.concat(chunks);
    // A 304 (or a HEAD) has no body to hash. Browsers merge a 304's headers into the copy they
    // kept, so sending a policy here would replace the cached page's policy with an empty one.
    if (body.length > 0 && res.statusCode !== 304) {
      const etag = res.getHeader("etag");
      res.setHeader("content-security-policy", policyForHtml(body, typeof etag === "string" ? etag : undefined));
      res.removeHeader("content-length");
      res.setHeader("content-length", body.length);
      if (pageCache && cacheKey && res.statusCode === 200 && res.getHeader("x-nextjs-cache") === "HIT") {
        pageCache.set(cacheKey, { headers: res.getHeaders(), body, etag: typeof etag === "string" ? etag : undefined });
      }
    }
    passThrough = true;
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    return end(body, callback);
  } as http.ServerResponse["end"];
}

/** A page from the page cache, or 304 when the browser already holds this version. */
function sendCachedPage(req: http.IncomingMessage, res: http.ServerResponse, page: { headers: http.OutgoingHttpHeaders; body: Buffer; etag?: string }) {
  if (page.etag && req.headers["if-none-match"] === page.etag) {
    res.statusCode = 304;
    res.setHeader("etag", page.etag);
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(page.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader("x-page-cache", "HIT");
  res.statusCode = 200;
  res.end(page.body);
}

export async function startServer({ port = env().PORT, hostname = "0.0.0.0" }: { port?: number; hostname?: string } = {}) {
  const app = next({ dev: false, dir: path.resolve("."), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const compress = compression();
  const trustProxy = env().TRUST_PROXY === "1";
  const pageCache = processPageCache(env().PAGE_CACHE_TTL_MS);

  const server = http.createServer((req, res) => {
    if (!trustProxy) req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "unknown";
    compress(req as never, res as never, () => {
      const cacheKey = isCacheablePageRequest(req) ? req.url : undefined;
      const hit = cacheKey ? pageCache.get(cacheKey) : undefined;
      if (hit) return sendCachedPage(req, res, hit);
      addContentSecurityPolicy(res, pageCache, cacheKey);
      void handle(req, res);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`[serve] Managely on http://localhost:${port}`);

  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return server;
}

if (require.main === module) {
  startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
