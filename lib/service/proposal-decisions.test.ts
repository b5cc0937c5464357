import { contract } from "../contract";
import { PROPOSAL, PROPOSAL_MAIL } from "../contract/proposal-messages";
import { categoryLabel } from "../contract/site";
import { proposalChanges } from "../contract/proposal-compare";
import { announcePostgres, databaseKinds, PROPOSAL_LEAD, PROPOSAL_SITE_URL, proposalsSuite } from "@/test-support";
import { renderMessage } from "./delivery/render";

announcePostgres();

/**
 * The price accepted is the price seen: request/decide names the version the owner saw, an older
 * one is refused with what changed, and the acceptance's messages carry the accepted terms.
 */

/** The proposal suites' owner, for a single-family home, with the rent the first year's cost is worked out from. */
const lead = {
  ...PROPOSAL_LEAD,
  property_category: 1,
  exam: [
    { question: "What is the current or expected monthly rent?", answer: "$2,000 to $3,000" },
    { question: "Which services would you like a manager to handle?", answer: ["Rent collection", "Maintenance coordination"] },
  ],
};

const EXAMPLE_QUESTION = "What is the current or expected monthly rent?";
const terms = { management_percent: 6, leasing_percent: 50, setup_fee: 0, renewal_fee: 150, maintenance_markup_percent: 10, contract_months: 12, start_date: "2027-01-15", services: ["rent_collection"], message: "" };

