import { contract } from "../contract";
import { CONFIRM, CONFLICT, CONSENT_VERSION, NOT_FOUND, RECIPIENTS, SAVED, consentSentence } from "../contract/messages";
import type { Service } from ".";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, confirmAsOwner, createTestService } from "@/test-support";
import { FILES_ONLY, deliveryRouting } from "./delivery/routing";
import { outboxFileName } from "./delivery/channels";
import { maskEmail, maskPhone } from "./requests";
import { onOutboxSignal } from "./delivery/signal";
import { distanceMiles, roundMiles } from "../contract/geo";
import { mailboxKey } from "../contract/keys";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

announcePostgres();

/** A manager whose office is in Alaska: one who serves none of the lower 48's ZIP codes. */
function alaskanManager(database: TestDatabase) {
  return database.db
    .selectFrom("agents")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(["agents.id", "agents.company_name"])
    .where("states.abbreviation", "=", "AK")
    .executeTakeFirstOrThrow();
}

/** Austin, TX: every category has three or more managers in the seed. */
const SERVED_ZIP = "78701";
/** Barrow (Utqiaġvik), AK: a ZIP the site knows that no manager serves. */
const UNSERVED_ZIP = "99723";

const fullLead = {
  property_category: 2,
  property_address: "415 W 6th St\nUnit 2",
  property_city: "Austin",
  property_zip: SERVED_ZIP,
  property_price: "",
  full_name: "Jordan Ellis",
  email_address: "jordan.ellis@example.org",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "",
  exam: [{ question: "How many units are in the building?", answer: "5-10 units" }],
};

const tokenOf = (requestPath: string) => requestPath.split("/").pop()!;

