import { createClient, RESP_TYPES } from "redis";
import { logError, logInfo } from "../service/log";
import type { EntryMeta, FreshPage, StoreBackend, StoredEntry } from "./page-store";

/**
 * The page store on Redis, shared by every instance: one hash per entry (`meta` and the
 * compressed bodies), with a TTL per key, under `<prefix>:pages:<build id>:` so a new build never
 * reads an older build's pages; tag revalidation times in `<prefix>:pages:tags`. Redis itself
 * bounds the memory: run it with `maxmemory` and `maxmemory-policy allkeys-lru` (checked at
 * start, see redisEvictionWarning). When Redis does not answer within a second a read is a miss
 * and a write is skipped: the page is rendered, never lost. Once the client has seen Redis fail
 * (down at start, or lost since), calls fail at once until it reconnects, instead of each waiting
 * out that second: a page is then served as fast as without Redis.
 */
const TIMEOUT_MS = 1_000;

type Client = ReturnType<typeof createClient>;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error("redis timed out")), TIMEOUT_MS).unref())]);
}

/** What the site says at start about Redis's eviction settings (undefined: nothing to say). */
export function redisEvictionWarning(policy: string | undefined, maxmemory: string | undefined): string | undefined {
  if (policy === undefined) return "could not read Redis's maxmemory-policy: make sure Redis evicts (maxmemory with allkeys-lru), or stored pages may fill it";
  if (policy === "noeviction") return "Redis's maxmemory-policy is noeviction: when it fills, page stores fail and every page is rendered again; run Redis with maxmemory and allkeys-lru";
  if (!maxmemory || maxmemory === "0") return `Redis has no maxmemory: stored pages are bounded only by their TTL; set maxmemory (policy ${policy})`;
  return undefined;
}

export class RedisBackend implements StoreBackend {
  private readonly client: Client;
  private readonly binary: ReturnType<Client["withTypeMapping"]>;
  private readonly connecting: Promise<unknown>;
  private readonly keyPrefix: string;
  private readonly tagsKey: string;
  /** Redis failed and the client has not reconnected since. */
  private down = false;

  constructor({ url, prefix, buildId }: { url: string; prefix: string; buildId: string }) {
    this.client = createClient({ url, socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
    this.client.on("error", (error: unknown) => {
      this.down = true;
      logError("redis (page store)", error);
    });
    this.client.on("ready", () => (this.down = false));
    this.binary = this.client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
    this.connecting = this.client.connect();
    this.connecting.catch(() => {}); // reported by the error listener
    this.keyPrefix = `${prefix}:pages:${buildId}:`;
    this.tagsKey = `${prefix}:pages:tags`;
  }

  /** Waits for the first connection (a second at most); fails at once while Redis is known to be down. */
  private async connected(): Promise<void> {
    if (this.down) throw new Error("redis is not connected");
    await withTimeout(this.connecting);
  }

  /** Warns, once at start, when Redis would not evict stored pages on its own. */
  async checkEviction(): Promise<string | undefined> {
    let policy: string | undefined;
    let maxmemory: string | undefined;
    try {
      await this.connected();
      const config = await withTimeout(this.client.configGet(["maxmemory-policy", "maxmemory"]));
      policy = config["maxmemory-policy"];
      maxmemory = config.maxmemory;
    } catch {
      // CONFIG may be disabled (managed Redis): say that it could not be read.
    }
    const warning = redisEvictionWarning(policy, maxmemory);
    if (warning) logInfo("page store", `warning: ${warning}`);
    return warning;
  }

  async read(id: string): Promise<StoredEntry | undefined> {
    try {
      await this.connected();
      const fields = (await withTimeout(this.binary.hGetAll(this.keyPrefix + id))) as unknown as Record<string, Buffer>;
      if (!fields?.meta) return undefined;
      const { meta, ...blobs } = fields;
      return { meta: JSON.parse(meta.toString("utf8")) as EntryMeta, blobs };
    } catch (error) {
      logError("page store read", error);
      return undefined;
    }
  }

  async readPage(id: string): Promise<FreshPage | undefined> {
    try {
      await this.connected();
      const [meta, html] = (await withTimeout(this.binary.hmGet(this.keyPrefix + id, ["meta", "html"]))) as unknown as Array<Buffer | null>;
      if (!meta || !html) return undefined;
      // Converted per request: the entry is read from Redis per request anyway (a CDN in front
      // keeps hot pages in every encoding).
      return { meta: JSON.parse(meta.toString("utf8")) as EntryMeta, html, variants: {}, keep: () => {} };
    } catch (error) {
      logError("page store read", error);
      return undefined;
    }
  }

  async write(id: string, entry: StoredEntry, ttlSeconds: number): Promise<void> {
    const key = this.keyPrefix + id;
    try {
      await this.connected();
      await withTimeout(
        this.client
          .multi()
          .del(key)
          .hSet(key, { meta: JSON.stringify(entry.meta), ...entry.blobs })
          .expire(key, Math.max(1, Math.round(ttlSeconds)))
          .exec(),
      );
    } catch (error) {
      logError("page store write", error);
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.connected();
      await withTimeout(this.client.del(this.keyPrefix + id));
    } catch (error) {
      logError("page store delete", error);
    }
  }

  async tagTimes(tags: string[]): Promise<number[]> {
    if (tags.length === 0) return [];
    try {
      await this.connected();
      const times = await withTimeout(this.client.hmGet(this.tagsKey, tags));
      return times.map((time) => Number(time ?? 0));
    } catch (error) {
      logError("page store tags", error);
      // Unknown: treat every entry as revalidated, so nothing stale is served.
      return [Number.MAX_SAFE_INTEGER];
    }
  }

  async markTags(tags: string[], time: number): Promise<void> {
    await this.connected();
    await withTimeout(this.client.hSet(this.tagsKey, Object.fromEntries(tags.map((tag) => [tag, String(time)]))));
  }

  /** Entries of this build and the bytes Redis uses for them (MEMORY USAGE of each key). */
  async stats() {
    await this.connected();
    let entries = 0;
    let bytes = 0;
    for await (const keys of this.client.scanIterator({ MATCH: `${this.keyPrefix}*`, COUNT: 500 })) {
      for (const key of keys) {
        entries += 1;
        bytes += Number((await this.client.memoryUsage(key)) ?? 0);
      }
    }
    const config = await this.client.configGet("maxmemory").catch(() => ({}) as Record<string, string>);
    const budget = Number(config.maxmemory ?? 0);
    return { entries, bytes, ...(budget > 0 ? { budget } : {}) };
  }

  /** Connected: sends what is queued, then quits. Still connecting (Redis down): stops retrying. */
  async close(): Promise<void> {
    if (this.client.isReady) await this.client.quit().catch(() => {});
    else if (this.client.isOpen) this.client.destroy();
  }
}