describe.each(databaseKinds)("accepting the version seen on %s", (kind) => {
  const suite = proposalsSuite(kind, { lead, terms, managers: 2, savesPerMinute: 50, label: "decide" });
  const { next, http, rowsOf, deliveredRequest, save } = suite;
  const decidedAt = async (leadId: number) => (await suite.database.db.selectFrom("leads").select("decided_at").where("id", "=", leadId).executeTakeFirstOrThrow()).decided_at;

  it("asks an acceptance to name the version seen", async () => {
    const { links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    const unnamed = await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept" });
    expect(unnamed).toEqual({ status: 400, body: { success: false, message: PROPOSAL.revisionRequired, field: "revision" } });
    // A decline needs none.
    expect((await http("request/decide", { token: ownerToken, agent_id: links[1].agentId, decision: "decline" })).status).toBe(200);
  });

  it("refuses the version seen once the manager raised it (409, saying what changed), then accepts the current one and names its price", async () => {
    const { leadId, links, ownerToken } = await deliveredRequest();
    const first = await save(links[0].token);
    const raised = await save(links[0].token, { management_percent: 8, setup_fee: 300 });
    expect(raised.body.proposal.revision).toBe(2);
    const stale = await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 });
    // $2,500 a month (the answer's middle), 1 unit: 6% + half a month = $3,050; 8% + half a month + $300 = $3,950.
    const changes = proposalChanges(first.body.proposal, raised.body.proposal, { rent: 2500, units: 1 });
    expect(changes).toEqual(["first-year cost $3,050 → $3,950", "management fee 6% of collected rent → 8% of collected rent", "setup fee None → $300"]);
    expect(stale).toEqual({ status: 409, body: { success: false, message: PROPOSAL.staleRevision(links[0].company, 1, 2, changes) } });
    // Nothing was decided, nobody was told.
    expect(await decidedAt(leadId)).toBeNull();
    expect(await rowsOf(leadId, "request.accepted")).toHaveLength(0);
    const unknown = await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 7 });
    expect(unknown).toEqual({ status: 409, body: { success: false, message: PROPOSAL.unknownRevision(links[0].company, 7, 2) } });
    const accepted = await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 2 });
    expect(accepted).toEqual({ status: 200, body: { success: true, message: PROPOSAL.acceptedTerms(links[0].company, 2, "$3,950", PROPOSAL.atRent("$2,500", 1)) } });
    expect(await decidedAt(leadId)).toEqual(expect.any(String));
  });

  it("mails the manager and the owner the accepted version's terms", async () => {
    const { leadId, reference, links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    await save(links[0].token, { management_percent: 8 });
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 2 })).status).toBe(200);
    const termLines = [
      PROPOSAL_MAIL.acceptedTerms(2),
      "- Management fee: 8% of collected rent",
      "- Leasing / placement fee: 50% of one month's rent",
      "- Setup fee: None",
      "- Lease renewal fee: $150",
      "- Maintenance markup: 10% on vendor invoices",
      "- Minimum contract term: 12 months",
      "- Earliest start: January 15, 2027",
      PROPOSAL_MAIL.acceptedFirstYear("$3,650", PROPOSAL.atRent("$2,500", 1)),
    ];
    const managerRows = await rowsOf(leadId, "request.accepted");
    expect(managerRows.map((row) => JSON.parse(row.payload))).toEqual([{ revision: "2" }, { revision: "2" }]);
    const toManager = await renderMessage(suite.database.db, managerRows.find((row) => row.channel === "email")!, { siteUrl: PROPOSAL_SITE_URL });
    expect(toManager!.email.text).toContain(termLines.join("\n"));
    expect(toManager!.event.data.proposal).toMatchObject({ revision: 2, management_percent: 8, renewal_fee: 150, services: ["rent_collection"] });

    const [ownerRow, ...more] = await rowsOf(leadId, "request.accepted.owner");
    expect(more).toHaveLength(0);
    const toOwner = await renderMessage(suite.database.db, ownerRow, { siteUrl: PROPOSAL_SITE_URL });
    expect(toOwner!.email.to).toMatch(/^owner\./);
    expect(toOwner!.email.subject).toBe(PROPOSAL_MAIL.ownerAcceptedSubject(reference));
    expect(toOwner!.email.text).toContain(PROPOSAL_MAIL.ownerAccepted(links[0].company, reference, `${categoryLabel(1)} in Austin 78701`));
    expect(toOwner!.email.text).toContain([PROPOSAL_MAIL.ownerAcceptedTerms(2, links[0].company), ...termLines.slice(1)].join("\n"));
    // An owner's email: with its one-click unsubscribe.
    expect(toOwner!.email.unsubscribe).toBeDefined();
    // A row naming the first version says the first version's terms.
    const asFirst = await renderMessage(suite.database.db, { ...ownerRow, payload: JSON.stringify({ revision: "1" }) }, { siteUrl: PROPOSAL_SITE_URL });
    expect(asFirst!.email.text).toContain("- Management fee: 6% of collected rent");
  });

  it("hides the owner's address and answers from a manager's link once it is closed to them; the accepted manager keeps them", async () => {
    const { links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    const open = await http("proposal/get", { token: links[1].token });
    expect(open.body.request).toMatchObject({ property_address: "415 W 6th St", answers: expect.arrayContaining([expect.objectContaining({ question: EXAMPLE_QUESTION })]) });
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 })).status).toBe(200);
    const declined = await http("proposal/get", { token: links[1].token });
    expect(declined.body).toMatchObject({ status: "declined", request: { property_address: "", answers: [], property_city: "Austin" } });
    const accepted = await http("proposal/get", { token: links[0].token });
    expect(accepted.body).toMatchObject({ status: "accepted", request: { property_address: "415 W 6th St" } });
    expect(accepted.body.request.answers).not.toHaveLength(0);
  });

  it("tells no owner without an email address (a phone-only request)", async () => {
    const { leadId, links, ownerToken } = await deliveredRequest({ email: false });
    await save(links[0].token);
    expect((await http("request/decide", { token: ownerToken, agent_id: links[0].agentId, decision: "accept", revision: 1 })).status).toBe(200);
    expect(await rowsOf(leadId, "request.accepted")).not.toHaveLength(0);
    expect(await rowsOf(leadId, "request.accepted.owner")).toHaveLength(0);
  });

  it("keeps, on a save from the agent panel or a script, the fields it does not send; null clears one", async () => {
    const { links } = await deliveredRequest();
    await save(links[0].token, { message: "Happy to help." });
    const partial = await http("proposal/save", { token: links[0].token, save_key: `key-${next()}-abcdef`, management_percent: 9, contract_months: 6, start_date: "2027-02-01", setup_fee: null });
    expect(partial.status).toBe(200);
    expect(partial.body.proposal).toMatchObject({ revision: 2, management_percent: 9, leasing_percent: 50, setup_fee: null, renewal_fee: 150, maintenance_markup_percent: 10, contract_months: 6, services: ["rent_collection"], message: "Happy to help." });
    // A new proposal that leaves them out has none.
    const fresh = await http("proposal/save", { token: links[1].token, save_key: `key-${next()}-abcdef`, management_percent: 7, contract_months: 0, start_date: "2027-02-01" });
    expect(fresh.body.proposal).toMatchObject({ revision: 1, leasing_percent: null, renewal_fee: null, services: [], message: "" });
  });

  it("shows the owner every version of each proposal and the services they asked for, over HTTP with the page's token", async () => {
    const { links, ownerToken } = await deliveredRequest();
    await save(links[0].token);
    await save(links[0].token, { management_percent: 8 });
    const answer = await http("request/proposals", { token: ownerToken });
    expect(answer.status).toBe(200);
    expect(contract["request/proposals"].response.safeParse(answer.body).success).toBe(true);
    const [withTwo, none] = answer.body.proposals;
    expect(withTwo.history.map((entry: { revision: number; management_percent: number }) => [entry.revision, entry.management_percent])).toEqual([
      [1, 6],
      [2, 8],
    ]);
    expect(withTwo.proposal.revision).toBe(2);
    expect(none.history).toEqual([]);
    expect(answer.body.asked_services).toEqual([
      { answer: "Rent collection", keys: ["rent_collection"] },
      { answer: "Maintenance coordination", keys: ["maintenance_coordination"] },
    ]);
    // The manager's page reads its own over HTTP too; an unknown token opens nothing.
    expect((await http("proposal/get", { token: links[0].token })).body.proposal.revision).toBe(2);
    expect((await http("request/proposals", { token: "AAAAAAAAAAAAAAAAAAAAAA" })).status).toBe(404);
  });
});
