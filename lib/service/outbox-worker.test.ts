import { claimDueMessages } from "../db/queries/outbox";
import { announcePostgres, databaseKinds, outboxWorkerSuite, recordingChannel } from "@/test-support";
import { retryDelayMs } from "./outbox-worker";
import { CONSENT_VERSION } from "../contract/messages";

announcePostgres();

/** The outbox worker delivers each message once, retries with back-off, gives up, and honours leases and withdrawals. */
describe.each(databaseKinds)("the outbox worker on %s", (kind) => {
  const suite = outboxWorkerSuite(kind);
  const { call, worker, saveLead, rowsOf, settings, clock } = suite;

  it("delivers each message once on its channel, to the manager's private address, and drops the link's token once sent", async () => {
    const { answer, leadId, matches, email: ownerEmail } = await saveLead(2);
    const webhook = recordingChannel();
    const email = recordingChannel();
    const outbox = worker({ webhook: webhook.channel, email: email.channel });
    expect(await outbox.runOnce()).toBe(5);
    expect(await outbox.runOnce()).toBe(0);

    const rows = await rowsOf(leadId);
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, payload: "{}", sent_at: new Date(clock.now).toISOString() });
    expect(webhook.sent.map((message) => message.kind)).toEqual(["lead.new", "lead.new"]);
    expect(email.sent.map((message) => message.kind).sort()).toEqual(["lead.confirmation", "lead.new", "lead.new"]);
    expect(new Set([...webhook.sent, ...email.sent].map((message) => message.idempotencyKey)).size).toBe(5);

    const managers = await suite.database.db.selectFrom("agents").select(["id", "email"]).where("id", "in", matches.map((agent) => agent.agent_id)).execute();
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
    expect(confirmation.rendered.email.text).toContain(`${settings.siteUrl}${answer.request_path}`);
    expect(confirmation.rendered.email.text).toMatch(new RegExp(`${settings.siteUrl}/requests/confirm/[A-Za-z0-9_-]{22}\n`));
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
    const firstDelay = Date.parse(failed.next_attempt_at) - clock.now;
    expect(firstDelay).toBeGreaterThanOrEqual(800);
    expect(firstDelay).toBeLessThanOrEqual(1_200);
    expect(await outbox.runOnce()).toBe(0); // not due yet

    clock.now += firstDelay;
    await outbox.runOnce();
    const second = (await rowsOf(leadId)).find((row) => row.channel === "webhook")!;
    const secondDelay = Date.parse(second.next_attempt_at) - clock.now;
    expect(secondDelay).toBeGreaterThanOrEqual(1_600);
    expect(secondDelay).toBeLessThanOrEqual(2_400);

    webhook.state.failing = false;
    clock.now += secondDelay;
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
      const start = clock.now;
      let rounds = 0;
      for (;;) {
        const row = (await rowsOf(leadId)).find((entry) => entry.channel === "webhook")!;
        if (row.status !== "pending") break;
        clock.now = Math.max(clock.now, Date.parse(row.next_attempt_at));
        await outbox.runOnce();
        rounds++;
      }
      const row = (await rowsOf(leadId)).find((entry) => entry.channel === "webhook")!;
      expect(row).toMatchObject({ status: "failed", last_error: "HTTP 503", payload: "{}" });
      expect(clock.now - start).toBeGreaterThanOrEqual(settings.giveUpMs);
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
    const claimed = await claimDueMessages(suite.database.db, { dialect: suite.database.dialect, now: new Date(clock.now).toISOString(), leaseUntil: new Date(clock.now + settings.leaseMs).toISOString(), workerId: "dead", limit: 50 });
    expect(claimed.length).toBe(3);
    const webhook = recordingChannel();
    const email = recordingChannel();
    const survivor = worker({ webhook: webhook.channel, email: email.channel });
    expect(await survivor.runOnce()).toBe(0);
    clock.now += settings.leaseMs;
    expect(await survivor.runOnce()).toBe(3);
    for (const row of await rowsOf(leadId)) expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("lets concurrent workers claim each message once", async () => {
    for (let index = 0; index < 10; index++) await saveLead(3);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        claimDueMessages(suite.database.db, { dialect: suite.database.dialect, now: new Date(clock.now).toISOString(), leaseUntil: new Date(clock.now + 60_000).toISOString(), workerId: `w${index}`, limit: 20 }),
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
    await suite.database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock.now).toISOString() }).where("lead_id", "=", leadId).execute();
    const webhook = recordingChannel();
    const email = recordingChannel();
    await worker({ webhook: webhook.channel, email: email.channel }).runOnce();
    expect([...webhook.sent, ...email.sent].map((message) => message.kind)).toEqual([]);
  });

  it("tells the managers a withdrawn lead reached, and says nothing personal", async () => {
    const { answer, leadId } = await saveLead(2);
    await worker({ webhook: recordingChannel().channel, email: recordingChannel().channel }).runOnce();
    expect((await call("lead/withdraw", { token: answer.request_path.split("/").pop() })).status).toBe(200);
    await suite.database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock.now).toISOString() }).where("lead_id", "=", leadId).execute();
    const webhook = recordingChannel();
    const email = recordingChannel();
    await worker({ webhook: webhook.channel, email: email.channel }).runOnce();
    expect([...webhook.sent, ...email.sent].map((message) => message.kind)).toEqual(["lead.withdrawn", "lead.withdrawn", "lead.withdrawn", "lead.withdrawn"]);
    for (const message of email.sent) {
      expect(message.rendered.email.subject).toBe(`Request ${answer.reference} withdrawn`);
      expect(message.rendered.email.text).not.toContain("Jordan");
    }
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
