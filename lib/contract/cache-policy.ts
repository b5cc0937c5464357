/**
 * How long things are kept and how hard they are compressed: the one home of the site's cache
 * settings. The byte budget of the page store depends on the machine, so it is configuration
 * (PAGE_STORE_MAX_BYTES in lib/env.ts); everything else is here.
 */

/**
 * How long a rendered page stays fresh before Next.js renders it again in the background, in
 * seconds. Next.js reads a route's `revalidate` only as a literal, so the root layout
 * (app/layout.tsx) and the route handlers that render cached files (sitemap, share images) say
 * `3600` themselves; lib/contract/cache-policy.test.ts fails when one of them differs from this.
 */
export const PAGE_REVALIDATE_SECONDS = 3600;

/**
 * The share of the page store's byte budget (PAGE_STORE_MAX_BYTES) that share images
 * (opengraph-image, twitter-image: ~90 KB of PNG each, 0.24-1.7 s to render, thousands of valid
 * addresses) may hold; they are evicted among themselves, so images never push pages out.
 */
export const IMAGE_SHARE_OF_PAGE_STORE = 0.125;

/**
 * Share images as the production server sends them (Next.js sends its image routes
 * `max-age=0, must-revalidate` and no ETag): shared caches (a CDN, the networks' crawlers) keep
 * one as long as the page store does before refreshing it; browsers ask again and get a 304 by
 * the image's ETag.
 */
export const SHARE_IMAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_REVALIDATE_SECONDS}`;

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * A stored page's Cache-Control for its lifetime (`revalidate` seconds fresh, `expire` at most),
 * worded as Next.js words it for the same page, so an answer from the page store and one from
 * Next.js say the same: `s-maxage=3600, stale-while-revalidate=…`; never fresh (0): not kept by
 * anyone; no lifetime (false): a year.
 */
export function pageCacheControl({ revalidate, expire }: { revalidate: number | false; expire?: number }): string {
  if (revalidate === 0) return "private, no-cache, no-store, max-age=0, must-revalidate";
  const fresh = revalidate === false ? ONE_YEAR_SECONDS : revalidate;
  const stale = typeof revalidate === "number" && expire !== undefined && revalidate < expire ? `, stale-while-revalidate=${expire - revalidate}` : "";
  return `s-maxage=${fresh}${stale}`;
}

/** Redis keeps a stored page at most this long (seconds), stale or not: unread pages lapse. */
export const REDIS_PAGE_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Compression. Stored pages are compressed once, when Next.js hands them to the store, with
 * brotli at a quality that costs about a millisecond for a 150 KB page (quality 11 took 185 ms
 * for 12% fewer bytes); answers nobody keeps (a first render, a router request) are compressed as
 * they are sent, at the same cost. Build files are compressed once at build time, as hard as
 * brotli and gzip go, because they are compressed once and sent millions of times.
 */
export const COMPRESSION = {
  storedBrotliQuality: 4,
  onTheFlyBrotliQuality: 4,
  onTheFlyGzipLevel: 6,
  buildBrotliQuality: 11,
  buildGzipLevel: 9,
  /** Below this many bytes compressing is not worth a round of CPU. */
  minBytes: 1024,
} as const;

/** Content types worth compressing (text of every kind, and SVG). */
export const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

/**
 * The most bytes the production server keeps of build files (/_next/static) in memory, every
 * encoding counted: a build's files come to a few megabytes, so all of them fit, and no request
 * can make the cache hold more.
 */
export const STATIC_FILES_MAX_BYTES = 64 * 1024 * 1024;

/** Build files (/_next/static) never change under their name. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Answers no cache may keep: 404s (a URL that names nothing must not become a year-long cache
 * entry anywhere), API answers, private pages, errors.
 */
export const NO_STORE = "no-store";

/** The headers of such an answer: every route, the server and the service spread this object. */
export const NO_STORE_HEADERS: Readonly<Record<"cache-control", string>> = { "cache-control": NO_STORE };

/** A staff-only answer (workspace exports, previews): not kept, and kept out of search engines. */
export const PRIVATE_NO_STORE_HEADERS: Readonly<Record<"cache-control" | "x-robots-tag", string>> = { ...NO_STORE_HEADERS, "x-robots-tag": "noindex, nofollow" };

/** The production server remembers a known page's canonical address this long (ms). */
export const ROUTE_RESOLUTION_MS = 60_000;
/** …for at most this many addresses. */
export const ROUTE_RESOLUTION_LIMIT = 20_000;

/** How often the production server looks at the content_changes journal (ms). */
export const CONTENT_POLL_MS = 3_000;

/** The Content-Security-Policy of the last this-many distinct pages is remembered. */
export const PAGE_POLICY_LIMIT = 500;