describe.each(databaseKinds)("requests on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = (name: string, body: unknown) => callAsSite(service, name, body);
  let sequence = 0;
  const key = (label: string) => `${label}-${kind}-${++sequence}-abcdef`;

  const outboxOf = (leadId: number) =>
    database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();
  const leadByKey = (submissionKey: string) =>
    database.db.selectFrom("leads").selectAll().where("submission_key", "=", submissionKey).executeTakeFirstOrThrow();
  /** An address of its own per lead: an address gets one confirmation email a day. */
  const ownerEmail = (label: string) => `owner.${label}.${kind}.${++sequence}@example.org`;
  /** The owner opens the confirmation email's link and presses its button. */
  async function confirmByMail(leadId: number) {
    const mail = await database.db.selectFrom("outbox_messages").select("payload").where("lead_id", "=", leadId).where("kind", "=", "lead.confirmation").executeTakeFirstOrThrow();
    return confirmAsOwner(service, JSON.parse(mail.payload).confirm_token);
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Managers by webhook and email, people by email: every kind of row is written.
    service = createTestService(database, { savesPerMinute: 1000, delivery: deliveryRouting({ smtp: true, webhook: true }) });
  });
  afterAll(async () => database?.destroy());

  describe("agents/match", () => {
    it("answers the place and up to five managers serving the ZIP for the category, nearest first, with the rule", async () => {
      const answer = await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 });
      expect(answer.status).toBe(200);
      expect(contract["agents/match"].response.safeParse(answer.body).success).toBe(true);
      const { place, agents, total, rule } = answer.body;
      expect(place).toMatchObject({ zip: SERVED_ZIP, city: "Austin", state: "TX" });
      expect(agents).toHaveLength(RECIPIENTS.shown);
      expect(total).toBeGreaterThan(RECIPIENTS.shown);
      const distances = agents.map((agent: { distance_miles: number }) => agent.distance_miles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const agent of agents) {
        expect(agent.category_ids).toContain(2);
        expect(agent).not.toHaveProperty("email");
        expect(agent).not.toHaveProperty("phone");
      }
      expect(rule).toBe(RECIPIENTS.rule("Multi Family", SERVED_ZIP));
    });

    it("gives each manager its own office's distance from the ZIP's point, not the city's", async () => {
      const { place, agents } = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body;
      const offices = await database.db
        .selectFrom("agents")
        .select(["id", "office_lat", "office_lng"])
        .where("id", "in", agents.map((agent: { agent_id: number }) => agent.agent_id))
        .execute();
      const zipPoint = { lat: Number(place.lat), lng: Number(place.lng) };
      for (const agent of agents as { agent_id: number; distance_miles: number }[]) {
        const office = offices.find((row) => row.id === agent.agent_id)!;
        expect(agent.distance_miles).toBe(roundMiles(distanceMiles({ lat: Number(office.office_lat), lng: Number(office.office_lng) }, zipPoint)));
      }
    });

    it("answers nobody for a ZIP no manager serves or the site does not know", async () => {
      for (const zip of [UNSERVED_ZIP, "00001"]) {
        const answer = await call("agents/match", { property_zip: zip, property_category: 1 });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ agents: [], total: 0 });
      }
      expect((await call("agents/match", { property_zip: "7870", property_category: 1 })).body.message).toBe("Please enter a valid 5-digit ZIP code.");
      expect((await call("agents/match", { property_zip: SERVED_ZIP, property_category: 4 })).status).toBe(400);
    });
  });

  describe("lead/save with recipients", () => {
    async function matches(category = 2) {
      return (await call("agents/match", { property_zip: SERVED_ZIP, property_category: category })).body.agents as { agent_id: number; company_name: string }[];
    }

    it("stores the lead, one recipient row per manager with the consent and its time, and the messages, in one go", async () => {
      const chosen = (await matches()).slice(0, 3);
      const submissionKey = key("chosen");
      const answer = await call("lead/save", { ...fullLead, email_address: ownerEmail("chosen"), submission_key: submissionKey, agent_ids: chosen.map((agent) => agent.agent_id) });
      expect(answer.status).toBe(200);
      expect(contract["lead/save"].response.safeParse(answer.body).success).toBe(true);
      // Every seeded manager is a sample listing: the answer says so, for the pages after it.
      const recipients = chosen.map(({ agent_id, company_name }) => ({ agent_id, company_name, demo: 1 }));
      expect(answer.body).toEqual({
        success: true,
        message: CONFIRM.leadAwaiting(answer.body.reference, chosen.map((agent) => agent.company_name)),
        reference: expect.stringMatching(/^MG-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
        recipients,
        request_path: expect.stringMatching(/^\/requests\/[A-Za-z0-9_-]{22}$/),
        confirmation: "emailed",
      });

      const lead = await leadByKey(submissionKey);
      expect(lead).toMatchObject({ reference: answer.body.reference, withdrawn_at: null, awaiting_match_since: null });
      const rows = await database.db.selectFrom("lead_recipients").selectAll().where("lead_id", "=", lead.id).orderBy("agent_id").execute();
      const sentence = consentSentence(recipients, { email: true, phone: true, preferred: "Phone" });
      expect(rows).toEqual(
        [...recipients]
          .sort((a, b) => a.agent_id - b.agent_id)
          .map(({ demo: _demo, ...recipient }) => ({
            lead_id: lead.id,
            ...recipient,
            consent_version: CONSENT_VERSION,
            consent_text: sentence,
            consented_at: lead.created_at,
            // The owner's answer to each manager's proposal: none yet.
            decision: null,
            decided_at: null,
          })),
      );
      expect(sentence).toContain(chosen[0].company_name);
      // Sample listings only (the seed's): nobody is promised to call.
      expect(sentence).toContain("are sample listings, companies that do not exist, so nobody will contact you from them");
      expect(sentence).not.toContain("may contact you");

      // Nobody receives it before the owner confirms: the owner's confirmation email only.
      expect((await outboxOf(lead.id)).map((row) => `${row.kind}/${row.channel}/${row.agent_id ?? "-"}`)).toEqual(["lead.confirmation/email/-"]);
      expect((await confirmByMail(lead.id)).status).toBe(200);
      const outbox = await outboxOf(lead.id);
      // Then each manager by webhook and by email.
      expect(outbox.map((row) => `${row.kind}/${row.channel}/${row.agent_id ?? "-"}`).sort()).toEqual(
        [
          ...chosen.flatMap((agent) => [`lead.new/email/${agent.agent_id}`, `lead.new/webhook/${agent.agent_id}`]),
          "lead.confirmation/email/-",
        ].sort(),
      );
      for (const row of outbox) expect(row).toMatchObject({ status: "pending", attempts: 0 });
      expect(new Set(outbox.map((row) => row.idempotency_key)).size).toBe(outbox.length);
      // The confirmation carries the page's token and its own until it is sent; the database keeps only hashes.
      const confirmation = outbox.find((row) => row.kind === "lead.confirmation")!;
      const token = tokenOf(answer.body.request_path);
      expect(JSON.parse(confirmation.payload)).toEqual({ token, confirm_token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
      // The page's token, and the fresh one the confirmation answered with.
      const tokens = await database.db.selectFrom("lead_tokens").selectAll().where("lead_id", "=", lead.id).execute();
      expect(tokens).toHaveLength(2);
      expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens.map((row) => row.token_hash).join()).not.toContain(token);
    });

    it("a repeated submission key answers the same reference and recipients, and queues nothing twice", async () => {
      const chosen = (await matches(1)).slice(1, 3).map((agent) => agent.agent_id);
      const body = { ...fullLead, email_address: ownerEmail("repeat"), property_category: 1, submission_key: key("repeat"), agent_ids: chosen };
      const answers = await Promise.all([call("lead/save", body), call("lead/save", body), call("lead/save", body)]);
      for (const answer of answers) expect(answer.status).toBe(200);
      const [first, ...others] = answers.map((answer) => answer.body);
      for (const other of others) {
        expect(other.reference).toBe(first.reference);
        expect(other.recipients).toEqual(first.recipients);
      }
      const lead = await leadByKey(body.submission_key);
      expect(await outboxOf(lead.id)).toHaveLength(1);
      await confirmByMail(lead.id);
      expect(await outboxOf(lead.id)).toHaveLength(2 * 2 + 1);
      expect(await database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).toHaveLength(2);
      // Every answer's link opens the same request.
      for (const answer of answers) {
        const view = await call("lead/request", { token: tokenOf(answer.body.request_path) });
        expect(view.body.request.reference).toBe(first.reference);
      }
    });

    it("a repeated submission key with another request is refused with 409, tells nothing of the first and changes nothing", async () => {
      const body = { ...fullLead, submission_key: key("reused") };
      const first = await call("lead/save", body);
      expect(first.status).toBe(200);
      const lead = await leadByKey(body.submission_key);
      const tokensBefore = await database.db.selectFrom("lead_tokens").select("token_hash").where("lead_id", "=", lead.id).execute();

      const other = await call("lead/save", { ...body, full_name: "Someone Else", email_address: "someone.else@example.org" });
      expect(other.status).toBe(409);
      expect(other.body).toEqual({ success: false, message: CONFLICT.submissionReused });
      expect(JSON.stringify(other.body)).not.toContain(first.body.reference);
      expect(await leadByKey(body.submission_key)).toEqual(lead);
      expect(await database.db.selectFrom("lead_tokens").select("token_hash").where("lead_id", "=", lead.id).execute()).toEqual(tokensBefore);
      // The same request again is still answered as the first time.
      const again = await call("lead/save", body);
      expect(again.status).toBe(200);
      expect(again.body.reference).toBe(first.body.reference);
    });

    it("refuses a manager who does not serve the ZIP or the category, or does not exist, naming it, and stores nothing", async () => {
      const before = await database.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const outOfTown = await alaskanManager(database);
      const [good] = await matches();
      const cases: [unknown, string][] = [
        [[good.agent_id, outOfTown.id], RECIPIENTS.notServing(outOfTown.company_name, SERVED_ZIP, "Multi Family")],
        [[987654], RECIPIENTS.unknownManager(987654)],
        [[1, 2, 3, 4], RECIPIENTS.tooMany],
        [["7"], "A manager id must be a number."],
        ["7", "The chosen managers must be a list of manager ids."],
      ];
      for (const [agentIds, message] of cases) {
        const answer = await call("lead/save", { ...fullLead, submission_key: key("refused"), agent_ids: agentIds });
        expect({ agentIds, status: answer.status, body: answer.body }).toEqual({ agentIds, status: 400, body: { success: false, message, field: "agent_ids" } });
      }
      // A manager serving Austin but not for Commercial properties.
      const commercial = new Set((await matches(8)).map((agent) => agent.agent_id));
      const allCategories = (await call("agents/near", { zip: SERVED_ZIP, cate_id: 0, per_page: 100 })).body.agents.data as { agent_id: number; company_name: string; category_ids: number[] }[];
      const notCommercial = allCategories.find((agent) => !agent.category_ids.includes(8) && !commercial.has(agent.agent_id))!;
      const wrongCategory = await call("lead/save", { ...fullLead, property_category: 8, submission_key: key("category"), agent_ids: [notCommercial.agent_id] });
      expect(wrongCategory.body.message).toBe(RECIPIENTS.notServing(notCommercial.company_name, SERVED_ZIP, "Commercial"));
      const after = await database.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("takes a lead no manager serves: nobody receives it, the owner is confirmed, and it waits for a match", async () => {
      const submissionKey = key("nomatch");
      const answer = await call("lead/save", { ...fullLead, email_address: ownerEmail("nomatch"), property_zip: UNSERVED_ZIP, property_city: "Utqiagvik", submission_key: submissionKey, agent_ids: [] });
      expect(answer.body).toMatchObject({ success: true, message: CONFIRM.leadAwaiting(answer.body.reference, []), recipients: [] });
      const lead = await leadByKey(submissionKey);
      expect(lead.awaiting_match_since).toBe(lead.created_at);
      expect((await outboxOf(lead.id)).map((row) => row.kind)).toEqual(["lead.confirmation"]);
    });

    it("the quote-guarantee lead (mobile and named price, no email) goes to its chosen managers alone", async () => {
      const [chosen] = await matches(3);
      const { preferred_contact_method: _method, exam: _exam, full_name: _name, email_address: _email, ...rest } = fullLead;
      const submissionKey = key("guarantee");
      const answer = await call("lead/save", { ...rest, property_category: 3, property_number: "5125550199", price: 135, submission_key: submissionKey, agent_ids: [chosen.agent_id] });
      expect(answer.body.recipients).toEqual([{ agent_id: chosen.agent_id, company_name: chosen.company_name, demo: 1 }]);
      const lead = await leadByKey(submissionKey);
      expect(lead).toMatchObject({ price: "135", email_address: "" });
      // No email: no confirmation. The managers by both channels.
      expect((await outboxOf(lead.id)).map((row) => `${row.kind}/${row.channel}`).sort()).toEqual(["lead.new/email", "lead.new/webhook"]);
      const consent = await database.db.selectFrom("lead_recipients").select("consent_text").where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
      expect(consent.consent_text).toBe(consentSentence([{ company_name: chosen.company_name, demo: 1 }], { email: false, phone: true }));
      expect(consent.consent_text).toBe(`${chosen.company_name} is a sample listing, a company that does not exist, so nobody will contact you from it. Nobody else will receive your details, and we never sell them.`);
    });

    it("stores the consent the owner read: the contact method chosen, samples named as samples, with its version", async () => {
      const [real, sample] = await matches(2);
      // One company that exists (the seed's are all samples), for this test alone.
      await database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", real.agent_id).execute();
      try {
        const submissionKey = key("consent-method");
        const answer = await call("lead/save", {
          ...fullLead,
          preferred_contact_method: "Email",
          email_address: ownerEmail("consent-method"),
          submission_key: submissionKey,
          agent_ids: [real.agent_id, sample.agent_id],
        });
        expect(answer.status).toBe(200);
        const lead = await leadByKey(submissionKey);
        const rows = await database.db.selectFrom("lead_recipients").select(["consent_text", "consent_version"]).where("lead_id", "=", lead.id).execute();
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.consent_version).toBe("2026-11-27");
          expect(row.consent_text).toBe(
            `Only ${real.company_name} will receive your request and contact details, and it may contact you by email; ${sample.company_name} is a sample listing, a company that does not exist, so nobody will contact you from it. Nobody else will receive your details, and we never sell them.`,
          );
        }
      } finally {
        await database.db.updateTable("agents").set({ is_demo: 1 }).where("id", "=", real.agent_id).execute();
      }
    });
  });

  describe("the private request page", () => {
    it("shows the request with the email and phone masked and each recipient's delivery state; a wrong token is a 404", async () => {
      const [one, two] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents;
      const submissionKey = key("view");
      const saved = await call("lead/save", { ...fullLead, email_address: "jordan.view@example.org", submission_key: submissionKey, agent_ids: [one.agent_id, two.agent_id] });
      const lead = await leadByKey(submissionKey);
      const waiting = await call("lead/request", { token: tokenOf(saved.body.request_path) });
      expect(waiting.body.request).toMatchObject({ awaiting_confirmation: true, recipients: [{ delivery: "queued" }, { delivery: "queued" }] });
      await confirmByMail(lead.id);
      // One manager's copy went out by email; the other's is being retried.
      await database.db.updateTable("outbox_messages").set({ status: "sent", sent_at: "2026-11-25T10:00:00.000Z" }).where("lead_id", "=", lead.id).where("agent_id", "=", one.agent_id).where("channel", "=", "email").execute();
      await database.db.updateTable("outbox_messages").set({ attempts: 2 }).where("lead_id", "=", lead.id).where("agent_id", "=", two.agent_id).execute();

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
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
      const submissionKey = key("states");
      const saved = await call("lead/save", { ...guarantee, submission_key: submissionKey, agent_ids: [one.agent_id, two.agent_id, three.agent_id] });
      expect(saved.status).toBe(200);
      const lead = await leadByKey(submissionKey);
      const token = tokenOf(saved.body.request_path);
      const copy = (agentId: number, channel: "email" | "webhook") =>
        database.db.updateTable("outbox_messages").where("lead_id", "=", lead.id).where("kind", "=", "lead.new").where("agent_id", "=", agentId).where("channel", "=", channel);
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
        await database.db.updateTable("leads").set({ exam }).where("id", "=", lead.id).execute();
        return (await call("lead/request", { token })).body.request.answers;
      };
      expect(await answersFor(JSON.stringify(stored))).toEqual([stored[0], stored[2]]);
      expect(await answersFor(JSON.stringify([null, stored[0]]))).toEqual([stored[0]]);
      expect(await answersFor(JSON.stringify({ question: "Not a list?", answer: "yes" }))).toEqual([]);
      expect(await answersFor("not JSON")).toEqual([]);
    });

    it("offers a lead nobody received the nearest managers by its ZIP's five digits; withdrawn, it offers none and can no longer be sent", async () => {
      const submissionKey = key("zip4");
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
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

    it("lead/withdraw refuses a request its owner has not confirmed, whose page anyone who typed the address holds: it changes nothing and tells nobody", async () => {
      const chosen = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents.slice(0, 2);
      const submissionKey = key("unconfirmed-withdraw");
      const saved = await call("lead/save", { ...fullLead, email_address: ownerEmail("unconfirmed"), submission_key: submissionKey, agent_ids: chosen.map((agent: { agent_id: number }) => agent.agent_id) });
      const lead = await leadByKey(submissionKey);
      const before = await outboxOf(lead.id);
      expect(await call("lead/withdraw", { token: tokenOf(saved.body.request_path) })).toEqual({ status: 409, body: { success: false, message: CONFIRM.unconfirmedNotWithdrawn } });
      expect(await outboxOf(lead.id)).toEqual(before);
      expect(await leadByKey(submissionKey)).toMatchObject({ full_name: fullLead.full_name, withdrawn_at: null });
    });

    it("lead/withdraw erases the owner's details, keeps the counts, cancels what has not gone out, and tells once each manager it reached, only them", async () => {
      const chosen = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents.slice(0, 3);
      const submissionKey = key("withdraw");
      const saved = await call("lead/save", { ...fullLead, email_address: ownerEmail("withdraw"), submission_key: submissionKey, agent_ids: chosen.map((agent: { agent_id: number }) => agent.agent_id) });
      const lead = await leadByKey(submissionKey);
      await confirmByMail(lead.id);
      // The first manager's webhook copy went out before the owner withdrew.
      await database.db.updateTable("outbox_messages").set({ status: "sent", sent_at: lead.created_at }).where("lead_id", "=", lead.id).where("agent_id", "=", chosen[0].agent_id).where("channel", "=", "webhook").execute();

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
      expect(await database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).toHaveLength(3);
    });

    it("lead/withdraw erases the copies written to OUTBOX_DIR, the lead's alone, and needs no OUTBOX_DIR to withdraw", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-withdraw-"));
      try {
        const [manager] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
        const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
        // Messages to files (the default routing): a lead without an email has its manager's copy queued at once.
        const withFiles = createTestService(database, { delivery: FILES_ONLY, outboxDir: dir });
        const withoutDir = createTestService(database, { delivery: FILES_ONLY });
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

    it("lead/recipients lets the owner of a lead nobody received choose now, once", async () => {
      const submissionKey = key("later");
      const saved = await call("lead/save", { ...fullLead, email_address: ownerEmail("later"), submission_key: submissionKey });
      const token = tokenOf(saved.body.request_path);
      const view = await call("lead/request", { token });
      expect(view.body.request).toMatchObject({ awaiting_match: true, recipients: [] });
      expect(view.body.request.matches).toHaveLength(RECIPIENTS.shown);

      const [first] = view.body.request.matches;
      expect((await call("lead/recipients", { token, agent_ids: [] })).body.message).toBe(RECIPIENTS.chooseOne);
      const chosen = await call("lead/recipients", { token, agent_ids: [first.agent_id] });
      // The address is not confirmed yet: they receive it once it is.
      expect(chosen.body).toEqual({ success: true, message: CONFIRM.checkEmail([first.company_name]), recipients: [{ agent_id: first.agent_id, company_name: first.company_name, demo: 1 }] });
      // Choosing others afterwards is refused, naming the first choice; the same choice again (a retry) is answered as before.
      const other = await call("lead/recipients", { token, agent_ids: [view.body.request.matches[1].agent_id] });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe(CONFLICT.recipientsAlreadyChosen([first.company_name]));
      const again = await call("lead/recipients", { token, agent_ids: [first.agent_id] });
      expect(again.body).toEqual(chosen.body);

      const lead = await leadByKey(submissionKey);
      expect((await outboxOf(lead.id)).filter((row) => row.kind === "lead.new")).toHaveLength(0);
      await confirmByMail(lead.id);
      expect((await outboxOf(lead.id)).filter((row) => row.kind === "lead.new")).toHaveLength(2);
      const after = await call("lead/request", { token });
      expect(after.body.request).toMatchObject({ awaiting_match: false, matches: [] });
    });

    it("lead/recipients sends a lead without an email to the chosen managers at once; a retry in any order is answered the same, another set refused", async () => {
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
      const submissionKey = key("later-phone");
      const saved = await call("lead/save", { ...guarantee, submission_key: submissionKey });
      const token = tokenOf(saved.body.request_path);
      const matches = (await call("lead/request", { token })).body.request.matches as { agent_id: number; company_name: string }[];
      // The stored choice is listed by manager id: choose two in that order, so every answer lists them alike.
      const [first, second] = matches.slice(0, 2).sort((a, b) => a.agent_id - b.agent_id);
      const third = matches[2];
      const lead = await leadByKey(submissionKey);
      // As if it had waited for a manager to serve its ZIP (the unserved ZIPs have none to choose).
      await database.db.updateTable("leads").set({ awaiting_match_since: lead.created_at }).where("id", "=", lead.id).execute();

      // A manager who does not serve the lead's ZIP is refused by name, and nothing is stored.
      const outOfTown = await alaskanManager(database);
      const refused = await call("lead/recipients", { token, agent_ids: [outOfTown.id] });
      expect([refused.status, refused.body.message]).toEqual([400, RECIPIENTS.notServing(outOfTown.company_name, SERVED_ZIP, "Multi Family")]);
      expect(await outboxOf(lead.id)).toEqual([]);

      const signals = jest.fn();
      const stopListening = onOutboxSignal(signals);
      let chosen;
      try {
        chosen = await call("lead/recipients", { token, agent_ids: [first.agent_id, second.agent_id] });
      } finally {
        stopListening();
      }
      const recipients = [first, second].map(({ agent_id, company_name }) => ({ agent_id, company_name, demo: 1 }));
      expect(chosen.body).toEqual({ success: true, message: SAVED.recipientsChosen(2), recipients });
      expect(signals).toHaveBeenCalledTimes(1);
      expect((await outboxOf(lead.id)).map((row) => `${row.kind}/${row.channel}/${row.agent_id}`).sort()).toEqual(
        [first, second].flatMap(({ agent_id }) => [`lead.new/email/${agent_id}`, `lead.new/webhook/${agent_id}`]).sort(),
      );
      expect((await leadByKey(submissionKey)).awaiting_match_since).toBeNull();

      const retry = await call("lead/recipients", { token, agent_ids: [second.agent_id, first.agent_id] });
      expect(retry.body).toEqual({ success: true, message: SAVED.recipientsChosen(2), recipients });
      for (const other of [[first.agent_id], [first.agent_id, third.agent_id], [first.agent_id, second.agent_id, third.agent_id]]) {
        const refused = await call("lead/recipients", { token, agent_ids: other });
        expect({ other, status: refused.status, message: refused.body.message }).toEqual({ other, status: 409, message: CONFLICT.recipientsAlreadyChosen([first.company_name, second.company_name]) });
      }
      expect(await outboxOf(lead.id)).toHaveLength(4);
    });
  });

  describe("a browser's calls", () => {
    it("are counted per client address, and each manager a choice reaches per minute, as the door limits them", async () => {
      // One save a minute per address: a manager may then be reached three times a minute.
      const limited = createTestService(database, { savesPerMinute: 1, delivery: deliveryRouting({ smtp: true, webhook: true }) });
      const browser = async (name: string, body: unknown, address: string) => {
        const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
        return (await limited.handle({ call: name, body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } })).status;
      };
      const network = `203.0.113.${kind === "sqlite" ? 1 : 2}`;
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
      const waitingLead = async () => tokenOf((await call("lead/save", { ...guarantee, submission_key: key("limited") })).body.request_path);
      const [manager] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];

      // The same choice again from the same address: a retry the limit refuses.
      const chosen = await waitingLead();
      expect(await browser("lead/recipients", { token: chosen, agent_ids: [manager.agent_id] }, `${network}0`)).toBe(200);
      expect(await browser("lead/recipients", { token: chosen, agent_ids: [manager.agent_id] }, `${network}0`)).toBe(429);
      // Phone-only leads, unverified: never refused for the manager's sake. It receives one a day
      // (1× the limit); the others are held unsent, and their pages say so.
      const later: string[] = [];
      for (const address of [`${network}1`, `${network}2`, `${network}3`]) {
        later.push(await waitingLead());
        expect(await browser("lead/recipients", { token: later.at(-1), agent_ids: [manager.agent_id] }, address)).toBe(200);
      }
      for (const token of later) expect((await call("lead/request", { token })).body.request.recipients[0].delivery).toBe("held");

      // Withdrawing twice, and a newsletter link opened twice, from one address.
      const withdrawn = await waitingLead();
      expect(await browser("lead/withdraw", { token: withdrawn }, `${network}4`)).toBe(200);
      expect(await browser("lead/withdraw", { token: withdrawn }, `${network}4`)).toBe(429);
      const reader = `limited.reader.${kind}@example.org`;
      await call("newsletter/save", { email_address: reader });
      const subscription = await database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", reader).executeTakeFirstOrThrow();
      const link = await database.db.selectFrom("outbox_messages").select("payload").where("subscription_id", "=", subscription.id).executeTakeFirstOrThrow();
      const { token: readerToken } = JSON.parse(link.payload);
      expect(await browser("newsletter/confirm", { token: readerToken }, `${network}5`)).toBe(200);
      expect(await browser("newsletter/confirm", { token: readerToken }, `${network}5`)).toBe(429);

      // Messages to a manager (a real one: a sample listing's stay with the site) never count toward
      // its cap: it receives three a day (3× the limit), and the fourth stays on the site, saying so.
      const [, real] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
      await database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", real.agent_id).execute();
      try {
        const message = (index: number) => ({ name: "Sam Lee", email: `sam.${index}.${kind}@example.org`, message: "Do you cover Round Rock?", agent_id: real.agent_id });
        const answers = [];
        for (const index of [6, 7, 8, 9]) {
          const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
          answers.push(await limited.handle({ call: "contact/save", body: JSON.stringify(message(index)), caller: { kind: "http", method: "POST", headers, address: `${network}${index}` } }));
        }
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        const company = (await call("agent/get", { agent_id: real.agent_id })).body.agent_data.company_name;
        expect(answers.map((answer) => (answer.body as { message: string }).message)).toEqual([...Array(3).fill(SAVED.contactForAgent(company)), SAVED.contactKeptForAgent(company)]);
      } finally {
        await database.db.updateTable("agents").set({ is_demo: 1 }).where("id", "=", real.agent_id).execute();
      }
    });
  });

  describe("a browser's later choices", () => {
    it("count each manager a choice reaches on its own cap: four leads to four managers all go through", async () => {
      // One save a minute per address: each manager may be reached three times a minute.
      const limited = createTestService(database, { savesPerMinute: 1, delivery: deliveryRouting({ smtp: true, webhook: true }) });
      const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
      // Managers no other test of this file reaches from a browser (the nearest two are), so each cap starts at nought.
      const reached = ((await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[]).slice(0, 2).map((agent) => agent.agent_id);
      const serving = (await call("agents/near", { zip: SERVED_ZIP, cate_id: 0, per_page: 100 })).body.agents.data as { agent_id: number; category_ids: number[] }[];
      const managers = serving.filter((agent) => agent.category_ids.includes(2) && !reached.includes(agent.agent_id)).slice(0, 4);
      expect(managers).toHaveLength(4);
      const statuses = [];
      for (const [index, manager] of managers.entries()) {
        const token = tokenOf((await call("lead/save", { ...guarantee, submission_key: key("per-manager") })).body.request_path);
        const answer = await limited.handle({
          call: "lead/recipients",
          body: JSON.stringify({ token, agent_ids: [manager.agent_id] }),
          caller: { kind: "http", method: "POST", headers, address: `198.51.100.${kind === "sqlite" ? 10 : 20}${index}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200]);
    });
  });

  describe("lead/recipients under concurrency", () => {
    it("30 concurrent choices for one lead: one choice is stored (at most 3 managers), the rest answered 200 (the same choice) or 409, never 500", async () => {
      const submissionKey = key("race");
      const saved = await call("lead/save", { ...fullLead, submission_key: submissionKey });
      const token = tokenOf(saved.body.request_path);
      const ids = (await call("lead/request", { token })).body.request.matches.map((match: { agent_id: number }) => match.agent_id);
      // Every call chooses a different set of one to three of the five matches.
      const choices = Array.from({ length: 30 }, (_, index) => [ids[index % 5], ids[(index + 1) % 5], ids[(index + 2) % 5]].slice(0, 1 + (index % 3)));
      const answers = await Promise.all(choices.map((agent_ids) => call("lead/recipients", { token, agent_ids })));
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);

      const lead = await leadByKey(submissionKey);
      const stored = (await database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).map((row) => row.agent_id);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.length).toBeLessThanOrEqual(RECIPIENTS.max);
      // The stored set is exactly one of the choices, and every 200 names that set.
      expect(choices.some((choice) => choice.length === stored.length && choice.every((id) => stored.includes(id)))).toBe(true);
      for (const answer of answers.filter((answer) => answer.status === 200)) {
        expect(answer.body.recipients.map((recipient: { agent_id: number }) => recipient.agent_id).sort()).toEqual([...stored].sort());
      }
      for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body.message).toMatch(/already been sent/);
    });
  });

  describe("contact messages and the newsletter", () => {
    it("contact/save queues a message for the manager it is addressed to, and none for the site's own inbox or a sample listing", async () => {
      const [sample, agent] = await database.db.selectFrom("agents").select(["id", "company_name"]).orderBy("id").limit(2).execute();
      const signals = jest.fn();
      const stopListening = onOutboxSignal(signals);
      // A sample listing is a fictional company: the message stays with the site's team, and says so.
      const toSample = await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Hello", agent_id: sample.id });
      expect(toSample.body.message).toBe(SAVED.contactForSampleAgent(sample.company_name));
      const sampleMessage = await database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", sample.id).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(await database.db.selectFrom("outbox_messages").select("id").where("contact_id", "=", sampleMessage.id).execute()).toEqual([]);

      // A real manager (the seed's are all samples): its message goes out through the outbox.
      await database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", agent.id).execute();
      const toManager = await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Do you cover Round Rock?", agent_id: agent.id });
      expect(toManager).toEqual({ status: 200, body: { success: true, message: SAVED.contactForAgent(agent.company_name) } });
      expect(signals).toHaveBeenCalledTimes(1);
      const stored = await database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", agent.id).orderBy("id", "desc").executeTakeFirstOrThrow();
      const rows = await database.db.selectFrom("outbox_messages").selectAll().where("contact_id", "=", stored.id).execute();
      expect(rows.map((row) => `${row.kind}/${row.channel}/${row.agent_id}`).sort()).toEqual([`contact.message/email/${agent.id}`, `contact.message/webhook/${agent.id}`]);

      await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "A question for you", agent_id: 0 });
      const siteMessage = await database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", 0).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(await database.db.selectFrom("outbox_messages").select("id").where("contact_id", "=", siteMessage.id).execute()).toEqual([]);

      // Beside a real listing a sample is listed nowhere: a message to it is refused, and nothing stored.
      expect(await call("contact/save", { name: "Sam Lee", email: "sam@example.org", message: "Hello again", agent_id: sample.id })).toEqual({
        status: 404,
        body: { success: false, message: NOT_FOUND.manager },
      });
      expect(await database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", sample.id).execute()).toHaveLength(1);
      // Nothing queued for the site's inbox or the sample listing: the outbox is not woken for them.
      stopListening();
      expect(signals).toHaveBeenCalledTimes(1);

      // A manager that does not exist: a 404, and nothing stored.
      const nobody = { name: "Sam Lee", email: "sam@example.org", message: "Anyone there?", agent_id: 987654 };
      expect(await call("contact/save", nobody)).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.manager } });
      expect(await database.db.selectFrom("contact_messages").select("id").where("agent_id", "=", nobody.agent_id).execute()).toEqual([]);
    });

    it("contact/save and newsletter/save answer a filled honeypot as usual and store nothing", async () => {
      const website = "http://spam.example";
      const bot = await call("contact/save", { name: "Bot", email: `bot.${kind}@spam.example`, message: "Buy now", agent_id: 987654, website });
      expect(bot).toEqual({ status: 200, body: { success: true, message: SAVED.contact } });
      expect(await database.db.selectFrom("contact_messages").select("id").where("email", "=", `bot.${kind}@spam.example`).execute()).toEqual([]);
      const botReader = await call("newsletter/save", { email_address: `bot.reader.${kind}@spam.example`, website });
      expect(botReader).toEqual({ status: 200, body: { success: true, message: SAVED.subscribed } });
      expect(await database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", `bot.reader.${kind}@spam.example`).execute()).toEqual([]);
    });

    it("newsletter/save sends a confirmation link; the subscription counts once confirmed through it", async () => {
      const email = `reader.${kind}@example.org`;
      const signals = jest.fn();
      const stopListening = onOutboxSignal(signals);
      expect((await call("newsletter/save", { email_address: email })).body.message).toBe(SAVED.subscribed);
      expect(signals).toHaveBeenCalledTimes(1);
      expect((await call("newsletter/save", { email_address: email.toUpperCase() })).body.message).toBe(SAVED.subscribed);
      // No second link: nothing to wake the outbox for.
      stopListening();
      expect(signals).toHaveBeenCalledTimes(1);
      const subscription = await database.db.selectFrom("newsletter_subscriptions").selectAll().where("email_lower", "=", email).executeTakeFirstOrThrow();
      expect(subscription.confirmed_at).toBeNull();
      const links = await database.db.selectFrom("outbox_messages").selectAll().where("subscription_id", "=", subscription.id).execute();
      // A second sign-up within ten minutes sends no second link.
      expect(links.map((row) => `${row.kind}/${row.channel}`)).toEqual(["newsletter.confirmation/email"]);
      const { token } = JSON.parse(links[0].payload);

      expect(await call("newsletter/confirm", { token: "AAAAAAAAAAAAAAAAAAAAAA" })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.newsletterLink } });
      expect((await call("newsletter/confirm", { token })).body).toEqual({ success: true, message: SAVED.subscriptionConfirmed });
      expect((await call("newsletter/confirm", { token })).body).toEqual({ success: true, message: SAVED.alreadySubscribed });
      const confirmed = await database.db.selectFrom("newsletter_subscriptions").select("confirmed_at").where("id", "=", subscription.id).executeTakeFirstOrThrow();
      expect(confirmed.confirmed_at).not.toBeNull();
      expect((await call("newsletter/save", { email_address: email })).body.message).toBe(SAVED.subscribed);
    });

    it("newsletter/save answers a new, a waiting and a confirmed address the same, and mails a confirmed one nothing (row L9)", async () => {
      const linksTo = async (address: string) => {
        const subscription = await database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", address).executeTakeFirstOrThrow();
        return database.db.selectFrom("outbox_messages").select("id").where("subscription_id", "=", subscription.id).execute();
      };
      const fresh = await call("newsletter/save", { email_address: `new.${kind}@example.org` });
      const waiting = `waiting.${kind}@example.org`;
      await call("newsletter/save", { email_address: waiting });
      const again = await call("newsletter/save", { email_address: waiting });
      const confirmed = `confirmed.${kind}@example.org`;
      await call("newsletter/save", { email_address: confirmed });
      const [link] = await linksTo(confirmed);
      const { payload } = await database.db.selectFrom("outbox_messages").select("payload").where("id", "=", link.id).executeTakeFirstOrThrow();
      expect((await call("newsletter/confirm", { token: JSON.parse(payload).token })).status).toBe(200);
      const known = await call("newsletter/save", { email_address: confirmed.toUpperCase() });

      expect(again).toEqual(fresh);
      expect(known).toEqual(fresh);
      expect(fresh).toEqual({ status: 200, body: { success: true, message: SAVED.subscribed } });
      expect(await linksTo(confirmed)).toHaveLength(1); // the first link only: nothing new for a confirmed address
      // Not only because of the weekly cap: a week on, a confirmed address is still mailed nothing.
      const weekly = await database.db.updateTable("rate_limiter").set({ expire: Date.now() - 1_000 }).where("key", "=", `mail-newsletter|${mailboxKey(confirmed)}`).executeTakeFirst();
      expect(Number(weekly.numUpdatedRows)).toBe(1);
      expect(await call("newsletter/save", { email_address: confirmed })).toEqual(fresh);
      expect(await linksTo(confirmed)).toHaveLength(1);
    });
  });

  describe("health", () => {
    it("reports the database, the outbox backlog and the age of its oldest message, and Redis when configured", async () => {
      // A lead without an email goes out at once: two copies waiting. One was queued an hour ago, the other failed for good.
      const [manager] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = fullLead;
      const submissionKey = key("health");
      expect((await call("lead/save", { ...guarantee, submission_key: submissionKey, agent_ids: [manager.agent_id] })).status).toBe(200);
      const [waiting, given] = await outboxOf((await leadByKey(submissionKey)).id);
      await database.db.updateTable("outbox_messages").set({ created_at: new Date(Date.now() - 3_600_000).toISOString() }).where("id", "=", waiting.id).execute();
      await database.db.updateTable("outbox_messages").set({ status: "failed" }).where("id", "=", given.id).execute();
      const failed = await database.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "failed").executeTakeFirstOrThrow();
      const health = await call("health/check", {});
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ success: true, status: "ok", database: { ok: true, dialect: kind }, redis: null });
      expect(health.body.outbox.backlog).toBeGreaterThan(0);
      // Whole seconds, from the hour (and the seconds this test has taken since).
      expect(Number.isInteger(health.body.outbox.oldest_pending_seconds)).toBe(true);
      expect(health.body.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(3600);
      expect(health.body.outbox.oldest_pending_seconds).toBeLessThan(3600 + 60);
      expect(health.body.outbox.failed).toBe(Number(failed.n));

      // A database that cannot be read: failing, without an outbox.
      const unreadable = createTestService({ db: database.db.withSchema("no_such_schema"), dialect: database.dialect });
      expect((await callAsSite(unreadable, "health/check", {})).body).toMatchObject({ status: "failing", database: { ok: false, dialect: kind }, outbox: null });

      const withRedis = createTestService(database, { pingRedis: async () => {} });
      expect((await callAsSite(withRedis, "health/check", {})).body).toMatchObject({ status: "ok", redis: { ok: true } });
      const redisDown = createTestService(database, {
        pingRedis: async () => {
          throw new Error("ECONNREFUSED");
        },
      });
      expect((await callAsSite(redisDown, "health/check", {})).body).toMatchObject({ status: "failing", redis: { ok: false }, database: { ok: true } });
    });
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
