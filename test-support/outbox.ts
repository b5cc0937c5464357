import type { OutboxChannel } from "../lib/db/schema";
import { DeliveryError, type Channel, type OutgoingMessage } from "../lib/service/delivery/channels";
import { deliveryRouting } from "../lib/service/delivery/routing";
import { createOutboxWorker, type WorkerSettings } from "../lib/service/outbox-worker";
import type { TestDatabaseKind } from "./database";
import { AUSTIN_LEAD } from "./leads";
import { confirmAsOwner } from "./service";
import { serviceSuite } from "./suite";

/**
 * An outbox worker's settings for tests: a one-second first retry, a minute's cap, the production
 * lease, give-up time and retention. Each suite adds its routing and what it changes.
 */
export const TEST_WORKER_TIMING: Omit<WorkerSettings, "siteUrl" | "delivery"> = {
  retryBaseMs: 1_000,
  retryMaxMs: 60_000,
  giveUpMs: 72 * 3_600_000,
  leaseMs: 120_000,
  pollMs: 1_000,
  matchCheckMs: 600_000,
  retentionDays: 30,
};

/** A channel that records what it was given and fails with HTTP 503 while `state.failing` says so. */
export function recordingChannel() {
  const sent: OutgoingMessage[] = [];
  const state = { failing: false, attempts: 0 };
  const channel: Channel = {
    async send(message) {
      state.attempts++;
      if (state.failing) throw new DeliveryError("HTTP 503");
      sent.push(message);
    },
  };
  return { channel, sent, state };
}

/**
 * The outbox worker's suites: a database of `kind`, a service that queues every kind of row (by
 * webhook and email), a test clock a day further on before each test (whose queue starts empty),
 * workers on that clock, and leads saved and confirmed as their owners would.
 */
export function outboxWorkerSuite(kind: TestDatabaseKind) {
  const routing = deliveryRouting({ smtp: true, webhook: true });
  const settings: WorkerSettings = { siteUrl: "https://www.managely.test", delivery: routing, ...TEST_WORKER_TIMING, batchSize: 50 };
  const suite = serviceSuite(kind, { savesPerMinute: 1000, delivery: routing });
  const clock = { now: Date.parse("2026-11-25T09:00:00.000Z") };
  let sequence = 0;

  beforeEach(async () => {
    await suite.database.db.updateTable("outbox_messages").set({ status: "cancelled" }).where("status", "in", ["pending", "sending"]).execute();
    clock.now += 86_400_000;
  });

  /** A worker on the test clock, with these channels and settings. */
  const worker = (channels: Partial<Record<OutboxChannel, Channel>>, overrides: Partial<WorkerSettings> = {}) =>
    createOutboxWorker({ db: suite.database.db, dialect: suite.database.dialect, channels, settings: { ...settings, ...overrides }, now: () => clock.now });

  /**
   * Saves a lead with its first `count` matches (from an address of its own: one confirmation a day
   * per address), confirms it by the mailed link as its owner would, and marks its messages due at
   * the test clock.
   */
  async function saveLead(count = 2, extra: Record<string, unknown> = {}) {
    const { db } = suite.database;
    const matches = (await suite.call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents.slice(0, count);
    const email = `jordan.${kind}.${++sequence}@example.org`;
    const answer = await suite.call("lead/save", { ...AUSTIN_LEAD, email_address: email, ...extra, submission_key: `worker-${kind}-${sequence}-xyz`, agent_ids: matches.map((agent: { agent_id: number }) => agent.agent_id) });
    expect(answer.status).toBe(200);
    const row = await db.selectFrom("leads").select("id").where("reference", "=", answer.body.reference).executeTakeFirstOrThrow();
    const mail = await db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", row.id).where("kind", "=", "lead.confirmation").executeTakeFirst();
    if (mail) expect((await confirmAsOwner(suite.service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    await db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock.now).toISOString(), created_at: new Date(clock.now).toISOString() }).where("lead_id", "=", row.id).execute();
    return { answer: answer.body, leadId: Number(row.id), matches: matches as { agent_id: number; company_name: string }[], email: String(extra.email_address ?? email) };
  }

  const rowsOf = (leadId: number) => suite.database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();

  return Object.assign(suite, { settings, clock, worker, saveLead, rowsOf });
}
