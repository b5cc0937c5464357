import zlib from "node:zlib";
import { promisify } from "node:util";
import { COMPRESSION } from "../contract/cache-policy";
import { policyForHtml } from "./csp";
import { flightWithoutQuery, htmlWithoutQuery } from "./rendered-query";
import { CACHE_KIND, isPageKey, NEXT_CACHE_TAGS_HEADER, nextETag, NOT_FOUND_PAGE, pathOfKey } from "./next-internals";

/**
 * The one place an instance keeps rendered pages: Next.js's incremental cache, through its
 * documented `cacheHandler` (lib/server/page-store-handler.mjs hands every get, set and
 * revalidateTag to the store the production server registers), and the production server's
 * fast path, which answers a fresh page straight from the same entry without entering Next.js.
 *
 * - Compressed at rest: a page's HTML, its flight data and its segments are each kept as brotli
 *   (quality 4, about a millisecond for a 150 KB page), compressed once when Next.js stores the
 *   page; the HTML is sent as it is kept to clients that accept brotli. Next.js's segment
 *   `/_full` is the flight data again and is kept once.
 * - For everyone: the query string Next.js writes into a page's flight data is kept as the empty
 *   query (rendered-query.ts), so the first request's query never reaches the next visitor.
 * - Bounded: on memory, a byte budget (PAGE_STORE_MAX_BYTES) with the least recently used entry
 *   evicted first; on Redis, a TTL per key (and Redis's own maxmemory with allkeys-lru). An
 *   evicted page is simply rendered again.
 * - Nothing for what does not exist: an answer with status 400 or more is never stored.
 * - Entries are immutable: a `set` builds its entry completely, then replaces the old one in one
 *   step, so requests that race can only see a whole old entry or a whole new one.
 * - Nothing from the build: what `next build` prerendered was rendered from no data (isBuilding
 *   in lib/env.ts) and is never served; each page is rendered from the site's data when first
 *   asked for, then kept here.
 */

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

export type CacheControl = { revalidate?: number | false; expire?: number };

/** What Next.js hands a cache handler and gets back from it (the parts this store reads). */
export type NextCacheValue = { kind: string; [field: string]: unknown } | null;
export type NextCacheEntry = { lastModified: number; value: NextCacheValue; cacheControl?: CacheControl };
export type NextGetContext = { kind?: string; tags?: string[]; softTags?: string[]; isFallback?: boolean; isRoutePPREnabled?: boolean };
export type NextSetContext = { cacheControl?: CacheControl; tags?: string[]; fetchCache?: boolean };

/** The description of a stored entry; its bodies are kept beside it as compressed blobs. */
export type EntryMeta = {
  key: string;
  kind: string;
  lastModified: number;
  cacheControl?: CacheControl;
  tags: string[];
  status?: number;
  headers?: Record<string, string | string[]>;
  /** APP_PAGE: Next.js's ETag of the HTML and its Content-Security-Policy, computed once. */
  etag?: string;
  csp?: string;
  postponed?: unknown;
  /** APP_PAGE: the segment paths, and which of them are the flight data again. */
  segments?: string[];
  fullIsRsc?: string[];
  /** Every other field of the value, JSON (redirects, fetches, images). */
  rest?: Record<string, unknown>;
  /** Fields of `rest` that were buffers, kept as blobs. */
  restBuffers?: string[];
  /** Blobs kept as they are (already compressed content, e.g. a PNG): not brotli. */
  raw?: string[];
};
export type StoredEntry = { meta: EntryMeta; blobs: Record<string, Buffer> };

/**
 * A fresh page the production server may send as it is: the brotli HTML and what goes with it,
 * and the HTML in the other encodings once a client asked for them (see keep).
 */
type PageEncoding = "gzip" | "identity";
export type FreshPage = {
  meta: EntryMeta;
  html: Buffer;
  variants: Partial<Record<PageEncoding, Buffer>>;
  /**
   * Keeps the HTML in another encoding with the entry, counted in the store's budget (memory
   * only): a hot page asked for without brotli (gzip-only crawlers, plain HTTP clients) is
   * converted once, not on every request. A replaced or evicted entry takes it along.
   */
  keep(encoding: PageEncoding, body: Buffer): void;
};

export interface StoreBackend {
  read(id: string): Promise<StoredEntry | undefined>;
  /** Only the meta and the HTML: what the fast path sends. */
  readPage(id: string): Promise<FreshPage | undefined>;
  write(id: string, entry: StoredEntry, ttlSeconds: number): Promise<void>;
  remove(id: string): Promise<void>;
  /** When each of these tags was last revalidated (ms), 0 when never. */
  tagTimes(tags: string[]): Promise<number[]>;
  markTags(tags: string[], time: number): Promise<void>;
  stats(): Promise<{ entries: number; bytes: number; budget?: number; images?: { entries: number; bytes: number; budget: number } }>;
  close(): Promise<void>;
}

