import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createFrontHandler } from "./front";
import { PageStore, type NextCacheValue } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { createInvalidActionLog } from "./next-log";
import { SERVER_ACTION_MAX_BYTES } from "./server-actions";
import { UPLOAD_ACTION_MAX_BYTES } from "../contract/managers-csv";
import { WORKSPACE_PATHS } from "../contract/workspace-routes";
import { SHARE_IMAGE_CACHE_CONTROL } from "../contract/cache-policy";
import type { Service } from "../service";

/**
 * The production server's front handler against a stand-in for Next.js on its Unix socket: what
 * reaches Next.js and what the page store answers without it.
 */
const PREVIEW_ID = "0123456789abcdef0123456789abcdef";
const KEY = "/route-cache/APP_PAGE/3db4a5e51dc66fcae5213cbeb79c606317c4ba9271f0d13aa8ba4664a4ee6497/$/agents/TX/austin";
const HTML = `<!DOCTYPE html><html><body><main>${"Austin property managers ".repeat(200)}</main></body></html>`;

function appPage(html: string): NextCacheValue {
  const rsc = Buffer.from(`0:["$","main",null,{"children":${JSON.stringify(html)}}]\n`);
  return { kind: "APP_PAGE", html, rscData: rsc, headers: { "x-next-cache-tags": "_N_T_/layout,_N_T_/agents/TX/austin" }, status: 200, postponed: undefined, segmentData: new Map([["/_full", rsc]]) };
}

type Seen = { url: string; headers: http.IncomingHttpHeaders };
let folder: string;
let nextServer: http.Server;
let frontServer: http.Server;
let base: string;
let store: PageStore;
const seenByNext: Seen[] = [];
const staticAsked: string[] = [];
const SITE = "https://managely.example";
const IMAGE = "/agent/TX/austin/1400/opengraph-image-zv6u9g/card";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]);
/** What the repeated line of invalid server-action posts wrote (its clock stands still: one interval). */
const logged: string[] = [];

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "front-test-"));
  const socketPath = path.join(folder, "next.sock");
  // Next.js's stand-in: the RSC payload for a router request, a page otherwise.
  nextServer = http.createServer((req, res) => {
    seenByNext.push({ url: req.url ?? "", headers: req.headers });
    if (req.url?.startsWith(IMAGE)) {
      res.writeHead(200, { "content-type": "image/png", "cache-control": "public, max-age=0, must-revalidate" });
      res.end(PNG);
    } else if (req.headers.rsc === "1") {
      res.writeHead(200, { "content-type": "text/x-component", vary: "rsc" });
      res.end('0:["rendered by next"]\n');
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" });
      res.end("<!DOCTYPE html><html><body>rendered by next</body></html>");
    }
  });
  await new Promise<void>((resolve) => nextServer.listen(socketPath, resolve));
  store = new PageStore({ backend: new MemoryBackend(64 * 1024 * 1024), maxTtlSeconds: 3600 });
  await store.set(KEY, appPage(HTML), { cacheControl: { revalidate: 3600, expire: 31536000 } });
  const service: Service = { handle: async () => ({ status: 200, body: { success: true, status: "ok" } }) } as unknown as Service;
  const front = createFrontHandler({
    service,
    socketPath,
    agent: new http.Agent({ keepAlive: false }),
    store,
    staticFiles: {
      get: async (relative: string) => {
        staticAsked.push(relative);
        return relative === "chunks/app.js" ? { contentType: "application/javascript; charset=UTF-8", etag: 'W/"1"', bodies: { identity: Buffer.from("app();") } } : undefined;
      },
    },
    resolver: { resolve: async () => ({ kind: "page" }) },
    trustProxy: false,
    previewModeId: PREVIEW_ID,
    onRevalidated: async () => {},
    allowedOrigins: [SITE],
    logInvalidAction: createInvalidActionLog((line) => void logged.push(line), { now: () => 0 }),
  });
  frontServer = http.createServer((req, res) => void front(req, res));
  await new Promise<void>((resolve) => frontServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => frontServer.close(resolve));
  await new Promise((resolve) => nextServer.close(resolve));
  fs.rmSync(folder, { recursive: true, force: true });
});

