import { CONFIRM, CONFLICT, RECIPIENTS, SAVED } from "../contract/messages";
import type { Service } from ".";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase } from "@/test-support";
import { onOutboxSignal } from "./delivery/signal";

announcePostgres();

/** Austin, TX: every category has three or more managers in the seed. */
const SERVED_ZIP = "78701";
/** Barrow (Utqiaġvik), AK: a ZIP the site knows that no manager serves. */
const UNSERVED_ZIP = "99723";

const lead = {
  property_category: 2,
  property_address: "700 Lavaca St",
  property_city: "Austin",
  property_zip: SERVED_ZIP,
  property_price: "",
  full_name: "Casey Moore",
  email_address: "casey.moore@example.org",
  property_number: "5125550166",
  preferred_contact_method: "Phone",
  price: "",
  exam: [],
};
/** The quote-guarantee lead: a phone number, no email, no contact method; it goes at once. */
const { email_address: _email, preferred_contact_method: _method, ...phoneOnly } = lead;

/** The lead's save (leads.ts) through the service: what it answers, stores and queues. */
describe.each(databaseKinds)("a lead's save on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = (name: string, body: unknown) => callAsSite(service, name, body);
  let sequence = 0;
  const key = (label: string) => `${label}-${kind}-${++sequence}-leads`;
  const ownerEmail = (label: string) => `owner.${label}.${kind}.${++sequence}@example.org`;
  const leadByKey = (submissionKey: string) => database.db.selectFrom("leads").selectAll().where("submission_key", "=", submissionKey).executeTakeFirstOrThrow();
  const outboxOf = (leadId: number) => database.db.selectFrom("outbox_messages").select(["kind", "agent_id"]).where("lead_id", "=", leadId).execute();
  let managers: { agent_id: number; company_name: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: 1000 });
    const { agents } = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body;
    managers = agents.map(({ agent_id, company_name }: { agent_id: number; company_name: string }) => ({ agent_id, company_name }));
  });
  afterAll(async () => database?.destroy());

  it("agents/match answers success with the managers of a known ZIP, and success with nobody for one the site does not know", async () => {
    expect((await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body).toMatchObject({ success: true, place: { zip: SERVED_ZIP }, total: expect.any(Number) });
    expect(await call("agents/match", { property_zip: "00001", property_category: 2 })).toEqual({
      status: 200,
      body: { success: true, place: null, agents: [], total: 0, rule: RECIPIENTS.rule("Multi Family", "00001") },
    });
  });

  it("checks the chosen managers against a ZIP+4's five digits, and refuses one that is not served or does not exist by name, on agent_ids", async () => {
    const submissionKey = key("zip4");
    const saved = await call("lead/save", { ...lead, email_address: ownerEmail("zip4"), property_zip: `${SERVED_ZIP}-1234`, submission_key: submissionKey, agent_ids: [managers[0].agent_id] });
    expect(saved.status).toBe(200);
    expect(saved.body.recipients).toEqual([{ ...managers[0], demo: 1 }]);
    // Sent to a manager: it waits for nobody to serve it.
    expect((await leadByKey(submissionKey)).awaiting_match_since).toBeNull();

    const alaskan = await database.db
      .selectFrom("agents")
      .innerJoin("states", "states.id", "agents.state_id")
      .select(["agents.id", "agents.company_name"])
      .where("states.abbreviation", "=", "AK")
      .executeTakeFirstOrThrow();
    const refused = await call("lead/save", { ...lead, property_zip: `${SERVED_ZIP}-1234`, submission_key: key("zip4-refused"), agent_ids: [managers[0].agent_id, alaskan.id] });
    expect(refused).toEqual({ status: 400, body: { success: false, message: RECIPIENTS.notServing(alaskan.company_name, SERVED_ZIP, "Multi Family"), field: "agent_ids" } });
    const unknown = await call("lead/save", { ...lead, submission_key: key("unknown"), agent_ids: [987654] });
    expect(unknown).toEqual({ status: 400, body: { success: false, message: RECIPIENTS.unknownManager(987654), field: "agent_ids" } });
  });

  it("a lead sent to nobody waits for a match only where nobody serves its ZIP's five digits", async () => {
    const served = key("served-nobody");
    expect((await call("lead/save", { ...lead, email_address: ownerEmail("served"), property_zip: `${SERVED_ZIP}-1234`, submission_key: served })).status).toBe(200);
    expect((await leadByKey(served)).awaiting_match_since).toBeNull();
    const unserved = key("unserved");
    expect((await call("lead/save", { ...lead, email_address: ownerEmail("unserved"), property_zip: UNSERVED_ZIP, property_city: "Utqiagvik", submission_key: unserved })).status).toBe(200);
    const waiting = await leadByKey(unserved);
    expect(waiting.awaiting_match_since).toBe(waiting.created_at);
  });

  it("answers what became of the lead: awaiting the owner's email naming its managers, sent at once without an email, or kept for nobody", async () => {
    const chosen = managers.slice(0, 2);
    const emailed = await call("lead/save", { ...lead, email_address: ownerEmail("emailed"), submission_key: key("emailed"), agent_ids: chosen.map((agent) => agent.agent_id) });
    expect(emailed.body).toMatchObject({ message: CONFIRM.leadAwaiting(emailed.body.reference, chosen.map((agent) => agent.company_name)), confirmation: "emailed" });
    const sent = await call("lead/save", { ...phoneOnly, submission_key: key("sent"), agent_ids: [chosen[0].agent_id] });
    expect(sent.body).toMatchObject({ message: SAVED.leadSent(sent.body.reference, 1), confirmation: "none" });
    const kept = await call("lead/save", { ...phoneOnly, submission_key: key("kept") });
    expect(kept.body).toMatchObject({ message: SAVED.leadKept(kept.body.reference), confirmation: "none", recipients: [] });
  });

  it("answers a repeated request with its first lead, its managers and the same state, wakes the outbox for the first alone, and refuses the key for another request", async () => {
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    try {
      const body = { ...phoneOnly, submission_key: key("retry"), agent_ids: [managers[1].agent_id] };
      const first = await call("lead/save", body);
      expect(signals).toHaveBeenCalledTimes(1);
      const again = await call("lead/save", body);
      const { request_path: _path, ...firstAnswer } = first.body;
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...firstAnswer, request_path: expect.stringMatching(/^\/requests\//) });
      expect(firstAnswer).toMatchObject({ confirmation: "none", recipients: [{ ...managers[1], demo: 1 }] });
      // Nothing queued twice, nothing to wake the outbox for.
      expect(signals).toHaveBeenCalledTimes(1);
      expect(await outboxOf((await leadByKey(body.submission_key)).id)).toHaveLength(1);

      const emailBody = { ...lead, email_address: ownerEmail("retry-email"), submission_key: key("retry-email") };
      await call("lead/save", emailBody);
      expect((await call("lead/save", emailBody)).body).toMatchObject({ confirmation: "emailed", recipients: [] });

      const reused = await call("lead/save", { ...body, full_name: "Someone Else" });
      expect(reused).toEqual({ status: 409, body: { success: false, message: CONFLICT.submissionReused } });
    } finally {
      stopListening();
    }
  });

  it("answers a filled honeypot like a lead kept for nobody, emailed or not, and stores nothing", async () => {
    const website = "http://spam.example";
    const withEmail = await call("lead/save", { ...lead, website, submission_key: key("bot"), agent_ids: [managers[0].agent_id] });
    expect(withEmail.body).toEqual({
      success: true,
      message: CONFIRM.leadAwaiting(withEmail.body.reference, []),
      reference: expect.stringMatching(/^MG-/),
      recipients: [],
      request_path: expect.stringMatching(/^\/requests\//),
      confirmation: "emailed",
    });
    const phone = await call("lead/save", { ...phoneOnly, website, submission_key: key("bot-phone") });
    expect(phone.body).toMatchObject({ message: SAVED.leadKept(phone.body.reference), recipients: [], confirmation: "none" });
    expect(await database.db.selectFrom("leads").select("id").where("submission_key", "like", "bot-%").execute()).toEqual([]);
  });

  it("stores the contact method the owner chose (email, though a phone number was given) in the consent to a real company", async () => {
    const [real] = managers;
    await database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", real.agent_id).execute();
    try {
      const submissionKey = key("by-email");
      expect((await call("lead/save", { ...lead, email_address: ownerEmail("by-email"), preferred_contact_method: "Email", submission_key: submissionKey, agent_ids: [real.agent_id] })).status).toBe(200);
      const row = await database.db.selectFrom("lead_recipients").select("consent_text").where("lead_id", "=", (await leadByKey(submissionKey)).id).executeTakeFirstOrThrow();
      expect(row.consent_text).toContain(`Only ${real.company_name} will receive your request and contact details, and it may contact you by email;`);
    } finally {
      await database.db.updateTable("agents").set({ is_demo: 1 }).where("id", "=", real.agent_id).execute();
    }
  });

  it("keeps the city a browser's lead was saved from, as the trusted proxy reported it, and no network; nothing for the site's own", async () => {
    const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    const address = `192.0.2.${kind === "sqlite" ? 31 : 32}`;
    const fromBrowser = key("browser");
    const answer = await service.handle({
      call: "lead/save",
      body: JSON.stringify({ ...lead, email_address: ownerEmail("browser"), submission_key: fromBrowser }),
      caller: { kind: "http", method: "POST", headers, address, place: "Austin, TX, US" },
    });
    expect(answer.status).toBe(200);
    const fromSite = key("site");
    expect((await call("lead/save", { ...lead, email_address: ownerEmail("site"), submission_key: fromSite })).status).toBe(200);
    const rowOf = async (submissionKey: string) =>
      database.db.selectFrom("lead_confirmations").select(["client_key", "saved_from"]).where("lead_id", "=", (await leadByKey(submissionKey)).id).executeTakeFirstOrThrow();
    expect(await rowOf(fromBrowser)).toEqual({ client_key: "", saved_from: "Austin, TX, US" });
    expect(await rowOf(fromSite)).toEqual({ client_key: "", saved_from: "" });
  });
});
