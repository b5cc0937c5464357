import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../lib/db/connection";
import { CONFIRM, CONSENT_VERSION, consentSentence } from "../../lib/contract/messages";
import type { LeadRequest } from "../../lib/contract";
import { createTestDatabase, postgresUrl, type TestDatabase, type TestDatabaseKind } from "@/test-support";
import { callApi } from "./http";
import {
  confirmLeads,
  confirmTokenInMail,
  confirmTokensByKey,
  confirmTokensInOutboxDir,
  isOwnerOfPrefix,
  leadBody,
  sendLeadBurst,
  submissionKeys,
  type ConfirmResult,
} from "./leads";
import { outboxDirFor, reservePorts, startServer, stopAllServers, type RunningServer } from "./servers";
import {
  deliveryRowsByKey,
  mailText,
  outboxOfLeads,
  startSmtpReceiver,
  startWebhookReceiver,
  startWorkerProcess,
  waitFor,
  type ReceivedMail,
  type WebhookReceiver,
} from "./delivery-harness";

/**
 * Delivery never loses a lead. On each database, 2,000 concurrent leads with chosen
 * recipients, each stored with exactly its recipient and outbox rows. On SQLite: an SMTP receiver
 * gets each owner's confirmation with the reference; the agent panel's webhook receiver is down
 * for a minute and then up, and every message arrives, a receiver deduplicating by idempotency
 * key processing each once; the worker, a process of its own, is killed with SIGKILL mid-delivery
 * and restarted, and nothing is lost. On PostgreSQL: two instances' workers never send a message
 * both. The figures (leads, messages, retries, duplicates seen before deduplication) are printed.
 *
 * The double opt-in: a lead reaches its managers only once its owner confirms. Each owner
 * here has an address of its own (one confirmation email a day per address), reads the link in
 * the mail that reached it (the SMTP receiver, the outbox folder's .eml files; the outbox row
 * where no worker runs) and presses its button (lead/confirm), as a real owner would.
 */
const BURST_SIZE = 2_000;
const RECEIVER_DOWN_MS = 60_000;
const DOWN_LEADS = 200;
const KILL_LEADS = 300;
const TWO_INSTANCE_LEADS = 300;
const RECIPIENTS_PER_LEAD = 3;
const TOKEN = `reliability-${crypto.randomBytes(8).toString("hex")}`;
const SECRET = `webhook-secret-${crypto.randomBytes(12).toString("hex")}`;
const runId = crypto.randomBytes(4).toString("hex");
const report = (line: string) => console.log(`[reliability] delivery: ${line}`);
/** Fast retries for a test that cannot wait for production's 30-second first retry. */
const QUICK_RETRIES = { OUTBOX_RETRY_BASE_MS: "1000", OUTBOX_RETRY_MAX_MS: "8000", OUTBOX_POLL_MS: "250" };

