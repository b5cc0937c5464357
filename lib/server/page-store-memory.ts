import { entryBytes, isImageEntry, type FreshPage, type StoreBackend, type StoredEntry } from "./page-store";
import { IMAGE_SHARE_OF_PAGE_STORE } from "../contract/cache-policy";

/** Tags remembered; past this, the oldest are folded into one floor time (see markTags). */
const MAX_TAGS = 100_000;

/** Entries held within a byte budget, the least recently used first out. */
class Pool {
  readonly entries = new Map<string, { entry: StoredEntry; bytes: number }>();
  bytes = 0;
  constructor(readonly budget: number) {}

  touch(id: string) {
    const held = this.entries.get(id);
    if (!held) return undefined;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(id);
    this.entries.set(id, held);
    return held;
  }

  add(id: string, entry: StoredEntry, bytes: number) {
    if (bytes > this.budget / 4) return; // one entry never pushes out a quarter of its pool
    this.entries.set(id, { entry, bytes });
    this.bytes += bytes;
    this.evict();
  }

  grow(id: string, by: number) {
    const held = this.entries.get(id);
    if (!held) return;
    held.bytes += by;
    this.bytes += by;
    this.evict();
  }

  drop(id: string) {
    const held = this.entries.get(id);
    if (!held) return;
    this.entries.delete(id);
    this.bytes -= held.bytes;
  }

  private evict() {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.drop(oldest);
    }
  }
}

/**
 * The page store in this process's memory: at most `budget` bytes (compressed bodies and their
 * descriptions counted), the least recently used entry evicted first. Share images have their
 * own part of the budget (IMAGE_SHARE_OF_PAGE_STORE) and are evicted among themselves, so a crawl
 * of thousands of images never pushes a page out. Entries are replaced whole.
 */
export class MemoryBackend implements StoreBackend {
  private readonly pages: Pool;
  private readonly images: Pool;
  private readonly tags = new Map<string, number>();
  /** Entries older than this count as revalidated: what forgotten tags leave behind. */
  private floor = 0;

  constructor(private readonly budget: number) {
    const imageBudget = Math.floor(budget * IMAGE_SHARE_OF_PAGE_STORE);
    this.images = new Pool(imageBudget);
    this.pages = new Pool(budget - imageBudget);
  }

  async read(id: string): Promise<StoredEntry | undefined> {
    return (this.pages.touch(id) ?? this.images.touch(id))?.entry;
  }

  async readPage(id: string): Promise<FreshPage | undefined> {
    const entry = this.pages.touch(id)?.entry;
    const html = entry?.blobs.html;
    if (!entry || !html) return undefined;
    return {
      meta: entry.meta,
      html,
      variants: { gzip: entry.blobs["html.gzip"], identity: entry.blobs["html.identity"] },
      keep: (encoding, body) => this.addBlob(id, entry, `html.${encoding}`, body),
    };
  }

  /** Adds a blob to a page still held (not one replaced or evicted meanwhile), within the budget. */
  private addBlob(id: string, entry: StoredEntry, name: string, body: Buffer) {
    const held = this.pages.entries.get(id);
    if (!held || held.entry !== entry || entry.blobs[name]) return;
    entry.blobs[name] = body;
    this.pages.grow(id, body.length);
  }

  async write(id: string, entry: StoredEntry): Promise<void> {
    this.drop(id);
    (isImageEntry(entry) ? this.images : this.pages).add(id, entry, entryBytes(entry));
  }

  async remove(id: string): Promise<void> {
    this.drop(id);
  }

  async tagTimes(tags: string[]): Promise<number[]> {
    return [this.floor, ...tags.map((tag) => this.tags.get(tag) ?? 0)];
  }

  async markTags(tags: string[], time: number): Promise<void> {
    for (const tag of tags) {
      this.tags.delete(tag);
      this.tags.set(tag, time);
    }
    for (const [oldest, at] of this.tags) {
      if (this.tags.size <= MAX_TAGS) break;
      this.tags.delete(oldest);
      this.floor = Math.max(this.floor, at);
    }
  }

  async stats() {
    return {
      entries: this.pages.entries.size + this.images.entries.size,
      bytes: this.pages.bytes + this.images.bytes,
      budget: this.budget,
      images: { entries: this.images.entries.size, bytes: this.images.bytes, budget: this.images.budget },
    };
  }

  async close(): Promise<void> {
    for (const pool of [this.pages, this.images]) {
      pool.entries.clear();
      pool.bytes = 0;
    }
  }

  private drop(id: string) {
    this.pages.drop(id);
    this.images.drop(id);
  }
}
