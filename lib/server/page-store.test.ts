import crypto from "node:crypto";
import zlib from "node:zlib";
import { createClient } from "redis";
import { PageStore, pathOfKey, storageId, type NextCacheValue } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { RedisBackend, redisEvictionWarning } from "./page-store-redis";
import { IMAGE_SHARE_OF_PAGE_STORE, PAGE_REVALIDATE_SECONDS } from "../contract/cache-policy";

/** A page as Next.js 16 hands it to its cache handler. */
function appPage(html: string, { status, tags = ["_N_T_/layout", "_N_T_/agents/TX/austin"] }: { status?: number; tags?: string[] } = {}): NextCacheValue {
  const rsc = Buffer.from(`0:["$","main",null,{"children":${JSON.stringify(html)}}]\n`.repeat(20));
  return {
    kind: "APP_PAGE",
    html,
    rscData: rsc,
    headers: { "x-nextjs-stale-time": "300", "x-next-cache-tags": tags.join(",") },
    status,
    postponed: undefined,
    segmentData: new Map([
      ["/_tree", Buffer.from('{"tree":true}')],
      ["/_full", rsc],
      ["/_head", Buffer.from("<title>Austin</title>".repeat(10))],
    ]),
  };
}

const KEY = "/route-cache/APP_PAGE/3db4a5e51dc66fcae5213cbeb79c606317c4ba9271f0d13aa8ba4664a4ee6497/$/agents/TX/austin";
const CONTROL = { revalidate: 3600, expire: 31536000 };
/** About 150 KB of HTML that compresses like a real page (not to nothing, as repeated text would). */
const bigHtml = (marker: string) =>
  `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, index) => `<article class="agent-card">${marker} ${crypto.createHash("sha256").update(`${marker}${index}`).digest("hex")} Austin property manager</article>`).join("")}</body></html>`;

describe("page keys", () => {
  it("finds a page's address in Next.js's route cache key, the home page's too", () => {
    expect(pathOfKey(KEY)).toBe("/agents/TX/austin");
    expect(pathOfKey("/route-cache/APP_PAGE/abc/$/index")).toBe("/");
    expect(pathOfKey("/route-cache/APP_PAGE/abc/$/index/index")).toBe("/index");
    expect(storageId(KEY, "APP_PAGE")).toBe("page:/agents/TX/austin");
    expect(storageId("/route-cache/APP_ROUTE/abc/$/sitemap.xml", "APP_ROUTE")).toBe("key:/route-cache/APP_ROUTE/abc/$/sitemap.xml");
  });
});

