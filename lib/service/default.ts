import { allowedOrigins, env } from "../env";
import { getDatabase } from "../db";
import { createWriteRunner } from "./write";
import { createService, type Service, type ServiceContext } from ".";
import { createForwardingDispatch } from "./forward";
import { localDispatch } from "./handlers";
import { createRateLimiter } from "./rate-limit";
import { deliveryRouting } from "./delivery/routing";
import { redisPing } from "./redis-ping";

let service: Service | undefined;
let context: Promise<ServiceContext> | undefined;

/**
 * The service of the running site, configured once: its database (DATABASE_URL), its limits, and
 * where calls run (here, or at API_BASE_URL in forwarding mode).
 */
export function getService(): Service {
  if (!service) {
    const { API_BASE_URL, API_TOKEN, RATE_LIMIT_PER_MINUTE, STATE_LIST_HALF, SMTP_URL, LEAD_WEBHOOK_URL, REDIS_URL, OUTBOX_DIR } = env();
    const loadContext = () => {
      context ??= getDatabase().then(
        (handle) => ({
          db: handle.db,
          dialect: handle.dialect,
          write: createWriteRunner(handle),
          limiter: createRateLimiter(),
          halfStateCount: STATE_LIST_HALF,
          delivery: deliveryRouting({ smtp: Boolean(SMTP_URL), webhook: Boolean(LEAD_WEBHOOK_URL) }),
          outboxDir: OUTBOX_DIR,
          ...(REDIS_URL ? { pingRedis: redisPing(REDIS_URL) } : {}),
        }),
        (error: unknown) => {
          context = undefined;
          throw error;
        },
      );
      return context;
    };
    service = createService({
      context: loadContext,
      settings: { allowedOrigins: allowedOrigins(), apiToken: API_TOKEN, savesPerMinute: RATE_LIMIT_PER_MINUTE },
      dispatch: API_BASE_URL ? createForwardingDispatch({ baseUrl: API_BASE_URL, apiToken: API_TOKEN, local: localDispatch }) : localDispatch,
    });
  }
  return service;
}
