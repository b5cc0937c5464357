import type { Service } from ".";
import { CONFIRM, NOT_FOUND, VERIFICATION } from "../contract/messages";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, confirmAsOwner, createTestService, tokenOf } from "@/test-support";
import { deliveryRouting } from "./delivery/routing";
import { renderMessage } from "./delivery/render";
import { CONFIRMATION_VALID_MS, sweepUnconfirmedLeads } from "./confirmations";
import { mailboxKey } from "../contract/keys";
import { onOutboxSignal } from "./delivery/signal";

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
    expect(saved.body).toMatchObject({ confirmation: "emailed", message: CONFIRM.leadAwaiting(saved.body.reference, names) });
    const lead = await leadOf(saved.body.reference);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);
    expect((await call("lead/request", { token: tokenOf(saved.body.request_path) })).body.request.awaiting_confirmation).toBe(true);

    // The private page's token (shown on /thank-you, to whoever typed the address) confirms nothing.
    const withPageToken = await call("lead/confirm", { token: tokenOf(saved.body.request_path), references: [saved.body.reference] });
    expect(withPageToken).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.confirmLink } });
    expect((await call("lead/confirmation", { token: tokenOf(saved.body.request_path) })).status).toBe(404);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);

    const [mail] = await rowsOf(lead.id, "lead.confirmation");
    const { confirm_token: confirmToken } = JSON.parse(mail.payload);
    const page = await call("lead/confirmation", { token: confirmToken });
    expect(page.body.success).toBe(true);
    expect(page.body.requests).toEqual([
      {
        reference: saved.body.reference,
        recipients: managers.slice(0, 3).map(({ agent_id, company_name }) => ({ agent_id, company_name, demo: 1 })).sort((a, b) => a.agent_id - b.agent_id),
        // Everything the managers would receive, before anything is sent (N5).
        details: {
          full_name: attackerLead.full_name,
          email_address: `first.${kind}@example.org`,
          phone: "(512) 555-0166",
          preferred_contact_method: "Email",
          property_address: attackerLead.property_address,
          property_city: attackerLead.property_city,
          property_zip: "78701",
          answers: attackerLead.exam,
        },
        saved_at: (await database.db.selectFrom("lead_confirmations").select("created_at").where("lead_id", "=", lead.id).executeTakeFirstOrThrow()).created_at,
        saved_from: "",
      },
    ]);

    const confirmed = await confirmAsOwner(service, confirmToken);
    expect(confirmed.body).toMatchObject({ success: true, message: CONFIRM.sent(1), requests: [{ reference: saved.body.reference }] });
    expect(await rowsOf(lead.id, "lead.new")).toHaveLength(3);
    expect((await leadOf(saved.body.reference)).email_confirmed_at).not.toBeNull();
    // The answer's link opens the request's private page.
    const view = await call("lead/request", { token: tokenOf(confirmed.body.requests[0].request_path) });
    expect(view.body.request).toMatchObject({ reference: saved.body.reference, awaiting_confirmation: false });

    expect((await confirmAsOwner(service, confirmToken)).body).toEqual({ success: true, message: CONFIRM.alreadySent, requests: [] });
    expect(await rowsOf(lead.id, "lead.new")).toHaveLength(3);
    expect((await call("lead/confirmation", { token: confirmToken })).body.requests).toEqual([]);
  });

  it("a link reopened after its request was withdrawn says so, sent or not, and asks for nothing untrue", async () => {
    const saved = await save(`reopened.${kind}@example.org`);
    const lead = await leadOf(saved.body.reference);
    const [mail] = await rowsOf(lead.id, "lead.confirmation");
    const { confirm_token: confirmToken } = JSON.parse(mail.payload);
    expect((await confirmAsOwner(service, confirmToken)).body.message).toBe(CONFIRM.sent(1));
    expect((await call("lead/withdraw", { token: tokenOf(saved.body.request_path) })).status).toBe(200);
    const afterWithdrawal = "This confirmation link no longer works: its request was withdrawn and its details erased, or the link expired (unconfirmed requests are erased after 7 days). To ask for quotes again, send a new request.";
    for (const name of ["lead/confirmation", "lead/confirm"]) {
      const answer = await call(name, { token: confirmToken, ...(name === "lead/confirm" ? { references: [saved.body.reference] } : {}) });
      expect(answer).toEqual({ status: 404, body: { success: false, message: afterWithdrawal } });
      expect(answer.body.message).not.toContain("Already sent");
    }
    // Withdrawn before it was confirmed: the same true sentence, nothing sent.
    const unsent = await save(`unsent.${kind}@example.org`);
    const unsentLead = await leadOf(unsent.body.reference);
    const unsentToken = JSON.parse((await rowsOf(unsentLead.id, "lead.confirmation"))[0].payload).confirm_token;
    // Erased from its confirmation page ("Not mine"): the only place an unconfirmed request is decided.
    expect((await call("lead/confirm", { token: unsentToken, erase: [unsent.body.reference] })).body.message).toBe(CONFIRM.erased(unsent.body.reference));
    expect((await confirmAsOwner(service, unsentToken)).body.message).toBe(afterWithdrawal);
    expect(await rowsOf(unsentLead.id, "lead.new")).toEqual([]);
  });

  it("mails an address that has not confirmed only what the site wrote: no name, city, address, answer or URL the visitor typed", async () => {
    const saved = await save(`victim.${kind}@example.org`);
    const lead = await leadOf(saved.body.reference);
    const [row] = await rowsOf(lead.id, "lead.confirmation");
    const rendered = await renderMessage(database.db, row, { siteUrl: SITE });
    // Both parts of the email (text and HTML).
    const mail = `${rendered!.email.subject}\n${rendered!.email.text}\n${rendered!.email.html}\n${JSON.stringify(rendered!.event)}`;
    expect(rendered!.email.html).toContain("<a href=");
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
    // The same answer as for a first request: nobody learns that this address asked for quotes today.
    expect(second.body).toMatchObject({ confirmation: "emailed", message: CONFIRM.leadAwaiting(second.body.reference, [managers[3].company_name]) });
    const leads = [await leadOf(first.body.reference), await leadOf(second.body.reference)];
    const mails = await confirmationRows(leads.map((lead) => lead.id));
    expect(mails).toHaveLength(1);

    const token = JSON.parse(mails[0].payload).confirm_token;
    const page = await call("lead/confirmation", { token });
    expect(page.body.requests.map((request: { reference: string }) => request.reference)).toEqual([first.body.reference, second.body.reference]);
    const confirmed = await confirmAsOwner(service, token);
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
    await database.db.updateTable("lead_confirmation_links").set({ created_at: eightDaysAgo }).where("email_key", "=", mailboxKey(`late.${kind}@example.org`)).execute();
    await database.db.updateTable("lead_confirmations").set({ created_at: eightDaysAgo }).where("lead_id", "=", lead.id).execute();
    await database.db.updateTable("leads").set({ created_at: eightDaysAgo }).where("id", "=", lead.id).execute();

    expect((await confirmAsOwner(service, token)).status).toBe(404);
    expect((await call("lead/confirmation", { token })).status).toBe(404);
    expect(await rowsOf(lead.id, "lead.new")).toEqual([]);

    // A lead saved just now waits on; a link mailed eight days ago to an owner who confirmed goes.
    const fresh = await save(`fresh.${kind}@example.org`);
    const confirmedLate = await save(`confirmed.late.${kind}@example.org`);
    const confirmedToken = JSON.parse((await rowsOf((await leadOf(confirmedLate.body.reference)).id, "lead.confirmation"))[0].payload).confirm_token;
    expect((await confirmAsOwner(service, confirmedToken)).body.message).toBe(CONFIRM.sent(1));
    const confirmedLinks = () => database.db.selectFrom("lead_confirmation_links").select("email_key").where("email_key", "=", mailboxKey(`confirmed.late.${kind}@example.org`)).execute();
    expect(await confirmedLinks()).toHaveLength(1);
    await database.db.updateTable("lead_confirmation_links").set({ created_at: eightDaysAgo }).where("email_key", "=", mailboxKey(`confirmed.late.${kind}@example.org`)).execute();

    expect(await sweepUnconfirmedLeads(database.db, { now: Date.now() })).toBeGreaterThanOrEqual(1);
    expect(await confirmedLinks()).toEqual([]);
    expect((await leadOf(fresh.body.reference)).email_address).toBe(`fresh.${kind}@example.org`);
    expect((await call("lead/request", { token: tokenOf(fresh.body.request_path) })).status).toBe(200);
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

  it("takes a link up to exactly 7 days after it was mailed, and not a millisecond later", async () => {
    const email = `boundary.${kind}@example.org`;
    const saved = await save(email);
    const token = JSON.parse((await rowsOf((await leadOf(saved.body.reference)).id, "lead.confirmation"))[0].payload).confirm_token;
    const link = await database.db.selectFrom("lead_confirmation_links").select("created_at").where("email_key", "=", mailboxKey(email)).executeTakeFirstOrThrow();
    const mailedAt = Date.parse(link.created_at);
    // Only the clock is fixed; the database's timers run as they do.
    jest.useFakeTimers({ now: mailedAt + CONFIRMATION_VALID_MS, doNotFake: ["nextTick", "setImmediate", "clearImmediate", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask", "hrtime", "performance"] });
    try {
      expect((await call("lead/confirmation", { token })).status).toBe(200);
      jest.setSystemTime(mailedAt + CONFIRMATION_VALID_MS + 1);
      expect((await call("lead/confirmation", { token })).status).toBe(404);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows no phone number on the confirmation page for a request saved without one", async () => {
    const saved = await save(`no.phone.${kind}@example.org`, { property_number: "" });
    const token = JSON.parse((await rowsOf((await leadOf(saved.body.reference)).id, "lead.confirmation"))[0].payload).confirm_token;
    const [request] = (await call("lead/confirmation", { token })).body.requests;
    expect(request.details).toMatchObject({ email_address: `no.phone.${kind}@example.org`, phone: "" });
  });

  it("wakes the outbox worker when a confirmation queues messages for managers, and not when it queues none", async () => {
    const confirmTokenOf = async (reference: string) => JSON.parse((await rowsOf((await leadOf(reference)).id, "lead.confirmation"))[0].payload).confirm_token;
    const unmatched = await save(`no.managers.${kind}@example.org`, { agent_ids: [] });
    const matched = await save(`some.managers.${kind}@example.org`);
    await save(`some.managers.${kind}@example.org`, { agent_ids: [] });
    const signals = jest.fn();
    const stop = onOutboxSignal(signals);
    try {
      // A request that names no manager queues nothing when confirmed.
      const none = await confirmAsOwner(service, await confirmTokenOf(unmatched.body.reference));
      expect(none.body).toMatchObject({ message: CONFIRM.sent(1), requests: [{ recipients: [] }] });
      expect(signals).not.toHaveBeenCalled();
      // Two requests of one mailbox, one naming managers and one not: one signal.
      const some = await confirmAsOwner(service, await confirmTokenOf(matched.body.reference));
      expect(some.body.message).toBe(CONFIRM.sent(2));
      expect(signals).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("counts a confirmed request toward each of its managers' caps, not one cap shared by all managers", async () => {
    // One save a minute: a manager's cap is three confirmed requests.
    const limited = createTestService(database, { savesPerMinute: 1, delivery: deliveryRouting({ smtp: true, webhook: false }) });
    const headers = () => new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    const statuses: number[] = [];
    for (const [index, manager] of [managers[3], managers[3], managers[4], managers[4]].entries()) {
      const body = { ...attackerLead, email_address: `capped.${index}.${kind}@example.org`, submission_key: `capped-${kind}-${++sequence}-abcdef`, agent_ids: [manager.agent_id] };
      const saved = await limited.handle({ call: "lead/save", body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers: headers(), address: `203.0.113.${10 + index}` } });
      expect(saved.status).toBe(200);
      const reference = (saved.body as { reference: string }).reference;
      const token = JSON.parse((await rowsOf((await leadOf(reference)).id, "lead.confirmation"))[0].payload).confirm_token;
      const confirmed = await limited.handle({ call: "lead/confirm", body: JSON.stringify({ token, references: [reference] }), caller: { kind: "http", method: "POST", headers: headers(), address: `203.0.113.${20 + index}` } });
      statuses.push(confirmed.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  /** A call from a browser of the site at `address`, as the HTTP route hands it over. */
  const fromBrowser = async (name: string, body: unknown, address: string) => {
    const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    const result = await service.handle({ call: name, body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } });
    return { status: result.status, body: result.body as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const leadBody = (email: string, extra: Record<string, unknown> = {}) => ({
    ...attackerLead,
    email_address: email,
    submission_key: `browser-${kind}-${++sequence}-abcdef`,
    agent_ids: [managers[0].agent_id],
    ...extra,
  });

  it("mails one mailbox, not one string: twenty requests to victim+1 … victim+20 and twenty newsletter sign-ups make one lead link and one newsletter link (N4)", async () => {
    const mailbox = `mailbomb.${kind}`;
    const leads = [];
    for (let index = 1; index <= 20; index++) leads.push(await save(`${mailbox}+${index}@example.org`));
    for (let index = 1; index <= 20; index++) expect((await call("newsletter/save", { email_address: `${mailbox}+news${index}@example.org` })).status).toBe(200);
    const leadIds = await Promise.all(leads.map(async (saved) => (await leadOf(saved.body.reference)).id));
    expect(await confirmationRows(leadIds)).toHaveLength(1);
    const newsletterMails = await database.db
      .selectFrom("outbox_messages")
      .innerJoin("newsletter_subscriptions", "newsletter_subscriptions.id", "outbox_messages.subscription_id")
      .select("outbox_messages.id")
      .where("newsletter_subscriptions.email_address", "like", `${mailbox}+%`)
      .execute();
    expect(newsletterMails).toHaveLength(1);
    // Every answer the same, so the sender learns nothing from them.
    expect(new Set(leads.map((saved) => saved.body.message.replace(saved.body.reference, "REF")))).toHaveProperty("size", 1);
  });

  it("lists every waiting request with what its managers would receive and when and from where it was saved, ticks none, and sends only what the owner ticks", async () => {
    const email = `rider.${kind}@example.org`;
    const owner = await fromBrowser("lead/save", leadBody(email, { full_name: "Olivia Owner", property_address: "12 Real Street" }), "198.51.100.10");
    // An attacker types the owner's address (another case, a +tag) from elsewhere, with words of their own.
    const attacker = await fromBrowser("lead/save", leadBody(`Rider+x.${kind}@Example.org`.replace(`+x.${kind}`, `.${kind}+x`), { full_name: "Call 555-0199 now" }), "2001:db8:77::5");
    expect(owner.status).toBe(200);
    expect(attacker.status).toBe(200);
    // The same answer whether or not the address had a request waiting.
    expect(attacker.body.message.replace(attacker.body.reference, "REF")).toBe(owner.body.message.replace(owner.body.reference, "REF"));
    expect(attacker.body.confirmation).toBe(owner.body.confirmation);

    const ids = [(await leadOf(owner.body.reference)).id, (await leadOf(attacker.body.reference)).id];
    const [mail] = await confirmationRows(ids);
    const token = JSON.parse(mail.payload).confirm_token;
    const page = await call("lead/confirmation", { token });
    expect(page.body.requests.map((request: { reference: string; details: { full_name: string }; saved_from: string }) => [request.reference, request.details.full_name, request.saved_from])).toEqual([
      [owner.body.reference, "Olivia Owner", ""],
      [attacker.body.reference, "Call 555-0199 now", ""],
    ]);
    expect(page.body.requests.every((request: object) => !("ticked" in request))).toBe(true);

    // The button names what the owner ticked: the owner's own request only.
    const confirmed = await fromBrowser("lead/confirm", { token, references: [owner.body.reference] }, "198.51.100.10");
    expect(confirmed.body.requests.map((request: { reference: string }) => request.reference)).toEqual([owner.body.reference]);
    expect(await rowsOf(ids[0], "lead.new")).toHaveLength(1);
    expect(await rowsOf(ids[1], "lead.new")).toEqual([]);
    // Without a choice, nothing is sent.
    expect((await fromBrowser("lead/confirm", { token }, "198.51.100.10")).status).toBe(400);
    expect(await rowsOf(ids[1], "lead.new")).toEqual([]);
  });

  it("erases the owner's address from every table when a request is withdrawn, and after the sweep (L3)", async () => {
    const email = `erase.me.${kind}@example.org`;
    const withdrawn = await fromBrowser("lead/save", leadBody(email), "198.51.100.20");
    const swept = await fromBrowser("lead/save", leadBody(`erase.me.${kind}+later@example.org`), "198.51.100.21");
    expect(withdrawn.status).toBe(200);
    // Not the owner's: erased from the confirmation page, the only place an unconfirmed request is decided.
    const [mail] = await confirmationRows([(await leadOf(withdrawn.body.reference)).id]);
    expect((await call("lead/confirm", { token: JSON.parse(mail.payload).confirm_token, erase: [withdrawn.body.reference] })).body.success).toBe(true);

    const sweptLead = await leadOf(swept.body.reference);
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS).toISOString();
    await database.db.updateTable("lead_confirmations").set({ created_at: eightDaysAgo }).where("lead_id", "=", sweptLead.id).execute();
    await database.db.updateTable("lead_confirmation_links").set({ created_at: eightDaysAgo }).where("email_key", "=", mailboxKey(email)).execute();
    await sweepUnconfirmedLeads(database.db, { now: Date.now() });

    // Neither the address nor its mailbox's hash, anywhere; but the save limits' counters, which
    // must outlive a withdrawal (or withdrawing would reset them) and are gone within two days.
    const found: string[] = [];
    const inTwoDays = Date.now() + 2 * DAY_MS;
    // Each table once: on PostgreSQL the introspection lists every schema's tables (other suites' among them).
    const tables = new Set((await database.db.introspection.getTables()).map((table) => table.name));
    for (const name of tables) {
      const rows: Record<string, unknown>[] = await database.db.selectFrom(name as never).selectAll().execute();
      for (const row of rows) {
        const text = JSON.stringify(row).toLowerCase();
        const expiringCounter = name === "rate_limiter" && Number(row.expire) <= inTwoDays;
        if (text.includes(`erase.me.${kind}`) || (text.includes(mailboxKey(email)) && !expiringCounter)) found.push(`${name}: ${text.slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
