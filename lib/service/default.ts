import { allowedOrigins, env } from "../env";
import { getDatabase } from "../db";
import { FAILURE } from "../contract/messages";
import { createWriteRunner } from "./write";
import { handleCall, type Service, type ServiceContext, type ServiceSettings } from ".";
import { configuredRouting } from "./default-worker";
import { redisPing } from "./redis-ping";
import { logError } from "./log";

let service: Service | undefined;
let context: Promise<ServiceContext> | undefined;

/** The running site's context, opened once (DATABASE_URL); a failed open is tried again by the next call. */
function siteContext(): Promise<ServiceContext> {
  const { STATE_LIST_HALF, REDIS_URL, OUTBOX_DIR } = env();
  context ??= getDatabase().then(
    (handle) => ({
      db: handle.db,
      dialect: handle.dialect,
      write: createWriteRunner(handle),
      halfStateCount: STATE_LIST_HALF,
      delivery: configuredRouting(),
      outboxDir: OUTBOX_DIR,
      ...(REDIS_URL ? { pingRedis: redisPing(REDIS_URL) } : {}),
    }),
    (error: unknown) => {
      context = undefined;
      throw error;
    },
  );
  return context;
}

/**
 * The service of the running site, configured once: its database (DATABASE_URL), its limits, and
 * where calls run (here, or at API_BASE_URL in forwarding mode).
 */
export function getService(): Service {
  if (!service) {
    const { API_BASE_URL, API_TOKEN, RATE_LIMIT_PER_MINUTE, RATE_LIMIT_IPV6_PREFIX } = env();
    const settings: ServiceSettings = {
      allowedOrigins: allowedOrigins(),
      apiToken: API_TOKEN,
      savesPerMinute: RATE_LIMIT_PER_MINUTE,
      ipv6Prefix: RATE_LIMIT_IPV6_PREFIX,
      ...(API_BASE_URL ? { upstream: { baseUrl: API_BASE_URL, apiToken: API_TOKEN } } : {}),
    };
    service = {
      async handle(request) {
        let opened: ServiceContext;
        try {
          opened = await siteContext();
        } catch (error) {
          logError("database unavailable", error);
          return { status: 500, body: { success: false, message: FAILURE.unexpected } };
        }
        return handleCall(request, { context: opened, settings });
      },
    };
  }
  return service;
}