beforeEach(() => {
  seenByNext.length = 0;
  staticAsked.length = 0;
});

/** A GET sent with its path exactly as written (fetch would normalise `..` and `//`). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { path: rawPath }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end();
  });
}

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${base}${pathname}`, { headers });

describe("the page store's fast path (N7)", () => {
  it.each([
    ["an Authorization header", { authorization: "Bearer anything" }],
    ["a Next-Router-State-Tree header without RSC", { "next-router-state-tree": "%5B%22%22%5D" }],
    ["an RSC header other than 1", { rsc: "true" }],
    ["a bare x-prerender-revalidate with a wrong value", { "x-prerender-revalidate": "guess" }],
    ["a junk __prerender_bypass cookie", { cookie: "theme=dark; __prerender_bypass=junk" }],
    ["a draft cookie with an empty value", { cookie: "__prerender_bypass=" }],
  ])("serves a visitor with %s from the store, without Next.js", async (_name, headers) => {
    const response = await get("/agents/TX/austin", headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page-cache")).toBe("HIT");
    expect(await response.text()).toBe(HTML);
    expect(seenByNext).toHaveLength(0);
  });

  it("sends a real RSC navigation (RSC: 1) to Next.js, which answers the flight data, not the stored HTML", async () => {
    const response = await get("/agents/TX/austin?_rsc=abc12", { rsc: "1", "next-router-state-tree": "%5B%22%22%5D" });
    expect(response.headers.get("content-type")).toBe("text/x-component");
    expect(await response.text()).toBe('0:["rendered by next"]\n');
    expect(seenByNext).toHaveLength(1);
  });

  it("sends a valid draft preview (the build's preview id as __prerender_bypass) to Next.js", async () => {
    const response = await get("/agents/TX/austin", { cookie: `__prerender_bypass=${PREVIEW_ID}` });
    expect(response.headers.get("x-page-cache")).not.toBe("HIT");
    expect(await response.text()).toContain("rendered by next");
    expect(seenByNext).toHaveLength(1);
  });

  it("sends Next.js's on-demand revalidation (x-prerender-revalidate with the preview id) to Next.js", async () => {
    const response = await get("/agents/TX/austin", { "x-prerender-revalidate": PREVIEW_ID });
    expect(await response.text()).toContain("rendered by next");
    expect(seenByNext).toHaveLength(1);
  });
});

describe("build files (/_next/static)", () => {
  it("serves a build file asked for by its one normal path", async () => {
    const answer = await rawGet("/_next/static/chunks/app.js");
    expect(answer).toEqual({ status: 200, body: "app();" });
    expect(staticAsked).toEqual(["chunks/app.js"]);
  });

  it.each(["/_next/static/chunks/r1/../app.js", "/_next/static/chunks/./app.js", "/_next/static/chunks//app.js", "/_next/static/chunks/x1%2f..%2fapp.js", "/_next/static/chunks%5capp.js", "/_next/static/chunks/%2e%2e/chunks/app.js"])(
    "refuses %s with 400 before any file is looked up or Next.js is asked",
    async (rawPath) => {
      const answer = await rawGet(rawPath);
      expect(answer.status).toBe(400);
      expect(staticAsked).toEqual([]);
      expect(seenByNext).toEqual([]);
    },
  );
});

describe("posts to server actions", () => {
  const ACTION = "6035c63cce7a55e559283e3e6c1877b50567f05cbc";
  const post = (headers: Record<string, string>, body: BodyInit) => fetch(`${base}/workspace`, { method: "POST", headers: { "next-action": ACTION, ...headers }, body });
  const fromSite = { origin: SITE, "content-type": "text/plain;charset=UTF-8" };

  it.each([
    ["JSON from the site's origin", fromSite, '["someone@example.com"]'],
    ["JSON with no Origin but Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8" }, "[]"],
    ["a urlencoded form from the site", { origin: SITE, "content-type": "application/x-www-form-urlencoded" }, "email=a%40example.com"],
  ])("passes %s on to Next.js", async (_name, headers, body) => {
    const response = await post(headers, body);
    expect(response.status).toBe(200);
    expect(seenByNext).toHaveLength(1);
    expect(seenByNext[0].headers["next-action"]).toBe(ACTION);
  });

  it("passes a well-formed multipart form on to Next.js", async () => {
    const form = new FormData();
    form.set("1_email", "a@example.com");
    const response = await post({ origin: SITE }, form);
    expect(response.status).toBe(200);
    expect(seenByNext).toHaveLength(1);
  });

  it.each([
    ["a malformed JSON body", fromSite, "not json{", 400],
    ["JSON that is not an argument list", fromSite, '{"a":"$Q9"}', 400],
    ["a malformed multipart body", { origin: SITE, "content-type": "multipart/form-data; boundary=xx" }, "garbage", 400],
    ["a foreign Origin", { ...fromSite, origin: "https://evil.example" }, "[]", 403],
    ["no Origin (and no Sec-Fetch-Site)", { "content-type": "text/plain;charset=UTF-8" }, "[]", 403],
    ["a body over the limit", fromSite, `["${"x".repeat(SERVER_ACTION_MAX_BYTES)}"]`, 413],
  ])("refuses %s before Next.js, with a 4xx and a message", async (_name, headers, body, status) => {
    const response = await post(headers, body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/\w/);
    expect(seenByNext).toHaveLength(0);
  });

  it("takes the Managers page's CSV upload (a few MB) on that page only", async () => {
    const form = new FormData();
    form.set("1_file", new File(["x".repeat(2 * SERVER_ACTION_MAX_BYTES)], "managers.csv"));
    const upload = await fetch(`${base}${WORKSPACE_PATHS.managers}`, { method: "POST", headers: { "next-action": ACTION, origin: SITE }, body: form });
    expect(upload.status).toBe(200);
    expect(seenByNext).toHaveLength(1);
    expect((await post({ origin: SITE }, form)).status).toBe(413);
    const past = new FormData();
    past.set("1_file", new File(["x".repeat(UPLOAD_ACTION_MAX_BYTES)], "managers.csv"));
    expect((await fetch(`${base}${WORKSPACE_PATHS.managers}`, { method: "POST", headers: { "next-action": ACTION, origin: SITE }, body: past })).status).toBe(413);
    expect(seenByNext).toHaveLength(1);
  });

  it.each([
    ["a malformed multipart form with no Next-Action header", { origin: SITE, "content-type": "multipart/form-data; boundary=xx" }, 400],
    ["a form from a foreign Origin with no Next-Action header", { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" }, 403],
  ])("refuses %s (Next.js takes any form posted to a page for an action)", async (_name, headers, status) => {
    const response = await fetch(`${base}/workspace`, { method: "POST", headers, body: "garbage" });
    expect(response.status).toBe(status);
    expect(seenByNext).toHaveLength(0);
  });

  it("passes a mail program's one-click unsubscribe (a form with no Origin) on to its route", async () => {
    const response = await fetch(`${base}/unsubscribe/abcdefabcdefabcdefabcdef/one-click`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(response.status).toBe(200);
    expect(seenByNext.map((seen) => seen.url)).toEqual(["/unsubscribe/abcdefabcdefabcdefabcdef/one-click"]);
  });

  it("writes one line for any number of invalid posts within the interval", async () => {
    logged.length = 0;
    for (let index = 0; index < 50; index++) expect((await post(fromSite, `${index}{`)).status).toBe(400);
    for (let index = 0; index < 50; index++) expect((await post({ ...fromSite, origin: `https://evil${index}.example` }, "[]")).status).toBe(403);
    expect(logged.length).toBeLessThanOrEqual(1);
  });
});

describe("share images", () => {
  it("are sent for shared caches (s-maxage) with an ETag of their bytes, fetched by their path alone", async () => {
    const response = await get(`${IMAGE}?73019962960bae93`, { cookie: "theme=dark" });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    expect(response.headers.get("cache-control")).toBe(SHARE_IMAGE_CACHE_CONTROL);
    expect(response.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{20,}"$/);
    // Nothing of the request reaches the render: not its query, not its cookie.
    expect(seenByNext.map((seen) => seen.url)).toEqual([IMAGE]);
    expect(seenByNext[0].headers.cookie).toBeUndefined();
  });

  it("answer 304 to a client that has the image", async () => {
    const etag = (await get(IMAGE)).headers.get("etag")!;
    const again = await get(`${IMAGE}?other`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
  });
});
