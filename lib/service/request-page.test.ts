import { contract } from "../contract";
import { NOT_FOUND, RECIPIENTS, SAVED } from "../contract/messages";
import { announcePostgres, AUSTIN_LEAD, databaseKinds, requestsSuite, SERVED_ZIP, tokenOf } from "@/test-support";
import { maskEmail, maskPhone } from "./requests";
import { onOutboxSignal } from "./delivery/signal";

announcePostgres();

/** The owner's private request page: what it shows and what it offers. */
describe.each(databaseKinds)("the private request page on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key, leadByKey, confirmByMail } = suite;

  it("shows the request with the email and phone masked and each recipient's delivery state; a wrong token is a 404", async () => {
    const [one, two] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents;
    const submissionKey = key("view");
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: "jordan.view@example.org", submission_key: submissionKey, agent_ids: [one.agent_id, two.agent_id] });
    const lead = await leadByKey(submissionKey);
    const waiting = await call("lead/request", { token: tokenOf(saved.body.request_path) });
    expect(waiting.body.request).toMatchObject({ awaiting_confirmation: true, recipients: [{ delivery: "queued" }, { delivery: "queued" }] });
    await confirmByMail(lead.id);
    // One manager's copy went out by email; the other's is being retried.
    await suite.database.db.updateTable("outbox_messages").set({ status: "sent", sent_at: "2026-11-25T10:00:00.000Z" }).where("lead_id", "=", lead.id).where("agent_id", "=", one.agent_id).where("channel", "=", "email").execute();
    await suite.database.db.updateTable("outbox_messages").set({ attempts: 2 }).where("lead_id", "=", lead.id).where("agent_id", "=", two.agent_id).execute();

    const view = await call("lead/request", { token: tokenOf(saved.body.request_path) });
    expect(view.status).toBe(200);
    expect(contract["lead/request" as never]).toBeUndefined(); // internal: not reachable over HTTP
    expect(view.body.request).toMatchObject({
      reference: saved.body.reference,
      withdrawn_at: null,
      full_name: "Jordan Ellis",
      email_masked: "j•••@example.org",
      phone_masked: "•••-•••-0188",
      property_address: "415 W 6th St\nUnit 2",
      awaiting_match: false,
      awaiting_confirmation: false,
      matches: [],
      recipients: [
        { agent_id: one.agent_id, company_name: one.company_name, delivery: "sent", delivered_at: "2026-11-25T10:00:00.000Z", demo: 1 },
        { agent_id: two.agent_id, company_name: two.company_name, delivery: "retrying", delivered_at: null, demo: 1 },
      ],
    });
    expect(JSON.stringify(view.body)).not.toContain("jordan.view@example.org");
    expect(JSON.stringify(view.body)).not.toContain("5125550188");

    for (const token of ["AAAAAAAAAAAAAAAAAAAAAA", "x", tokenOf(saved.body.request_path).toUpperCase()]) {
      expect(await call("lead/request", { token })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.request } });
      expect(await call("lead/withdraw", { token })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.request } });
    }
  });

  it("shows each recipient's delivery from its copies (the earliest sent, retrying, failed, queued) and only the answers that say something", async () => {
    const [one, two, three] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
    // No email: nothing to confirm, the managers' copies are queued at once.
    const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
    const submissionKey = key("states");
    const saved = await call("lead/save", { ...guarantee, submission_key: submissionKey, agent_ids: [one.agent_id, two.agent_id, three.agent_id] });
    expect(saved.status).toBe(200);
    const lead = await leadByKey(submissionKey);
    const token = tokenOf(saved.body.request_path);
    const copy = (agentId: number, channel: "email" | "webhook") =>
      suite.database.db.updateTable("outbox_messages").where("lead_id", "=", lead.id).where("kind", "=", "lead.new").where("agent_id", "=", agentId).where("channel", "=", channel);
    const deliveries = async () => {
      const { recipients } = (await call("lead/request", { token })).body.request as { recipients: { agent_id: number; delivery: string; delivered_at: string | null }[] };
      return [one, two, three].map(({ agent_id }) => {
        const recipient = recipients.find((entry) => entry.agent_id === agent_id)!;
        return [recipient.delivery, recipient.delivered_at];
      });
    };
    // No email: nothing to confirm.
    expect((await call("lead/request", { token })).body).toMatchObject({ success: true, request: { awaiting_confirmation: false, awaiting_match: false } });
    // Pending and never tried: queued.
    expect(await deliveries()).toEqual([["queued", null], ["queued", null], ["queued", null]]);

    // Both of one's copies went out: the first of them dates the delivery, whichever channel it was.
    await copy(one.agent_id, "webhook").set({ status: "sent", sent_at: "2026-11-25T10:00:00.000Z" }).execute();
    await copy(one.agent_id, "email").set({ status: "sent", sent_at: "2026-11-25T10:05:00.000Z" }).execute();
    // Two's email is being sent again after a failure, its webhook gave up: still retrying.
    await copy(two.agent_id, "email").set({ status: "sending", attempts: 1 }).execute();
    await copy(two.agent_id, "webhook").set({ status: "failed", attempts: 5 }).execute();
    // Three's email gave up, its webhook was cancelled: failed.
    await copy(three.agent_id, "email").set({ status: "failed", attempts: 5 }).execute();
    await copy(three.agent_id, "webhook").set({ status: "cancelled" }).execute();
    expect(await deliveries()).toEqual([["sent", "2026-11-25T10:00:00.000Z"], ["retrying", null], ["failed", null]]);

    // The other way round: the email first.
    await copy(one.agent_id, "webhook").set({ sent_at: "2026-11-25T11:00:00.000Z" }).execute();
    // Sending for the first time is still queued.
    await copy(two.agent_id, "email").set({ status: "sending", attempts: 0 }).execute();
    await copy(two.agent_id, "webhook").set({ status: "cancelled", attempts: 0 }).execute();
    expect(await deliveries()).toEqual([["sent", "2026-11-25T10:05:00.000Z"], ["queued", null], ["failed", null]]);

    // One copy tried already, the other not yet: retrying. A copy marked sent without its time: sent, undated.
    await copy(two.agent_id, "email").set({ status: "pending", attempts: 0 }).execute();
    await copy(two.agent_id, "webhook").set({ status: "pending", attempts: 3 }).execute();
    await copy(one.agent_id, "email").set({ status: "pending", sent_at: null }).execute();
    await copy(one.agent_id, "webhook").set({ status: "sent", sent_at: null }).execute();
    expect(await deliveries()).toEqual([["sent", null], ["retrying", null], ["failed", null]]);

    // The answers stored as they came: only those with a question and a non-empty answer are shown.
    const stored = [
      { question: "How many units are in the building?", answer: "5-10 units" },
      { question: "Blank?", answer: "   " },
      { question: "Which services?", answer: ["Rent collection", "Repairs"] },
      { question: "None chosen?", answer: [] },
      { question: 7, answer: "a number for a question" },
      { question: "A number for an answer?", answer: 7 },
    ];
    const answersFor = async (exam: string) => {
      await suite.database.db.updateTable("leads").set({ exam }).where("id", "=", lead.id).execute();
      return (await call("lead/request", { token })).body.request.answers;
    };
    expect(await answersFor(JSON.stringify(stored))).toEqual([stored[0], stored[2]]);
    expect(await answersFor(JSON.stringify([null, stored[0]]))).toEqual([stored[0]]);
    expect(await answersFor(JSON.stringify({ question: "Not a list?", answer: "yes" }))).toEqual([]);
    expect(await answersFor("not JSON")).toEqual([]);
  });

  it("offers a lead nobody received the nearest managers by its ZIP's five digits; withdrawn, it offers none and can no longer be sent", async () => {
    const submissionKey = key("zip4");
    const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
    const saved = await call("lead/save", { ...guarantee, property_zip: `${SERVED_ZIP}-1234`, submission_key: submissionKey });
    expect(saved.status).toBe(200);
    const token = tokenOf(saved.body.request_path);
    const view = await call("lead/request", { token });
    expect(view.body.request).toMatchObject({
      property_zip: `${SERVED_ZIP}-1234`,
      awaiting_match: true,
      awaiting_confirmation: false,
      recipients: [],
      match_rule: RECIPIENTS.rule("Multi Family", SERVED_ZIP),
    });
    expect(view.body.request.matches).toHaveLength(RECIPIENTS.shown);

    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    try {
      expect((await call("lead/withdraw", { token })).body).toEqual({ success: true, message: SAVED.withdrawn });
    } finally {
      stopListening();
    }
    // Nobody to tell: nothing queued, the outbox is not woken.
    expect(signals).not.toHaveBeenCalled();
    expect((await call("lead/request", { token })).body.request).toMatchObject({ awaiting_match: false, awaiting_confirmation: false, matches: [], recipients: [] });
    const late = await call("lead/recipients", { token, agent_ids: [view.body.request.matches[0].agent_id] });
    expect(late).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.request } });
  });
});

describe("masking", () => {
  it("keeps the first character and the domain of an email, and the last four digits of a phone", () => {
    expect(maskEmail("jordan.ellis@example.org")).toBe("j•••@example.org");
    expect(maskEmail("")).toBe("");
    // The first character alone before the "@" is still shown; no character before it, or no "@", shows nothing.
    expect(maskEmail("j@example.org")).toBe("j•••@example.org");
    expect(maskEmail("@example.org")).toBe("•••");
    expect(maskEmail("jordan")).toBe("•••");
    // The last "@" starts the domain.
    expect(maskEmail("a@b@example.org")).toBe("a•••@example.org");
    expect(maskPhone("5125550188")).toBe("•••-•••-0188");
    // Every separator goes, wherever it is.
    expect(maskPhone("(512) 555-01-88")).toBe("•••-•••-0188");
    expect(maskPhone("")).toBe("");
    expect(maskPhone("none")).toBe("");
  });
});