const APP_PAGE = CACHE_KIND.page;
const APP_ROUTE = CACHE_KIND.route;

/** Entries are stored under the page's address when they are pages (pathOfKey), so the fast path finds them. */
export function storageId(key: string, kind: string): string {
  const pagePath = isPageKey(key, kind) ? pathOfKey(key) : undefined;
  return pagePath === undefined ? `key:${key}` : `page:${pagePath}`;
}

const isBuffer = (value: unknown): value is Buffer => Buffer.isBuffer(value) || value instanceof Uint8Array;
const asBuffer = (value: Uint8Array) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));
const compress = (body: Buffer) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.storedBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

function tagsOf(value: NextCacheValue, ctx?: { tags?: string[] }): string[] {
  const header = (value?.headers as Record<string, unknown> | undefined)?.[NEXT_CACHE_TAGS_HEADER];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...new Set([...fromHeader, ...(ctx?.tags ?? [])])].filter(Boolean);
}

/** Next.js's value → meta and compressed blobs. */
export async function encodeEntry(key: string, value: NonNullable<NextCacheValue>, lastModified: number, ctx: { cacheControl?: CacheControl; tags?: string[] }): Promise<StoredEntry> {
  const meta: EntryMeta = { key, kind: value.kind, lastModified, cacheControl: ctx.cacheControl, tags: tagsOf(value, ctx) };
  const pending: Array<Promise<void>> = [];
  const blobs: Record<string, Buffer> = {};
  const keep = (name: string, body: Buffer) => pending.push(compress(body).then((compressed) => void (blobs[name] = compressed)));

  if (value.kind === APP_PAGE) {
    // No request's query string is kept for everyone (rendered-query.ts).
    const html = htmlWithoutQuery(String(value.html ?? ""));
    meta.status = value.status as number | undefined;
    meta.headers = value.headers as EntryMeta["headers"];
    meta.postponed = value.postponed;
    // Next.js's own ETag of the HTML: the answer of the request that rendered the page (which
    // Next.js sends itself) and every answer from the store then carry the same one.
    meta.etag = nextETag(html);
    meta.csp = policyForHtml(html, meta.etag);
    keep("html", Buffer.from(html));
    const rendered = isBuffer(value.rscData) ? asBuffer(value.rscData) : undefined;
    const rsc = rendered && flightWithoutQuery(rendered);
    if (rsc) keep("rsc", rsc);
    if (value.segmentData instanceof Map) {
      meta.segments = [];
      meta.fullIsRsc = [];
      for (const [segment, body] of value.segmentData as Map<string, Uint8Array>) {
        meta.segments.push(segment);
        if (rendered && asBuffer(body).equals(rendered)) meta.fullIsRsc.push(segment);
        else keep(`seg:${segment}`, asBuffer(body));
      }
    }
  } else if (value.kind === APP_ROUTE) {
    meta.status = value.status as number | undefined;
    meta.headers = value.headers as EntryMeta["headers"];
    const body = isBuffer(value.body) ? asBuffer(value.body) : Buffer.from(String(value.body ?? ""));
    const contentType = String((meta.headers as Record<string, unknown> | undefined)?.["content-type"] ?? "");
    if (/^image\/(png|jpe?g|gif|webp|avif)/i.test(contentType)) {
      meta.raw = ["body"];
      blobs.body = body;
    } else keep("body", body);
  } else {
    // Redirects, fetches and anything later versions add: JSON, with buffers as blobs.
    meta.rest = {};
    meta.restBuffers = [];
    for (const [field, item] of Object.entries(value)) {
      if (isBuffer(item)) {
        meta.restBuffers.push(field);
        keep(`rest:${field}`, asBuffer(item));
      } else meta.rest[field] = item;
    }
  }
  await Promise.all(pending);
  return { meta, blobs };
}

/** Meta and compressed blobs → the value Next.js stored. */
export async function decodeEntry({ meta, blobs }: StoredEntry): Promise<NextCacheValue> {
  const open = async (name: string) => {
    const blob = blobs[name];
    if (!blob) return undefined;
    return meta.raw?.includes(name) ? blob : unbrotli(blob);
  };
  if (meta.kind === APP_PAGE) {
    const [html, rsc] = await Promise.all([open("html"), open("rsc")]);
    let segmentData: Map<string, Buffer> | undefined;
    if (meta.segments) {
      segmentData = new Map();
      const bodies = await Promise.all(meta.segments.map((segment) => (meta.fullIsRsc?.includes(segment) ? rsc : open(`seg:${segment}`))));
      meta.segments.forEach((segment, index) => segmentData!.set(segment, bodies[index] ?? Buffer.alloc(0)));
    }
    return { kind: APP_PAGE, html: html?.toString("utf8") ?? "", rscData: rsc, headers: meta.headers, status: meta.status, postponed: meta.postponed, segmentData };
  }
  if (meta.kind === APP_ROUTE) return { kind: APP_ROUTE, body: (await open("body")) ?? Buffer.alloc(0), headers: meta.headers, status: meta.status };
  const value: { kind: string; [field: string]: unknown } = { kind: meta.kind, ...(meta.rest ?? {}) };
  for (const field of meta.restBuffers ?? []) value[field] = await open(`rest:${field}`);
  return value;
}

