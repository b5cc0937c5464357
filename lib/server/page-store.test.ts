import net from "node:net";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { createClient } from "redis";
import { PageStore, decodeEntry, encodeEntry, isImageEntry, registerPageStore, registeredPageStore, storageId, type CacheControl, type NextCacheValue, type StoreBackend } from "./page-store";
import { pathOfKey } from "./next-internals";
import { MemoryBackend } from "./page-store-memory";
import { RedisBackend, redisEvictionWarning } from "./page-store-redis";
import { COMPRESSION, IMAGE_SHARE_OF_PAGE_STORE } from "../contract/cache-policy";

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
    // Next.js's page for unknown addresses comes as a 200: kept, it would answer /_not-found with it.
    await store.set("/route-cache/APP_PAGE/abc/$/_not-found", appPage(bigHtml("not found")), { cacheControl: CONTROL });
    expect(await store.freshPage("/_not-found")).toBeUndefined();
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

  it("keeps share images within their own share of the budget: images never push pages out (N8)", async () => {
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

describe("the page store, case by case", () => {
  const small = (html: string, tags: string[] = []) => appPage(html, { tags });
  /** A store on memory at a time the test moves, with the backend's writes and tag marks watched. */
  const setup = () => {
    const clock = { now: 2_000_000 };
    const backend = new MemoryBackend(64 * 1024 * 1024);
    const write = jest.spyOn(backend as StoreBackend, "write");
    const markTags = jest.spyOn(backend, "markTags");
    const store = new PageStore({ backend, maxTtlSeconds: 7200, now: () => clock.now });
    return { clock, backend, write, markTags, store };
  };

  it("reads a page address only from a route cache key, and stores other keys under the key", () => {
    expect(pathOfKey("/route-cache/APP_PAGE/abc/sitemap.xml")).toBeUndefined();
    expect(pathOfKey("/route-cache/APP_PAGE/abc/$/indexes")).toBe("/indexes");
    expect(storageId("/fetch-cache/APP_PAGE/abc/$/agents", "APP_PAGE")).toBe("key:/fetch-cache/APP_PAGE/abc/$/agents");
    expect(storageId("/route-cache/APP_PAGE/abc/$/agents", "APP_ROUTE")).toBe("key:/route-cache/APP_PAGE/abc/$/agents");
  });

  it("gives back pages without flight data or segments, Uint8Array bodies, string route bodies and other kinds exactly", async () => {
    const { store, backend } = setup();
    const bare = { kind: "APP_PAGE", html: "<p>bare</p>", headers: { "x-next-cache-tags": "t" }, status: 200 };
    await store.set(KEY, bare, { cacheControl: CONTROL });
    expect((await store.get(KEY, { kind: "APP_PAGE" }))!.value).toStrictEqual({ ...bare, rscData: undefined, postponed: undefined, segmentData: undefined });

    // Uint8Arrays that are views into a larger buffer, not Buffers; no HTML at all.
    const memory = new Uint8Array(Buffer.from("xx0:flight-datayy0:flight-data-tree"));
    const view = (start: number, length: number) => new Uint8Array(memory.buffer, start, length);
    const otherKey = KEY.replace("austin", "dallas");
    await store.set(otherKey, { kind: "APP_PAGE", rscData: view(2, 13), segmentData: new Map([["/_full", view(17, 13)], ["/_tree", view(17, 18)]]) });
    const read = (await store.get(otherKey, { kind: "APP_PAGE" }))!.value!;
    expect(read.html).toBe("");
    expect(read.rscData).toEqual(Buffer.from("0:flight-data"));
    expect(read.segmentData).toEqual(new Map([["/_full", Buffer.from("0:flight-data")], ["/_tree", Buffer.from("0:flight-data-tree")]]));
    expect((await backend.read(storageId(otherKey, "APP_PAGE")))!.meta.fullIsRsc).toEqual(["/_full"]);

    const textKey = "/route-cache/APP_ROUTE/abc/$/robots.txt";
    await store.set(textKey, { kind: "APP_ROUTE", body: "User-agent: *", status: 200 });
    expect((await store.get(textKey, { kind: "APP_ROUTE" }))!.value).toStrictEqual({ kind: "APP_ROUTE", body: Buffer.from("User-agent: *"), headers: undefined, status: 200 });
    const emptyKey = "/route-cache/APP_ROUTE/abc/$/empty";
    await store.set(emptyKey, { kind: "APP_ROUTE", headers: { "content-type": "text/plain" } });
    expect((await store.get(emptyKey, { kind: "APP_ROUTE" }))!.value!.body).toEqual(Buffer.alloc(0));
    for (const type of ["image/jpg", "image/jpeg", "image/webp", "IMAGE/GIF"]) {
      const imageKey = `/route-cache/APP_ROUTE/abc/$/card.${type}`;
      await store.set(imageKey, { kind: "APP_ROUTE", body: Buffer.from("not brotli"), headers: { "content-type": type }, status: 200 });
      expect({ type, raw: (await backend.read(storageId(imageKey, "APP_ROUTE")))!.meta.raw }).toEqual({ type, raw: ["body"] });
    }

    // Kinds without a shape of their own (an optimized image, a fetch): JSON, buffers kept apart.
    const image = { kind: "IMAGE", etag: "e1", buffer: crypto.randomBytes(64), extension: "webp", revalidate: 60 };
    await store.set("image-key", image, { cacheControl: CONTROL });
    expect((await store.get("image-key", { kind: "IMAGE" }))!.value).toStrictEqual(image);
    const stored = (await backend.read("key:image-key"))!;
    expect(stored.meta.restBuffers).toEqual(["buffer"]);
    expect(stored.meta.rest).toEqual({ kind: "IMAGE", etag: "e1", extension: "webp", revalidate: 60 });
    expect(Buffer.compare(zlib.brotliDecompressSync(stored.blobs["rest:buffer"]), image.buffer)).toBe(0);
    const fetched = { kind: "FETCH", data: { headers: {}, body: "eyJ9", url: "https://api.test/x", status: 200 }, revalidate: 30 };
    await store.set("fetch-key", fetched);
    expect((await store.get("fetch-key", { kind: "FETCH" }))!.value).toStrictEqual(fetched);
  });

  it("keeps the HTML as brotli at the store's quality, and counts the entry's description in the budget", async () => {
    const { store, backend } = setup();
    const html = bigHtml("q");
    await store.set(KEY, small(html), { cacheControl: CONTROL });
    const stored = (await backend.read(storageId(KEY, "APP_PAGE")))!;
    const bodies = Object.values(stored.blobs).reduce((sum, body) => sum + body.length, 0);
    expect((await store.stats()).bytes - bodies).toBe(JSON.stringify(stored.meta).length);
    const blob = stored.blobs.html;
    const expected = zlib.brotliCompressSync(Buffer.from(html), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.storedBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
    });
    expect(Buffer.compare(blob, expected)).toBe(0);
  });

  it("tags an entry from its header and from Next.js's context, once each; soft tags and revalidations strictly after it count", async () => {
    const { store, backend, clock, markTags } = setup();
    await store.set(KEY, small("<p>t</p>", ["a", "b", "a", ""]), { cacheControl: CONTROL, tags: ["b", "c"] });
    expect((await backend.read(storageId(KEY, "APP_PAGE")))!.meta.tags).toEqual(["a", "b", "c"]);
    await store.revalidateTag(["", ""]);
    await store.revalidateTag([]);
    expect(markTags).not.toHaveBeenCalled();
    // A revalidation in the same millisecond as the store does not date the entry.
    await store.revalidateTag("c");
    expect(await store.freshPage("/agents/TX/austin")).toBeDefined();
    clock.now += 1;
    await store.revalidateTag("c");
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined();
    expect(await store.get(KEY, { kind: "APP_PAGE" })).toBeNull();

    await store.set(KEY, small("<p>soft</p>"), { cacheControl: CONTROL });
    clock.now += 1;
    await store.revalidateTag("_N_T_/agents");
    expect(await store.get(KEY, { kind: "APP_PAGE", softTags: ["_N_T_/agents"] })).toBeNull();
    expect(await store.get(KEY, { kind: "APP_PAGE", softTags: ["_N_T_/other"] })).not.toBeNull();
  });

  it("answers get for a page by default, only for its own key, with its time and lifetime", async () => {
    const { store, clock } = setup();
    await store.set(KEY, small("<p>k</p>"), { cacheControl: CONTROL });
    const stored = clock.now;
    clock.now += 5;
    expect(await store.get(KEY)).toMatchObject({ lastModified: stored, cacheControl: CONTROL, value: { kind: "APP_PAGE", html: "<p>k</p>" } });
    // The same page address under another route hash (another build's key) is not this entry.
    expect(await store.get(KEY.replace("3db4a5e5", "00000000"), { kind: "APP_PAGE" })).toBeNull();
  });

  it("drops the entry for a null value or a status of 400 and up; keeps a redirect page out of the fast path", async () => {
    const { store } = setup();
    await store.set(KEY, small("<p>x</p>"), { cacheControl: CONTROL });
    await store.set(KEY, null, { cacheControl: CONTROL });
    expect(await store.get(KEY, { kind: "APP_PAGE" })).toBeNull();
    await store.set(KEY, appPage("<p>bad</p>", { status: 400 }), { cacheControl: CONTROL });
    expect(await store.stats()).toMatchObject({ entries: 0 });
    await store.set(KEY, appPage("<p>moved</p>", { status: 307 }), { cacheControl: CONTROL });
    expect((await store.get(KEY, { kind: "APP_PAGE" }))?.value?.status).toBe(307);
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined();
  });

  it("keeps an entry for its expire time up to the store's limit, and a page never revalidated fresh", async () => {
    const { store, write, clock } = setup();
    const ttlOf = async (cacheControl?: CacheControl) => {
      await store.set(KEY, small("<p>ttl</p>"), { cacheControl });
      return write.mock.calls[write.mock.calls.length - 1][2];
    };
    expect(await ttlOf({ revalidate: 60, expire: 300 })).toBe(300);
    expect(await ttlOf({ revalidate: 60, expire: 99_999 })).toBe(7200);
    expect(await ttlOf({ revalidate: 60, expire: 0 })).toBe(7200);
    expect(await ttlOf(undefined)).toBe(7200);
    await ttlOf({ revalidate: false });
    clock.now += 365 * 24 * 3600 * 1000;
    expect(await store.freshPage("/agents/TX/austin")).toBeDefined();
  });

  it("keeps a page stored without a lifetime fresh until a tag is revalidated", async () => {
    const { store, clock } = setup();
    await store.set(KEY, small("<p>no lifetime</p>", ["_N_T_/forever"]), {});
    clock.now += 365 * 24 * 3600 * 1000;
    expect(await store.freshPage("/agents/TX/austin")).toBeDefined();
    await store.revalidateTag("_N_T_/forever");
    expect(await store.freshPage("/agents/TX/austin")).toBeUndefined();
  });

  it("tags an entry from Next.js's context alone or its header alone, and decodes what an entry lacks as nothing", async () => {
    const bare = { kind: "APP_PAGE", html: "<p>t</p>", headers: {}, status: 200 };
    expect((await encodeEntry(KEY, bare, 1, { tags: ["ctx"] })).meta.tags).toEqual(["ctx"]);
    expect((await encodeEntry(KEY, { ...bare, headers: { "x-next-cache-tags": "h1,h2" } }, 1, {})).meta.tags).toEqual(["h1", "h2"]);

    const page = await encodeEntry(KEY, bare, 1, {});
    delete page.blobs.html;
    expect(await decodeEntry(page)).toMatchObject({ kind: "APP_PAGE", html: "" });
    expect(await decodeEntry({ meta: { key: "k", kind: "FETCH", lastModified: 1, tags: [], rest: { data: 1 } }, blobs: {} })).toStrictEqual({ kind: "FETCH", data: 1 });
  });

  it("keeps as it is only a body whose type is an image, and counts only such a route as a share image", async () => {
    const route = (contentType: string) => ({ kind: "APP_ROUTE", body: Buffer.from("body"), headers: { "content-type": contentType }, status: 200 });
    const mentions = await encodeEntry("k", route("text/plain; profile=image/png"), 1, {});
    expect(mentions.meta.raw).toBeUndefined();
    expect(isImageEntry(mentions)).toBe(false);
    const png = await encodeEntry("k", route("image/png"), 1, {});
    expect(png.blobs.body.toString()).toBe("body");
    expect(isImageEntry(png)).toBe(true);
  });

  it("is the store registered for Next.js's cache handler until another (or none) is, and empties on close", async () => {
    const { store } = setup();
    await store.set(KEY, small("<p>r</p>"), { cacheControl: CONTROL });
    registerPageStore(store);
    expect(registeredPageStore()).toBe(store);
    registerPageStore(undefined);
    expect(registeredPageStore()).toBeUndefined();
    await store.close();
    expect(await store.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

/** Resolves once `check` holds, polling every 10 ms. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

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
    expect(redisEvictionWarning("noeviction", "0")).toMatch(/^Redis's maxmemory-policy is noeviction: when it fills, page stores fail/);
    expect(redisEvictionWarning("allkeys-lru", "0")).toMatch(/no maxmemory/);
    expect(redisEvictionWarning("allkeys-lru", "1073741824")).toBeUndefined();
  });

  it("gives back nothing for a key it never stored, or a page without its HTML, and reads only this build's pages", async () => {
    const store = new PageStore({ backend, maxTtlSeconds: 600 });
    expect(await backend.read("page:/agents/TX/never")).toBeUndefined();
    expect(await backend.readPage("page:/agents/TX/never")).toBeUndefined();
    await client.hSet(`${prefix}:pages:build-1:page:/agents/TX/headless`, { meta: JSON.stringify({ key: "k", kind: "APP_PAGE", lastModified: 1, tags: [] }) });
    expect(await backend.readPage("page:/agents/TX/headless")).toBeUndefined();
    expect((await backend.read("page:/agents/TX/headless"))?.meta).toEqual({ key: "k", kind: "APP_PAGE", lastModified: 1, tags: [] });

    await store.set(KEY, appPage(bigHtml("b")), { cacheControl: CONTROL });
    const nextBuild = new RedisBackend({ url: REDIS_URL!, prefix, buildId: "build-2" });
    expect(await nextBuild.readPage("page:/agents/TX/austin")).toBeUndefined();
    expect(await nextBuild.stats()).toMatchObject({ entries: 0, bytes: 0 });
    await nextBuild.close();
  });

  it("replaces an entry whole, removes one on request, and keeps a key at least a second", async () => {
    const meta = { key: "k", kind: "APP_ROUTE", lastModified: 1, tags: [] };
    await backend.write("key:whole", { meta, blobs: { body: Buffer.from("one"), extra: Buffer.from("two") } }, 0.2);
    expect(await client.ttl(`${prefix}:pages:build-1:key:whole`)).toBe(1);
    await backend.write("key:whole", { meta: { ...meta, lastModified: 2 }, blobs: { body: Buffer.from("three") } }, 90.6);
    expect(await client.ttl(`${prefix}:pages:build-1:key:whole`)).toBe(91);
    const read = await backend.read("key:whole");
    expect(read?.meta.lastModified).toBe(2);
    expect(Object.keys(read!.blobs)).toEqual(["body"]);
    expect(read!.blobs.body.toString()).toBe("three");
    await backend.remove("key:whole");
    expect(await client.exists(`${prefix}:pages:build-1:key:whole`)).toBe(0);
  });

  it("reads each tag's revalidation time, 0 for one never revalidated, without asking Redis for no tags", async () => {
    await backend.markTags(["tag-a", "tag-b"], 1234);
    expect(await backend.tagTimes(["tag-a", "never", "tag-b"])).toEqual([1234, 0, 1234]);
    expect(await backend.tagTimes([])).toEqual([]);
  });

  it("counts this build's entries and the bytes Redis holds for them, with Redis's budget only when it has one", async () => {
    const own = new RedisBackend({ url: REDIS_URL!, prefix: `${prefix}-stats`, buildId: "b" });
    const meta = { key: "k", kind: "APP_ROUTE", lastModified: 1, tags: [] };
    await own.write("key:one", { meta, blobs: { body: Buffer.alloc(5_000, 1) } }, 60);
    await own.write("key:two", { meta, blobs: { body: Buffer.alloc(5_000, 2) } }, 60);
    const stats = await own.stats();
    const used = Number(await client.memoryUsage(`${prefix}-stats:pages:b:key:one`)) + Number(await client.memoryUsage(`${prefix}-stats:pages:b:key:two`));
    expect(stats.entries).toBe(2);
    expect(stats.bytes).toBe(used);
    const { maxmemory } = await client.configGet("maxmemory");
    if (Number(maxmemory) > 0) expect(stats.budget).toBe(Number(maxmemory));
    else expect(stats).not.toHaveProperty("budget");
    // With a maxmemory (8 GiB here, far above what any test holds, put back at once): the budget.
    await client.configSet("maxmemory", "8gb");
    try {
      expect(await own.stats()).toEqual({ entries: 2, bytes: used, budget: 8 * 1024 ** 3 });
    } finally {
      await client.configSet("maxmemory", maxmemory);
    }
    await client.del([`${prefix}-stats:pages:b:key:one`, `${prefix}-stats:pages:b:key:two`]);
    await own.close();
  });

  it("logs nothing for a key that is simply not there", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const backend = new RedisBackend({ url: REDIS_URL!, prefix: `test-miss-${process.pid}`, buildId: "b" });
    expect(await backend.read("page:/nowhere")).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    await backend.close();
    errors.mockRestore();
  });

  it("fails at once while Redis is out of reach, and reads again once it is back", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    // A cable that can be cut: a TCP relay to Redis that drops its connections and refuses new ones until joined again.
    const [redisHost, redisPort] = [new URL(REDIS_URL!).hostname, Number(new URL(REDIS_URL!).port || 6379)];
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((socket) => {
      const upstream = net.connect(redisPort, redisHost);
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on("error", () => {});
        end.on("close", () => sockets.delete(end));
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const port = (relay.address() as net.AddressInfo).port;
    const lost = new RedisBackend({ url: `redis://127.0.0.1:${port}`, prefix, buildId: "build-1" });
    const own = (lost as unknown as { client: ReturnType<typeof createClient> }).client;
    try {
      await lost.write("key:lost", { meta: { key: "lost", kind: "APP_ROUTE", lastModified: 1, tags: [] }, blobs: {} }, 60);
      expect((await lost.read("key:lost"))?.meta.key).toBe("lost");
      // Cut: Redis is out of reach, as in a restart or a network cut.
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await until(() => !own.isReady && errors.mock.calls.some(([line]) => String(line).startsWith("[service] redis (page store)")));
      errors.mockClear();
      expect(await lost.read("key:lost")).toBeUndefined();
      expect(errors.mock.calls.map(([line]) => String(line).split("\n")[0])).toEqual(["[service] page store read: Error: redis is not connected"]);
      // Joined again: the client reconnects on its own, and reads as before.
      await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
      await until(() => own.isReady);
      expect((await lost.read("key:lost"))?.meta.key).toBe("lost");
    } finally {
      await lost.close();
      relay.close();
      for (const socket of sockets) socket.destroy();
      errors.mockRestore();
    }
  });
});

describe("the page store, when Redis does not answer", () => {
  // Port 1: nothing listens; every call gives up within the backend's one-second timeout.
  const made: RedisBackend[] = [];
  const down = () => {
    made.push(new RedisBackend({ url: "redis://127.0.0.1:1", prefix: "test-down", buildId: "b" }));
    return made[made.length - 1];
  };
  // A failed assertion must not leave a client retrying, which would keep Jest from exiting.
  afterEach(() => Promise.all(made.splice(0).map((backend) => backend.close())));

  it("reads a miss, skips writes and removals, treats every entry as revalidated, and says it could not read the settings", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const infos = jest.spyOn(console, "log").mockImplementation(() => {});
    const backend = down();
    const meta = { key: "k", kind: "APP_ROUTE", lastModified: 1, tags: [] };
    const [read, page, written, removed, times, none, warning] = await Promise.all([
      backend.read("key:k"),
      backend.readPage("page:/"),
      backend.write("key:k", { meta, blobs: {} }, 60),
      backend.remove("key:k"),
      backend.tagTimes(["tag"]),
      backend.tagTimes([]),
      backend.checkEviction(),
    ]);
    expect([read, page, written, removed]).toEqual([undefined, undefined, undefined, undefined]);
    expect(times).toEqual([Number.MAX_SAFE_INTEGER]);
    expect(none).toEqual([]);
    expect(warning).toBe(redisEvictionWarning(undefined, undefined));
    expect(warning).toMatch(/could not read/);
    await expect(backend.markTags(["tag"], 1)).rejects.toThrow(/not connected/);
    // Each failure is logged under what failed; the client's own errors too.
    const logged = errors.mock.calls.map(([line]) => String(line).split("\n")[0]);
    for (const context of ["page store read", "page store write", "page store delete", "page store tags"]) {
      expect(logged).toContainEqual(expect.stringMatching(new RegExp(`^\\[service\\] ${context}: .*timed out`)));
    }
    expect(logged.filter((line) => line.startsWith("[service] page store read:"))).toHaveLength(2);
    expect(logged).toContainEqual(expect.stringMatching(/^\[service\] redis \(page store\): .*ECONNREFUSED/));
    expect(infos).toHaveBeenCalledWith(`[page store] warning: ${warning}`);

    // Known to be down now (the refused connection above): a call fails at once instead of
    // waiting out the timeout, so a page is rendered without that second's wait.
    errors.mockClear();
    expect(await backend.readPage("page:/")).toBeUndefined();
    expect(errors.mock.calls.map(([line]) => String(line).split("\n")[0])).toEqual(["[service] page store read: Error: redis is not connected"]);

    // Closed, it stops retrying the connection (and closing again is harmless).
    await backend.close();
    expect((backend as unknown as { client: { isOpen: boolean } }).client.isOpen).toBe(false);
    await expect(backend.close()).resolves.toBeUndefined();
    errors.mockRestore();
    infos.mockRestore();
  });

});
