import { contract } from "../contract";
import { NOT_FOUND, REQUEST_PAGE } from "../contract/messages";
import { PROPOSAL, PROPOSAL_MAIL } from "../contract/proposal-messages";
import { categoryLabel, SITE_NAME } from "../contract/site";
import { type OutboxRow } from "../db/schema";
import { announcePostgres, databaseKinds, PROPOSAL_LEAD, PROPOSAL_SITE_URL, PROPOSAL_TERMS, proposalsSuite } from "@/test-support";
import { renderMessage } from "./delivery/render";
import { registerProposalLink } from "./delivery/proposal-messages";
import { SUMMARY_EVERY_MS } from "./proposals";
import { onOutboxSignal } from "./delivery/signal";
import { unsubscribeToken } from "./unsubscribe";
import { UNSUBSCRIBE } from "../contract/operator-messages";

announcePostgres();

/** What the owner sees and decides of the proposals, and every message a proposal and a decision send. */
describe.each(databaseKinds)("the owner's answer to proposals on %s", (kind) => {
  const suite = proposalsSuite(kind, { lead: PROPOSAL_LEAD, terms: PROPOSAL_TERMS, managers: 3, savesPerMinute: 5, label: "proposal" });
  const { call, http, rowsOf, deliveredRequest, save, counts } = suite;

  it("emails the owner at most one summary an hour of new or changed proposals", async () => {
    const { leadId, links, ownerToken } = await deliveredRequest();
    const savedFrom = Date.now();
    await save(links[0].token);
    const savedBy = Date.now();
    await save(links[1].token);
    await save(links[0].token, { management_percent: 7.5 });
    const [first, ...more] = await rowsOf(leadId, "proposal.summary");
    expect(more).toHaveLength(0);
    // The first is due at once, with every proposal since the start.
    expect(Date.parse(first.next_attempt_at)).toBeGreaterThanOrEqual(savedFrom);
    expect(Date.parse(first.next_attempt_at)).toBeLessThanOrEqual(savedBy);
    expect(JSON.parse(first.payload).since).toBe("");
    const rendered = await renderMessage(suite.database.db, first, { siteUrl: PROPOSAL_SITE_URL });
    expect(rendered!.email.to).toMatch(/^owner\./);
    expect(rendered!.email.text).toContain(links[0].company);
    expect(rendered!.email.text).toContain(links[1].company);
    // Its link opens the owner's page (a fresh token, stored hashed like the first).
    const pageToken = JSON.parse(first.payload).token as string;
    expect(rendered!.email.text).toContain(`${PROPOSAL_SITE_URL}/requests/${pageToken}`);
    expect((await call("request/proposals", { token: pageToken })).status).toBe(200);
    expect(pageToken).not.toBe(ownerToken);
    // Once it is sent, the next change waits an hour after it.
    await suite.database.db.updateTable("outbox_messages").set({ status: "sent", payload: "{}" }).where("id", "=", first.id).execute();
    await save(links[1].token, { management_percent: 9 });
    const summaries = await rowsOf(leadId, "proposal.summary");
    expect(summaries).toHaveLength(2);
    expect(Date.parse(summaries[1].next_attempt_at) - Date.parse(first.next_attempt_at)).toBe(SUMMARY_EVERY_MS);
    // It tells of what changed after the first was due.
    expect(JSON.parse(summaries[1].payload).since).toBe(first.next_attempt_at);
  });

  it("shows the owner every recipient with the profile next to the proposal, and the rent and units from the answers", async () => {
    const { links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    const answer = await call("request/proposals", { token: ownerToken });
    expect(contract["request/proposals"].response.safeParse(answer.body).success).toBe(true);
    expect(answer.body.assumption).toEqual({ rent: 1500, units: 5, from_answers: true });
    expect(answer.body.proposals).toHaveLength(3);
    expect(answer.body.proposals[0]).toMatchObject({ agent_id: links[0].agentId, demo: 1, decision: null, proposal: { revision: 1 }, profile: { fees: expect.any(Object) } });
    expect(answer.body.proposals[1].proposal).toBeNull();
    expect(answer.body).toMatchObject({ decided_at: null, withdrawn: false });
    expect((await call("request/proposals", { token: "AAAAAAAAAAAAAAAAAAAAAA" })).status).toBe(404);
  });

  it("accepts one proposal: the manager gets the owner's chosen contact details, the others a polite note, and every link closes", async () => {
    const { leadId, links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    await save(links[1].token);
    const noProposal = await http("request/decide", { token: ownerToken, agent_id: links[2].agentId, decision: "accept", revision: 1 });
    expect([noProposal.status, noProposal.body.message]).toEqual([409, PROPOSAL.noProposal]);
    const accepted = await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 });
    // At the answers' rent ($1,500) for 5 units: 8% for 12 months, half a month's rent each, no setup.
    expect([accepted.status, accepted.body]).toEqual([200, { success: true, message: PROPOSAL.acceptedTerms(links[0].company, 1, "$10,950", PROPOSAL.atRent("$1,500", 5)) }]);
    const [acceptedRow] = (await rowsOf(leadId, "request.accepted")).filter((row) => row.channel === "email");
    const acceptedMail = await renderMessage(suite.database.db, acceptedRow, { siteUrl: PROPOSAL_SITE_URL });
    expect(acceptedRow.agent_id).toBe(links[0].agentId);
    expect(acceptedMail!.email.text).toContain("Phone: 5125550188");
    expect(acceptedMail!.email.text).not.toContain("@example.org"); // the owner chose the phone
    expect(acceptedMail!.email.replyTo).toBeUndefined();
    const declined = (await rowsOf(leadId, "request.declined")).filter((row) => row.channel === "email");
    expect(declined.map((row) => row.agent_id).sort()).toEqual([links[1].agentId, links[2].agentId].sort());
    const declinedMail = await renderMessage(suite.database.db, declined[0], { siteUrl: PROPOSAL_SITE_URL });
    expect(declinedMail!.email.text).not.toContain("Jordan");
    expect(declinedMail!.email.text).not.toContain("5125550188");
    expect((await call("proposal/get", { token: links[0].token })).body.status).toBe("accepted");
    expect((await call("proposal/get", { token: links[1].token })).body.status).toBe("declined");
    const owner = await call("request/proposals", { token: ownerToken });
    expect(owner.body).toMatchObject({ decided_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), withdrawn: false });
    expect(owner.body.proposals.map((entry: { decision: string | null }) => entry.decision)).toEqual(["accepted", "declined", "declined"]);
    const before = await counts();
    const late = await save(links[1].token, { management_percent: 1 });
    expect([late.status, late.body.message]).toEqual([409, PROPOSAL.notOpen]);
    expect((await http("request/decide", { token: ownerToken, agent_id: links[1].agentId, decision: "accept", revision: 1 })).body.message).toBe(PROPOSAL.alreadyDecided);
    expect(await counts()).toEqual(before);
  });

  it("declines one manager: told politely, their link closed, the others still open", async () => {
    const { leadId, links, ownerToken } = await deliveredRequest();
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    const declined = await http("request/decide", { token: ownerToken, agent_id: links[1].agentId, decision: "decline" });
    stopListening();
    expect(declined.body.message).toBe(PROPOSAL.declined(links[1].company));
    expect(signals).toHaveBeenCalledTimes(1);
    expect((await rowsOf(leadId, "request.declined")).map((row) => row.agent_id)).toEqual([links[1].agentId, links[1].agentId]);
    // Declining again is answered as decided, and tells nobody twice.
    expect((await http("request/decide", { token: ownerToken, agent_id: links[1].agentId, decision: "decline" })).body).toEqual({ success: true, message: PROPOSAL.alreadyDecided });
    // A manager who never received the request.
    expect(await http("request/decide", { token: ownerToken, agent_id: 999_999, decision: "decline" })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.manager } });
    expect((await save(links[1].token)).status).toBe(409);
    expect((await save(links[0].token)).status).toBe(200);
    expect((await call("proposal/get", { token: links[2].token })).body.status).toBe("open");
    // Accepting another afterwards: the one declined already is not told again, the one still waiting is.
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 })).status).toBe(200);
    const notes = (await rowsOf(leadId, "request.declined")).map((row) => row.agent_id);
    expect(notes.filter((agentId) => agentId === links[1].agentId)).toHaveLength(2);
    expect(notes.filter((agentId) => agentId === links[2].agentId)).toHaveLength(2);
    expect(notes).toHaveLength(4);
    expect((await rowsOf(leadId, "request.accepted")).map((row) => row.agent_id)).toEqual([links[0].agentId, links[0].agentId]);
  });

  it("closes every link of a withdrawn request: a save is a clear error and changes nothing", async () => {
    const { links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    expect((await http("lead/withdraw", { token: ownerToken })).status).toBe(200);
    const before = await counts();
    const late = await save(links[0].token, { management_percent: 5 });
    expect([late.status, late.body.message]).toEqual([409, PROPOSAL.notOpen]);
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 })).status).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await call("proposal/get", { token: links[0].token })).body.status).toBe("withdrawn");
    expect((await call("request/proposals", { token: ownerToken })).body).toMatchObject({ decided_at: null, withdrawn: true });
  });

  it("writes each proposal message in full: the link, the saved event, the summary, the decision with the owner's chosen details, and nothing once there is nothing to say", async () => {
    const { leadId, reference, links, ownerToken } = await deliveredRequest();
    const render = (row: OutboxRow, change: Partial<OutboxRow> = {}) => renderMessage(suite.database.db, { ...row, ...change }, { siteUrl: PROPOSAL_SITE_URL });
    const setLead = (values: { full_name?: string; email_address?: string; preferred_contact_method?: string; property_category?: number; withdrawn_at?: string }) =>
      suite.database.db.updateTable("leads").set(values).where("id", "=", leadId).execute();
    const manager = await suite.database.db.selectFrom("agents").select(["company_name", "email"]).where("id", "=", links[0].agentId).executeTakeFirstOrThrow();
    const place = `${categoryLabel(2)} in Austin 78701`;

    // The request's message ends with the private link; one queued before proposals existed (no token) has none.
    const [newLead] = (await rowsOf(leadId, "lead.new")).filter((row) => row.agent_id === links[0].agentId);
    const withLink = await render(newLead);
    const url = `${PROPOSAL_SITE_URL}/proposals/${links[0].token}`;
    const withoutLink = await render(newLead, { payload: "{}" });
    expect(withLink!.email.text).toBe([withoutLink!.email.text, "", PROPOSAL_MAIL.link(SITE_NAME), url].join("\n"));
    expect(withoutLink!.event.data).not.toHaveProperty("proposal_url");
    // No link without the lead and the manager it opens (nothing stored either).
    const tokens = async () => (await suite.database.db.selectFrom("proposal_tokens").select("token_hash").where("lead_id", "=", leadId).execute()).length;
    const stored = await tokens();
    expect(await registerProposalLink(suite.database.db, { ...newLead, agent_id: null }, "BBBBBBBBBBBBBBBBBBBBBB", PROPOSAL_SITE_URL)).toBeNull();
    expect(await registerProposalLink(suite.database.db, { ...newLead, lead_id: null }, "BBBBBBBBBBBBBBBBBBBBBB", PROPOSAL_SITE_URL)).toBeNull();
    expect(await tokens()).toBe(stored);

    // proposal.saved: the manager's terms as saved, without the table's ids.
    await save(links[0].token);
    await save(links[0].token, { management_percent: 7.5 });
    await save(links[1].token, { management_percent: null, management_flat: 60 });
    const [, savedRow] = (await rowsOf(leadId, "proposal.saved")).filter((row) => row.agent_id === links[0].agentId);
    const saved = await render(savedRow);
    expect(saved!.email).toEqual({ to: manager.email, subject: PROPOSAL_MAIL.savedSubject(reference), text: [`Hello ${manager.company_name},`, "", PROPOSAL_MAIL.saved(reference, 2)].join("\n") });
    expect(saved!.event.type).toBe("proposal.saved");
    expect(saved!.event.data).toMatchObject({ reference, agent_id: links[0].agentId, proposal: { revision: 2, services: PROPOSAL_TERMS.services, start_date: PROPOSAL_TERMS.start_date, message: PROPOSAL_TERMS.message, contract_months: 12 } });
    expect(Number((saved!.event.data.proposal as Record<string, unknown>).management_percent)).toBe(7.5);
    for (const key of ["id", "lead_id", "agent_id"]) expect(saved!.event.data.proposal).not.toHaveProperty(key);
    // A manager with no proposal has no saved event to send.
    expect(await render(savedRow, { agent_id: links[2].agentId })).toBeNull();

    // The owner's summary: one line per proposal changed since the last one, the page's link.
    const [summaryRow] = await rowsOf(leadId, "proposal.summary");
    const payload = { token: "CCCCCCCCCCCCCCCCCCCCCC" };
    const summary = await render(summaryRow, { payload: JSON.stringify(payload) });
    expect(summary!.email.subject).toBe(PROPOSAL_MAIL.summarySubject(reference));
    expect(summary!.email.text.split("\n")).toEqual([
      "Hello,",
      "",
      PROPOSAL_MAIL.summaryIntro(reference, SITE_NAME),
      PROPOSAL_MAIL.summaryLine(links[0].company, 2, "7.5% of collected rent"),
      PROPOSAL_MAIL.summaryLine(links[1].company, 1, "$60 a month per unit"),
      "",
      PROPOSAL_MAIL.summaryLink,
      `${PROPOSAL_SITE_URL}/requests/${payload.token}`,
      "",
      `${PROPOSAL_MAIL.summaryEvery} ${REQUEST_PAGE.keepLinkPrivate}`,
      "",
      UNSUBSCRIBE.mailLine(SITE_NAME),
      `${PROPOSAL_SITE_URL}/unsubscribe/${await unsubscribeToken(suite.database.db, { email: summary!.email.to })}`,
    ]);
    expect(summary!.event).toEqual({ type: "proposal.summary", data: { reference, proposals: 2 } });
    // Nothing changed since `since`, or no page token: no summary.
    expect(await render(summaryRow, { payload: JSON.stringify({ ...payload, since: "2999-01-01T00:00:00.000Z" }) })).toBeNull();
    expect(await render(summaryRow, { payload: JSON.stringify({ since: "" }) })).toBeNull();

    // The decision: the accepted manager gets the owner's details as the owner chose to give them.
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 2 })).status).toBe(200);
    const [acceptedRow] = await rowsOf(leadId, "request.accepted");
    const lead = await suite.database.db.selectFrom("leads").select(["email_address", "decided_at"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    const { message: _message, ...withoutMessage } = PROPOSAL_TERMS;
    const acceptedTerms = [
      PROPOSAL_MAIL.acceptedTerms(2),
      "- Management fee: 7.5% of collected rent",
      "- Leasing / placement fee: 50% of one month's rent",
      "- Setup fee: None",
      "- Lease renewal fee: $150",
      "- Maintenance markup: 10% on vendor invoices",
      "- Minimum contract term: 12 months",
      "- Earliest start: January 15, 2027",
      PROPOSAL_MAIL.acceptedFirstYear("$10,500", PROPOSAL.atRent("$1,500", 5)),
    ];
    const acceptedText = (contact: string[], where = place) =>
      [`Hello ${manager.company_name},`, "", PROPOSAL_MAIL.accepted(reference, where), "", ...contact, "", ...acceptedTerms, "", PROPOSAL_MAIL.acceptedUse].join("\n");
    const byPhone = await render(acceptedRow);
    expect(byPhone!.email).toEqual({ to: manager.email, subject: PROPOSAL_MAIL.acceptedSubject(reference), text: acceptedText(["Name: Jordan Ellis", "Phone: 5125550188", "Preferred contact method: Phone"]) });
    expect(byPhone!.event).toEqual({
      type: "request.accepted",
      data: {
        reference,
        agent_id: links[0].agentId,
        decided_at: lead.decided_at,
        owner: { full_name: "Jordan Ellis", preferred_contact_method: "Phone", phone: "5125550188" },
        proposal: { revision: 2, ...withoutMessage, management_percent: 7.5, management_flat: null },
      },
    });
    expect(lead.decided_at).toEqual(expect.any(String));
    await setLead({ preferred_contact_method: "Email" });
    const byEmail = await render(acceptedRow);
    expect(byEmail!.email.text).toBe(acceptedText(["Name: Jordan Ellis", `Email: ${lead.email_address}`, "Preferred contact method: Email"]));
    expect(byEmail!.email.replyTo).toBe(lead.email_address);
    expect(byEmail!.event.data.owner).toEqual({ full_name: "Jordan Ellis", preferred_contact_method: "Email", email_address: lead.email_address });
    // No way chosen: every way given; no name, and a category the site no longer lists, said so.
    await setLead({ preferred_contact_method: "", full_name: "", property_category: 9999 });
    const anyWay = await render(acceptedRow);
    expect(anyWay!.email.text).toBe(acceptedText(["Name: not given", `Email: ${lead.email_address}`, "Phone: 5125550188"], "Property in Austin 78701"));
    expect(anyWay!.event.data.owner).toEqual({ full_name: "", preferred_contact_method: "", email_address: lead.email_address, phone: "5125550188" });
    await setLead({ full_name: "Jordan Ellis", preferred_contact_method: "Phone", property_category: 2 });

    // Every other manager is told politely, with nothing of the owner's.
    const declinedRow = (await rowsOf(leadId, "request.declined")).find((row) => row.agent_id === links[1].agentId)!;
    const other = await suite.database.db.selectFrom("agents").select(["company_name", "email"]).where("id", "=", links[1].agentId).executeTakeFirstOrThrow();
    expect(await render(declinedRow)).toEqual({
      email: {
        to: other.email,
        subject: PROPOSAL_MAIL.declinedSubject(reference),
        text: [`Hello ${other.company_name},`, "", PROPOSAL_MAIL.declined(reference, place), "", PROPOSAL_MAIL.declinedDelete].join("\n"),
      },
      event: { type: "request.declined", data: { reference, agent_id: links[1].agentId } },
    });

    // A manager gone, a lead gone or withdrawn: nothing left to say.
    expect(await render(acceptedRow, { agent_id: 999_999 })).toBeNull();
    expect(await render(acceptedRow, { lead_id: 999_999 })).toBeNull();
    await setLead({ withdrawn_at: new Date().toISOString() });
    expect(await render(acceptedRow)).toBeNull();
    expect(await render(savedRow)).toBeNull();
  });
});
