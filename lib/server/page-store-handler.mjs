// @ts-check
/**
 * Next.js's documented `cacheHandler` (next.config.ts): every get, set and revalidateTag of
 * Next.js's incremental cache goes to the page store that the production server registered
 * before starting Next.js in the same process (lib/server/page-store.ts: memory with a byte
 * budget, or Redis when REDIS_URL is set). One store per instance; Next.js writes no cache file.
 *
 * Plain JavaScript, because Next.js loads this file itself, during `next build` too (where only
 * the constructor runs and no store is registered: every get misses, every set is dropped).
 */
const REGISTERED = Symbol.for("managely.page-store");

/** @returns {any} */
const store = () => /** @type {any} */ (globalThis)[REGISTERED];

export default class PageStoreHandler {
  /** @param {string} key @param {any} ctx */
  async get(key, ctx) {
    return (await store()?.get(key, ctx)) ?? null;
  }

  /** @param {string} key @param {any} data @param {any} ctx */
  async set(key, data, ctx) {
    await store()?.set(key, data, ctx);
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    await store()?.revalidateTag(tags);
  }

  resetRequestCache() {}
}
