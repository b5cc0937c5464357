import { contract } from "../contract";
import { NOT_FOUND, REQUEST_PAGE } from "../contract/messages";
import { PROPOSAL, PROPOSAL_MAIL } from "../contract/proposal-messages";
import { categoryLabel, SITE_NAME } from "../contract/site";
import { isPrivatePath, redactPrivatePath } from "../contract/routes";
import { BODY_TOO_LARGE } from ".";
import type { OutboxRow } from "../db/schema";
import { announcePostgres, databaseKinds, PROPOSAL_SITE_URL, proposalsSuite } from "@/test-support";
import { renderMessage } from "./delivery/render";
import { registerProposalLink } from "./delivery/proposal-messages";
import { SUMMARY_EVERY_MS } from "./proposals";
import { onOutboxSignal } from "./delivery/signal";
import { unsubscribeToken } from "./unsubscribe";
import { UNSUBSCRIBE } from "../contract/operator-messages";

announcePostgres();

const lead = {
  property_category: 2,
  property_address: "415 W 6th St",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Ellis",
  property_number: "5125550188",
  preferred_contact_method: "Phone",
  price: "",
  exam: [
    { question: "How many units are in the property?", answer: "5 to 10 units" },
    { question: "What is the average monthly rent per unit?", answer: "$1,200 to $1,800" },
  ],
};

const terms = { management_percent: 8, leasing_percent: 50, setup_fee: 0, renewal_fee: 150, maintenance_markup_percent: 10, contract_months: 12, start_date: "2027-01-15", services: ["rent_collection", "tenant_screening"], message: "Happy to help." };