const kinds: TestDatabaseKind[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
if (!postgresUrl) {
  console.warn("[reliability] Delivery on PostgreSQL (the burst and two instances' workers) SKIPPED: TEST_DATABASE_URL is not set (CI sets it).");
}

type Match = { agent_id: number; company_name: string; demo: number };

/** The first three managers serving 78701 for each category (leadBody's ZIP), from the running site. */
async function recipientsByCategory(server: RunningServer): Promise<Map<number, Match[]>> {
  const byCategory = new Map<number, Match[]>();
  for (const category of [1, 2, 3, 8]) {
    const { status, json } = await server.call<{ agents: Match[] }>("agents/match", { property_zip: "78701", property_category: category });
    expect(status).toBe(200);
    expect(json.agents.length).toBeGreaterThanOrEqual(RECIPIENTS_PER_LEAD);
    byCategory.set(category, json.agents.slice(0, RECIPIENTS_PER_LEAD));
  }
  return byCategory;
}

/** leadBody with the first three managers of its category chosen. */
function leadWithRecipients(byCategory: Map<number, Match[]>) {
  return (key: string, index: number): LeadRequest => {
    const body = leadBody(key, index);
    return { ...body, agent_ids: byCategory.get(body.property_category as number)!.map((match) => match.agent_id) };
  };
}

/** The owners' confirmation tokens among the mails an SMTP receiver got, by owner address. */
function confirmTokensInMails(mails: ReceivedMail[], owners: (address: string) => boolean): Map<string, string> {
  const byOwner = new Map<string, string>();
  for (const mail of mails) {
    const token = confirmTokenInMail(mailText(mail));
    const owner = mail.to.find(owners);
    if (token && owner) byOwner.set(owner, token);
  }
  return byOwner;
}

const describeConfirm = (result: ConfirmResult) =>
  `${result.sent} sent, ${result.alreadySent} already sent, in ${result.durationMs} ms${describeOthers(result.otherOutcomes)}`;

const describeOthers = (outcomes: Record<string, number>) =>
  Object.entries(outcomes).length ? `; other outcomes: ${Object.entries(outcomes).map(([outcome, count]) => `${outcome} ×${count}`).join(", ")}` : "";

/** Webhook rows of a prefix, their keys; and the receiver's view of them. */
async function webhookKeys(databaseUrl: string, prefix: string): Promise<string[]> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom("outbox_messages")
      .innerJoin("leads", "leads.id", "outbox_messages.lead_id")
      .select("outbox_messages.idempotency_key")
      .where("leads.submission_key", "like", `${prefix}%`)
      .where("outbox_messages.channel", "=", "webhook")
      .execute();
    return rows.map((row) => row.idempotency_key);
  } finally {
    await handle.close();
  }
}

function receiverFigures(receiver: WebhookReceiver, keys: string[]) {
  const wanted = new Set(keys);
  const deliveries = receiver.deliveries().filter((delivery) => wanted.has(delivery.key));
  const processed = [...receiver.processed().keys()].filter((key) => wanted.has(key));
  return { deliveries: deliveries.length, processed: processed.length, duplicates: deliveries.length - processed.length, missing: keys.filter((key) => !receiver.processed().has(key)) };
}

