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

/**
 * `topic` names the channel and `what` the instances do on it, for the log: the page copies by
 * default; Workspace → Redirects uses one of its own, on which each instance reads its rules again.
 */
const PAGE_COPIES = { topic: "page-copies:clear", what: "drop their page copies", label: "page copies" };

export function createCacheBus(
  { redisUrl, prefix, topic = PAGE_COPIES.topic, what = PAGE_COPIES.what, label = PAGE_COPIES.label }: { redisUrl?: string; prefix: string; topic?: string; what?: string; label?: string },
  clearLocal: () => void,
): CacheBus {
  const channel = `${prefix}:${topic}`;
  const notTold = `could not tell the other instances to ${what}`;
  if (!redisUrl) {
    return { publishClear: async () => clearLocal(), close: async () => {} };
  }
  const publisher = createClient({ url: redisUrl, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on("error", (error: unknown) => logError(`redis (${label})`, error));
  // Redis down must not keep the site from starting: both clients connect, and reconnect, on their
  // own. A clear sent while this instance was not listening is lost to it, so each time the
  // subscriber is (re)connected this instance drops its copies.
  subscriber.on("ready", () => clearLocal());
  const settle = (connecting: Promise<unknown>) => connecting.catch(() => {}); // reported by the error listener
  void settle(publisher.connect());
  void settle(subscriber.connect().then(() => subscriber.subscribe(channel, () => clearLocal())));
  return {
    async publishClear() {
      clearLocal();
      // Not connected: a publish would wait in the client's queue until Redis is back.
      if (!publisher.isReady) return logError(notTold, new Error("Redis is not connected"));
      try {
        await publisher.publish(channel, String(Date.now()));
      } catch (error) {
        logError(notTold, error);
      }
    },
    /** Connected: quits. Still connecting (Redis down): stops retrying. */
    async close() {
      await Promise.allSettled([subscriber, publisher].map((client) => (client.isReady ? client.quit() : client.isOpen ? client.destroy() : undefined)));
    },
  };
}
