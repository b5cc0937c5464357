/**
 * The production server (`npm start`, `npm run serve`). Next.js renders pages; this server stands
 * in front of it, like a reverse proxy in the same process, for what Next.js cannot do:
 * - one bounded page store (lib/server/page-store.ts) that is both Next.js's incremental cache
 *   (its documented cacheHandler) and this server's fast path: a fresh page is sent as it is kept,
 *   brotli-compressed, without entering Next.js; memory with a byte budget, or Redis;
 * - a Content-Security-Policy without 'unsafe-inline': the inline scripts Next.js writes (and no
 *   other) are allowed by their SHA-256 hashes (a nonce would make every page render per request);
 * - the full set of security headers on every response (pages, 304s, redirects, files, errors);
 * - build files (/_next/static) compressed once and answered from the build;
 * - service calls (POST /api/<call>) answered by the service in this process, without Next.js;
 * - dynamic pages checked before they are rendered: a URL that names nothing is a 404 that stores
 *   nothing, other spellings are redirected to the canonical address with one Location;
 * - redirect rules (Workspace → Redirects) answered before the page store, from a table each
 *   instance reads again when a rule changes, and public 404s counted in a bounded log;
 * - GET /healthz (the database, Redis; details with the API token) and the outbox worker;
 * - malformed addresses refused with 400, slow clients cut off, the client's address
 *   established once (socket, or a trusted proxy's entry), and pages refreshed when the
 *   content_changes journal moves (the seeder).
 * Next.js answers on a Unix socket only this process can reach; requests and answers cross it
 * as HTTP, so Next.js's own response objects are never patched.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import next from "next";
import { allowedOrigins, env, INTERNAL_SECRET_HEADER } from "../env";
import { openDatabase } from "../db/connection";
import { latestContentChangeId } from "../db/queries/content-changes";
import { logError } from "../service/log";
import { createCacheBus } from "./cache-bus";
import { PageStore, registerPageStore, type StoreBackend } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { RedisBackend } from "./page-store-redis";
import { createStaticFiles } from "./static-files";
import { createRouteResolver } from "./route-resolver";
import { createFrontHandler } from "./front";
import { FAILURE } from "../contract/messages";
import { boundNextActionLogs, createInvalidActionLog } from "./next-log";
import { getService } from "../service/default";
import { markBuildInUse } from "../cli/build-in-use";
import { INTERNAL_CALLER } from "../service/guard";
import { getDatabase } from "../db";
import { createConfiguredWorker } from "../service/default-worker";
import { CONTENT_POLL_MS, REDIS_PAGE_TTL_SECONDS } from "../contract/cache-policy";
import { createRedirectTable } from "./redirect-table";
import { createNotFoundLog } from "./not-found-log";
import { readPreviewModeId } from "./next-internals";
import { onRedirectsChanged } from "../service/redirects-signal";

/** A client has this long to send its request's headers, and this long for the whole request. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks those timeouts (its default, 30 s, would let a slow client stay 40 s). */
const TIMEOUT_CHECK_MS = 1_000;