describe("the page store, in memory", () => {
  const storeOf = (budget = 64 * 1024 * 1024, now = () => Date.now()) => new PageStore({ backend: new MemoryBackend(budget), maxTtlSeconds: 3600, now });

  it("gives Next.js back exactly what it stored, and the fast path the page compressed with brotli", async () => {
    const store = storeOf();
    const value = appPage(bigHtml("a"));
    await store.set(KEY, value, { cacheControl: CONTROL });
    const read = await store.get(KEY, { kind: "APP_PAGE" });
    expect(read?.value).toEqual({ ...value, rscData: value!.rscData, segmentData: value!.segmentData });
    const fresh = await store.freshPage("/agents/TX/austin");
    expect(zlib.brotliDecompressSync(fresh!.html).toString()).toBe(bigHtml("a"));
    expect(fresh!.html.length).toBeLessThan(bigHtml("a").length / 2);
    expect(fresh!.meta.csp).toContain("script-src 'self'");
    // The flight data is kept once, not again as the /_full segment.
    expect(fresh!.meta.fullIsRsc).toEqual(["/_full"]);
  });

  it("after any interleaving of concurrent first stores, replacements and reads, every read is whole and compressed", async () => {
    const store = storeOf();
    const versions = Array.from({ length: 16 }, (_, index) => bigHtml(`v${index}`));
    const reads: Array<Promise<unknown>> = [];
    // 16 renders of the same page finishing together (Next.js on a cold server), reads among them.
    await Promise.all(
      versions.map(async (html, index) => {
        await store.set(KEY, appPage(html), { cacheControl: CONTROL });
        reads.push(store.freshPage("/agents/TX/austin"), store.get(KEY, { kind: "APP_PAGE" }));
        if (index % 4 === 0) await store.set(KEY, appPage(html), { cacheControl: CONTROL });
      }),
    );
    await Promise.all(reads);
    // Later requests: the page is there, whole, compressed, and one of the versions stored.
    for (let attempt = 0; attempt < 3; attempt++) {
      const fresh = await store.freshPage("/agents/TX/austin");
      expect(fresh).toBeDefined();
      expect(versions).toContain(zlib.brotliDecompressSync(fresh!.html).toString());
    }
    const stats = await store.stats();
    expect(stats.entries).toBe(1);
  });

  it("never stores an answer that names nothing (404) or failed, and drops what was there", async () => {
    const store = storeOf();
    await store.set(KEY, appPage(bigHtml("gone"), { status: 404 }), { cacheControl: CONTROL });
    expect(await store.stats()).toMatchObject({ entries: 0, bytes: 0 });
    await store.set(KEY, appPage(bigHtml("here")), { cacheControl: CONTROL });
    await store.set(KEY, appPage(bigHtml("gone"), { status: 404 }), { cacheControl: CONTROL });
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined();
    expect(await store.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("stays within its byte budget, evicting the least recently used page", async () => {
    const store = storeOf(400_000);
    const key = (index: number) => KEY.replace("austin", `city-${index}`);
    for (let index = 0; index < 40; index++) {
      await store.set(key(index), appPage(bigHtml(`${index}-${"x".repeat(index)}`), { tags: [] }), { cacheControl: CONTROL });
      // City 0 is read again and again: it stays.
      expect(await store.freshPage("/agents/TX/city-0")).toBeDefined();
      expect((await store.stats()).bytes).toBeLessThanOrEqual(400_000);
    }
    expect(await store.freshPage("/agents/TX/city-1")).toBeUndefined();
    expect(await store.freshPage("/agents/TX/city-39")).toBeDefined();
  });

  it("serves a page only while it is fresh and until one of its tags is revalidated", async () => {
    let now = 1_000_000;
    const store = storeOf(64 * 1024 * 1024, () => now);
    await store.set(KEY, appPage(bigHtml("t")), { cacheControl: CONTROL });
    expect(await store.freshPage("/agents/TX/austin")).toBeDefined();
    now += 3_600_000;
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined(); // stale: Next.js refreshes it
    expect(await store.get(KEY, { kind: "APP_PAGE" })).not.toBeNull(); // …serving the stale copy meanwhile
    await store.set(KEY, appPage(bigHtml("t2")), { cacheControl: CONTROL });
    now += 1;
    await store.revalidateTag("_N_T_/agents/TX/austin");
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined();
    expect(await store.get(KEY, { kind: "APP_PAGE" })).toBeNull();
  });

  it("gives a page the build prerendered (/, /faqs…: no lifetime in its files) the site's page lifetime, so it goes stale (issue 26, N11)", async () => {
    let now = 5_000_000;
    const homeKey = "/route-cache/APP_PAGE/abc/$/index";
    // Next.js's reader of the build's files: a prerendered page's .meta holds no cacheControl.
    const seeds = { get: async (key: string) => (key === homeKey ? { lastModified: now - 1000, value: appPage(bigHtml("home"), { tags: ["_N_T_/layout"] }) } : null) };
    const store = new PageStore({ backend: new MemoryBackend(64 * 1024 * 1024), maxTtlSeconds: 3600, now: () => now, seeds });
    expect(await store.get(homeKey, { kind: "APP_PAGE" })).not.toBeNull();
    const fresh = await store.freshPage("/");
    expect(fresh?.meta.cacheControl?.revalidate).toBe(PAGE_REVALIDATE_SECONDS);
    now += PAGE_REVALIDATE_SECONDS * 1000;
    expect(await store.freshPage("/")).toBeUndefined(); // stale: Next.js renders it again
  });

  it("keeps a hot page's other encodings with its entry, within the budget, and never on a replaced entry", async () => {
    const store = storeOf();
    await store.set(KEY, appPage(bigHtml("g")), { cacheControl: CONTROL });
    const before = (await store.stats()).bytes;
    const page = await store.freshPage("/agents/TX/austin");
    const gzipped = zlib.gzipSync(zlib.brotliDecompressSync(page!.html));
    page!.keep("gzip", gzipped);
    expect((await store.freshPage("/agents/TX/austin"))!.variants.gzip).toBe(gzipped);
    expect((await store.stats()).bytes).toBe(before + gzipped.length);
    // A variant made for an entry replaced meanwhile is dropped: it belongs to the old page.
    const old = await store.freshPage("/agents/TX/austin");
    await store.set(KEY, appPage(bigHtml("g2")), { cacheControl: CONTROL });
    old!.keep("identity", Buffer.from(bigHtml("g")));
    expect((await store.freshPage("/agents/TX/austin"))!.variants).toEqual({ gzip: undefined, identity: undefined });
  });

  it("keeps share images within their own share of the budget: images never push pages out (issue 26, N8)", async () => {
    const budget = 4_000_000;
    const store = storeOf(budget);
    const pageKey = (index: number) => KEY.replace("austin", `city-${index}`);
    for (let index = 0; index < 20; index++) await store.set(pageKey(index), appPage(bigHtml(`page-${index}`), { tags: [] }), { cacheControl: CONTROL });
    const pagesBytes = (await store.stats()).bytes;
    expect(pagesBytes).toBeLessThan(budget * (1 - IMAGE_SHARE_OF_PAGE_STORE));
    // 400 share images of ~90 KB each (36 MB), as a crawler or an attacker would ask for them.
    for (let index = 0; index < 400; index++) {
      const png = crypto.randomBytes(90_000);
      await store.set(`/route-cache/APP_ROUTE/abc/$/agent/TX/austin/${index}/opengraph-image-zv6u9g/card`, { kind: "APP_ROUTE", body: png, headers: { "content-type": "image/png" }, status: 200 }, { cacheControl: CONTROL });
    }
    for (let index = 0; index < 20; index++) expect(await store.freshPage(`/agents/TX/city-${index}`)).toBeDefined();
    const stats = await store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.bytes - pagesBytes).toBeLessThanOrEqual(budget * IMAGE_SHARE_OF_PAGE_STORE);
    // The most recent images are kept: each is rendered once while it is asked for.
    expect(await store.get("/route-cache/APP_ROUTE/abc/$/agent/TX/austin/399/opengraph-image-zv6u9g/card", { kind: "APP_ROUTE" })).not.toBeNull();
  });

  it("keeps other entries (routes, images) whole: a PNG as it is, text compressed", async () => {
    const store = storeOf();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 3000 }, (_, index) => index % 251)]);
    const imageKey = "/route-cache/APP_ROUTE/abc/$/agent/TX/austin/1/opengraph-image-zv6u9g/card";
    await store.set(imageKey, { kind: "APP_ROUTE", body: png, headers: { "content-type": "image/png" }, status: 200 }, { cacheControl: CONTROL });
    const read = await store.get(imageKey, { kind: "APP_ROUTE" });
    expect(Buffer.compare(read!.value!.body as Buffer, png)).toBe(0);
    // At rest: the PNG byte for byte, marked raw (brotli would spend time on bytes already compressed).
    const storedImage = await store.backend.read(storageId(imageKey, "APP_ROUTE"));
    expect(storedImage!.meta.raw).toEqual(["body"]);
    expect(Buffer.compare(storedImage!.blobs.body, png)).toBe(0);

    // A text route (the sitemap): kept as brotli, smaller than it is, and given back whole.
    const sitemap = Buffer.from(`<?xml version="1.0"?><urlset>${bigHtml("sitemap")}</urlset>`);
    const sitemapKey = "/route-cache/APP_ROUTE/abc/$/sitemap.xml";
    await store.set(sitemapKey, { kind: "APP_ROUTE", body: sitemap, headers: { "content-type": "application/xml" }, status: 200 }, { cacheControl: CONTROL });
    expect(Buffer.compare((await store.get(sitemapKey, { kind: "APP_ROUTE" }))!.value!.body as Buffer, sitemap)).toBe(0);
    const storedText = await store.backend.read(storageId(sitemapKey, "APP_ROUTE"));
    expect(storedText!.meta.raw ?? []).toEqual([]);
    expect(storedText!.blobs.body.length).toBeLessThan(sitemap.length / 2);
    expect(Buffer.compare(zlib.brotliDecompressSync(storedText!.blobs.body), sitemap)).toBe(0);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn("TEST_REDIS_URL is not set: the page store's Redis tests are skipped.");

describeRedis("the page store, on Redis", () => {
  const prefix = `test-store-${process.pid}-${Date.now()}`;
  let backend: RedisBackend;
  let client: ReturnType<typeof createClient>;
  const keysOfTest = async () => {
    const found: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) found.push(...keys);
    return found;
  };

  beforeAll(async () => {
    backend = new RedisBackend({ url: REDIS_URL!, prefix, buildId: "build-1" });
    client = createClient({ url: REDIS_URL });
    await client.connect();
  });
  afterAll(async () => {
    const keys = await keysOfTest();
    if (keys.length) await client.del(keys);
    await client.quit();
    await backend.close();
  });

  it("stores a page under this build's namespace with a TTL, and gives it back whole", async () => {
    const store = new PageStore({ backend, maxTtlSeconds: 600 });
    await store.set(KEY, appPage(bigHtml("r")), { cacheControl: CONTROL });
    const key = `${prefix}:pages:build-1:page:/agents/TX/austin`;
    const ttl = await client.ttl(key);
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
    const fresh = await store.freshPage("/agents/TX/austin");
    expect(zlib.brotliDecompressSync(fresh!.html).toString()).toBe(bigHtml("r"));
    expect((await store.get(KEY, { kind: "APP_PAGE" }))?.value?.html).toBe(bigHtml("r"));
  });

  it("writes nothing for a 404, and another instance sees a revalidation at once", async () => {
    const store = new PageStore({ backend, maxTtlSeconds: 600 });
    const before = (await keysOfTest()).length;
    await store.set(KEY.replace("austin", "nowhere"), appPage(bigHtml("x"), { status: 404 }), { cacheControl: CONTROL });
    expect((await keysOfTest()).length).toBe(before);

    const other = new PageStore({ backend: new RedisBackend({ url: REDIS_URL!, prefix, buildId: "build-1" }), maxTtlSeconds: 600 });
    expect(await other.freshPage("/agents/TX/austin")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 2)); // a revalidation strictly after the store
    await store.revalidateTag(["_N_T_/agents/TX/austin"]);
    expect(await other.freshPage("/agents/TX/austin")).toBeUndefined();
    await other.close();
  });

  it("says so when Redis would not evict stored pages by itself", async () => {
    const config = await client.configGet(["maxmemory-policy", "maxmemory"]);
    expect(await backend.checkEviction()).toBe(redisEvictionWarning(config["maxmemory-policy"], config.maxmemory));
    expect(redisEvictionWarning("noeviction", "0")).toMatch(/noeviction/);
    expect(redisEvictionWarning("allkeys-lru", "0")).toMatch(/no maxmemory/);
    expect(redisEvictionWarning("allkeys-lru", "1073741824")).toBeUndefined();
  });
});
