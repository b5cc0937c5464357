// @ts-check
/**
 * Next.js's documented `cacheHandler` (get, set, revalidateTag, resetRequestCache) on Redis, for
 * several instances of the site: a page rendered by one instance is served by all, and a
 * revalidation on one (revalidatePath marks its tags) is seen by all on their next read.
 * next.config.ts uses it when REDIS_URL is set (with cacheMaxMemorySize 0, so no instance keeps a
 * private copy). It follows the shape of Next.js's examples/cache-handler-redis; the maintained
 * packages that wrap this (@fortedigital/nextjs-cache-handler) require Node 22, this runs on 20.
 *
 * Plain JavaScript: Next.js imports this file itself, outside the TypeScript build.
 *
 * Keys live under `<REDIS_PREFIX>:next:<build id>:` (a new build never reads an older build's
 * pages): `entry:<key>` → JSON of { lastModified, value, cacheControl, tags }, with Buffers and
 * Maps encoded; `tags`, a hash of tag → time of its last revalidation (ms).
 * An entry with a tag revalidated after it was stored reads as a miss. If Redis does not answer
 * within a second, a read is a miss and a write is skipped: the page is rendered, never lost.
 */
import fs from "node:fs";
import path from "node:path";
import { createClient } from "redis";

const TIMEOUT_MS = 1_000;
/** Entries lapse after a week at most, so Redis never fills with pages nobody asks for. */
const MAX_TTL_SECONDS = 7 * 24 * 3600;
const TAGS_HEADER = "x-next-cache-tags";

/** @type {ReturnType<typeof createClient> | undefined} */
let client;
/** @type {Promise<unknown> | undefined} */
let connecting;

function redis() {
  if (!client) {
    client = createClient({
      url: process.env.REDIS_URL,
      socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) },
    });
    client.on("error", (error) => console.error(`[cache] redis: ${String(error?.message ?? error).replace(/[\r\n]/g, " ")}`));
    connecting = client.connect();
  }
  return /** @type {Promise<ReturnType<typeof createClient>>} */ (connecting.then(() => client));
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @returns {Promise<T>}
 */
function withTimeout(promise) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("redis timed out")), TIMEOUT_MS).unref())]);
}

/** @param {unknown} value @returns {unknown} */
function encode(value) {
  if (value instanceof Uint8Array) return { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  if (value instanceof Map) return { $m: [...value].map(([key, item]) => [key, encode(item)]) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item)]));
  return value;
}

/** @param {unknown} value @returns {unknown} */
function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === "object") {
    const record = /** @type {Record<string, unknown>} */ (value);
    if (typeof record.$b === "string") return Buffer.from(record.$b, "base64");
    if (Array.isArray(record.$m)) return new Map(record.$m.map(([key, item]) => [key, decode(item)]));
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decode(item)]));
  }
  return value;
}

/** The tags Next.js gave an entry: a page's are in its headers, a fetch's in the read context. */
function tagsOf(entry, ctx) {
  const header = entry?.value?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...new Set([...fromHeader, ...(entry?.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])].filter(Boolean);
}

/** `<REDIS_PREFIX>:next:<build id>:`, from the options Next.js gives the handler. */
function prefixFor(options) {
  let buildId = "unknown-build";
  try {
    buildId = fs.readFileSync(path.join(options?.serverDistDir ?? ".", "..", "BUILD_ID"), "utf8").trim();
  } catch {
    // Not a production build: one namespace for all.
  }
  return `${process.env.REDIS_PREFIX || "managely"}:next:${buildId}:`;
}

export default class RedisCacheHandler {
  /** @param {{ serverDistDir?: string }} options */
  constructor(options) {
    this.prefix = prefixFor(options);
    this.tagsKey = `${this.prefix}tags`;
  }

  /** @param {string} key @param {any} ctx */
  async get(key, ctx) {
    try {
      const db = await withTimeout(redis());
      const raw = await withTimeout(db.get(`${this.prefix}entry:${key}`));
      if (!raw) return null;
      const entry = /** @type {any} */ (decode(JSON.parse(raw)));
      const tags = tagsOf(entry, ctx);
      if (tags.length > 0) {
        const revalidatedAt = await withTimeout(db.hmGet(this.tagsKey, tags));
        if (revalidatedAt.some((time) => time !== null && Number(time) > entry.lastModified)) return null;
      }
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (error) {
      console.error(`[cache] read of ${String(key).slice(0, 200)} failed: ${error instanceof Error ? error.message : error}`);
      return null;
    }
  }

  /** @param {string} key @param {any} data @param {any} ctx */
  async set(key, data, ctx) {
    try {
      const db = await withTimeout(redis());
      if (!data) {
        await withTimeout(db.del(`${this.prefix}entry:${key}`));
        return;
      }
      const expire = Number(ctx?.cacheControl?.expire);
      const ttl = Number.isFinite(expire) && expire > 0 ? Math.min(expire, MAX_TTL_SECONDS) : MAX_TTL_SECONDS;
      const entry = { lastModified: Date.now(), value: data, cacheControl: ctx?.cacheControl, tags: ctx?.tags ?? [] };
      await withTimeout(db.set(`${this.prefix}entry:${key}`, JSON.stringify(encode(entry)), { EX: ttl }));
    } catch (error) {
      console.error(`[cache] write of ${String(key).slice(0, 200)} failed: ${error instanceof Error ? error.message : error}`);
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const list = (Array.isArray(tags) ? tags : [tags]).filter(Boolean);
    if (list.length === 0) return;
    const db = await withTimeout(redis());
    const now = String(Date.now());
    await withTimeout(db.hSet(this.tagsKey, Object.fromEntries(list.map((tag) => [tag, now]))));
  }

  resetRequestCache() {}
}
