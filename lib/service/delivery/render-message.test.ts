import type { OutboxKind, OutboxRow } from "../../db/schema";
import { announcePostgres, AUSTIN_LEAD, databaseKinds, insertStaff, serviceSuite } from "@/test-support";
import { renderMessage } from "./render";

announcePostgres();

describe.each(databaseKinds)("what renderMessage loads for each kind, and when it finds nothing to send, on %s", (kind) => {
  const siteUrl = "https://www.managely.test";
  const suite = serviceSuite(kind, { savesPerMinute: 1000 });
  let leadId: number;
  let reference: string;
  let agentId: number;
  let otherAgentId: number;
  let nextId = 1_000_000;

  /** An outbox row as the worker claims it (renderMessage reads only the row). */
  const row = (kind: OutboxKind, fields: Partial<OutboxRow> = {}): OutboxRow =>
    ({
      id: nextId++,
      idempotency_key: `key-${nextId}`,
      kind,
      channel: "file",
      lead_id: null,
      agent_id: null,
      contact_id: null,
      subscription_id: null,
      payload: "{}",
      status: "pending",
      attempts: 0,
      next_attempt_at: "2026-11-25T10:00:00.000Z",
      created_at: "2026-11-25T10:00:00.000Z",
      ...fields,
    }) as OutboxRow;
  const render = (kind: OutboxKind, fields: Partial<OutboxRow> = {}, payload?: Record<string, string>) =>
    renderMessage(suite.database.db, row(kind, { ...fields, ...(payload ? { payload: JSON.stringify(payload) } : {}) }), { siteUrl });
  const setLead = (values: { withdrawn_at?: string | null; email_address?: string }) => suite.database.db.updateTable("leads").set(values).where("id", "=", leadId).execute();
  const managerEmail = async (id: number) => (await suite.database.db.selectFrom("agents").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    const agents = (await suite.call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
    [agentId, otherAgentId] = [agents[0].agent_id, agents[1].agent_id];
    const saved = await suite.call("lead/save", { ...AUSTIN_LEAD, agent_ids: [agentId] });
    expect(saved.status).toBe(200);
    reference = saved.body.reference;
    leadId = Number((await suite.database.db.selectFrom("leads").select("id").where("reference", "=", reference).executeTakeFirstOrThrow()).id);
  });
  afterEach(async () => {
    await setLead({ withdrawn_at: null, email_address: "jordan.ellis@example.org" });
  });

  it("a new request: to the manager it went to, with a proposal link when the row has a token; nothing once withdrawn or for a manager it did not go to", async () => {
    const plain = (await render("lead.new", { lead_id: leadId, agent_id: agentId }))!;
    expect(plain.email.to).toBe(await managerEmail(agentId));
    expect(plain.email.subject).toBe(`New request ${reference}: Multi Family in Austin 78701`);
    expect(plain.email.text).toContain(". Nobody else received it.\n");
    expect(plain.event.data).not.toHaveProperty("proposal_url");
    const linked = (await render("lead.new", { lead_id: leadId, agent_id: agentId }, { proposal_token: "PROPOSAL_TOKEN_abcdefgh" }))!;
    expect(linked.event.data.proposal_url).toBe(`${siteUrl}/proposals/PROPOSAL_TOKEN_abcdefgh`);

    expect(await render("lead.new", { lead_id: leadId, agent_id: otherAgentId })).toBeNull();
    expect(await render("lead.new", { lead_id: leadId, agent_id: 999_999 })).toBeNull();
    expect(await render("lead.new", { lead_id: 999_999, agent_id: agentId })).toBeNull();
    await setLead({ withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.new", { lead_id: leadId, agent_id: agentId })).toBeNull();
  });

  it("the owner's confirmation: to the owner, naming the chosen manager, only with both tokens, an address, and a lead not withdrawn", async () => {
    const tokens = { token: "PAGE_TOKEN_abcdefghijkl", confirm_token: "CONFIRM_TOKEN_abcdefghi" };
    const rendered = (await render("lead.confirmation", { lead_id: leadId }, tokens))!;
    expect(rendered.email.to).toBe("jordan.ellis@example.org");
    expect(rendered.email.text).toContain("\nIt is to go to:\n- ");
    expect(rendered.email.text).toContain(`${siteUrl}/requests/confirm/CONFIRM_TOKEN_abcdefghi\n`);
    expect(rendered.email.text).toContain(`${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl\n`);

    expect(await render("lead.confirmation", { lead_id: leadId }, { token: tokens.token })).toBeNull();
    expect(await render("lead.confirmation", { lead_id: leadId }, { confirm_token: tokens.confirm_token })).toBeNull();
    expect(await render("lead.confirmation", { lead_id: 999_999 }, tokens)).toBeNull();
    await setLead({ email_address: "" });
    expect(await render("lead.confirmation", { lead_id: leadId }, tokens)).toBeNull();
    await setLead({ email_address: "jordan.ellis@example.org", withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.confirmation", { lead_id: leadId }, tokens)).toBeNull();
  });

  it("a withdrawal: to each manager, saying when the request was sent to them when it was; nothing without the lead or the manager", async () => {
    await setLead({ withdrawn_at: "2026-11-26T09:00:00.000Z" });
    const rendered = (await render("lead.withdrawn", { lead_id: leadId, agent_id: agentId }))!;
    expect(rendered.email.to).toBe(await managerEmail(agentId));
    expect(rendered.email.text).toMatch(new RegExp(`The owner withdrew request ${reference} \\(Multi Family in Austin 78701\\) sent to you on .+ UTC\\.\\n`));
    expect(rendered.event.data).toMatchObject({ reference, agent_id: agentId, withdrawn_at: "2026-11-26T09:00:00.000Z" });
    const notSent = (await render("lead.withdrawn", { lead_id: leadId, agent_id: otherAgentId }))!;
    expect(notSent.email.text).toContain(`The owner withdrew request ${reference} (Multi Family in Austin 78701).\n`);

    expect(await render("lead.withdrawn", { lead_id: leadId, agent_id: 999_999 })).toBeNull();
    expect(await render("lead.withdrawn", { lead_id: 999_999, agent_id: agentId })).toBeNull();
  });

  it("a match now available: to the owner, with the number of managers (one unless the row says), only with a token, an address, and a lead not withdrawn", async () => {
    const rendered = (await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl", managers: "3" }))!;
    expect(rendered.email.to).toBe("jordan.ellis@example.org");
    expect(rendered.email.text).toContain(" 3 do now.\n");
    expect(rendered.email.text).toContain(`${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl`);
    expect((await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" }))!.email.text).toContain(" One does now.\n");

    expect(await render("lead.match_available", { lead_id: leadId }, {})).toBeNull();
    expect(await render("lead.match_available", { lead_id: 999_999 }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
    await setLead({ email_address: "" });
    expect(await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
    await setLead({ email_address: "jordan.ellis@example.org", withdrawn_at: "2026-11-26T09:00:00.000Z" });
    expect(await render("lead.match_available", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" })).toBeNull();
  });

  it("a profile's message: to its manager; nothing without the message or the manager", async () => {
    const { id: contactId } = await suite.database.db
      .insertInto("contact_messages")
      .values({ name: "Sam", email: "sam@example.org", mobile: "", message: "Hi", agent_id: agentId, created_at: "2026-11-25T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rendered = (await render("contact.message", { contact_id: Number(contactId), agent_id: agentId }))!;
    expect(rendered.email).toMatchObject({ to: await managerEmail(agentId), subject: "Message from Sam through Managely", replyTo: "sam@example.org" });
    expect(await render("contact.message", { contact_id: Number(contactId), agent_id: 999_999 })).toBeNull();
    expect(await render("contact.message", { contact_id: 999_999, agent_id: agentId })).toBeNull();
  });

  it("the newsletter's confirmation: to the subscriber, only with a token and until the subscription is confirmed", async () => {
    const subscribe = async (email: string, confirmedAt: string | null) =>
      Number(
        (
          await suite.database.db
            .insertInto("newsletter_subscriptions")
            .values({ email_address: email, email_lower: email, created_at: "2026-11-25T10:00:00.000Z", confirmed_at: confirmedAt, confirm_token_hash: null, confirmation_sent_at: null })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const waiting = await subscribe("reader@example.org", null);
    const rendered = (await render("newsletter.confirmation", { subscription_id: waiting }, { token: "NEWSLETTER_TOKEN" }))!;
    expect(rendered.email.to).toBe("reader@example.org");
    expect(rendered.email.text).toContain(`${siteUrl}/newsletter/confirm/NEWSLETTER_TOKEN\n`);
    expect(await render("newsletter.confirmation", { subscription_id: waiting }, {})).toBeNull();
    expect(await render("newsletter.confirmation", { subscription_id: 999_999 }, { token: "NEWSLETTER_TOKEN" })).toBeNull();
    const confirmed = await subscribe("done@example.org", "2026-11-25T11:00:00.000Z");
    expect(await render("newsletter.confirmation", { subscription_id: confirmed }, { token: "NEWSLETTER_TOKEN" })).toBeNull();
  });

  it("a staff sign-in link: to the staff member, only with a user and a token, and never to a banned one", async () => {
    const addStaff = (id: string, email: string, banned: boolean) => insertStaff(suite.database, [{ id, name: id, email, role: "editor", banned }], "2026-11-25T10:00:00.000Z");
    await addStaff("render-staff", "staff@example.org", false);
    await addStaff("render-banned", "banned@example.org", true);
    const rendered = (await render("staff.sign_in", {}, { user_id: "render-staff", token: "SIGN_IN_TOKEN" }))!;
    expect(rendered.email.to).toBe("staff@example.org");
    expect(rendered.email.text).toContain(`${siteUrl}/workspace/sign-in/SIGN_IN_TOKEN\n`);
    expect(await render("staff.sign_in", {}, { user_id: "render-staff" })).toBeNull();
    expect(await render("staff.sign_in", {}, { token: "SIGN_IN_TOKEN" })).toBeNull();
    expect(await render("staff.sign_in", {}, { user_id: "render-banned", token: "SIGN_IN_TOKEN" })).toBeNull();
  });

  it("a CDN purge and the proposal kinds: written by their own modules from the row's payload", async () => {
    expect((await render("cdn.purge", {}, { paths: JSON.stringify(["/agents/TX"]) }))!.event).toEqual({
      type: "cdn.purge",
      data: { paths: ["/agents/TX"], urls: [`${siteUrl}/agents/TX`] },
    });
    expect(await render("cdn.purge", { payload: "" })).toBeNull();
    expect((await render("request.declined", { lead_id: leadId, agent_id: agentId }))!.event.type).toBe("request.declined");
    expect((await render("request.accepted", { lead_id: leadId, agent_id: agentId }))!.event.type).toBe("request.accepted");
    const at = new Date().toISOString();
    await suite.database.db
      .insertInto("proposals")
      .values({
        lead_id: leadId,
        agent_id: agentId,
        revision: 1,
        created_at: at,
        updated_at: at,
        management_percent: 8,
        management_flat: null,
        leasing_percent: null,
        setup_fee: null,
        renewal_fee: null,
        maintenance_markup_percent: null,
        contract_months: 12,
        start_date: "2026-12-01",
        services: "[]",
        message: "",
      })
      .execute();
    expect((await render("proposal.saved", { lead_id: leadId, agent_id: agentId }))!.event).toMatchObject({ type: "proposal.saved", data: { reference, agent_id: agentId } });
    const summary = (await render("proposal.summary", { lead_id: leadId }, { token: "PAGE_TOKEN_abcdefghijkl" }))!;
    expect(summary.event).toEqual({ type: "proposal.summary", data: { reference, proposals: 1 } });
    expect(summary.email.text).toContain(`\n${siteUrl}/requests/PAGE_TOKEN_abcdefghijkl\n`);
  });

  it("passes a subject's line break on to no header (renderMessage keeps headers one line)", async () => {
    const { id: contactId } = await suite.database.db
      .insertInto("contact_messages")
      .values({ name: "Sam\nBcc: victim@example.com", email: "sam@example.org", mobile: "", message: "Hi", agent_id: agentId, created_at: "2026-11-25T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await render("contact.message", { contact_id: Number(contactId), agent_id: agentId }))!.email.subject).toBe("Message from Sam Bcc: victim@example.com through Managely");
  });
});
