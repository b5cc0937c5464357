import { contract } from "../contract";
import { NOT_FOUND } from "../contract/messages";
import { PROPOSAL } from "../contract/proposal-messages";
import { isPrivatePath, redactPrivatePath } from "../contract/routes";
import { BODY_TOO_LARGE } from ".";
import { announcePostgres, databaseKinds, PROPOSAL_LEAD, PROPOSAL_TERMS, proposalsSuite } from "@/test-support";
import { onOutboxSignal } from "./delivery/signal";

announcePostgres();

/** A manager's proposal through their private link: saved, revised, shown, refused and limited. */
describe.each(databaseKinds)("proposals on %s", (kind) => {
  const suite = proposalsSuite(kind, { lead: PROPOSAL_LEAD, terms: PROPOSAL_TERMS, managers: 3, savesPerMinute: 5, label: "proposal" });
  const { call, next, http, rowsOf, deliveredRequest, save, counts } = suite;

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
    const { message, ...savedTerms } = PROPOSAL_TERMS;
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
    const byReference = await http("proposal/save", { reference, agent_id: links[0].agentId, save_key: `panel-${next()}-abcdef`, ...PROPOSAL_TERMS });
    expect([byReference.status, byReference.body.message]).toEqual([403, PROPOSAL.panelOnly]);
  });

  it("lets the agent panel save by reference and manager id with the API token", async () => {
    const { reference, links } = await deliveredRequest();
    const panel = await http("proposal/save", { reference, agent_id: links[1].agentId, save_key: `panel-${next()}-abcdef`, ...PROPOSAL_TERMS }, { bearer: true });
    expect(panel.status).toBe(200);
    expect((await call("proposal/get", { token: links[1].token })).body.proposal).toMatchObject({ revision: 1 });
    const stranger = await http("proposal/save", { reference, agent_id: 999_999, save_key: `panel-${next()}-abcdef`, ...PROPOSAL_TERMS }, { bearer: true });
    expect([stranger.status, stranger.body.message]).toEqual([404, NOT_FOUND.request]);
  });

  it("refuses a proposal on a request its owner has not confirmed (it reached nobody), and changes nothing", async () => {
    const matches = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents as { agent_id: number }[];
    const saved = await call("lead/save", { ...PROPOSAL_LEAD, email_address: `waiting.${next()}@example.org`, submission_key: `waiting-${next()}-abcdef`, agent_ids: [matches[0].agent_id] });
    const before = await counts();
    const early = await http("proposal/save", { reference: saved.body.reference, agent_id: matches[0].agent_id, save_key: `panel-${next()}-abcdef`, ...PROPOSAL_TERMS }, { bearer: true });
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
});

describe("proposal links in logs", () => {
  it("are private paths whose token is redacted", () => {
    expect(isPrivatePath("/proposals/AbCdEf0123456789abcdef")).toBe(true);
    expect(redactPrivatePath("GET /proposals/AbCdEf0123456789abcdef 200")).toBe("GET /proposals/[token] 200");
  });
});
