/**
 * The production server (`npm start`, `npm run serve`). Next.js renders and caches the pages;
 * this server stands in front of it, like a reverse proxy in the same process, for what Next.js
 * cannot do on pages it serves from its cache:
 * - a Content-Security-Policy without 'unsafe-inline': every inline script of a page (Next.js's
 *   bootstrap, JSON-LD) is allowed by its SHA-256 hash, computed from the page's HTML (a nonce
 *   would make every page render per request);
 * - the full set of security headers on every response (pages, 304s, redirects, files, errors);
 * - a short-lived page copy answered without Next.js's routing, kept precompressed (gzip and
 *   brotli) and bounded in bytes;
 * - service calls (POST /api/<call>) answered by the service in this process, without Next.js;
 * - dynamic pages checked before they are rendered: unknown ones answered 404 without entering
 *   Next.js's cache, other spellings redirected to the canonical address with one Location;
 * - GET /healthz (the database, Redis, the outbox's backlog) and the outbox worker (issue 11);
 * - malformed addresses refused with 400, the client's address established once (socket, or a
 *   trusted proxy's entry), page copies dropped on every instance after a revalidation, and
 *   pages refreshed when the content_changes journal moves (the seeder).
 * Next.js answers on a Unix socket only this process can reach; requests and answers cross it
 * as HTTP, so Next.js's own response objects are never patched.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import next from "next";
import { env, INTERNAL_SECRET_HEADER } from "../env";
import { openDatabase } from "../db/connection";
import { latestContentChangeId } from "../db/queries/content-changes";
import { escapeForLog, logError } from "../service/log";
import { createCacheBus } from "./cache-bus";
import { PageCache } from "./page-cache";
import { createRouteResolver } from "./route-resolver";
import { createFrontHandler } from "./front";
import { getService } from "../service/default";
import { INTERNAL_CALLER } from "../service/guard";
import { getDatabase } from "../db";
import { createConfiguredWorker } from "../service/delivery/default-worker";

const CONTENT_POLL_MS = 3_000;

export async function startServer({ port = env().PORT, hostname = "0.0.0.0" }: { port?: number; hostname?: string } = {}) {
  const config = env();
  // The secret this server shows its own /api/revalidate; Next.js reads it from the environment.
  const internalSecret = crypto.randomBytes(32).toString("hex");
  process.env.INTERNAL_SECRET = internalSecret;

  const app = next({ dev: false, dir: path.resolve("."), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();

  // Next.js listens on a socket in a directory only this user can open.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-next-"));
  const socketPath = path.join(socketDir, "next.sock");
  const inner = http.createServer((req, res) => {
    void handle(req, res);
  });
  inner.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => inner.listen(socketPath, resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const pages = new PageCache(config.PAGE_CACHE_TTL_MS, config.PAGE_CACHE_MAX_BYTES);
  // Immutable build files (/_next/static) are kept compressed for an hour, in a bound of their own.
  const assets = new PageCache(config.PAGE_CACHE_TTL_MS > 0 ? 3_600_000 : 0, 32 * 1024 * 1024);
  const service = getService();
  const resolver = createRouteResolver((call, body) => service.handle({ call, body, caller: INTERNAL_CALLER }));
  const bus = await createCacheBus({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, () => {
    pages.clear();
    resolver.forget();
  });

  const front = createFrontHandler({
    service,
    socketPath,
    agent,
    pages,
    assets,
    resolver,
    trustProxy: config.TRUST_PROXY === "1",
    onRevalidated: () => bus.publishClear(),
  });
  const server = http.createServer((req, res) => {
    front(req, res).catch((error: unknown) => {
      logError(`request ${escapeForLog(req.method ?? "")} ${escapeForLog(req.url ?? "")} failed`, error);
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end("The site is not reachable right now. Please try again in a moment.");
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`[serve] Managely on http://localhost:${port}`);

  const stopWatching = await watchContentChanges(async () => {
    const answer = await innerRequest(socketPath, agent, {
      method: "POST",
      path: "/api/revalidate",
      headers: { "content-type": "application/json", [INTERNAL_SECRET_HEADER]: internalSecret },
      body: JSON.stringify({ all: true }),
    });
    if (answer.status !== 200) throw new Error(`revalidation answered ${answer.status}`);
    await bus.publishClear();
  });

  // The outbox worker runs here unless a dedicated one does (OUTBOX_WORKER=0, `npm run worker`).
  const worker = config.OUTBOX_WORKER === "1" ? createConfiguredWorker(await getDatabase()) : undefined;
  worker?.start();

  const stop = () => {
    stopWatching();
    const stopped = worker?.stop().catch((error: unknown) => logError("stopping the outbox worker", error));
    server.close(() => {
      inner.close();
      void Promise.all([bus.close(), stopped]).finally(() => {
        fs.rmSync(socketDir, { recursive: true, force: true });
        process.exit(0);
      });
    });
    // Keep-alive connections would hold close() open.
    server.closeIdleConnections();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return server;
}

/** One request to the Next.js socket, answered in full. */
export function innerRequest(
  socketPath: string,
  agent: http.Agent,
  { method, path: requestPath, headers, body }: { method: string; path: string; headers: http.OutgoingHttpHeaders; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, agent, method, path: requestPath, headers: { host: "localhost", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Polls the content_changes journal (cheap: one indexed max()) and calls `refresh` when it moves,
 * so pages show what the seeder added without waiting for the hourly refresh.
 */
async function watchContentChanges(refresh: () => Promise<void>): Promise<() => void> {
  const handle = openDatabase(env().DATABASE_URL);
  // What is already there when the server starts is already in what it serves.
  let seen: number | undefined = await latestContentChangeId(handle.db).catch(() => undefined);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    latestContentChangeId(handle.db)
      .then(async (latest) => {
        if (seen !== undefined && latest > seen) await refresh();
        seen = latest;
      })
      .catch((error: unknown) => logError("watching content changes", error))
      .finally(() => {
        busy = false;
      });
  }, CONTENT_POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    void handle.close();
  };
}

if (require.main === module) {
  startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
