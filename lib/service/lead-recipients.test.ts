import { CONFIRM, CONFLICT, RECIPIENTS, SAVED } from "../contract/messages";
import { alaskanManager, announcePostgres, AUSTIN_LEAD, databaseKinds, requestsSuite, SERVED_ZIP, tokenOf } from "@/test-support";
import { onOutboxSignal } from "./delivery/signal";

announcePostgres();

/** lead/recipients: the owner of a lead nobody received chooses its managers later, once. */
describe.each(databaseKinds)("choosing managers later on %s", (kind) => {
  const suite = requestsSuite(kind);
  const { call, key, ownerEmail, outboxOf, leadByKey, confirmByMail } = suite;

  it("lead/recipients lets the owner of a lead nobody received choose now, once", async () => {
    const submissionKey = key("later");
    const saved = await call("lead/save", { ...AUSTIN_LEAD, email_address: ownerEmail("later"), submission_key: submissionKey });
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
    const { preferred_contact_method: _method, email_address: _email, ...guarantee } = AUSTIN_LEAD;
    const submissionKey = key("later-phone");
    const saved = await call("lead/save", { ...guarantee, submission_key: submissionKey });
    const token = tokenOf(saved.body.request_path);
    const matches = (await call("lead/request", { token })).body.request.matches as { agent_id: number; company_name: string }[];
    // The stored choice is listed by manager id: choose two in that order, so every answer lists them alike.
    const [first, second] = matches.slice(0, 2).sort((a, b) => a.agent_id - b.agent_id);
    const third = matches[2];
    const lead = await leadByKey(submissionKey);
    // As if it had waited for a manager to serve its ZIP (the unserved ZIPs have none to choose).
    await suite.database.db.updateTable("leads").set({ awaiting_match_since: lead.created_at }).where("id", "=", lead.id).execute();

    // A manager who does not serve the lead's ZIP is refused by name, and nothing is stored.
    const outOfTown = await alaskanManager(suite.database);
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

  describe("lead/recipients under concurrency", () => {
    it("30 concurrent choices for one lead: one choice is stored (at most 3 managers), the rest answered 200 (the same choice) or 409, never 500", async () => {
      const submissionKey = key("race");
      const saved = await call("lead/save", { ...AUSTIN_LEAD, submission_key: submissionKey });
      const token = tokenOf(saved.body.request_path);
      const ids = (await call("lead/request", { token })).body.request.matches.map((match: { agent_id: number }) => match.agent_id);
      // Every call chooses a different set of one to three of the five matches.
      const choices = Array.from({ length: 30 }, (_, index) => [ids[index % 5], ids[(index + 1) % 5], ids[(index + 2) % 5]].slice(0, 1 + (index % 3)));
      const answers = await Promise.all(choices.map((agent_ids) => call("lead/recipients", { token, agent_ids })));
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);

      const lead = await leadByKey(submissionKey);
      const stored = (await suite.database.db.selectFrom("lead_recipients").select("agent_id").where("lead_id", "=", lead.id).execute()).map((row) => row.agent_id);
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
});
