import { entryBytes, type FreshPage, type StoreBackend, type StoredEntry } from "./page-store";

/**
 * The page store in this process's memory: at most `budget` bytes (compressed bodies and their
 * descriptions counted), the least recently used entry evicted first. Entries are replaced whole.
 */
/** Tags remembered; past this, the oldest are folded into one floor time (see markTags). */
const MAX_TAGS = 100_000;

export class MemoryBackend implements StoreBackend {
  private readonly entries = new Map<string, { entry: StoredEntry; bytes: number }>();
  private readonly tags = new Map<string, number>();
  /** Entries older than this count as revalidated: what forgotten tags leave behind. */
  private floor = 0;
  private totalBytes = 0;

  constructor(private readonly budget: number) {}

  async read(id: string): Promise<StoredEntry | undefined> {
    const held = this.entries.get(id);
    if (!held) return undefined;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(id);
    this.entries.set(id, held);
    return held.entry;
  }

  async readPage(id: string): Promise<FreshPage | undefined> {
    const entry = await this.read(id);
    const html = entry?.blobs.html;
    return entry && html ? { meta: entry.meta, html } : undefined;
  }

  async write(id: string, entry: StoredEntry): Promise<void> {
    const bytes = entryBytes(entry);
    this.drop(id);
    if (bytes > this.budget / 4) return; // one page never pushes out a quarter of the store
    this.entries.set(id, { entry, bytes });
    this.totalBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.totalBytes <= this.budget) break;
      this.drop(oldest);
    }
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
    return { entries: this.entries.size, bytes: this.totalBytes, budget: this.budget };
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private drop(id: string) {
    const held = this.entries.get(id);
    if (!held) return;
    this.entries.delete(id);
    this.totalBytes -= held.bytes;
  }
}
