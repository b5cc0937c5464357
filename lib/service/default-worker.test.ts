import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { deliveryRouting } from "./delivery/routing";
import type { WorkerSettings } from "./outbox-worker";

/**
 * The worker as the configuration makes it (README "Delivery"): which channels it gets, each with
 * the settings the variables name, and the OUTBOX_* timings. The channels and the worker are
 * stand-ins that keep what they were given; sending is channels.test.ts's and outbox-worker.test.ts's.
 */
const NONE = { SMTP_URL: "", LEAD_WEBHOOK_URL: "", LEAD_WEBHOOK_SECRET: "", PURGE_URL: "", PURGE_SECRET: "" };
const TIMINGS = {
  SITE_URL: "https://managely.example/",
  MAIL_FROM: "Managely <no-reply@managely.example>",
  OUTBOX_DIR: "/var/managely/outbox",
  OUTBOX_RETRY_BASE_MS: "1111",
  OUTBOX_RETRY_MAX_MS: "2222",
  OUTBOX_GIVE_UP_MS: "3333",
  OUTBOX_LEASE_MS: "4444",
  OUTBOX_POLL_MS: "5555",
  OUTBOX_MATCH_CHECK_MS: "6666",
  RETENTION_DAYS: "77",
};
const WEBHOOK = { LEAD_WEBHOOK_URL: "https://agents.example.com/leads", LEAD_WEBHOOK_SECRET: "a-webhook-secret-of-some-length" };
const PURGE = { PURGE_URL: "https://cdn.example.com/purge", PURGE_SECRET: "a-purge-secret-of-some-length" };
const SMTP = { SMTP_URL: "smtp://user:pass@mail.example.com:587" };

type Made = { channel: string; options: Record<string, unknown> };
type WorkerArguments = { db: unknown; dialect: string; channels: Record<string, Made>; settings: WorkerSettings };

/** configuredRouting() and createConfiguredWorker()'s arguments under these variables (the rest as in TIMINGS). */
function configured(variables: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, NONE, TIMINGS, variables);
  const made = (channel: string) => (options: Record<string, unknown>): Made => ({ channel, options });
  try {
    let result: { routing: ReturnType<typeof import("./default-worker").configuredRouting>; worker: WorkerArguments } | undefined;
    jest.isolateModules(() => {
      jest.doMock("./delivery/channels", () => ({ emailChannel: made("email"), webhookChannel: made("webhook"), fileChannel: made("file") }));
      jest.doMock("./outbox-worker", () => ({ createOutboxWorker: (args: WorkerArguments) => args }));
      const { configuredRouting, createConfiguredWorker } = jest.requireActual("./default-worker") as typeof import("./default-worker");
      const handle = { db: {} as Kysely<Database>, dialect: "sqlite" as const };
      const worker = createConfiguredWorker(handle) as unknown as WorkerArguments;
      expect(worker.db).toBe(handle.db);
      result = { routing: configuredRouting(), worker };
    });
    return result!;
  } finally {
    jest.dontMock("./delivery/channels");
    jest.dontMock("./outbox-worker");
    process.env = saved;
  }
}

describe("the configured outbox worker", () => {
  it("writes files only, under OUTBOX_DIR, when nothing else is configured", () => {
    const { routing, worker } = configured({});
    expect(routing).toEqual(deliveryRouting({ smtp: false, webhook: false, purge: false }));
    expect(worker.channels).toEqual({ file: { channel: "file", options: { dir: "/var/managely/outbox", from: TIMINGS.MAIL_FROM } } });
    expect(worker.dialect).toBe("sqlite");
    expect(worker.settings).toEqual({
      siteUrl: "https://managely.example",
      delivery: routing,
      retryBaseMs: 1111,
      retryMaxMs: 2222,
      giveUpMs: 3333,
      leaseMs: 4444,
      pollMs: 5555,
      matchCheckMs: 6666,
      retentionDays: 77,
      outboxDir: "/var/managely/outbox",
    });
  });

  it("adds email, the lead webhook and the CDN's purge, each with its own URL and key, and routes by them", () => {
    const { routing, worker } = configured({ ...SMTP, ...WEBHOOK, ...PURGE });
    expect(routing).toEqual(deliveryRouting({ smtp: true, webhook: true, purge: true }));
    expect(worker.settings.delivery).toEqual(routing);
    expect(worker.channels).toEqual({
      file: { channel: "file", options: { dir: "/var/managely/outbox", from: TIMINGS.MAIL_FROM } },
      email: { channel: "email", options: { smtpUrl: SMTP.SMTP_URL, from: TIMINGS.MAIL_FROM, messageIdDomain: "managely.example" } },
      webhook: { channel: "webhook", options: { url: WEBHOOK.LEAD_WEBHOOK_URL, secret: WEBHOOK.LEAD_WEBHOOK_SECRET } },
      purge: { channel: "webhook", options: { url: PURGE.PURGE_URL, secret: PURGE.PURGE_SECRET } },
    });
  });

  it("routes each channel on its own, and takes a webhook only with its URL (a secret alone is no endpoint)", () => {
    expect(configured(SMTP).routing).toEqual(deliveryRouting({ smtp: true, webhook: false, purge: false }));
    expect(configured(WEBHOOK).routing).toEqual(deliveryRouting({ smtp: false, webhook: true, purge: false }));
    expect(configured(PURGE).routing).toEqual(deliveryRouting({ smtp: false, webhook: false, purge: true }));
    const secretsOnly = configured({ LEAD_WEBHOOK_SECRET: WEBHOOK.LEAD_WEBHOOK_SECRET, PURGE_SECRET: PURGE.PURGE_SECRET });
    expect(Object.keys(secretsOnly.worker.channels)).toEqual(["file"]);
    expect(secretsOnly.routing).toEqual(deliveryRouting({ smtp: false, webhook: false, purge: false }));
  });
});
