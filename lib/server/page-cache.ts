import zlib from "node:zlib";

/**
 * A short-lived copy, in front of Next.js, of pages Next.js served from its cache. A repeat
 * request is answered from here without Next.js's routing and cache lookup, and in the encoding
 * the browser asked for: each page is compressed once, with gzip and with brotli, when it is
 * stored, never per request.
 *
 * Bounded: entries live `ttlMs` (PAGE_CACHE_TTL_MS, 10 s by default, so the copy never holds a
 * page much longer than Next.js would), expired ones are swept, and the whole copy never holds
 * more than `maxBytes` (all encodings counted), the least recently used going first. Keys are
 * paths without the query: only pages that Next.js serves from its cache are stored, and those
 * cannot depend on the query, so `/faqs?x=1` and `/faqs?x=2` are one entry, not two.
 */
export type Encoding = "br" | "gzip" | "identity";

export type PageEntry = {
  status: number;
  /** Response headers without content-length and content-encoding (set per answer). */
  headers: Array<[string, string]>;
  etag?: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  expires: number;
  bytes: number;
};

/** Below this size compression is not worth a round of CPU. */
const MIN_COMPRESSIBLE_BYTES = 1024;

export class PageCache {
  private entries = new Map<string, PageEntry>();
  private totalBytes = 0;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    if (ttlMs > 0) {
      this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, ttlMs));
      this.sweeper.unref();
    }
  }

  get(key: string, now = Date.now()): PageEntry | undefined {
    const entry = this.entries.get(key);
    // An expired entry is not served, but stays until the sweep: if Next.js answers the same
    // page again, its compressed bodies are reused rather than made again.
    if (!entry || entry.expires <= now) return undefined;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores a page and compresses it in the background (zlib's thread pool); until the
   * compressed bodies are ready the plain one is served.
   */
  set(key: string, page: { status: number; headers: Array<[string, string]>; etag?: string; body: Buffer }, now = Date.now()): void {
    if (this.ttlMs <= 0 || page.body.length > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // The same page as before (as it is every TTL when nothing changed): keep its compressions.
    const unchanged = previous && previous.etag === page.etag && previous.bodies.identity.equals(page.body);
    const bodies = unchanged ? previous.bodies : { identity: page.body };
    const entry: PageEntry = {
      status: page.status,
      headers: page.headers,
      etag: page.etag,
      bodies,
      expires: now + this.ttlMs,
      bytes: Object.values(bodies).reduce((sum, body) => sum + (body?.length ?? 0), 0),
    };
    this.add(key, entry);
    if (unchanged || page.body.length < MIN_COMPRESSIBLE_BYTES) return;
    const store = (encoding: Encoding) => (error: Error | null, compressed: Buffer) => {
      if (error || this.entries.get(key) !== entry) return;
      entry.bodies[encoding] = compressed;
      entry.bytes += compressed.length;
      this.totalBytes += compressed.length;
      this.evict();
    };
    zlib.gzip(page.body, { level: 9 }, store("gzip"));
    zlib.brotliCompress(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } }, store("br"));
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private add(key: string, entry: PageEntry) {
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
  }

  private remove(key: string, entry: PageEntry) {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }

  /** Drops entries expired for more than a TTL (kept that long for the reuse above). */
  private sweep(now = Date.now()) {
    for (const [key, entry] of this.entries) if (entry.expires + this.ttlMs <= now) this.remove(key, entry);
  }
}

/**
 * The best encoding the client accepts among those available: brotli, then gzip, then none.
 * A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (available.br && accepts("br")) return "br";
  if (available.gzip && accepts("gzip")) return "gzip";
  return "identity";
}
