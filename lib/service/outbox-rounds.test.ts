import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { announcePostgres, databaseKinds, outboxWorkerSuite, recordingChannel } from "@/test-support";
import { fileChannel, type Channel } from "./delivery/channels";
import { signalOutbox } from "./delivery/signal";
import { createOutboxWorker } from "./outbox-worker";

announcePostgres();

/** What one round of the worker claims, sends, retries, cancels, logs and counts, and how a started worker runs. */
describe.each(databaseKinds)("what a round records on %s", (kind) => {
  const suite = outboxWorkerSuite(kind);
  const { worker, saveLead, rowsOf, settings, clock } = suite;

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
    await suite.database.db.updateTable("leads").set({ withdrawn_at: new Date(clock.now).toISOString() }).where("id", "=", leadId).execute();
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
    await suite.database.db.updateTable("outbox_messages").set({ created_at: new Date(clock.now - settings.giveUpMs + 1).toISOString() }).where("lead_id", "=", leadId).execute();
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
    await suite.database.db.updateTable("outbox_messages").set({ created_at: new Date(clock.now - settings.giveUpMs).toISOString(), next_attempt_at: new Date(clock.now).toISOString() }).where("id", "=", retried.id).execute();
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
    const outbox = createOutboxWorker({ db: suite.database.db, dialect: suite.database.dialect, channels: { webhook: counting, email: counting }, settings: { ...settings, batchSize: undefined }, now: () => clock.now });
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
        seen.push(await suite.database.db.selectFrom("outbox_messages").select(["claimed_by", "next_attempt_at", "status"]).where("id", "=", message.id).executeTakeFirstOrThrow());
      },
    };
    const outbox = worker({ webhook: looking, email: looking });
    expect(outbox.id).toMatch(new RegExp(`^${os.hostname().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${process.pid}:[0-9a-f]{6}$`));
    expect(worker({}).id).not.toBe(outbox.id);
    await outbox.runOnce();
    expect(seen).toHaveLength(3);
    for (const row of seen) expect(row).toEqual({ claimed_by: outbox.id, next_attempt_at: new Date(clock.now + settings.leaseMs).toISOString(), status: "sending" });
    expect((await rowsOf(leadId)).map((row) => row.claimed_by)).toEqual([outbox.id, outbox.id, outbox.id]);
  });

  it("writes files without a folder to erase from when none is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-nofolder-"));
    try {
      const { leadId } = await saveLead(1);
      await suite.database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", leadId).execute();
      const outbox = worker({ file: fileChannel({ dir, from: "Managely <no-reply@managely.test>" }) });
      expect(await outbox.runOnce()).toBe(3);
      expect(outbox.stats()).toMatchObject({ sent: 3, retried: 0 });
      expect(fs.readdirSync(dir)).toHaveLength(3);
      // A round that wrote no file of a request (its messages cancelled) erases nothing either.
      const withdrawn = await saveLead(1);
      await suite.database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", withdrawn.leadId).execute();
      await suite.database.db.updateTable("leads").set({ withdrawn_at: new Date(clock.now).toISOString() }).where("id", "=", withdrawn.leadId).execute();
      const folder = worker({ file: fileChannel({ dir, from: "Managely <no-reply@managely.test>" }) }, { outboxDir: dir });
      expect(await folder.runOnce()).toBe(3);
      expect(folder.stats()).toMatchObject({ cancelled: 3, retried: 0 });
      expect(fs.readdirSync(dir)).toHaveLength(3);

      // Withdrawn while its files were being written: with no folder configured, none is looked for.
      const midway = await saveLead(1);
      await suite.database.db.updateTable("outbox_messages").set({ channel: "file" }).where("lead_id", "=", midway.leadId).execute();
      const writer = fileChannel({ dir, from: "Managely <no-reply@managely.test>" });
      const withdrawing: Channel = {
        async send(message) {
          await writer.send(message);
          await suite.database.db.updateTable("leads").set({ withdrawn_at: new Date(clock.now).toISOString() }).where("id", "=", midway.leadId).execute();
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
});
