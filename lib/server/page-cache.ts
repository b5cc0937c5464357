import type http from "node:http";

/**
 * A short-lived copy, in front of Next.js, of pages Next.js itself served from its cache
 * (`x-nextjs-cache: HIT`). A repeat request for the same URL is answered from here without
 * Next.js's routing and cache lookup. Entries live PAGE_CACHE_TTL_MS (10 s), and
 * POST /api/revalidate empties it, so it never holds a page longer than Next.js would.
 */
type Entry = { headers: http.OutgoingHttpHeaders; body: Buffer; etag?: string; expires: number };

export class PageCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Omit<Entry, "expires">, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One cache per process, reachable from the server and from the revalidate route, which Next.js
 * bundles separately (its own copy of this module), through a global.
 */
const GLOBAL_KEY = Symbol.for("managely.pageCache");

export function processPageCache(ttlMs: number): PageCache {
  const registry = globalThis as unknown as Record<symbol, PageCache | undefined>;
  registry[GLOBAL_KEY] ??= new PageCache(ttlMs);
  return registry[GLOBAL_KEY];
}

/** Empties this process's page cache, if it has one (called by POST /api/revalidate). */
export function clearProcessPageCache(): void {
  (globalThis as unknown as Record<symbol, PageCache | undefined>)[GLOBAL_KEY]?.clear();
}

/** Only plain page loads: not router or server-action requests, not the API, not Next's files. */
export function isCacheablePageRequest(req: http.IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "";
  if (url.startsWith("/api/") || url.startsWith("/_next/") || url.includes("_rsc=")) return false;
  const headers = req.headers;
  return !(headers.rsc || headers["next-router-state-tree"] || headers["next-router-prefetch"] || headers["next-action"] || headers.authorization);
}
