import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Service } from ".";
import { insertOutboxMessages } from "../db/queries/outbox";
import { announcePostgres, AUSTIN_LEAD, callAsSite, confirmAsOwner, createTestService, databaseKinds, outboxWorkerSuite, tokenOf } from "@/test-support";
import { fileChannel, type Channel } from "./delivery/channels";
import { FILES_ONLY, outboxRows } from "./delivery/routing";

announcePostgres();

/** RETENTION_DAYS: the worker erases old copies of messages (files and payloads), and a withdrawn request's at once. */
describe.each(databaseKinds)("the outbox's retention on %s", (kind) => {
  const suite = outboxWorkerSuite(kind);
  const { call, worker, rowsOf, clock } = suite;

  it("erases up to 10,000 old files a sweep, and the save limits' expired counters", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-sweep-"));
    try {
      for (let id = 1; id <= 30; id++) fs.writeFileSync(path.join(dir, `2020-01-01T00-00-00-000Z-${900_000 + id}-lead-new.eml`), "old");
      await suite.database.db.insertInto("rate_limiter").values([
        { key: "sweep-expired", points: 1, expire: clock.now - 1 },
        { key: "sweep-live", points: 1, expire: clock.now + 60_000 },
      ]).execute();
      expect((await worker({}, { outboxDir: dir }).sweepRetention()).files).toBe(30);
      expect(fs.readdirSync(dir)).toEqual([]);
      expect((await suite.database.db.selectFrom("rate_limiter").select("key").where("key", "like", "sweep-%").execute()).map((row) => row.key)).toEqual(["sweep-live"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("erases old payloads 500 at a time until none is left", async () => {
    const old = new Date(clock.now - 31 * 86_400_000).toISOString();
    const rows = Array.from({ length: 501 }, () => ({ ...outboxRows("newsletter.confirmation", { subscription_id: 1, payload: { token: "old" } }, FILES_ONLY, old)[0], status: "sent" as const }));
    for (let start = 0; start < rows.length; start += 100) await insertOutboxMessages(suite.database.db, rows.slice(start, start + 100));
    expect((await worker({}).sweepRetention()).payloads).toBeGreaterThanOrEqual(501);
    expect(await worker({}).sweepRetention()).toEqual({ payloads: 0, files: 0 });
  });

  describe("copies of messages (row L3)", () => {
    let dir: string;
    let files: Service;
    const DAY = 86_400_000;
    let sequence = 0;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-retention-"));
      files = createTestService(suite.database, { savesPerMinute: 1000, delivery: FILES_ONLY, outboxDir: dir });
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const fileWorker = (channel: Channel = fileChannel({ dir, from: "Managely <no-reply@managely.test>" })) => worker({ file: channel }, { outboxDir: dir });
    /** The outbox ids named by the files in the folder. */
    const idsOnDisk = () => fs.readdirSync(dir).flatMap((name) => /Z-(\d+)-/.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b);
    const fileRowsOf = async (leadId: number) => (await rowsOf(leadId)).filter((row) => row.channel === "file").map((row) => row.id);

    /** A lead saved through the files-only site, its messages queued at `queuedAt` and due now. */
    async function saveFileLead(queuedAt = clock.now) {
      const [match] = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
      // An address of its own: one confirmation mail per address a day, each a file here.
      const key = `files-${kind}-${++sequence}-xyz`;
      const saved = await callAsSite(files, "lead/save", { ...AUSTIN_LEAD, email_address: `${key}@example.org`, submission_key: key, agent_ids: [match.agent_id] });
      expect(saved.status).toBe(200);
      const { id } = await suite.database.db.selectFrom("leads").select("id").where("reference", "=", saved.body.reference).executeTakeFirstOrThrow();
      await suite.database.db
        .updateTable("outbox_messages")
        .set({ next_attempt_at: new Date(clock.now).toISOString(), created_at: new Date(queuedAt).toISOString() })
        .where("lead_id", "=", Number(id))
        .execute();
      return { leadId: Number(id), token: tokenOf(saved.body.request_path) };
    }

    it("erases a withdrawn request's files at once, and keeps the other requests' files", async () => {
      const withdrawn = await saveFileLead();
      // Confirmed by its owner (an unconfirmed request is decided on its confirmation page only).
      const [confirmation] = await suite.database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", withdrawn.leadId).where("kind", "=", "lead.confirmation").execute();
      expect((await confirmAsOwner(files, JSON.parse(confirmation.payload).confirm_token)).status).toBe(200);
      await suite.database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock.now).toISOString() }).where("lead_id", "=", withdrawn.leadId).execute();
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
      await suite.database.db.updateTable("outbox_messages").set({ next_attempt_at: new Date(clock.now).toISOString() }).where("lead_id", "=", withdrawn.leadId).execute();
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
      const old = await saveFileLead(clock.now - 31 * DAY);
      const recent = await saveFileLead(clock.now - 29 * DAY);
      await fileWorker().runOnce();
      fs.writeFileSync(path.join(dir, "notes.txt"), "the operator's own file");
      // A message that never went out, still holding its link's token.
      const subscribed = await callAsSite(files, "newsletter/save", { email_address: `retention.${kind}.${sequence}@example.org` });
      expect(subscribed.status).toBe(200);
      const waiting = await suite.database.db.selectFrom("outbox_messages").select("id").where("kind", "=", "newsletter.confirmation").orderBy("id", "desc").executeTakeFirstOrThrow();
      await suite.database.db
        .updateTable("outbox_messages")
        .set({ created_at: new Date(clock.now - 31 * DAY).toISOString(), next_attempt_at: new Date(clock.now + DAY).toISOString() })
        .where("id", "=", waiting.id)
        .execute();
      const oldFiles = await fileRowsOf(old.leadId);
      expect(oldFiles.length).toBeGreaterThan(0);

      const erased = await fileWorker().sweepRetention();
      expect(erased.files).toBe(oldFiles.length);
      expect(erased.payloads).toBeGreaterThanOrEqual(1);
      expect(idsOnDisk()).toEqual(await fileRowsOf(recent.leadId));
      expect(fs.existsSync(path.join(dir, "notes.txt"))).toBe(true);
      const stale = await suite.database.db.selectFrom("outbox_messages").select(["status", "payload"]).where("id", "=", waiting.id).executeTakeFirstOrThrow();
      expect(stale).toEqual({ status: "cancelled", payload: "{}" });
      expect(await fileWorker().sweepRetention()).toEqual({ payloads: 0, files: 0 });
    });
  });
});
