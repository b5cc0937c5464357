import { createClient } from "redis";
import { logError } from "./log";

/**
 * A PING to REDIS_URL's server for GET /healthz, on one connection made at the first check and
 * kept. A check that gets no answer within two seconds fails.
 */
export function redisPing(url: string): () => Promise<void> {
  let client: ReturnType<typeof createClient> | undefined;
  let connecting: Promise<unknown> | undefined;
  return async () => {
    if (!client) {
      client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) } });
      client.on("error", (error: unknown) => logError("redis (health check)", error));
      connecting = client.connect();
    }
    const ping = (async () => {
      await connecting;
      await client!.ping();
    })();
    await Promise.race([ping, new Promise((_, reject) => setTimeout(() => reject(new Error("Redis did not answer within 2 s")), 2_000).unref())]);
  };
}
