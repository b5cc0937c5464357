import { SAVED } from "../contract/messages";
import { announcePostgres, AUSTIN_LEAD, createTestService, databaseKinds, requestsSuite, SERVED_ZIP, tokenOf } from "@/test-support";
import { deliveryRouting } from "./delivery/routing";

announcePostgres();

/** What the door's limits count for a browser's calls: client addresses, and each manager a choice reaches. */
describe.each(databaseKinds)("a browser's calls on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key } = suite;

  describe("a browser's calls", () => {
    it("are counted per client address, and each manager a choice reaches per minute, as the door limits them", async () => {
      // One save a minute per address: a manager may then be reached three times a minute.
      const limited = createTestService(suite.database, { savesPerMinute: 1, delivery: deliveryRouting({ smtp: true, webhook: true }) });
      const browser = async (name: string, body: unknown, address: string) => {
        const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
        return (await limited.handle({ call: name, body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } })).status;
      };
      const network = `203.0.113.${kind === "sqlite" ? 1 : 2}`;
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
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
      const subscription = await suite.database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "=", reader).executeTakeFirstOrThrow();
      const link = await suite.database.db.selectFrom("outbox_messages").select("payload").where("subscription_id", "=", subscription.id).executeTakeFirstOrThrow();
      const { token: readerToken } = JSON.parse(link.payload);
      expect(await browser("newsletter/confirm", { token: readerToken }, `${network}5`)).toBe(200);
      expect(await browser("newsletter/confirm", { token: readerToken }, `${network}5`)).toBe(429);

      // Messages to a manager (a real one: a sample listing's stay with the site) never count toward
      // its cap: it receives three a day (3× the limit), and the fourth stays on the site, saying so.
      const [, real] = (await call("agents/match", { property_zip: SERVED_ZIP, property_category: 2 })).body.agents as { agent_id: number }[];
      await suite.database.db.updateTable("agents").set({ is_demo: 0 }).where("id", "=", real.agent_id).execute();
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
        await suite.database.db.updateTable("agents").set({ is_demo: 1 }).where("id", "=", real.agent_id).execute();
      }
    });
  });

  describe("a browser's later choices", () => {
    it("count each manager a choice reaches on its own cap: four leads to four managers all go through", async () => {
      // One save a minute per address: each manager may be reached three times a minute.
      const limited = createTestService(suite.database, { savesPerMinute: 1, delivery: deliveryRouting({ smtp: true, webhook: true }) });
      const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
      const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
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
});