describe.each(kinds)("delivery on %s", (kind) => {
  let database: TestDatabase;
  /** Its worker is off: a dedicated worker process delivers (killed and restarted below). */
  let quiet: RunningServer;
  let slowReceiver: WebhookReceiver;
  let byCategory: Map<number, Match[]>;
  const workerOutbox = path.join(os.tmpdir(), `managely-outbox-worker-${kind}-${runId}`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.close();
    const [receiverPort] = await reservePorts(1);
    slowReceiver = await startWebhookReceiver({ port: receiverPort, secret: SECRET, answerDelayMs: 40 });
    quiet = await startServer({
      name: `delivery-${kind}`,
      databaseUrl: database.url,
      env: { API_TOKEN: TOKEN, OUTBOX_WORKER: "0", LEAD_WEBHOOK_URL: slowReceiver.url, LEAD_WEBHOOK_SECRET: SECRET },
    });
    byCategory = await recipientsByCategory(quiet);
  }, 300_000);

  /** Worker processes started by a test: one left running by a failed test would deliver the next test's messages. */
  const workers: ReturnType<typeof startWorkerProcess>[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) if (worker.isRunning()) await worker.kill();
  }, 60_000);

  afterAll(async () => {
    await stopAllServers();
    await slowReceiver?.close();
    await database?.destroy();
    fs.rmSync(workerOutbox, { recursive: true, force: true });
  }, 60_000);

  it(`stores each of ${BURST_SIZE} concurrent leads with exactly its recipient and outbox rows`, async () => {
    const prefix = `dburst-${kind}-${runId}-`;
    const keys = submissionKeys(prefix, BURST_SIZE);
    const body = leadWithRecipients(byCategory);
    const burst = await sendLeadBurst({ baseUrl: quiet.url, token: TOKEN, keys, body });
    report(`${kind}: ${burst.acknowledgements}/${BURST_SIZE} leads with ${RECIPIENTS_PER_LEAD} recipients acknowledged in ${burst.durationMs} ms (${Math.round((burst.acknowledgements / burst.durationMs) * 1000)}/s)${describeOthers(burst.otherOutcomes)}`);
    expect(burst.otherOutcomes).toEqual({});
    expect(burst.acknowledged.size).toBe(BURST_SIZE);

    // Retries of every tenth key, twice at once: nothing more is stored or queued.
    const retried = keys.filter((_, index) => index % 10 === 0);
    const retry = await sendLeadBurst({ baseUrl: quiet.url, token: TOKEN, keys: [...retried, ...retried], body: (key) => body(key, keys.indexOf(key)) });
    expect(retry.otherOutcomes).toEqual({});

    /** Each key's rows against what they should be, before or after its owner confirmed; the total of outbox rows. */
    const checkRows = async (confirmed: boolean) => {
      const rows = await deliveryRowsByKey(database.url, prefix);
      const wrong: string[] = [];
      keys.forEach((key, index) => {
        const lead = body(key, index);
        const chosen = byCategory.get(lead.property_category as number)!;
        const expected = {
          leads: 1,
          recipients: chosen.map((match) => match.agent_id).sort((a, b) => a - b),
          consent: [consentSentence(chosen, { email: true, phone: true, preferred: String(lead.preferred_contact_method ?? "") })],
          // The owner's confirmation as a file (no SMTP on this server); once confirmed, the managers by the webhook.
          messages: [...(confirmed ? chosen.map((match) => `lead.new/webhook/${match.agent_id}`) : []), "lead.confirmation/file/-"].sort(),
        };
        const found = rows.get(key);
        const actual = found && { leads: found.leads, recipients: [...found.recipients].sort((a, b) => a - b), consent: [...found.consent], messages: [...found.messages].sort() };
        if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${key}: ${JSON.stringify(actual)}`);
      });
      return { wrong, leads: rows.size, messages: [...rows.values()].reduce((sum, entry) => sum + entry.messages.length, 0) };
    };

    // Nobody receives a lead before its owner confirms: one message each, the owner's confirmation.
    const waiting = await checkRows(false);
    report(`${kind}: ${waiting.leads} leads stored, ${waiting.messages} outbox rows (the owners' confirmations), ${retried.length * 2} retries added none`);
    expect(waiting.wrong.slice(0, 5)).toEqual([]);
    expect(waiting.leads).toBe(BURST_SIZE);
    expect(waiting.messages).toBe(BURST_SIZE);

    // Every owner presses the button of the mailed link (its token is in the unsent message); every
    // tenth presses it twice at once: each lead is sent once, to its three managers.
    const confirmTokens = await confirmTokensByKey(database.url, prefix);
    expect(confirmTokens.size).toBe(BURST_SIZE);
    const pressedTwice = retried.map((key) => confirmTokens.get(key)!);
    const confirmed = await confirmLeads({ baseUrl: quiet.url, token: TOKEN, confirmTokens: [...confirmTokens.values(), ...pressedTwice], databaseUrl: database.url });
    report(`${kind}: ${BURST_SIZE + pressedTwice.length} concurrent confirmations: ${describeConfirm(confirmed)}`);
    expect(confirmed.otherOutcomes).toEqual({});
    expect(confirmed.sent).toBe(BURST_SIZE);
    expect(confirmed.alreadySent).toBe(pressedTwice.length);

    const rows = await checkRows(true);
    report(`${kind}: once confirmed, ${rows.messages} outbox rows (${RECIPIENTS_PER_LEAD + 1} each)`);
    expect(rows.wrong.slice(0, 5)).toEqual([]);
    expect(rows.leads).toBe(BURST_SIZE);
    expect(rows.messages).toBe(BURST_SIZE * (RECIPIENTS_PER_LEAD + 1));

    // These messages stay undelivered (this server runs no worker); the tests below count only their own.
    const handle = openDatabase(database.url);
    try {
      const leadIds = handle.db.selectFrom("leads").select("id").where("submission_key", "like", `${prefix}%`);
      await handle.db.updateTable("outbox_messages").set({ status: "cancelled" }).where("lead_id", "in", leadIds).execute();
    } finally {
      await handle.close();
    }
  }, 300_000);

  if (kind === "sqlite") {
    it("loses nothing when the worker is killed with SIGKILL mid-delivery and restarted", async () => {
      const prefix = `dkill-${kind}-${runId}-`;
      const keys = submissionKeys(prefix, KILL_LEADS);
      const burst = await sendLeadBurst({ baseUrl: quiet.url, token: TOKEN, keys, body: leadWithRecipients(byCategory) });
      expect(burst.acknowledged.size).toBe(KILL_LEADS);
      // Nothing for the managers before the owners confirm.
      expect(await webhookKeys(database.url, prefix)).toEqual([]);

      const workerEnv = {
        LEAD_WEBHOOK_URL: slowReceiver.url,
        LEAD_WEBHOOK_SECRET: SECRET,
        OUTBOX_DIR: workerOutbox,
        OUTBOX_LEASE_MS: "3000",
        ...QUICK_RETRIES,
      };
      const first = startWorkerProcess({ name: "first", databaseUrl: database.url, env: workerEnv });
      workers.push(first);
      // The worker writes the owners' confirmations as files; each owner opens its own and presses the link's button.
      let mailed = new Map<string, string>();
      await waitFor(
        () => {
          mailed = confirmTokensInOutboxDir(workerOutbox, isOwnerOfPrefix(prefix));
          return mailed.size === KILL_LEADS || !first.isRunning();
        },
        { timeoutMs: 120_000, what: () => `${mailed.size} of ${KILL_LEADS} confirmations written\n${first.output()}` },
      );
      expect(mailed.size).toBe(KILL_LEADS);
      const confirmed = await confirmLeads({ baseUrl: quiet.url, token: TOKEN, confirmTokens: [...mailed.values()], databaseUrl: database.url });
      report(`${kind}: ${KILL_LEADS} owners confirmed by the link in their mail: ${describeConfirm(confirmed)}`);
      expect(confirmed.otherOutcomes).toEqual({});
      expect(confirmed.sent).toBe(KILL_LEADS);
      const hookKeys = await webhookKeys(database.url, prefix);
      expect(hookKeys).toHaveLength(KILL_LEADS * RECIPIENTS_PER_LEAD);

      await waitFor(() => receiverFigures(slowReceiver, hookKeys).processed >= 200 || !first.isRunning(), { timeoutMs: 120_000, what: () => first.output() });
      expect(first.isRunning()).toBe(true);
      await first.kill();
      const atKill = receiverFigures(slowReceiver, hookKeys);
      const left = await outboxOfLeads(database.url, prefix);
      report(`${kind}: worker killed (SIGKILL) after ${atKill.processed} of ${hookKeys.length} webhook messages arrived; outbox then ${JSON.stringify(left.byStatus)}`);
      expect(atKill.processed).toBeLessThan(hookKeys.length);

      const restarted = Date.now();
      const second = startWorkerProcess({ name: "second", databaseUrl: database.url, env: workerEnv });
      workers.push(second);
      try {
        await waitFor(async () => (await outboxOfLeads(database.url, prefix)).byStatus.sent === KILL_LEADS * (RECIPIENTS_PER_LEAD + 1), {
          timeoutMs: 120_000,
          what: () => second.output(),
        });
      } finally {
        await second.stop();
      }
      const after = receiverFigures(slowReceiver, hookKeys);
      const outbox = await outboxOfLeads(database.url, prefix);
      report(
        `${kind}: restarted, all ${outbox.messages} messages sent ${Math.round((Date.now() - restarted) / 1000)} s later; the receiver saw ${after.deliveries} webhook deliveries ` +
          `for ${after.processed} messages (${after.duplicates} duplicates, dropped by idempotency key); ${outbox.attempts - outbox.messages} extra attempts`,
      );
      expect(after.missing).toEqual([]);
      expect(after.processed).toBe(hookKeys.length);
      expect(slowReceiver.badSignatures()).toBe(0);
      // The owners' confirmations went out as files, one per lead (none written again after the kill).
      expect(fs.readdirSync(workerOutbox).filter((name) => name.endsWith("lead-confirmation.eml"))).toHaveLength(KILL_LEADS);
      expect(confirmTokensInOutboxDir(workerOutbox, isOwnerOfPrefix(prefix))).toEqual(mailed);
    }, 300_000);

    describe("with the worker in the production server", () => {
      let server: RunningServer;
      let receiver: WebhookReceiver;
      let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

      beforeAll(async () => {
        const [receiverPort, smtpPort] = await reservePorts(2);
        // Down from the start: it comes up a minute after the leads below.
        receiver = await startWebhookReceiver({ port: receiverPort, secret: SECRET, loseAnswerShare: 0.05, startUp: false });
        smtp = await startSmtpReceiver({ port: smtpPort });
        server = await startServer({
          name: `delivery-worker-${kind}`,
          databaseUrl: database.url,
          env: { API_TOKEN: TOKEN, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url, MAIL_FROM: "Managely <no-reply@managely.test>", ...QUICK_RETRIES },
        });
      }, 300_000);

      afterAll(async () => {
        await server?.stop();
        await receiver?.close();
        await smtp?.close();
      }, 60_000);

      it("an SMTP receiver gets each owner's confirmation with the reference, the confirmation link and the private link; the link sends the lead; a newsletter link confirms", async () => {
        const prefix = `dsmtp-${runId}-`;
        const email = `owner.smtp.${runId}@example.org`;
        const lead = { ...leadWithRecipients(byCategory)(`${prefix}0001`, 0), email_address: email };
        const saved = await callApi(server.url, "lead/save", lead, { origin: server.url });
        expect(saved.status).toBe(200);
        expect(saved.body.confirmation).toBe("emailed");
        const reference = String(saved.body.reference);
        await waitFor(() => smtp.mails().some((mail) => mail.to.includes(email)), { timeoutMs: 30_000, what: () => server.output() });
        const mail = smtp.mails().find((entry) => entry.to.includes(email))!;
        expect(mail.from).toBe("no-reply@managely.test");
        const text = mailText(mail);
        expect(text).toContain(`Subject: Confirm your request ${reference}`);
        expect(text).toContain(`${server.url}${String(saved.body.request_path)}`);
        for (const match of byCategory.get(1)!) expect(text).toContain(match.company_name);
        const confirmToken = confirmTokenInMail(text);
        expect(confirmToken).toBeDefined();
        report(`${kind}: the SMTP receiver got the owner's confirmation of ${reference}`);

        // The owner presses the link's button (from the site, as the confirmation page does): the managers' messages are queued, once.
        expect(await outboxOfLeads(database.url, prefix, { kind: "lead.new" })).toMatchObject({ messages: 0 });
        const sent = await callApi(server.url, "lead/confirm", { token: confirmToken, references: [reference] }, { origin: server.url });
        expect(sent.status).toBe(200);
        expect(sent.body).toMatchObject({ success: true, message: CONFIRM.sent(1), requests: [{ reference }] });
        const again = await callApi(server.url, "lead/confirm", { token: confirmToken, references: [reference] }, { origin: server.url });
        expect(again.body).toEqual({ success: true, message: CONFIRM.alreadySent, requests: [] });
        // Each manager by the webhook and by email (this server has both).
        expect((await outboxOfLeads(database.url, prefix, { kind: "lead.new" })).messages).toBe(RECIPIENTS_PER_LEAD * 2);

        const reader = `reader.${runId}@example.org`;
        expect((await callApi(server.url, "newsletter/save", { email_address: reader }, { origin: server.url })).status).toBe(200);
        await waitFor(() => smtp.mails().some((entry) => entry.to.includes(reader)), { timeoutMs: 30_000, what: () => server.output() });
        const link = /\/newsletter\/confirm\/([A-Za-z0-9_-]{22})/.exec(mailText(smtp.mails().find((entry) => entry.to.includes(reader))!))!;
        expect(link).not.toBeNull();
        const subscribed = await callApi(server.url, "newsletter/confirm", { token: link[1] }, { origin: server.url });
        expect(subscribed.body).toMatchObject({ success: true, message: "Your subscription is confirmed. Thank you for reading!" });
      }, 120_000);

      it(`delivers every message once the webhook receiver, down for a minute, is up; deduplicated by idempotency key, each is processed once`, async () => {
        const prefix = `ddown-${kind}-${runId}-`;
        const keys = submissionKeys(prefix, DOWN_LEADS);
        const burst = await sendLeadBurst({ baseUrl: server.url, token: TOKEN, keys, body: leadWithRecipients(byCategory) });
        expect(burst.acknowledged.size).toBe(DOWN_LEADS);
        expect(await webhookKeys(database.url, prefix)).toEqual([]);

        // The owners' confirmations go out by email; each owner presses the button of the link in its mail.
        let mailed = new Map<string, string>();
        await waitFor(
          () => {
            mailed = confirmTokensInMails(smtp.mails(), isOwnerOfPrefix(prefix));
            return mailed.size === DOWN_LEADS;
          },
          { timeoutMs: 60_000, what: () => `${mailed.size} of ${DOWN_LEADS} owners mailed\n${server.output()}` },
        );
        const confirmed = await confirmLeads({ baseUrl: server.url, token: TOKEN, confirmTokens: [...mailed.values()], databaseUrl: database.url });
        report(`${kind}: ${DOWN_LEADS} owners confirmed by the link in their mail: ${describeConfirm(confirmed)}`);
        expect(confirmed.otherOutcomes).toEqual({});
        expect(confirmed.sent).toBe(DOWN_LEADS);
        const hookKeys = await webhookKeys(database.url, prefix);
        expect(hookKeys).toHaveLength(DOWN_LEADS * RECIPIENTS_PER_LEAD);

        await new Promise((resolve) => setTimeout(resolve, RECEIVER_DOWN_MS));
        const whileDown = await outboxOfLeads(database.url, prefix, { channel: "webhook" });
        report(`${kind}: after ${RECEIVER_DOWN_MS / 1000} s with the receiver down: ${JSON.stringify(whileDown.byStatus)}, ${whileDown.attempts} attempts for ${whileDown.messages} webhook messages`);
        expect(whileDown.byStatus.sent ?? 0).toBe(0);
        expect(whileDown.attempts).toBeGreaterThanOrEqual(whileDown.messages * 3);
        // The owners' confirmations went out by email, one per lead.
        expect((await outboxOfLeads(database.url, prefix, { kind: "lead.confirmation" })).byStatus).toEqual({ sent: DOWN_LEADS });

        const upAt = Date.now();
        await receiver.up();
        const tookMs = await waitFor(async () => (await outboxOfLeads(database.url, prefix, { channel: "webhook" })).byStatus.sent === hookKeys.length, {
          timeoutMs: 120_000,
          what: () => `${JSON.stringify(receiverFigures(receiver, hookKeys))}\n${server.output()}`,
        });
        const figures = receiverFigures(receiver, hookKeys);
        const outbox = await outboxOfLeads(database.url, prefix, { channel: "webhook" });
        report(
          `${kind}: receiver up; all ${hookKeys.length} webhook messages of ${DOWN_LEADS} leads marked sent within ${Math.round(tookMs / 1000)} s; ` +
            `${outbox.attempts - outbox.messages} retries in all; the receiver saw ${figures.deliveries} deliveries for ${figures.processed} messages ` +
            `(${figures.duplicates} duplicates before deduplication, from answers it dropped)`,
        );
        expect(figures.missing).toEqual([]);
        expect(figures.processed).toBe(hookKeys.length);
        expect(figures.duplicates).toBeGreaterThan(0); // the dropped answers were retried, and deduplicated
        expect(receiver.badSignatures()).toBe(0);
        for (const [key, event] of receiver.processed()) {
          if (!hookKeys.includes(key)) continue;
          expect(event.type).toBe("lead.new");
          expect(event.data).toMatchObject({ property: { zip: "78701" }, consent: { version: CONSENT_VERSION } });
        }
        expect(Date.now() - upAt).toBeLessThan(120_000);
      }, 300_000);
    });
  }

  if (kind === "postgres") {
    it("runs a worker in each of two instances on one database, and no message is sent by both", async () => {
      const [receiverPort, portA, portB] = await reservePorts(3);
      const receiver = await startWebhookReceiver({ port: receiverPort, secret: SECRET });
      const env = { API_TOKEN: TOKEN, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET, OUTBOX_POLL_MS: "100" };
      const [a, b] = await Promise.all([
        startServer({ name: "delivery-A", port: portA, databaseUrl: database.url, env }),
        startServer({ name: "delivery-B", port: portB, databaseUrl: database.url, env }),
      ]);
      try {
        const prefix = `dtwo-${kind}-${runId}-`;
        const keys = submissionKeys(prefix, TWO_INSTANCE_LEADS);
        const body = leadWithRecipients(byCategory);
        const half = TWO_INSTANCE_LEADS / 2;
        const [onA, onB] = await Promise.all([
          sendLeadBurst({ baseUrl: a.url, token: TOKEN, keys: keys.slice(0, half), body }),
          sendLeadBurst({ baseUrl: b.url, token: TOKEN, keys: keys.slice(half), body: (key, index) => body(key, index + half) }),
        ]);
        expect(onA.acknowledged.size + onB.acknowledged.size).toBe(TWO_INSTANCE_LEADS);
        // The instances' workers write the owners' confirmations as files; each owner opens its own
        // and presses the link's button, half of them through A and half through B.
        const owners = isOwnerOfPrefix(prefix);
        let mailed = new Map<string, string>();
        await waitFor(
          () => {
            mailed = new Map([...confirmTokensInOutboxDir(outboxDirFor(a.name), owners), ...confirmTokensInOutboxDir(outboxDirFor(b.name), owners)]);
            return mailed.size === TWO_INSTANCE_LEADS;
          },
          { timeoutMs: 120_000, what: () => `${mailed.size} of ${TWO_INSTANCE_LEADS} confirmations written\n${a.output()}\n${b.output()}` },
        );
        const confirmTokens = [...mailed.values()];
        const [confirmedOnA, confirmedOnB] = await Promise.all([
          confirmLeads({ baseUrl: a.url, token: TOKEN, confirmTokens: confirmTokens.slice(0, half), databaseUrl: database.url }),
          confirmLeads({ baseUrl: b.url, token: TOKEN, confirmTokens: confirmTokens.slice(half), databaseUrl: database.url }),
        ]);
        report(`${kind}: owners confirmed on A: ${describeConfirm(confirmedOnA)}; on B: ${describeConfirm(confirmedOnB)}`);
        expect({ ...confirmedOnA.otherOutcomes, ...confirmedOnB.otherOutcomes }).toEqual({});
        expect(confirmedOnA.sent + confirmedOnB.sent).toBe(TWO_INSTANCE_LEADS);
        const hookKeys = await webhookKeys(database.url, prefix);
        expect(hookKeys).toHaveLength(TWO_INSTANCE_LEADS * RECIPIENTS_PER_LEAD);
        await waitFor(async () => (await outboxOfLeads(database.url, prefix)).byStatus.sent === TWO_INSTANCE_LEADS * (RECIPIENTS_PER_LEAD + 1), {
          timeoutMs: 120_000,
          what: () => `${a.output()}\n${b.output()}`,
        });
        const figures = receiverFigures(receiver, hookKeys);
        const outbox = await outboxOfLeads(database.url, prefix);
        report(
          `${kind}: two instances sent ${outbox.messages} messages of ${TWO_INSTANCE_LEADS} leads; workers that sent them: ${outbox.workers.length}; ` +
            `the receiver saw ${figures.deliveries} webhook deliveries for ${figures.processed} messages (${figures.duplicates} sent twice)`,
        );
        expect(figures.missing).toEqual([]);
        expect(figures.duplicates).toBe(0);
        expect(outbox.attempts).toBe(outbox.messages);
        expect(outbox.workers.length).toBe(2);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await receiver.close();
      }
    }, 300_000);
  }
});
