import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./support/test";
import { junkImageUrls, junkUrls } from "./support/junk-urls";
import { rawRequest, type RawAnswer } from "./support/raw-http";
import { E2E_API_TOKEN, E2E_BASE_URL, E2E_DATABASE, E2E_DIST_DIR } from "./support/server";
import { needsTheApiToken, onlyOnTheLocalBuild } from "./support/target";

/**
 * How the production server serves a crawler and keeps private pages private
 *: raw HTTP, which does not depend on the viewport, so checked once.
 */
test.skip(({ isMobile }) => isMobile, "Raw HTTP does not depend on the viewport: checked once.");

const COMPRESSED = { "accept-encoding": "gzip, br" };
const isCompressed = (answer: RawAnswer) => answer.headers["content-encoding"] === "br" || answer.headers["content-encoding"] === "gzip";

/** Bytes of every file under a folder. */
function bytesUnder(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return total;
}

test("after concurrent first requests, every answer of 1 KB or more comes compressed, then and later", { tag: ["@http"] }, async () => {
  // Build files of the home page and pages no other test asks for, each asked 16 times at once
  // while nothing of them is stored yet, then again one by one.
  const home = (await rawRequest("/", { headers: COMPRESSED })).headers;
  expect(home["content-encoding"]).toBeDefined();
  const html = (await rawRequest("/")).body.toString();
  const chunks = [...html.matchAll(/<script src="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1]);
  expect(chunks.length).toBeGreaterThan(3);
  const pages = ["/agents/NY/buffalo", "/laws/ohio", "/agents/OH/toledo", "/agents/NJ/hackensack/page/2", "/laws/compare/late-fees"];
  for (const target of [...chunks, ...pages]) {
    const first = await Promise.all(Array.from({ length: 16 }, () => rawRequest(target, { headers: COMPRESSED })));
    for (const answer of first) {
      expect(answer.status, target).toBe(200);
      // Plain only when under 1 KB.
      if (!isCompressed(answer)) expect(answer.body.length, `${target} (first requests)`).toBeLessThan(1024);
    }
  }
  for (const target of [...chunks, ...pages]) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const later = await rawRequest(target, { headers: COMPRESSED });
      expect(later.status, target).toBe(200);
      if (!isCompressed(later)) expect(later.body.length, `${target} (later request ${attempt + 1})`).toBeLessThan(1024);
    }
    const asset = await rawRequest(target, { headers: COMPRESSED });
    if (target.startsWith("/_next/static/")) expect(asset.headers["cache-control"], target).toBe("public, max-age=31536000, immutable");
  }
});

test("a URL that names nothing, in every route family, is a 404 that is never cacheable and writes nothing", { tag: ["@http"] }, async () => {
  const profile = (await rawRequest("/agents/TX/austin")).body.toString().match(/href="(\/agent\/TX\/[^"#]+)"/)![1];
  const blog = (await rawRequest("/blogs")).body.toString().match(/href="(\/blog\/[^"#]+)"/)![1];
  onlyOnTheLocalBuild("reads the build and data folders");
  const buildBytes = bytesUnder(E2E_DIST_DIR);
  const junk = [
    ...Array.from({ length: 6 }, (_, index) => junkUrls(index)).flat(),
    ...junkImageUrls(profile, blog, 1),
    ...junkImageUrls(profile, blog, 2),
    // Next.js's image optimizer would write resized copies to the build folder: it is off.
    "/_next/image?url=%2Fbrand%2Fog-image.png&w=64&q=75",
  ];
  for (const url of junk) {
    const answer = await rawRequest(url, { headers: COMPRESSED });
    expect(answer.status, url).toBe(404);
    expect(answer.headers["cache-control"], url).toBe("no-store");
    if (!url.includes("-image-")) expect(answer.body.length, url).toBeGreaterThan(0);
  }
  // Nothing was written to the build folder (Next.js keeps no cache file there), and no file in
  // the build or data folders is named after an address that names nothing.
  expect(bytesUnder(E2E_DIST_DIR)).toBe(buildBytes);
  const named = [E2E_DIST_DIR, path.dirname(E2E_DATABASE)].flatMap((folder) => fs.readdirSync(folder, { recursive: true }).map(String)).filter((file) => /nocity-|no-post-|atlantis-|no-topic-|90000\d/.test(file));
  expect(named).toEqual([]);
  // The real share images still answer.
  expect((await rawRequest(`${profile}/opengraph-image-zv6u9g/card`)).status).toBe(200);
});

test("private pages are never cached and never sent as a referrer; /healthz tells the public only ok", { tag: ["@http", "@smoke"] }, async () => {
  for (const url of ["/requests/not-a-real-token-0123456789", "/newsletter/confirm/not-a-real-token-0123456789"]) {
    const answer = await rawRequest(url);
    expect(answer.headers["referrer-policy"], url).toBe("no-referrer");
    expect(answer.headers["cache-control"], url).toBe("no-store");
  }
  const open = await rawRequest("/healthz");
  expect(open.status).toBe(200);
  expect(JSON.parse(open.body.toString())).toEqual({ status: "ok" });
  needsTheApiToken("reads /healthz's details");
  const detailed = JSON.parse((await rawRequest("/healthz", { headers: { authorization: `Bearer ${E2E_API_TOKEN}` } })).body.toString());
  expect(detailed).toMatchObject({ status: "ok", database: { ok: true }, outbox: { backlog: expect.any(Number) }, pageStore: { entries: expect.any(Number) } });
});

test("slow clients cannot hold the server: with 100 of them open a request is answered at once, and they are cut off", { tag: ["@http"] }, async () => {
  test.setTimeout(60_000);
  onlyOnTheLocalBuild("holds 100 connections open to the server's own sockets");
  const base = new URL(E2E_BASE_URL);
  const slow = await Promise.all(
    Array.from(
      { length: 100 },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(Number(base.port), base.hostname, () => {
            // A request line and half a header, then nothing: the server waits for the rest.
            socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
            resolve(socket);
          });
          socket.on("error", () => {});
          socket.resume(); // read what the server sends (its 408), so its closing is seen
        }),
    ),
  );
  const closed = slow.map((socket) => new Promise<void>((resolve) => socket.on("close", () => resolve())));
  const started = Date.now();
  const answer = await rawRequest("/healthz");
  expect(answer.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1_000);
  // The server's header timeout (10 s) ends every one of them.
  await Promise.all(closed);
});
