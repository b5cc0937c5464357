import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Service } from ".";
import type { OutboxChannel } from "../db/schema";
import { claimDueMessages, insertOutboxMessages } from "../db/queries/outbox";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, confirmAsOwner, createTestService } from "@/test-support";
import { DeliveryError, fileChannel, type Channel, type OutgoingMessage } from "./delivery/channels";
import { deliveryRouting, FILES_ONLY, outboxRows, type DeliveryRouting } from "./delivery/routing";
import { signalOutbox } from "./delivery/signal";
import { createOutboxWorker, retryDelayMs, type WorkerSettings } from "./outbox-worker";
import { CONSENT_VERSION } from "../contract/messages";

announcePostgres();

const SITE = "https://www.managely.test";
const routing: DeliveryRouting = deliveryRouting({ smtp: true, webhook: true });
const settings: WorkerSettings = {
  siteUrl: SITE,
  delivery: routing,
  retryBaseMs: 1_000,
  retryMaxMs: 60_000,
  giveUpMs: 72 * 3_600_000,
  leaseMs: 120_000,
  pollMs: 1_000,
  matchCheckMs: 600_000,
  retentionDays: 30,
  batchSize: 50,
};

/** A channel that records what it was given and fails while `failing` says so. */
function recordingChannel() {
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

const lead = {
  property_category: 2,
  property_address: "415 W 6th St\nUnit 2",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Ellis",
  email_address: "jordan.ellis@example.org",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "",
  exam: [{ question: "How many units are in the building?", answer: "5-10 units" }],
};

describe.each(databaseKinds)("the outbox worker on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  let clock = Date.parse("2026-11-25T09:00:00.000Z");
  let sequence = 0;
  const call = (name: string, body: unknown) => callAsSite(service, name, body);

  function worker(channels: Partial<Record<OutboxChannel, Channel>>, overrides: Partial<WorkerSettings> = {}) {
    return createOutboxWorker({ db: database.db, dialect: database.dialect, channels, settings: { ...settings, ...overrides }, now: () => clock });
  }

  /**
   * Saves a lead with its first `count` matches (from an address of its own: one confirmation a day
   * per address), confirms it by the mailed link as its owner would, and marks its messages due at
   * the test clock.
   */
  async function saveLead(count = 2, extra: Record<string, unknown> = {}) {
    const matches = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents.slice(0, count);
    const email = `jordan.${kind}.${++sequence}@example.org`;
    const answer = await call("lead/save", { ...lead, email_address: email, ...extra, submission_key: `worker-${kind}-${sequence}-xyz`, agent_ids: matches.map((agent: { agent_id: number }) => agent.agent_id) });
    expect(answer.status).toBe(200);
    const row = await database.db.selectFrom("leads").select("id").where("reference", "=", answer.body.reference).executeTakeFirstOrThrow();
    const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", row.id).where("kind", "=", "lead.confirmation").executeTakeFirst();
    if (mail) expect((await confirmAsOwner(service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    await database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock).toISOString(), created_at: new Date(clock).toISOString() }).where("lead_id", "=", row.id).execute();
    return { answer: answer.body, leadId: Number(row.id), matches: matches as { agent_id: number; company_name: string }[], email: String(extra.email_address ?? email) };
  }

  const rowsOf = (leadId: number) => database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: 1000, delivery: routing });
  });
  beforeEach(async () => {
    // Each test starts with an empty queue.
    await database.db.updateTable("outbox_messages").set({ status: "cancelled" }).where("status", "in", ["pending", "sending"]).execute();
    clock += 86_400_000;
  });
  afterAll(async () => database?.destroy());

  it("delivers each message once on its channel, to the manager's private address, and drops the link's token once sent", async () => {
    const { answer, leadId, matches, email: ownerEmail } = await saveLead(2);
    const webhook = recordingChannel();
    const email = recordingChannel();
    const outbox = worker({ webhook: webhook.channel, email: email.channel });
    expect(await outbox.runOnce()).toBe(5);
    expect(await outbox.runOnce()).toBe(0);

    const rows = await rowsOf(leadId);
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, payload: "{}", sent_at: new Date(clock).toISOString() });
    expect(webhook.sent.map((message) => message.kind)).toEqual(["lead.new", "lead.new"]);
    expect(email.sent.map((message) => message.kind).sort()).toEqual(["lead.confirmation", "lead.new", "lead.new"]);
    expect(new Set([...webhook.sent, ...email.sent].map((message) => message.idempotencyKey)).size).toBe(5);

    const managers = await database.db.selectFrom("agents").select(["id", "email"]).where("id", "in", matches.map((agent) => agent.agent_id)).execute();
    const toManagers = email.sent.filter((message) => message.kind === "lead.new");
    expect(toManagers.map((message) => message.rendered.email.to).sort()).toEqual(managers.map((manager) => manager.email).sort());
    for (const message of toManagers) {
      expect(message.rendered.email.replyTo).toBe(ownerEmail);
      expect(message.rendered.email.text).toContain("Contact details: Email confirmed (the owner opened the link we emailed them");
      expect(message.rendered.email.subject).toBe(`New request ${answer.reference}: Multi Family in Austin 78701`);
      expect(message.rendered.email.text).toContain("Phone: (512) 555-0188");
      expect(message.rendered.email.text).toContain("- How many units are in the building? 5-10 units");
      expect(message.rendered.email.text).toContain("One other manager received it too");
    }
    const event = webhook.sent[0].rendered.event;
    expect(event.data).toMatchObject({
      reference: answer.reference,
      owner: { full_name: "Jordan Ellis", email_address: ownerEmail, phone: "5125550188", preferred_contact_method: "Phone" },
      verification: "email_confirmed",
      property: { category_id: 2, city: "Austin", zip: "78701" },
      consent: { version: CONSENT_VERSION },
    });

    const confirmation = email.sent.find((message) => message.kind === "lead.confirmation")!;
    expect(confirmation.rendered.email.to).toBe(ownerEmail);
    expect(confirmation.rendered.email.subject).toBe(`Confirm your request ${answer.reference} on Managely`);
    expect(confirmation.rendered.email.text).toContain(`${SITE}${answer.request_path}`);
    expect(confirmation.rendered.email.text).toMatch(new RegExp(`${SITE}/requests/confirm/[A-Za-z0-9_-]{22}\n`));
    for (const agent of matches) expect(confirmation.rendered.email.text).toContain(agent.company_name);
  });

  it("retries a failed delivery with exponential back-off, then succeeds with the same idempotency key", async () => {
    const { leadId } = await saveLead(1);
    const webhook = recordingChannel();
    const email = recordingChannel();
    webhook.state.failing = true;
    const outbox = worker({ webhook: webhook.channel, email: email.channel });
    await outbox.runOnce();

    const failed = (await rowsOf(leadId)).find((row) => row.channel === "webhook")!;
    expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 503" });
    const firstDelay = Date.parse(failed.next_attempt_at) - clock;
    expect(firstDelay).toBeGreaterThanOrEqual(800);
    expect(firstDelay).toBeLessThanOrEqual(1_200);
    expect(await outbox.runOnce()).toBe(0); // not due yet

    clock += firstDelay;
    await outbox.runOnce();
    const second = (await rowsOf(leadId)).find((row) => row.channel === "webhook")!;
    const secondDelay = Date.parse(second.next_attempt_at) - clock;
    expect(secondDelay).toBeGreaterThanOrEqual(1_600);
    expect(secondDelay).toBeLessThanOrEqual(2_400);

    webhook.state.failing = false;
    clock += secondDelay;
    await outbox.runOnce();
    const delivered = (await rowsOf(leadId)).find((row) => row.channel === "webhook")!;
    expect(delivered).toMatchObject({ status: "sent", attempts: 3 });
    expect(webhook.sent).toHaveLength(1);
    expect(webhook.sent[0].idempotencyKey).toBe(failed.idempotency_key);
  });

  it("marks a message failed after 72 hours of failures, and logs it without personal data", async () => {
    const { leadId } = await saveLead(1);
    const webhook = recordingChannel();
    webhook.state.failing = true;
    const email = recordingChannel();
    // Capped at an hour, three days of failures take about 80 attempts.
    const outbox = worker({ webhook: webhook.channel, email: email.channel }, { retryMaxMs: 3_600_000 });
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    try {
      const start = clock;
      let rounds = 0;
      for (;;) {
        const row = (await rowsOf(leadId)).find((entry) => entry.channel === "webhook")!;
        if (row.status !== "pending") break;
        clock = Math.max(clock, Date.parse(row.next_attempt_at));
        await outbox.runOnce();
        rounds++;
      }
      const row = (await rowsOf(leadId)).find((entry) => entry.channel === "webhook")!;
      expect(row).toMatchObject({ status: "failed", last_error: "HTTP 503", payload: "{}" });
      expect(clock - start).toBeGreaterThanOrEqual(settings.giveUpMs);
      expect(rounds).toBeGreaterThan(60);
      expect(rounds).toBeLessThan(100);
      const lines = log.mock.calls.map((args) => args.join(" ")).join("\n");
      expect(lines).toContain(`message ${row.id} (lead.new via webhook) failed for good`);
      expect(lines).not.toMatch(/jordan|ellis|example\.org|5125550188|Congress|6th St/i);
    } finally {
      log.mockRestore();
    }
  });

  it("leaves a message claimed by a worker that died until its lease lapses, then another delivers it", async () => {
    const { leadId } = await saveLead(1);
    // A worker claims everything, then dies before recording anything.
    const claimed = await claimDueMessages(database.db, { dialect: database.dialect, now: new Date(clock).toISOString(), leaseUntil: new Date(clock + settings.leaseMs).toISOString(), workerId: "dead", limit: 50 });
    expect(claimed.length).toBe(3);
    const webhook = recordingChannel();
    const email = recordingChannel();
    const survivor = worker({ webhook: webhook.channel, email: email.channel });
    expect(await survivor.runOnce()).toBe(0);
    clock += settings.leaseMs;
    expect(await survivor.runOnce()).toBe(3);
    for (const row of await rowsOf(leadId)) expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("lets concurrent workers claim each message once", async () => {
    for (let index = 0; index < 10; index++) await saveLead(3);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        claimDueMessages(database.db, { dialect: database.dialect, now: new Date(clock).toISOString(), leaseUntil: new Date(clock + 60_000).toISOString(), workerId: `w${index}`, limit: 20 }),
      ),
    );
    // Ten leads of three managers on two channels, and ten confirmations: 70 messages, each claimed once.
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(70);
    expect(new Set(ids).size).toBe(70);
  });

  it("sends nothing of a lead withdrawn before its messages went out, not even a notice: its managers never received it", async () => {
    const { answer, leadId } = await saveLead(2);
    expect((await call("lead/withdraw", { token: answer.request_path.split("/").pop() })).status).toBe(200);
    await database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock).toISOString() }).where("lead_id", "=", leadId).execute();
    const webhook = recordingChannel();
    const email = recordingChannel();
    await worker({ webhook: webhook.channel, email: email.channel }).runOnce();
    expect([...webhook.sent, ...email.sent].map((message) => message.kind)).toEqual([]);
  });

  it("tells the managers a withdrawn lead reached, and says nothing personal", async () => {
    const { answer, leadId } = await saveLead(2);
    await worker({ webhook: recordingChannel().channel, email: recordingChannel().channel }).runOnce();
    expect((await call("lead/withdraw", { token: answer.request_path.split("/").pop() })).status).toBe(200);
    await database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock).toISOString() }).where("lead_id", "=", leadId).execute();
    const webhook = recordingChannel();
    const email = recordingChannel();
    await worker({ webhook: webhook.channel, email: email.channel }).runOnce();
    expect([...webhook.sent, ...email.sent].map((message) => message.kind)).toEqual(["lead.withdrawn", "lead.withdrawn", "lead.withdrawn", "lead.withdrawn"]);
    for (const message of email.sent) {
      expect(message.rendered.email.subject).toBe(`Request ${answer.reference} withdrawn`);
      expect(message.rendered.email.text).not.toContain("Jordan");
    }
  });

  it("tells the owner of a waiting lead when a manager starts serving its ZIP", async () => {
    const saved = await call("lead/save", { ...lead, email_address: `waiting.${kind}@example.org`, property_zip: "99723", property_city: "Utqiagvik", submission_key: `waiting-${kind}-xyz` });
    const leadId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
    const outbox = worker({ email: recordingChannel().channel, webhook: recordingChannel().channel });
    expect(await outbox.checkWaitingLeads()).toBe(0);

    // A manager widens its area to Utqiaġvik (71.29 N, 156.79 W), for every category.
    const [manager] = await database.db.selectFrom("agent_areas").select("id").limit(1).execute();
    await database.db
      .updateTable("agent_areas")
      .set({ lat: 71.29, lng: -156.79, radius_miles: 10, min_lat: 71.1, max_lat: 71.5, min_lng: -157.3, max_lng: -156.3, category_mask: 0xffff })
      .where("id", "=", manager.id)
      .execute();
    // Nothing more to an address that has not confirmed; once confirmed, the owner is told.
    expect(await outbox.checkWaitingLeads()).toBe(0);
    const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    expect((await confirmAsOwner(service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
    expect(await outbox.checkWaitingLeads()).toBe(1);
    expect(await outbox.checkWaitingLeads()).toBe(0);

    const rows = await database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute();
    expect(rows).toHaveLength(1);
    const { token } = JSON.parse(rows[0].payload);
    const view = await call("lead/request", { token });
    expect(view.body.request).toMatchObject({ awaiting_match: true });
    expect(view.body.request.matches.map((agent: { agent_id: number }) => agent.agent_id)).toEqual([manager.id]);
    const waiting = await database.db.selectFrom("leads").select("awaiting_match_since").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(waiting.awaiting_match_since).toBeNull();
  });

  describe("what a round records", () => {
    const logged = () => jest.spyOn(console, "log").mockImplementation(() => {});
    const lines = (log: jest.SpyInstance) => log.mock.calls.map((args) => args.join(" "));

    it("counts what it claimed, sent and retried, and retries a message whose channel is not configured, saying so", async () => {
      const { leadId } = await saveLead(1);
      const webhook = recordingChannel();
      const outbox = worker({ webhook: webhook.channel });
      expect(outbox.stats()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0 });
      const log = logged();
      try {
        expect(await outbox.runOnce()).toBe(3);
        expect(lines(log)).toEqual(["[outbox] 2 deliveries failed (email: no email channel configured ×2); retrying with back-off"]);
      } finally {
        log.mockRestore();
      }
      expect(outbox.stats()).toEqual({ claimed: 3, sent: 1, retried: 2, failed: 0, cancelled: 0 });
      const rows = await rowsOf(leadId);
      expect(rows.filter((row) => row.channel === "email").map((row) => [row.status, row.last_error])).toEqual([
        ["pending", "no email channel configured"],
        ["pending", "no email channel configured"],
      ]);
      expect(webhook.sent.map((message) => message.kind)).toEqual(["lead.new"]);
      // The stats are a copy: changing them changes nothing.
      outbox.stats().sent = 100;
      expect(outbox.stats().sent).toBe(1);
    });

    it("cancels what has nothing left to send, and keeps each failure's count per channel and error", async () => {
      const { leadId } = await saveLead(2);
      await database.db.updateTable("leads").set({ withdrawn_at: new Date(clock).toISOString() }).where("id", "=", leadId).execute();
      const outbox = worker({ webhook: recordingChannel().channel, email: recordingChannel().channel });
      expect(await outbox.runOnce()).toBe(5);
      // The four copies of the new request and the owner's confirmation render to nothing now.
      expect(outbox.stats()).toEqual({ claimed: 5, sent: 0, retried: 0, failed: 0, cancelled: 5 });
      expect((await rowsOf(leadId)).filter((row) => row.kind === "lead.new").map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);

      const next = await saveLead(1);
      const failing = recordingChannel();
      failing.state.failing = true;
      const log = logged();
      try {
        // One at a time: the failures in the order of the messages (the owner's confirmation first).
        await worker({ webhook: failing.channel }, { concurrency: 1 }).runOnce();
        expect(lines(log)).toEqual(["[outbox] 3 deliveries failed (email: no email channel configured ×2, webhook: HTTP 503 ×1); retrying with back-off"]);
      } finally {
        log.mockRestore();
      }
      expect((await rowsOf(next.leadId)).every((row) => row.status === "pending")).toBe(true);
    });

    it("gives up on a message exactly giveUpMs after it was queued, counting and logging it", async () => {
      const { leadId } = await saveLead(1);
      const failing = recordingChannel();
      failing.state.failing = true;
      const email = recordingChannel();
      // Queued giveUpMs - 1 ms ago: retried; then due again, giveUpMs ago: failed for good.
      await database.db.updateTable("outbox_messages").set({ created_at: new Date(clock - settings.giveUpMs + 1).toISOString() }).where("lead_id", "=", leadId).execute();
      const outbox = worker({ webhook: failing.channel, email: email.channel });
      const first = logged();
      try {
        await outbox.runOnce();
      } finally {
        first.mockRestore();
      }
      expect(outbox.stats()).toMatchObject({ sent: 2, retried: 1, failed: 0 });
      const retried = (await rowsOf(leadId)).find((row) => row.channel === "webhook")!;
      expect(retried.status).toBe("pending");
      await database.db.updateTable("outbox_messages").set({ created_at: new Date(clock - settings.giveUpMs).toISOString(), next_attempt_at: new Date(clock).toISOString() }).where("id", "=", retried.id).execute();
      const log = logged();
      try {
        await outbox.runOnce();
        expect(lines(log)).toEqual([
          `[outbox] message ${retried.id} (lead.new via webhook) failed for good after 2 attempts: HTTP 503`,
          "[outbox] 1 deliveries failed (webhook: HTTP 503 ×1); retrying with back-off",
        ]);
      } finally {
        log.mockRestore();
      }
      expect(outbox.stats()).toEqual({ claimed: 4, sent: 2, retried: 1, failed: 1, cancelled: 0 });
      expect((await rowsOf(leadId)).find((row) => row.id === retried.id)).toMatchObject({ status: "failed", last_error: "HTTP 503" });
    });

    it("claims 32 messages a round and sends 8 at a time unless told otherwise", async () => {
      for (let index = 0; index < 5; index++) await saveLead(3);
      let inFlight = 0;
      let most = 0;
      const sent: string[] = [];
      const counting: Channel = {
        async send(message) {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise<void>((resolve) => setImmediate(resolve));
          sent.push(message.idempotencyKey);
          inFlight--;
        },
      };
      const outbox = createOutboxWorker({ db: database.db, dialect: database.dialect, channels: { webhook: counting, email: counting }, settings: { ...settings, batchSize: undefined }, now: () => clock });
      expect(await outbox.runOnce()).toBe(32);
      expect(sent).toHaveLength(32);
      // On SQLite all 8 sends are in flight at once; on PostgreSQL each send's own queries, on a
      // pool, interleave, so fewer may be in flight at one moment, never more.
      if (kind === "sqlite") expect(most).toBe(8);
      else expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(8);
      expect(await outbox.runOnce()).toBe(3);
    });

    it("runs on its own once started: a signal sends what was queued without waiting for the poll, and stop closes the channels", async () => {
      const closed: string[] = [];
      const webhook = recordingChannel();
      const email = recordingChannel();
      const outbox = worker(
        { webhook: { ...webhook.channel, close: async () => void closed.push("webhook") }, email: { ...email.channel, close: async () => void closed.push("email") } },
        { pollMs: 3_600_000, matchCheckMs: 3_600_000 },
      );
      outbox.start();
      outbox.start(); // a second start starts nothing more
      try {
        await saveLead(1);
        signalOutbox();
        // Until the worker has recorded all three sent (after each channel's send, it marks the row).
        for (let tries = 0; tries < 400 && outbox.stats().sent < 3; tries++) await new Promise<void>((resolve) => setTimeout(resolve, 25));
        expect(webhook.sent.length + email.sent.length).toBe(3);
        expect(outbox.stats()).toMatchObject({ claimed: 3, sent: 3 });
      } finally {
        await outbox.stop();
      }
      expect(closed.sort()).toEqual(["email", "webhook"]);
    });

    it("claims under its own id until the lease lapses", async () => {
      const { leadId } = await saveLead(1);
      const seen: { claimed_by: string | null; next_attempt_at: string; status: string }[] = [];
      const looking: Channel = {
        async send(message) {
          seen.push(await database.db.selectFrom("outbox_messages").select(["claimed_by", "next_attempt_at", "status"]).where("id", "=", message.id).executeTakeFirstOrThrow());
        },
      };
      const outbox = worker({ webhook: looking, email: looking });
      expect(outbox.id).toMatch(new RegExp(`^${os.hostname().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${process.pid}:[0-9a-f]{6}$`));
      expect(worker({}).id).not.toBe(outbox.id);
      await outbox.runOnce();
      expect(seen).toHaveLength(3);
      for (const row of seen) expect(row).toEqual({ claimed_by: outbox.id, next_attempt_at: new Date(clock + settings.leaseMs).toISOString(), status: "sending" });
      expect((await rowsOf(leadId)).map((row) => row.claimed_by)).toEqual([outbox.id, outbox.id, outbox.id]);
    });

    it("writes files without a folder to erase from when none is configured", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-nofolder-"));
      try {
        const { leadId } = await saveLead(1);
        await database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", leadId).execute();
        const outbox = worker({ file: fileChannel({ dir, from: "Managely <no-reply@managely.test>" }) });
        expect(await outbox.runOnce()).toBe(3);
        expect(outbox.stats()).toMatchObject({ sent: 3, retried: 0 });
        expect(fs.readdirSync(dir)).toHaveLength(3);
        // A round that wrote no file of a request (its messages cancelled) erases nothing either.
        const withdrawn = await saveLead(1);
        await database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", withdrawn.leadId).execute();
        await database.db.updateTable("leads").set({ withdrawn_at: new Date(clock).toISOString() }).where("id", "=", withdrawn.leadId).execute();
        const folder = worker({ file: fileChannel({ dir, from: "Managely <no-reply@managely.test>" }) }, { outboxDir: dir });
        expect(await folder.runOnce()).toBe(3);
        expect(folder.stats()).toMatchObject({ cancelled: 3, retried: 0 });
        expect(fs.readdirSync(dir)).toHaveLength(3);

        // Withdrawn while its files were being written: with no folder configured, none is looked for.
        const midway = await saveLead(1);
        await database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", midway.leadId).execute();
        const writer = fileChannel({ dir, from: "Managely <no-reply@managely.test>" });
        const withdrawing: Channel = {
          async send(message) {
            await writer.send(message);
            await database.db.updateTable("leads").set({ withdrawn_at: new Date(clock).toISOString() }).where("id", "=", midway.leadId).execute();
          },
        };
        const unfiled = worker({ file: withdrawing }, { concurrency: 1 });
        expect(await unfiled.runOnce()).toBe(3);
        expect(unfiled.stats()).toMatchObject({ sent: 1, cancelled: 2 });
        expect(fs.readdirSync(dir)).toHaveLength(4);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("tells each waiting owner once, even when two workers look at the same moment, reading the ZIP's first five digits", async () => {
      const saved = await call("lead/save", { ...lead, email_address: `race.${kind}@example.org`, property_zip: "78701", property_city: "Austin", submission_key: `race-${kind}-xyz` });
      expect(saved.status).toBe(200);
      const leadId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
      const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
      expect((await confirmAsOwner(service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
      // Waiting, as if nobody had served it when it was sent; the ZIP as ZIP+4.
      await database.db.updateTable("leads").set({ awaiting_match_since: new Date(clock).toISOString(), property_zip: "78701-1234" }).where("id", "=", leadId).execute();
      const [one, two] = [worker({}), worker({})];
      const told = await Promise.all([one.checkWaitingLeads(), two.checkWaitingLeads()]);
      expect(told[0] + told[1]).toBe(1);
      const rows = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute();
      expect(rows).toHaveLength(1);
      expect(Number(JSON.parse(rows[0].payload).managers)).toBeGreaterThan(0);
    });

    it("tells no owner whose ZIP nobody serves yet, even once confirmed", async () => {
      const saved = await call("lead/save", { ...lead, email_address: `nobody.${kind}@example.org`, property_zip: "99723", property_city: "Utqiagvik", submission_key: `nobody-${kind}-xyz` });
      const leadId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
      const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
      expect((await confirmAsOwner(service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
      expect(await worker({}).checkWaitingLeads()).toBe(0);
      expect(await database.db.selectFrom("outbox_messages").select("id").where("lead_id", "=", leadId).where("kind", "=", "lead.match_available").execute()).toEqual([]);
    });

    it("erases up to 10,000 old files a sweep, and the save limits' expired counters", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-sweep-"));
      try {
        for (let id = 1; id <= 30; id++) fs.writeFileSync(path.join(dir, `2020-01-01T00-00-00-000Z-${900_000 + id}-lead-new.eml`), "old");
        await database.db.insertInto("rate_limiter").values([
          { key: "sweep-expired", points: 1, expire: clock - 1 },
          { key: "sweep-live", points: 1, expire: clock + 60_000 },
        ]).execute();
        expect((await worker({}, { outboxDir: dir }).sweepRetention()).files).toBe(30);
        expect(fs.readdirSync(dir)).toEqual([]);
        expect((await database.db.selectFrom("rate_limiter").select("key").where("key", "like", "sweep-%").execute()).map((row) => row.key)).toEqual(["sweep-live"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("does its periodic work once started: the retention sweep at once, and the waiting leads every matchCheckMs, logging what each did", async () => {
      const saved = await call("lead/save", { ...lead, email_address: `periodic.${kind}@example.org`, submission_key: `periodic-${kind}-xyz` });
      const leadId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow()).id);
      const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
      expect((await confirmAsOwner(service, JSON.parse(mail.payload).confirm_token)).status).toBe(200);
      await database.db.updateTable("leads").set({ awaiting_match_since: new Date(clock).toISOString() }).where("id", "=", leadId).execute();
      // An old payload for the sweep, and an unconfirmed lead past its link's life.
      const old = new Date(clock - 31 * 86_400_000).toISOString();
      await insertOutboxMessages(database.db, [{ ...outboxRows("newsletter.confirmation", { subscription_id: 1, payload: { token: "old" } }, FILES_ONLY, old)[0], status: "sent" }]);
      const stale = await call("lead/save", { ...lead, email_address: `stale.${kind}@example.org`, submission_key: `stale-${kind}-xyz` });
      const staleId = Number((await database.db.selectFrom("leads").select("id").where("reference", "=", stale.body.reference).executeTakeFirstOrThrow()).id);
      await database.db.updateTable("lead_confirmations").set({ created_at: new Date(clock - 8 * 86_400_000).toISOString() }).where("lead_id", "=", staleId).execute();

      const log = jest.spyOn(console, "log").mockImplementation(() => {});
      const outbox = worker({ webhook: recordingChannel().channel, email: recordingChannel().channel }, { pollMs: 3_600_000, matchCheckMs: 20 });
      const said = () => log.mock.calls.map((args) => args.join(" "));
      let lines: string[] = [];
      try {
        outbox.start();
        for (let tries = 0; tries < 400 && said().filter((line) => / owners told | unconfirmed requests erased |retention: erased /.test(line)).length < 3; tries++) await new Promise<void>((resolve) => setTimeout(resolve, 25));
      } finally {
        await outbox.stop();
        lines = said();
        log.mockRestore();
      }
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\[outbox\] retention: erased [1-9]\d* payloads and 0 files older than 30 days$/),
          "[outbox] 1 owners told that a manager now serves their ZIP",
          expect.stringMatching(/^\[outbox\] [1-9]\d* unconfirmed requests erased after 7 days$/),
        ]),
      );
      expect(lines.filter((line) => line.includes("owners told"))).toHaveLength(1);
    });

    it("erases old payloads 500 at a time until none is left", async () => {
      const old = new Date(clock - 31 * 86_400_000).toISOString();
      const rows = Array.from({ length: 501 }, () => ({ ...outboxRows("newsletter.confirmation", { subscription_id: 1, payload: { token: "old" } }, FILES_ONLY, old)[0], status: "sent" as const }));
      for (let start = 0; start < rows.length; start += 100) await insertOutboxMessages(database.db, rows.slice(start, start + 100));
      expect((await worker({}).sweepRetention()).payloads).toBeGreaterThanOrEqual(501);
      expect(await worker({}).sweepRetention()).toEqual({ payloads: 0, files: 0 });
    });
  });

  describe("copies of messages (row L3)", () => {
    let dir: string;
    let files: Service;
    const DAY = 86_400_000;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-retention-"));
      files = createTestService(database, { savesPerMinute: 1000, delivery: FILES_ONLY, outboxDir: dir });
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const fileWorker = (channel: Channel = fileChannel({ dir, from: "Managely <no-reply@managely.test>" })) => worker({ file: channel }, { outboxDir: dir });
    /** The outbox ids named by the files in the folder. */
    const idsOnDisk = () => fs.readdirSync(dir).flatMap((name) => /Z-(\d+)-/.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b);
    const fileRowsOf = async (leadId: number) => (await rowsOf(leadId)).filter((row) => row.channel === "file").map((row) => row.id);

    /** A lead saved through the files-only site, its messages queued at `queuedAt` and due now. */
    async function saveFileLead(queuedAt = clock) {
      const [match] = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
      // An address of its own: one confirmation mail per address a day, each a file here.
      const key = `files-${kind}-${++sequence}-xyz`;
      const saved = await callAsSite(files, "lead/save", { ...lead, email_address: `${key}@example.org`, submission_key: key, agent_ids: [match.agent_id] });
      expect(saved.status).toBe(200);
      const { id } = await database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
      await database.db
        .updateTable("outbox_messages")
        .set({ next_attempt_at: new Date(clock).toISOString(), created_at: new Date(queuedAt).toISOString() })
        .where("lead_id", "=", Number(id))
        .execute();
      return { leadId: Number(id), token: tokenOf(saved.body.request_path) };
    }
    const tokenOf = (requestPath: string) => requestPath.split("/").pop()!;

    it("erases a withdrawn request's files at once, and keeps the other requests' files", async () => {
      const withdrawn = await saveFileLead();
      // Confirmed by its owner (an unconfirmed request is decided on its confirmation page only).
      const [confirmation] = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", withdrawn.leadId).where("kind", "=", "lead.confirmation").execute();
      expect((await confirmAsOwner(files, JSON.parse(confirmation.payload).confirm_token)).status).toBe(200);
      await database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock).toISOString() }).where("lead_id", "=", withdrawn.leadId).execute();
      const kept = await saveFileLead();
      await fileWorker().runOnce();
      const withdrawnFiles = await fileRowsOf(withdrawn.leadId);
      expect(withdrawnFiles.length).toBeGreaterThan(0);
      expect(idsOnDisk()).toEqual([...withdrawnFiles, ...(await fileRowsOf(kept.leadId))].sort((a, b) => a - b));
      const names = fs.readdirSync(dir).join("\n");
      expect(names).not.toMatch(/jordan|ellis|example|5125550188/i); // no personal data in a file name

      expect((await callAsSite(files, "lead/withdraw", { token: withdrawn.token })).status).toBe(200);
      expect(idsOnDisk()).toEqual(await fileRowsOf(kept.leadId));

      // The managers' notices go out afterwards, and say nothing personal.
      await database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock).toISOString() }).where("lead_id", "=", withdrawn.leadId).execute();
      await fileWorker().runOnce();
      const notices = fs.readdirSync(dir).filter((name) => name.endsWith("lead-withdrawn.eml"));
      expect(notices.length).toBeGreaterThan(0);
      for (const name of notices) expect(fs.readFileSync(path.join(dir, name), "utf8")).not.toMatch(/Jordan|Ellis|jordan\.ellis|555-0188|6th St/);
    });

    it("erases a file written while its request was being withdrawn", async () => {
      const { leadId, token } = await saveFileLead();
      const writer = fileChannel({ dir, from: "Managely <no-reply@managely.test>" });
      let withdrawnMidway = false;
      // Rendered before the withdrawal, written after it erased the request's files.
      const slow: Channel = {
        async send(message) {
          if (!withdrawnMidway) {
            withdrawnMidway = true;
            expect((await callAsSite(files, "lead/withdraw", { token })).status).toBe(200);
          }
          await writer.send(message);
        },
      };
      await worker({ file: slow }, { outboxDir: dir, concurrency: 1 }).runOnce();
      expect(withdrawnMidway).toBe(true);
      const erased = new Set(await fileRowsOf(leadId));
      expect(idsOnDisk().filter((id) => erased.has(id))).toEqual([]);
    });

    it("erases files and payloads older than RETENTION_DAYS, and nothing newer or not its own", async () => {
      const old = await saveFileLead(clock - 31 * DAY);
      const recent = await saveFileLead(clock - 29 * DAY);
      await fileWorker().runOnce();
      fs.writeFileSync(path.join(dir, "notes.txt"), "the operator's own file");
      // A message that never went out, still holding its link's token.
      const subscribed = await callAsSite(files, "newsletter/save", { email_address: `retention.${kind}.${sequence}@example.org` });
      expect(subscribed.status).toBe(200);
      const waiting = await database.db.selectFrom("outbox_messages").select("id").where("kind", "=", "newsletter.confirmation").orderBy("id", "desc").executeTakeFirstOrThrow();
      await database.db
        .updateTable("outbox_messages")
        .set({ created_at: new Date(clock - 31 * DAY).toISOString(), next_attempt_at: new Date(clock + DAY).toISOString() })
        .where("id", "=", waiting.id)
        .execute();
      const oldFiles = await fileRowsOf(old.leadId);
      expect(oldFiles.length).toBeGreaterThan(0);

      const erased = await fileWorker().sweepRetention();
      expect(erased.files).toBe(oldFiles.length);
      expect(erased.payloads).toBeGreaterThanOrEqual(1);
      expect(idsOnDisk()).toEqual(await fileRowsOf(recent.leadId));
      expect(fs.existsSync(path.join(dir, "notes.txt"))).toBe(true);
      const stale = await database.db.selectFrom("outbox_messages").select(["status", "payload"]).where("id", "=", waiting.id).executeTakeFirstOrThrow();
      expect(stale).toEqual({ status: "cancelled", payload: "{}" });
      expect(await fileWorker().sweepRetention()).toEqual({ payloads: 0, files: 0 });
    });
  });
});

describe("retry delays", () => {
  it("double from the base up to the cap, within ±20%", () => {
    const base = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect(retryDelayMs(1, base, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, base, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(5, base, () => 0.5)).toBe(480_000);
    expect(retryDelayMs(20, base, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, base, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, base, () => 1)).toBe(36_000);
  });
});
