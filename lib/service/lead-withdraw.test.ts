import { CONFIRM, SAVED } from "../contract/messages";
import { type Service } from ".";
import { announcePostgres, AUSTIN_LEAD, callAsSite, createTestService, databaseKinds, requestsSuite, SERVED_ZIP, tokenOf } from "@/test-support";
import { FILES_ONLY } from "./delivery/routing";
import { outboxFileName } from "./delivery/channels";
import { onOutboxSignal } from "./delivery/signal";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

announcePostgres();

/** lead/withdraw: only a confirmed request, erasing the owner's details and copies, telling the managers it reached. */
describe.each(databaseKinds)("withdrawing a request on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key, ownerEmail, outboxOf, leadByKey, confirmByMail } = suite;

  it("lead/withdraw refuses a request its owner has not confirmed, whose page anyone who typed the address holds: it changes nothing and tells nobody", async () => {
    const chosen = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents.slice(0, 2);
    const submissionKey = key("unconfirmed-withdraw");
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: ownerEmail("unconfirmed"), submission_key: submissionKey, agent_ids: chosen.map((agent: { agent_id: number }) => agent.agent_id) });
    const lead = await leadByKey(submissionKey);
    const before = await outboxOf(lead.id);
    expect(await call("lead/withdraw", { token: tokenOf(saved.body.request_path) })).toEqual({ status: 409, body: { success: false, message: CONFIRM.unconfirmedNotWithdrawn } });
    expect(await outboxOf(lead.id)).toEqual(before);
    expect(await leadByKey(submissionKey)).toMatchObject({ full_name: AUSTIN_LEAD.full_name, withdrawn_at: null });
  });

  it("lead/withdraw erases the owner's details, keeps the counts, cancels what has not gone out, and tells once each manager it reached, only them", async () => {
    const chosen = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents.slice(0, 3);
    const submissionKey = key("withdraw");
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: ownerEmail("withdraw"), submission_key: submissionKey, agent_ids: chosen.map((agent: { agent_id: number }) => agent.agent_id) });
    const lead = await leadByKey(submissionKey);
    await confirmByMail(lead.id);
    // The first manager's webhook copy went out before the owner withdrew.
    await suite.database.db.updateTable("outbox_messages").set({ status: "sent", sent_at: lead.created_at }).where("lead_id", "=", lead.id).where("agent_id", "=", chosen[0].agent_id).where("channel", "=", "webhook").execute();

    const token = tokenOf(saved.body.request_path);
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    expect((await call("lead/withdraw", { token })).body).toEqual({ success: true, message: SAVED.withdrawn });
    stopListening();
    // The managers' notices are queued: the outbox is woken for them.
    expect(signals).toHaveBeenCalledTimes(1);
    expect((await call("lead/withdraw", { token })).body).toEqual({ success: true, message: SAVED.alreadyWithdrawn });

    const erased = await leadByKey(submissionKey);
    expect(erased).toMatchObject({
      full_name: "",
      email_address: "",
      property_number: "",
      property_address: "",
      exam: "[]",
      property_category: 2,
      property_city: "Austin",
      property_zip: SERVED_ZIP,
      reference: saved.body.reference,
    });
    expect(erased.withdrawn_at).not.toBeNull();

    const outbox = await outboxOf(lead.id);
    const notices = outbox.filter((row) => row.kind === "lead.withdrawn");
    // Only the first manager received it (its webhook copy went out); the others' copies were cancelled unsent.
    expect(notices.map((row) => `${row.agent_id}/${row.channel}`).sort()).toEqual([`${chosen[0].agent_id}/email`, `${chosen[0].agent_id}/webhook`]);
    for (const row of outbox.filter((entry) => entry.kind !== "lead.withdrawn")) {
      expect(row.payload).toBe("{}");
      expect(row.status).toBe(row.agent_id === chosen[0].agent_id && row.channel === "webhook" ? "sent" : "cancelled");
    }

    const view = await call("lead/request", { token });
    expect(view.body.request).toMatchObject({ withdrawn_at: erased.withdrawn_at, full_name: "", email_masked: "", phone_masked: "", answers: [] });
    expect(view.body.request.recipients.map((recipient: { delivery: string }) => recipient.delivery)).toEqual(["sent", "cancelled", "cancelled"]);
    // Counts stay for statistics.
    expect(await suite.database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).toHaveLength(3);
  });

  it("lead/withdraw erases the copies written to OUTBOX_DIR, the lead's alone, and needs no OUTBOX_DIR to withdraw", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-withdraw-"));
    try {
      const [manager] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
      // Messages to files (the default routing): a lead without an email has its manager's copy queued at once.
      const withFiles = createTestService(suite.database, { delivery: FILES_ONLY, outboxDir: dir });
      const withoutDir = createTestService(suite.database, { delivery: FILES_ONLY });
      const fileLead = async (service: Service, label: string) => {
        const submissionKey = key(label);
        const saved = await callAsSite(service, "lead/save", { ...guarantee, submission_key: submissionKey, agent_ids: [manager.agent_id] });
        expect(saved.status).toBe(200);
        const [copy] = await outboxOf((await leadByKey(submissionKey)).id);
        expect(copy).toMatchObject({ channel: "file", kind: "lead.new" });
        // As the worker writes it.
        const name = outboxFileName({ id: Number(copy.id), kind: "lead.new", createdAt: copy.created_at });
        fs.writeFileSync(path.join(dir, name), "x");
        return { token: tokenOf(saved.body.request_path), name };
      };
      const kept = await fileLead(withFiles, "files-kept");
      const erased = await fileLead(withFiles, "files-erased");
      expect((await callAsSite(withFiles, "lead/withdraw", { token: erased.token })).body).toEqual({ success: true, message: SAVED.withdrawn });
      expect(fs.readdirSync(dir)).toEqual([kept.name]);
      // A site without OUTBOX_DIR has no files to erase: the withdrawal goes through all the same.
      const elsewhere = await fileLead(withoutDir, "files-nodir");
      expect(await callAsSite(withoutDir, "lead/withdraw", { token: elsewhere.token })).toEqual({ status: 200, body: { success: true, message: SAVED.withdrawn } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