describe.each(databaseKinds)("proposals on %s", (kind) => {
  const suite = proposalsSuite(kind, { lead, managers: 3, savesPerMinute: 5, label: "proposal" });
  const { call, next, http, rowsOf, deliveredRequest } = suite;
  const counts = async () => ({
    proposals: Number((await suite.database.db.selectFrom("proposals").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    revisions: Number((await suite.database.db.selectFrom("proposal_revisions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    outbox: Number((await suite.database.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
  });
  const save = (token: string, extra: Record<string, unknown> = {}, options?: Parameters<typeof http>[2]) => http("proposal/save", { token, save_key: `key-${next()}-abcdef`, ...terms, ...extra }, options);

  it("gives each recipient a private link, stored as its hash only, opening the request and the manager's own proposal", async () => {
    const { leadId, links, reference } = await deliveredRequest();
    expect(links).toHaveLength(3);
    const stored = await suite.database.db.selectFrom("proposal_tokens").selectAll().where("lead_id", "=", leadId).execute();
    expect(stored).toHaveLength(3);
    for (const link of links) expect(stored.map((row) => row.token_hash)).not.toContain(link.token);
    const read = await call("proposal/get", { token: links[0].token });
    expect(read.status).toBe(200);
    expect(contract["proposal/get"].response.safeParse(read.body).success).toBe(true);
    expect(read.body).toMatchObject({ status: "open", request: { reference, property_city: "Austin" }, manager: { agent_id: links[0].agentId }, proposal: null });
    // Where a first proposal starts: the listing's own fees and services; and the owner's rent and units, for the figure the form shows.
    const listing = await suite.database.db.selectFrom("agents").select(["management_fee_percent", "leasing_fee_percent"]).where("id", "=", links[0].agentId).executeTakeFirstOrThrow();
    expect(read.body.manager.profile.fees).toMatchObject({ management_percent: listing.management_fee_percent, leasing_percent: listing.leasing_fee_percent });
    expect(read.body.manager.profile.services.length).toBeGreaterThan(0);
    expect(read.body.assumption).toEqual({ rent: 1500, units: 5, from_answers: true });
    expect((await call("proposal/get", { token: "AAAAAAAAAAAAAAAAAAAAAA" })).status).toBe(404);
  });

  it("saves one proposal per manager, keeps each change as a revision, and stores a repeated key once", async () => {
    const { leadId, links } = await deliveredRequest();
    const signals = jest.fn();
    const stopListening = onOutboxSignal(signals);
    const first = await save(links[0].token, { save_key: "first-save-key-1" });
    expect(first.status).toBe(200);
    expect(contract["proposal/save"].response.safeParse(first.body).success).toBe(true);
    // Every term as saved, the fee not given as null.
    const { message, ...savedTerms } = terms;
    expect(first.body.proposal).toEqual({ ...savedTerms, message, management_flat: null, revision: 1, updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    // The outbox is woken for the agent panel's event (and the owner's summary).
    expect(signals).toHaveBeenCalledTimes(1);
    const before = await counts();
    const repeat = await save(links[0].token, { save_key: "first-save-key-1", management_percent: 9 });
    expect(repeat.body.proposal).toMatchObject({ revision: 1, management_percent: 8 });
    expect(await counts()).toEqual(before);
    // A repeat queues nothing: nothing to wake the outbox for.
    expect(signals).toHaveBeenCalledTimes(1);
    const edit = await save(links[0].token, { management_percent: 7 });
    stopListening();
    expect(signals).toHaveBeenCalledTimes(2);
    expect(edit.body.proposal).toMatchObject({ revision: 2, management_percent: 7 });
    expect(edit.body.message).toBe(PROPOSAL.saved(2));
    const revisions = await suite.database.db.selectFrom("proposal_revisions").innerJoin("proposals", "proposals.id", "proposal_revisions.proposal_id").select(["proposal_revisions.revision", "proposal_revisions.management_percent"]).where("proposals.lead_id", "=", leadId).orderBy("proposal_revisions.revision").execute();
    expect(revisions.map((row) => [row.revision, Number(row.management_percent)])).toEqual([[1, 8], [2, 7]]);
    // The agent panel hears of each save (webhook only), with its own idempotency key.
    const events = await rowsOf(leadId, "proposal.saved");
    expect(events.map((row) => row.channel)).toEqual(["webhook", "webhook"]);
    expect(new Set(events.map((row) => row.idempotency_key)).size).toBe(2);
  });

  it("shows a manager only the request and their own proposal, never another's price or name", async () => {
    const { links } = await deliveredRequest();
    await save(links[0].token, { management_percent: 6.5, message: "Secret offer of the first manager" });
    const other = await call("proposal/get", { token: links[1].token });
    const text = JSON.stringify(other.body);
    expect(other.body.proposal).toBeNull();
    expect(text).not.toContain(links[0].company);
    expect(text).not.toContain("Secret offer");
    // A price appears in the body only as a JSON number field; the timestamp may hold the digits "6.5".
    expect(text).not.toMatch(/:6\.5[,}]/);
    const own = JSON.stringify((await call("proposal/get", { token: links[0].token })).body);
    expect(own).toMatch(/:6\.5[,}]/);
  });

  it("reads the stored services as a list of names, whatever the column holds", async () => {
    const { leadId, links } = await deliveredRequest();
    await save(links[0].token);
    const servicesRead = async (services: string) => {
      await suite.database.db.updateTable("proposals").set({ services }).where("lead_id", "=", leadId).where("agent_id", "=", links[0].agentId).execute();
      return (await call("proposal/get", { token: links[0].token })).body.proposal.services;
    };
    expect(await servicesRead(JSON.stringify(["rent_collection", 7, null, "repairs"]))).toEqual(["rent_collection", "repairs"]);
    expect(await servicesRead(JSON.stringify({ rent_collection: true }))).toEqual([]);
    expect(await servicesRead("rent_collection")).toEqual([]);
  });

  it("takes proposals on a request without an email (it went out at once) and queues no summary for nobody", async () => {
    const { leadId, links } = await deliveredRequest({ email: false });
    expect(await rowsOf(leadId, "lead.confirmation")).toEqual([]);
    const first = await save(links[0].token);
    expect([first.status, first.body.message]).toEqual([200, PROPOSAL.saved(1)]);
    expect((await rowsOf(leadId, "proposal.saved")).map((row) => row.agent_id)).toEqual([links[0].agentId]);
    expect(await rowsOf(leadId, "proposal.summary")).toEqual([]);
    expect((await suite.database.db.selectFrom("leads").select("proposals_told_at").where("id", "=", leadId).executeTakeFirstOrThrow()).proposals_told_at).toBeNull();
  });

  it("refuses bad input with a clear 400, bounds the body, and changes nothing", async () => {
    const { links } = await deliveredRequest();
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ management_percent: null, management_flat: null }, PROPOSAL.feeRequired],
      [{ management_flat: 99 }, PROPOSAL.feeBoth],
      [{ start_date: "2027-02-30" }, PROPOSAL.startDate],
      [{ message: "x".repeat(1001) }, "The message must be at most 1000 characters."],
      [{ services: ["teleportation"] }, "Services must be among the services the site lists."],
      [{ management_percent: -1 }, "The management fee must be 0 or more."],
      [{ save_key: "short" }, PROPOSAL.saveKey],
    ];
    for (const [change, message] of cases) {
      const answer = await save(links[0].token, change);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    // A body over 16 KiB never reaches the contract: the HTTP entry stops reading it (the door answers 413).
    expect((await http("proposal/save", {}, { raw: BODY_TOO_LARGE as unknown as string })).status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("answers an unknown link with a 404 and a browser naming a request by reference with a 403", async () => {
    const { reference, links } = await deliveredRequest();
    expect((await save("AAAAAAAAAAAAAAAAAAAAAA")).body.message).toBe(PROPOSAL.unknownLink);
    const byReference = await http("proposal/save", { reference, agent_id: links[0].agentId, save_key: `panel-${next()}-abcdef`, ...terms });
    expect([byReference.status, byReference.body.message]).toEqual([403, PROPOSAL.panelOnly]);
  });

  it("lets the agent panel save by reference and manager id with the API token", async () => {
    const { reference, links } = await deliveredRequest();
    const panel = await http("proposal/save", { reference, agent_id: links[1].agentId, save_key: `panel-${next()}-abcdef`, ...terms }, { bearer: true });
    expect(panel.status).toBe(200);
    expect((await call("proposal/get", { token: links[1].token })).body.proposal).toMatchObject({ revision: 1 });
    const stranger = await http("proposal/save", { reference, agent_id: 999_999, save_key: `panel-${next()}-abcdef`, ...terms }, { bearer: true });
    expect([stranger.status, stranger.body.message]).toEqual([404, NOT_FOUND.request]);
  });

  it("refuses a proposal on a request its owner has not confirmed (it reached nobody), and changes nothing", async () => {
    const matches = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents as { agent_id: number }[];
    const saved = await call("lead/save", { ...lead, email_address: `waiting.${next()}@example.org`, submission_key: `waiting-${next()}-abcdef`, agent_ids: [matches[0].agent_id] });
    const before = await counts();
    const early = await http("proposal/save", { reference: saved.body.reference, agent_id: matches[0].agent_id, save_key: `panel-${next()}-abcdef`, ...terms }, { bearer: true });
    expect([early.status, early.body.message]).toEqual([409, PROPOSAL.notOpen]);
    expect(await counts()).toEqual(before);
  });

  it("limits saves per link, whatever the client address", async () => {
    const { links } = await deliveredRequest();
    const statuses = [];
    for (let index = 0; index < 7; index++) statuses.push((await save(links[2].token, {}, { address: `198.51.100.${index + 1}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("limits saves per client address, whatever the link", async () => {
    const statuses = [];
    for (let index = 0; index < 3; index++) {
      const { links } = await deliveredRequest();
      for (const link of links) statuses.push((await save(link.token, {}, { address: "192.0.2.77" })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it("limits the owner's decisions per client address", async () => {
    const { links, ownerToken } = await deliveredRequest();
    const statuses = [];
    // Three declines, then two answered as decided already: five a minute, the sixth refused.
    for (let index = 0; index < 6; index++) statuses.push((await http("request/decide", { token: ownerToken, agent_id: links[index % 3].agentId, decision: "decline" }, { address: "192.0.2.88" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

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
    expect(saved!.event.data).toMatchObject({ reference, agent_id: links[0].agentId, proposal: { revision: 2, services: terms.services, start_date: terms.start_date, message: terms.message, contract_months: 12 } });
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
    const { message: _message, ...withoutMessage } = terms;
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

describe("proposal links in logs", () => {
  it("are private paths whose token is redacted", () => {
    expect(isPrivatePath("/proposals/AbCdEf0123456789abcdef")).toBe(true);
    expect(redactPrivatePath("GET /proposals/AbCdEf0123456789abcdef 200")).toBe("GET /proposals/[token] 200");
  });
});
