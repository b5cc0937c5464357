import { createClient } from "redis";
import { logError } from "../service/log";

/**
 * Tells every instance to drop its page copies after a revalidation. With REDIS_URL set, a
 * message on a Redis channel reaches every instance subscribed to it (each drops its copies
 * within milliseconds); without it there is one instance, and it drops its own.
 */
export type CacheBus = {
  /** Drops this instance's copies and tells the others to drop theirs. */
  publishClear(): Promise<void>;
  close(): Promise<void>;
};

export async function createCacheBus({ redisUrl, prefix }: { redisUrl?: string; prefix: string }, clearLocal: () => void): Promise<CacheBus> {
  const channel = `${prefix}:page-copies:clear`;
  if (!redisUrl) {
    return { publishClear: async () => clearLocal(), close: async () => {} };
  }
  const publisher = createClient({ url: redisUrl, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on("error", (error: unknown) => logError("redis (page copies)", error));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel, () => clearLocal());
  return {
    async publishClear() {
      clearLocal();
      try {
        await publisher.publish(channel, String(Date.now()));
      } catch (error) {
        logError("could not tell the other instances to drop their page copies", error);
      }
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