export async function startServer({ port = env().PORT, hostname = "0.0.0.0" }: { port?: number; hostname?: string } = {}) {
  const config = env();
  // The secret this server shows its own /api/revalidate; Next.js reads it from the environment.
  const internalSecret = crypto.randomBytes(32).toString("hex");
  process.env.INTERNAL_SECRET = internalSecret;

  // The page store exists before Next.js starts: its cache handler looks for it.
  const distDir = path.resolve(config.NEXT_DIST_DIR);
  const store = await createPageStore(config, distDir);
  registerPageStore(store);
  // Next.js's warning per unknown server action follows the site's log policy (one line a minute).
  const invalidActions = createInvalidActionLog((line) => console.warn(line));
  boundNextActionLogs(console, { log: invalidActions });
  const inner = await startNext({ port, hostname });

  const service = getService();
  const resolver = createRouteResolver((call, body) => service.handle({ call, body, caller: INTERNAL_CALLER }));
  // Pages need no word between instances (they share the store's tags on Redis); the route
  // resolutions each instance remembers for a minute are dropped on every instance.
  const bus = createCacheBus({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, () => resolver.forget());
  const { redirects, notFoundLog, redirectBus } = await startRedirects(config);
  const front = createFrontHandler({
    service,
    socketPath: inner.socketPath,
    agent: inner.agent,
    store,
    staticFiles: createStaticFiles(path.join(distDir, "static")),
    resolver,
    trustProxy: config.TRUST_PROXY === "1",
    apiToken: config.API_TOKEN,
    previewModeId: readPreviewModeId(distDir),
    allowedOrigins: allowedOrigins(),
    logInvalidAction: invalidActions,
    onRevalidated: () => bus.publishClear(),
    redirects,
    notFoundLog,
  });
  const server = await listen(front, { port, hostname });
  // While this server runs, nothing builds into its folder (lib/cli/build-in-use.ts).
  const unmarkBuild = markBuildInUse(distDir);
  console.log(`[serve] Managely on http://localhost:${port}`);

  const stopWatching = await watchContentChanges(async () => {
    const answer = await innerRequest(inner.socketPath, inner.agent, {
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
    unmarkBuild();
    stopWatching();
    const stopped = worker?.stop().catch((error: unknown) => logError("stopping the outbox worker", error));
    server.close(() => {
      inner.close();
      void Promise.all([bus.close(), redirectBus.close(), notFoundLog.stop(), stopped, store.close()]).finally(() => process.exit(0));
    });
    // Keep-alive connections would hold close() open.
    server.closeIdleConnections();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return server;
}

/**
 * Redirect rules, read at start and again on every instance when the workspace changes one (in
 * this process through the signal, in the others through Redis, and on reconnecting to it), and
 * the 404 log's writer.
 */
async function startRedirects(config: ReturnType<typeof env>) {
  const siteDb = (await getDatabase()).db;
  const redirects = createRedirectTable(siteDb);
  await redirects.reload();
  const redirectBus = createCacheBus({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, topic: "redirects:changed", what: "read their redirect rules again", label: "redirect rules" }, () => void redirects.reload());
  onRedirectsChanged(async () => {
    await redirectBus.publishClear();
    await redirects.reload();
  });
  return { redirects, redirectBus, notFoundLog: createNotFoundLog(siteDb) };
}

/** Next.js, listening on a Unix socket in a directory only this user can open. */
async function startNext({ port, hostname }: { port: number; hostname: string }) {
  const app = next({ dev: false, dir: path.resolve("."), port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-next-"));
  const socketPath = path.join(socketDir, "next.sock");
  const inner = http.createServer((req, res) => {
    void handle(req, res);
  });
  inner.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => inner.listen(socketPath, resolve));
  return {
    socketPath,
    agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
    close() {
      inner.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The public server: every request through the front handler, slow clients cut off. */
async function listen(front: ReturnType<typeof createFrontHandler>, { port, hostname }: { port: number; hostname: string }) {
  const server = http.createServer({ connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    front(req, res).catch((error: unknown) => {
      // A client that went away mid-request (an aborted upload, a closed tab) is nobody's error.
      if (req.destroyed || res.destroyed || (error as { code?: string }).code === "ECONNRESET") return void res.destroy();
      logError(`request ${req.method ?? ""} ${req.url ?? ""} failed`, error);
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end(FAILURE.upstreamUnreachable);
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  // Slow clients (a header a byte at a time, a body that never ends) are cut off, so they cannot
  // hold the server's sockets; a request that is on time is never affected.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  return server;
}

/** Memory with a byte budget, or Redis (keys of this build only) when REDIS_URL is set. */
async function createPageStore(config: ReturnType<typeof env>, distDir: string): Promise<PageStore> {
  let backend: StoreBackend;
  if (config.REDIS_URL) {
    const buildId = fs.readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
    const redis = new RedisBackend({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, buildId });
    await redis.checkEviction();
    backend = redis;
  } else backend = new MemoryBackend(config.PAGE_STORE_MAX_BYTES);
  return new PageStore({ backend, maxTtlSeconds: REDIS_PAGE_TTL_SECONDS });
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
