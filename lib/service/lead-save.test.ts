import { contract } from "../contract";
import { CONFIRM, CONFLICT, CONSENT_VERSION, RECIPIENTS, consentSentence } from "../contract/messages";
import { alaskanManager, announcePostgres, AUSTIN_LEAD, databaseKinds, requestsSuite, SERVED_ZIP, tokenOf, UNSERVED_ZIP } from "@/test-support";
import { distanceMiles, roundMiles } from "../contract/geo";

announcePostgres();

/** Matching managers to a ZIP, and saving a lead to the managers its owner chose. */
describe.each(databaseKinds)("a lead's recipients on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key, ownerEmail, outboxOf, leadByKey, confirmByMail } = suite;

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
      const offices = await suite.database.db
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
      const answer = await call("lead/save", { ...AUSTIN_LEAD, email_address: ownerEmail("chosen"), submission_key: submissionKey, agent_ids: chosen.map((agent) => agent.agent_id) });
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
      const rows = await suite.database.db.selectFrom("lead_recipients").selectAll().where("lead_id", "=", lead.id).orderBy("agent_id").execute();
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
      const tokens = await suite.database.db.selectFrom("lead_tokens").selectAll().where("lead_id", "=", lead.id).execute();
      expect(tokens).toHaveLength(2);
      expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens.map((row) => row.token_hash).join()).not.toContain(token);
    });

    it("a repeated submission key answers the same reference and recipients, and queues nothing twice", async () => {
      const chosen = (await matches(1)).slice(1, 3).map((agent) => agent.agent_id);
      const body = { ...AUSTIN_LEAD, email_address: ownerEmail("repeat"), property_category: 1, submission_key: key("repeat"), agent_ids: chosen };
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
      expect(await suite.database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).toHaveLength(2);
      // Every answer's link opens the same request.
      for (const answer of answers) {
        const view = await call("lead/request", { token: tokenOf(answer.body.request_path) });
        expect(view.body.request.reference).toBe(first.reference);
      }
    });

    it("a repeated submission key with another request is refused with 409, tells nothing of the first and changes nothing", async () => {
      const body = { ...AUSTIN_LEAD, submission_key: key("reused") };
      const first = await call("lead/save", body);
      expect(first.status).toBe(200);
      const lead = await leadByKey(body.submission_key);
      const tokensBefore = await suite.database.db.selectFrom("lead_tokens").select("token_hash").where("lead_id", "=", lead.id).execute();

      const other = await call("lead/save", { ...body, full_name: "Someone Else", email_address: "someone.else@example.org" });
      expect(other.status).toBe(409);
      expect(other.body).toEqual({ success: false, message: CONFLICT.submissionReused });
      expect(JSON.stringify(other.body)).not.toContain(first.body.reference);
      expect(await leadByKey(body.submission_key)).toEqual(lead);
      expect(await suite.database.db.selectFrom("lead_tokens").select("token_hash").where("lead_id", "=", lead.id).execute()).toEqual(tokensBefore);
      // The same request again is still answered as the first time.
      const again = await call("lead/save", body);
      expect(again.status).toBe(200);
      expect(again.body.reference).toBe(first.body.reference);
    });

    it("refuses a manager who does not serve the ZIP or the category, or does not exist, naming it, and stores nothing", async () => {
      const before = await suite.database.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const outOfTown = await alaskanManager(suite.database);
      const [good] = await matches();
      const cases: [unknown, string][] = [
        [[good.agent_id, outOfTown.id], RECIPIENTS.notServing(outOfTown.company_name, SERVED_ZIP, "Multi Family")],
        [[987654], RECIPIENTS.unknownManager(987654)],
        [[1, 2, 3, 4], RECIPIENTS.tooMany],
        [["7"], "A manager id must be a number."],
        ["7", "The chosen managers must be a list of manager ids."],
      ];
      for (const [agentIds, message] of cases) {
        const answer = await call("lead/save", { ...AUSTIN_LEAD, submission_key: key("refused"), agent_ids: agentIds });
        expect({ agentIds, status: answer.status, body: answer.body }).toEqual({ agentIds, status: 400, body: { success: false, message, field: "agent_ids" } });
      }
      // A manager serving Austin but not for Commercial properties.
      const commercial = new Set((await matches(8)).map((agent) => agent.agent_id));
      const allCategories = (await call("agents/near", { zip: SERVED_ZIP, cate_id: 0, per_page: 100 })).body.agents.data as { agent_id: number; company_name: string; category_ids: number[] }[];
      const notCommercial = allCategories.find((agent) => !agent.category_ids.includes(8) && !commercial.has(agent.agent_id))!;
      const wrongCategory = await call("lead/save", { ...AUSTIN_LEAD, property_category: 8, submission_key: key("category"), agent_ids: [notCommercial.agent_id] });
      expect(wrongCategory.body.message).toBe(RECIPIENTS.notServing(notCommercial.company_name, SERVED_ZIP, "Commercial"));
      const after = await suite.database.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("takes a lead no manager serves: nobody receives it, the owner is confirmed, and it waits for a match", async () => {
      const submissionKey = key("nomatch");
      const answer = await call("lead/save", { ...AUSTIN_LEAD, email_address: ownerEmail("nomatch"), property_zip: UNSERVED_ZIP, property_city: "Utqiagvik", submission_key: submissionKey, agent_ids: [] });
      expect(answer.body).toMatchObject({ success: true, message: CONFIRM.leadAwaiting(answer.body.reference, []), recipients: [] });
      const lead = await leadByKey(submissionKey);
      expect(lead.awaiting_match_since).toBe(lead.created_at);
      expect((await outboxOf(lead.id)).map((row) => row.kind)).toEqual(["lead.confirmation"]);
    });

    it("the quote-guarantee lead (mobile and named price, no email) goes to its chosen managers alone", async () => {
      const [chosen] = await matches(3);
      const { preferred_contact_method: _method, exam: _exam, full_name: _name, email_address: _email, ...rest } = AUSTIN_LEAD;
      const submissionKey = key("guarantee");
      const answer = await call("lead/save", { ...rest, property_category: 3, property_number: "5125550199", price: 135, submission_key: submissionKey, agent_ids: [chosen.agent_id] });
      expect(answer.body.recipients).toEqual([{ agent_id: chosen.agent_id, company_name: chosen.company_name, demo: 1 }]);
      const lead = await leadByKey(submissionKey);
      expect(lead).toMatchObject({ price: "135", email_address: "" });
      // No email: no confirmation. The managers by both channels.
      expect((await outboxOf(lead.id)).map((row) => `${row.kind}/${row.channel}`).sort()).toEqual(["lead.new/email", "lead.new/webhook"]);
      const consent = await suite.database.db.selectFrom("lead_recipients").select("consent_text").where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
      expect(consent.consent_text).toBe(consentSentence([{ company_name: chosen.company_name, demo: 1 }], { email: false, phone: true }));
      expect(consent.consent_text).toBe(`${chosen.company_name} is a sample listing, a company that does not exist, so nobody will contact you from it. Nobody else will receive your details, and we never sell them.`);
    });

    it("stores the consent the owner read: the contact method chosen, samples named as samples, with its version", async () => {
      const [real, sample] = await matches(2);
      // One company that exists (the seed's are all samples), for this test alone.
      await suite.database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", real.agent_id).execute();
      try {
        const submissionKey = key("consent-method");
        const answer = await call("lead/save", {
          ...AUSTIN_LEAD,
          preferred_contact_method: "Email",
          email_address: ownerEmail("consent-method"),
          submission_key: submissionKey,
          agent_ids: [real.agent_id, sample.agent_id],
        });
        expect(answer.status).toBe(200);
        const lead = await leadByKey(submissionKey);
        const rows = await suite.database.db.selectFrom("lead_recipients").select(["consent_text", "consent_version"]).where("lead_id", "=", lead.id).execute();
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.consent_version).toBe("2026-11-27");
          expect(row.consent_text).toBe(
            `Only ${real.company_name} will receive your request and contact details, and it may contact you by email; ${sample.company_name} is a sample listing, a company that does not exist, so nobody will contact you from it. Nobody else will receive your details, and we never sell them.`,
          );
        }
      } finally {
        await suite.database.db.updateTable("agents").set({ is_demo: 1 }).where("id", "=", real.agent_id).execute();
      }
    });
  });
});
