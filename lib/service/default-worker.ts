import { env, siteUrl } from "../env";
import type { DatabaseHandle } from "../db/connection";
import { emailChannel, fileChannel, webhookChannel, type Channels } from "./delivery/channels";
import { deliveryRouting, type DeliveryRouting } from "./delivery/routing";
import { createOutboxWorker, type OutboxWorker } from "./outbox-worker";

/** Which channels carry which messages on this deployment (SMTP_URL, LEAD_WEBHOOK_URL, PURGE_URL). */
export function configuredRouting(): DeliveryRouting {
  const { SMTP_URL, LEAD_WEBHOOK_URL, PURGE_URL } = env();
  return deliveryRouting({ smtp: Boolean(SMTP_URL), webhook: Boolean(LEAD_WEBHOOK_URL), purge: Boolean(PURGE_URL) });
}

/**
 * The outbox worker as configured (README "Delivery"): the channels SMTP_URL, MAIL_FROM,
 * LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET name, files under OUTBOX_DIR for the rest, and the
 * OUTBOX_* timings. The production server starts one (unless OUTBOX_WORKER=0); `npm run worker`
 * runs one on its own.
 */
export function createConfiguredWorker(handle: Pick<DatabaseHandle, "db" | "dialect">): OutboxWorker {
  const config = env();
  const channels: Channels = { file: fileChannel({ dir: config.OUTBOX_DIR, from: config.MAIL_FROM }) };
  if (config.SMTP_URL) channels.email = emailChannel({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, messageIdDomain: new URL(siteUrl()).hostname });
  if (config.LEAD_WEBHOOK_URL && config.LEAD_WEBHOOK_SECRET) channels.webhook = webhookChannel({ url: config.LEAD_WEBHOOK_URL, secret: config.LEAD_WEBHOOK_SECRET });
  // The CDN's purge endpoint: the same signed POST as the lead webhook, with its own key.
  if (config.PURGE_URL && config.PURGE_SECRET) channels.purge = webhookChannel({ url: config.PURGE_URL, secret: config.PURGE_SECRET });
  return createOutboxWorker({
    db: handle.db,
    dialect: handle.dialect,
    channels,
    settings: {
      siteUrl: siteUrl(),
      delivery: configuredRouting(),
      retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
      giveUpMs: config.OUTBOX_GIVE_UP_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      pollMs: config.OUTBOX_POLL_MS,
      matchCheckMs: config.OUTBOX_MATCH_CHECK_MS,
      retentionDays: config.RETENTION_DAYS,
      outboxDir: config.OUTBOX_DIR,
    },
  });
}
