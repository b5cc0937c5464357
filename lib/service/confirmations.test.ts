import type { Service } from ".";
import { CONFIRM, NOT_FOUND, VERIFICATION } from "../contract/messages";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, createTestService } from "@/lib/test-support";
import { deliveryRouting } from "./delivery/routing";
import { renderMessage } from "./delivery/render";
import { sweepUnconfirmedLeads } from "./confirmations";

announcePostgres();

const SITE = "https://www.managely.test";
const DAY_MS = 24 * 60 * 60_000;

/** What an attacker types to make the site mail a stranger. */
const attackerLead = {
  property_category: 1,
  property_address: "Click http://evil.example/address now",
  property_city: "Evilcity",
  property_zip: "78701",
  property_price: "",
  full_name: "Visit http://evil.example",
  property_number: "5125550166",
  preferred_contact_method: "Email",
  price: "",
  exam: [{ question: "How many units are in the building?", answer: "Win a prize at http://evil.example/prize" }],
};

const tokenOf = (path: string) => path.split("/").pop()!;

describe.each(databaseKinds)("the owner's email confirmation (double opt-in) on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  let managers: { agent_id: number; company_name: string }[] = [];
  let sequence = 0;
  const call = (name: string, body: unknown) => callAsSite(service, name, body);
  const save = (email: string, extra: Record<string, unknown> = {}) =>
    call("lead/save", { ...attackerLead, email_address: email, submission_key: `confirm-${kind}-${++sequence}-abcdef`, agent_ids: managers.slice(0, 3).map((agent) => agent.agent_id), ...extra });
  const leadOf = (reference: string) => database.db.selectFrom("leads").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const rowsOf = (leadId: number, messageKind: string) =>
    database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "=", leadId).where("kind", "=", messageKind as never).orderBy("id").execute();
  const confirmationRows = (leadIds: number[]) =>
    database.db.selectFrom("outbox_messages").selectAll().where("lead_id", "in", leadIds).where("kind", "=", "lead.confirmation").execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database, { savesPerMinute: 1000, delivery: deliveryRouting({ smtp: true, webhook: false }) });
    managers = (await call("agents/match", { property_zip: "78701", property_category: 1 })).body.agents;
  });
  afterAll(async () => database?.destroy());

  it("queues nothing for the managers until the owner confirms by the mailed link; the page's token confirms nothing; a second click sends nothing", async () => {
    const saved = await save(`first.${kind}@example.org`);
    const names = managers.slice(0, 3).map((agent) => agent.company_name);
    expect(saved.body).toMatchObject({ confirmation: "emailed", message: CONFIRM.leadAwaiting(saved.body.reference, names, false) });
    const lead = await leadOf(saved.body.reference);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);
    expect((await call("lead/request", { token: tokenOf(saved.body.request_path) })).body.request.awaiting_confirmation).toBe(true);

    // The private page's token (shown on /thank-you, to whoever typed the address) confirms nothing.
    const withPageToken = await call("lead/confirm", { token: tokenOf(saved.body.request_path) });
    expect(withPageToken).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.confirmLink } });
    expect((await call("lead/confirmation", { token: tokenOf(saved.body.request_path) })).status).toBe(404);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);

    const [mail] = await rowsOf(lead.id, "lead.confirmation");
    const { confirm_token: confirmToken } = JSON.parse(mail.payload);
    const page = await call("lead/confirmation", { token: confirmToken });
    expect(page.body.requests).toEqual([{ reference: saved.body.reference, recipients: managers.slice(0, 3).map(({ agent_id, company_name }) => ({ agent_id, company_name, demo: 1 })).sort((a, b) => a.agent_id - b.agent_id) }]);

    const confirmed = await call("lead/confirm", { token: confirmToken });
    expect(confirmed.body).toMatchObject({ success: true, message: CONFIRM.sent(1), requests: [{ reference: saved.body.reference }] });
    expect(await rowsOf(lead.id, "lead.new")).toHaveLength(3);
    expect((await leadOf(saved.body.reference)).email_confirmed_at).not.toBeNull();
    // The answer's link opens the request's private page.
    const view = await call("lead/request", { token: tokenOf(confirmed.body.requests[0].request_path) });
    expect(view.body.request).toMatchObject({ reference: saved.body.reference, awaiting_confirmation: false });

    expect((await call("lead/confirm", { token: confirmToken })).body).toEqual({ success: true, message: CONFIRM.alreadySent, requests: [] });
    expect(await rowsOf(lead.id, "lead.new")).toHaveLength(3);
    expect((await call("lead/confirmation", { token: confirmToken })).body.requests).toEqual([]);
  });

  it("mails an address that has not confirmed only what the site wrote: no name, city, address, answer or URL the visitor typed", async () => {
    const saved = await save(`victim.${kind}@example.org`);
    const lead = await leadOf(saved.body.reference);
    const [row] = await rowsOf(lead.id, "lead.confirmation");
    const rendered = await renderMessage(database.db, row, { siteUrl: SITE });
    const mail = `${rendered!.email.subject}\n${rendered!.email.text}\n${JSON.stringify(rendered!.event)}`;
    for (const typed of ["evil.example", "Visit", "Evilcity", "Click", "prize", "Win"]) expect(mail).not.toContain(typed);
    expect(mail).toContain(saved.body.reference);
    for (const agent of managers.slice(0, 3)) expect(mail).toContain(agent.company_name);
    expect(rendered!.email.text).toContain(`${SITE}/requests/confirm/${JSON.parse(row.payload).confirm_token}`);
    expect(rendered!.email.text).toContain(`${SITE}${saved.body.request_path}`);
  });

  it("mails an address once a day, compared trimmed and in lower case; that link sends every waiting request of it", async () => {
    const first = await save(` Owner.${kind}@Example.com`);
    const second = await save(`owner.${kind}@example.com`, { agent_ids: [managers[3].agent_id] });
    expect(first.body.confirmation).toBe("emailed");
    expect(second.body).toMatchObject({ confirmation: "emailed_earlier", message: CONFIRM.leadAwaiting(second.body.reference, [managers[3].company_name], true) });
    const leads = [await leadOf(first.body.reference), await leadOf(second.body.reference)];
    const mails = await confirmationRows(leads.map((lead) => lead.id));
    expect(mails).toHaveLength(1);

    const token = JSON.parse(mails[0].payload).confirm_token;
    const page = await call("lead/confirmation", { token });
    expect(page.body.requests.map((request: { reference: string }) => request.reference)).toEqual([first.body.reference, second.body.reference]);
    const confirmed = await call("lead/confirm", { token });
    expect(confirmed.body.message).toBe(CONFIRM.sent(2));
    expect(await rowsOf(leads[0].id, "lead.new")).toHaveLength(3);
    expect(await rowsOf(leads[1].id, "lead.new")).toHaveLength(1);
  });

  it("sends only the requests the page listed when it names them: one saved after the page was opened keeps waiting", async () => {
    const shown = await save(`listed.${kind}@example.org`);
    const [mail] = await rowsOf((await leadOf(shown.body.reference)).id, "lead.confirmation");
    const token = JSON.parse(mail.payload).confirm_token;
    const page = await call("lead/confirmation", { token });
    expect(page.body.requests.map((request: { reference: string }) => request.reference)).toEqual([shown.body.reference]);
    // Saved (by anyone who knows the address) while the owner's page was open.
    const later = await save(`listed.${kind}@example.org`, { agent_ids: [managers[3].agent_id] });

    const confirmed = await call("lead/confirm", { token, references: [shown.body.reference] });
    expect(confirmed.body).toMatchObject({ message: CONFIRM.sent(1), requests: [{ reference: shown.body.reference }] });
    expect(await rowsOf((await leadOf(shown.body.reference)).id, "lead.new")).toHaveLength(3);
    expect(await rowsOf((await leadOf(later.body.reference)).id, "lead.new")).toEqual([]);
    expect((await call("lead/confirmation", { token })).body.requests.map((request: { reference: string }) => request.reference)).toEqual([later.body.reference]);
    expect((await call("lead/confirm", { token, references: [] })).status).toBe(400);
  });

  it("refuses a link older than 7 days, and the sweep erases the unconfirmed lead and closes its page", async () => {
    const saved = await save(`late.${kind}@example.org`);
    const lead = await leadOf(saved.body.reference);
    const [mail] = await rowsOf(lead.id, "lead.confirmation");
    const token = JSON.parse(mail.payload).confirm_token;
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS).toISOString();
    await database.db.updateTable("lead_confirmation_links").set({ created_at: eightDaysAgo }).where("email_key", "=", `late.${kind}@example.org`).execute();
    await database.db.updateTable("lead_confirmations").set({ created_at: eightDaysAgo }).where("lead_id", "=", lead.id).execute();
    await database.db.updateTable("leads").set({ created_at: eightDaysAgo }).where("id", "=", lead.id).execute();

    expect((await call("lead/confirm", { token })).status).toBe(404);
    expect((await call("lead/confirmation", { token })).status).toBe(404);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);

    expect(await sweepUnconfirmedLeads(database.db, { now: Date.now() })).toBeGreaterThanOrEqual(1);
    const erased = await leadOf(saved.body.reference);
    expect(erased).toMatchObject({ full_name: "", email_address: "", property_number: "", property_address: "", exam: "[]", email_confirmed_at: null });
    expect((await rowsOf(lead.id, "lead.confirmation"))[0]).toMatchObject({ status: "cancelled", payload: "{}" });
    expect((await call("lead/request", { token: tokenOf(saved.body.request_path) })).status).toBe(404);
    expect(await sweepUnconfirmedLeads(database.db, { now: Date.now() })).toBe(0);
  });

  it("sends a quote-guarantee lead with a phone number only at once, marked to its managers as not verified", async () => {
    const saved = await save("", { full_name: "", preferred_contact_method: undefined, exam: undefined, price: 135, property_number: "5125550199" });
    expect(saved.body.confirmation).toBe("none");
    const lead = await leadOf(saved.body.reference);
    const rows = await rowsOf(lead.id, "lead.new");
    expect(rows).toHaveLength(3);
    const rendered = await renderMessage(database.db, rows[0], { siteUrl: SITE });
    expect(rendered!.email.text).toContain(`Contact details: ${VERIFICATION.phoneNotVerified}`);
    expect(rendered!.event.data).toMatchObject({ verification: "phone_not_verified" });
  });
});