/** A share image (opengraph-image, twitter-image): a route whose body is kept as it is, a PNG. */
export function isImageEntry(entry: StoredEntry): boolean {
  return entry.meta.kind === APP_ROUTE && Boolean(entry.meta.raw?.includes("body"));
}

export function entryBytes(entry: StoredEntry): number {
  return Object.values(entry.blobs).reduce((sum, blob) => sum + blob.length, 0) + JSON.stringify(entry.meta).length;
}

/** Whether an entry was made before the last revalidation of one of its tags (or the floor). */
const revalidatedSince = (lastModified: number, times: number[]) => times.some((time) => time > lastModified);

export type PageStoreOptions = {
  backend: StoreBackend;
  /** Seconds a key may live on the backend (Redis: per-key TTL); pages past it are rendered again. */
  maxTtlSeconds: number;
  now?: () => number;
};

export class PageStore {
  private readonly now: () => number;

  constructor(private readonly options: PageStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get backend(): StoreBackend {
    return this.options.backend;
  }

  // -------------------------------------------------------------------------------------------
  // Next.js's side (the cacheHandler)

  async get(key: string, ctx: NextGetContext = {}): Promise<NextCacheEntry | null> {
    const kind = ctx.kind ?? APP_PAGE;
    const stored = await this.backend.read(storageId(key, kind));
    if (stored && stored.meta.key === key) {
      if (revalidatedSince(stored.meta.lastModified, await this.backend.tagTimes([...stored.meta.tags, ...(ctx.softTags ?? [])]))) return null;
      return { lastModified: stored.meta.lastModified, value: await decodeEntry(stored), cacheControl: stored.meta.cacheControl };
    }
    return null;
  }

  async set(key: string, value: NextCacheValue, ctx: NextSetContext = {}): Promise<void> {
    const kind = value?.kind ?? APP_PAGE;
    const id = storageId(key, kind);
    const status = typeof value?.status === "number" ? value.status : 200;
    // Nothing is kept for an answer that names nothing (404) or failed; nor Next.js's own page for
    // an unknown address, which it stores as a 200 and would then answer at /_not-found.
    if (!value || status >= 400 || pathOfKey(key) === NOT_FOUND_PAGE) {
      await this.backend.remove(id);
      return;
    }
    const entry = await encodeEntry(key, value, this.now(), ctx);
    await this.backend.write(id, entry, this.ttlFor(ctx.cacheControl));
  }

  async revalidateTag(tags: string | string[]): Promise<void> {
    const list = (Array.isArray(tags) ? tags : [tags]).filter(Boolean);
    if (list.length > 0) await this.backend.markTags(list, this.now());
  }

  // -------------------------------------------------------------------------------------------
  // The production server's side

  /** A page that is fresh (not past its revalidate time, no tag revalidated since), or nothing. */
  async freshPage(pathname: string): Promise<FreshPage | undefined> {
    const page = await this.backend.readPage(`page:${pathname}`);
    if (!page || page.meta.kind !== APP_PAGE || (page.meta.status ?? 200) !== 200) return undefined;
    const revalidate = page.meta.cacheControl?.revalidate;
    if (typeof revalidate === "number" && page.meta.lastModified + revalidate * 1000 <= this.now()) return undefined;
    if (revalidatedSince(page.meta.lastModified, await this.backend.tagTimes(page.meta.tags))) return undefined;
    return page;
  }

  stats() {
    return this.backend.stats();
  }

  close() {
    return this.backend.close();
  }

  private ttlFor(cacheControl?: CacheControl): number {
    const expire = cacheControl?.expire;
    return typeof expire === "number" && expire > 0 ? Math.min(expire, this.options.maxTtlSeconds) : this.options.maxTtlSeconds;
  }
}

// ---------------------------------------------------------------------------------------------
// The store the production server registers for the cache handler (same process as Next.js).

const REGISTERED = Symbol.for("managely.page-store");
type WithStore = { [REGISTERED]?: PageStore };

export function registerPageStore(store: PageStore | undefined): void {
  (globalThis as WithStore)[REGISTERED] = store;
}

export function registeredPageStore(): PageStore | undefined {
  return (globalThis as WithStore)[REGISTERED];
}
