import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@/test-support";
import { createFrontHandler } from "./front";
import { PageStore } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { createInvalidActionLog } from "./next-log";
import { createRedirectTable, type RedirectTable } from "./redirect-table";
import { putRedirectRule } from "../db/queries/redirects";
import { GONE_PAGE } from "../contract/redirect-messages";
import type { Service } from "../service";

/**
 * The front handler with Workspace → Redirects' rules: a rule is answered before the page store and
 * before Next.js, never for /api, /_next or /workspace; public pages that answered 404 are counted.
 */
let folder: string;
let nextServer: http.Server;
let frontServer: http.Server;
let base: string;
let database: TestDatabase;
let table: RedirectTable;
const seenByNext: string[] = [];
const counted: string[] = [];
const storeAsked: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase("sqlite", { seed: false });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "front-redirects-"));
  const socketPath = path.join(folder, "next.sock");
  nextServer = http.createServer((req, res) => {
    seenByNext.push(req.url ?? "");
    const missing = req.url === "/_not-found" || req.url === "/static-missing";
    res.writeHead(missing ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!DOCTYPE html><html><body>${missing ? "not found" : "rendered by next"}</body></html>`);
  });
  await new Promise<void>((resolve) => nextServer.listen(socketPath, resolve));
  const store = new PageStore({ backend: new MemoryBackend(1024 * 1024), maxTtlSeconds: 3600 });
  const freshPage = store.freshPage.bind(store);
  store.freshPage = (rawPath: string) => (storeAsked.push(rawPath), freshPage(rawPath));
  table = createRedirectTable(database.db);
  const rule = (from_path: string, status: number, to_path: string | null) => putRedirectRule(database.db, { from_path, status, to_path, updated_at: "2026-12-07T09:00:00.000Z", updated_by: "editor@staff.example.com" });
  await rule("/old-page", 301, "/new-page");
  await rule("/for-now", 302, "/laws?x=1");
  await rule("/retired", 410, null);
  await table.reload();
  const front = createFrontHandler({
    service: { handle: async () => ({ status: 404, body: { success: false } }) } as unknown as Service,
    socketPath,
    agent: new http.Agent({ keepAlive: false }),
    store,
    staticFiles: { get: async () => undefined },
    resolver: { resolve: async (rawPath: string) => (rawPath.startsWith("/agents/ZZ") ? { kind: "missing" } : { kind: "page" }) },
    trustProxy: false,
    previewModeId: "0123456789abcdef0123456789abcdef",
    onRevalidated: async () => {},
    allowedOrigins: ["https://managely.example"],
    logInvalidAction: createInvalidActionLog(() => {}, { now: () => 0 }),
    redirects: table,
    notFoundLog: { record: (rawPath: string) => void counted.push(rawPath) },
  });
  frontServer = http.createServer((req, res) => void front(req, res));
  await new Promise<void>((resolve) => frontServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => frontServer?.close(resolve));
  await new Promise((resolve) => nextServer?.close(resolve));
  fs.rmSync(folder, { recursive: true, force: true });
  await database?.destroy();
});

beforeEach(() => {
  seenByNext.length = 0;
  counted.length = 0;
  storeAsked.length = 0;
});

const get = (target: string, method = "GET") => fetch(`${base}${target}`, { method, redirect: "manual" });

describe("redirect rules at the front", () => {
  it("answers 301 with the target, the query kept, before the page store and Next.js", async () => {
    const answer = await get("/old-page/?utm_source=mail");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/new-page?utm_source=mail");
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(answer.headers.get("content-security-policy")).toBeTruthy();
    expect((await get("/old-page", "HEAD")).status).toBe(301);
    expect(storeAsked).toEqual([]);
    expect(seenByNext).toEqual([]);
  });

  it("answers 302 with a target's own query as written, and 410 with the gone page", async () => {
    const moved = await get("/for-now?y=2");
    expect([moved.status, moved.headers.get("location")]).toEqual([302, "/laws?x=1"]);
    const gone = await get("/retired");
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(GONE_PAGE.text);
    expect(seenByNext).toEqual([]);
  });

  it("leaves a POST, and paths without a rule, to the site", async () => {
    expect((await fetch(`${base}/old-page`, { method: "POST", redirect: "manual" })).status).not.toBe(301);
    expect((await get("/new-page")).status).toBe(200);
    expect(seenByNext).toContain("/new-page");
  });
});

describe("the 404 log at the front", () => {
  it("counts a public page that answered 404, from the route check or from Next.js", async () => {
    expect((await get("/agents/ZZ/nowhere")).status).toBe(404);
    expect((await get("/static-missing")).status).toBe(404);
    expect(counted).toEqual(["/agents/ZZ/nowhere", "/static-missing"]);
  });

  it("counts no build file, router request or service call", async () => {
    await get("/_next/static/chunks/missing.js");
    await fetch(`${base}/static-missing`, { headers: { rsc: "1" } });
    await fetch(`${base}/api/nothing`, { method: "POST", body: "{}" });
    expect(counted).toEqual([]);
  });
});
