import type { Insertable } from "kysely";
import { handleCall, type ServiceContext } from ".";
import { FILES_ONLY } from "./delivery/routing";
import { createWriteRunner } from "./write";
import { E2E_CLEANUP, E2E_CLEANUP_TABLES, type E2eCleanupTable } from "../contract/e2e-cleanup";
import { mailboxKey } from "../contract/keys";
import type { LeadsTable } from "../db/schema";
import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";

announcePostgres();

const TOKEN = "e2e-cleanup-token-0123456789";
const SITE = "http://localhost:3000";
const DOMAIN = "run.example.org";
const AT = "2026-12-01T10:00:00.000Z";

/** `e2e/cleanup`: a write run's records go, with what hangs on them; nothing without the mark does. */
describe.each(databaseKinds)("e2e/cleanup on %s", (kind) => {
  let database: TestDatabase;
  let agentId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    agentId = (await database.db.selectFrom("agents").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow()).id;
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  const cleanup = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const context: ServiceContext = { db: database.db, dialect: database.dialect, write: createWriteRunner(database), halfStateCount: 10, delivery: FILES_ONLY };
    return handleCall(
      { call: "e2e/cleanup", body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers: new Headers({ "content-type": "application/json", ...headers }), address: "198.51.100.7" } },
      { context, settings: { allowedOrigins: [SITE], savesPerMinute: 10, apiToken: TOKEN } },
    );
  };

  let serial = 0;
  const outbox = (fields: { lead_id?: number; contact_id?: number; subscription_id?: number }) =>
    database.db
      .insertInto("outbox_messages")
      .values({ idempotency_key: `cleanup-${kind}-${++serial}`, kind: "lead.new", channel: "file", lead_id: null, agent_id: null, contact_id: null, subscription_id: null, payload: "{}", status: "pending", attempts: 0, next_attempt_at: AT, claimed_by: null, last_error: null, created_at: AT, sent_at: null, ...fields })
      .execute();

  /** A request with one row in every table that hangs on it. */
  async function request(email: string, fields: Partial<Insertable<LeadsTable>> = {}): Promise<number> {
    const n = ++serial;
    const lead = await database.db
      .insertInto("leads")
      .values({ submission_key: `lead-${kind}-${n}-0123456789`, submission_hash: null, property_category: 1, property_address: "1 Main St", property_city: "Austin", property_zip: "78701", property_price: "", full_name: "Dana", email_address: email, property_number: "5125550147", preferred_contact_method: "Email", price: "", exam: "[]", created_at: AT, reference: null, withdrawn_at: null, awaiting_match_since: null, email_confirmed_at: null, decided_at: null, proposals_told_at: null, ...fields })
      .returning("id")
      .executeTakeFirstOrThrow();
    const leadId = lead.id;
    const token = `${kind}-${n}`;
    await database.db.insertInto("lead_recipients").values({ lead_id: leadId, agent_id: agentId, company_name: "Co", consent_version: "v1", consent_text: "yes", consented_at: AT, decision: null, decided_at: null }).execute();
    await database.db.insertInto("lead_tokens").values({ token_hash: `lead-token-${token}`, lead_id: leadId, created_at: AT }).execute();
    await database.db.insertInto("lead_confirmations").values({ lead_id: leadId, email_key: mailboxKey(email || `erased.${token}@nowhere.test`), created_at: AT }).execute();
    if (email) await database.db.insertInto("lead_confirmation_links").values({ token_hash: `link-${token}`, email_key: mailboxKey(email), day: AT.slice(0, 10), created_at: AT }).execute();
    await database.db.insertInto("proposal_tokens").values({ token_hash: `proposal-token-${token}`, lead_id: leadId, agent_id: agentId, created_at: AT }).execute();
    const terms = { management_percent: 8, management_flat: null, leasing_percent: null, setup_fee: null, renewal_fee: null, maintenance_markup_percent: null, contract_months: 12, start_date: "2027-01-01", services: "[]", message: "" };
    const proposal = await database.db.insertInto("proposals").values({ lead_id: leadId, agent_id: agentId, revision: 1, created_at: AT, updated_at: AT, ...terms }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("proposal_revisions").values({ proposal_id: proposal.id, revision: 1, save_key: `save-${token}`, created_at: AT, ...terms }).execute();
    await outbox({ lead_id: leadId });
    return leadId;
  }

  async function contact(email: string): Promise<number> {
    const row = await database.db.insertInto("contact_messages").values({ name: "Sam", email, mobile: "", message: "Hello", agent_id: agentId, created_at: AT }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("contact_replies").values({ contact_id: row.id, body: "Hi", staff_user_id: null, staff_email: "ops@staff.example.com", reply_to: "ops@example.com", created_at: AT }).execute();
    await outbox({ contact_id: row.id });
    return row.id;
  }

  async function subscription(email: string): Promise<number> {
    const row = await database.db.insertInto("newsletter_subscriptions").values({ email_address: email, email_lower: email.toLowerCase(), created_at: AT, confirmed_at: null, confirm_token_hash: null, confirmation_sent_at: null }).returning("id").executeTakeFirstOrThrow();
    await outbox({ subscription_id: row.id });
    return row.id;
  }

  async function application(email: string): Promise<number> {
    return (await database.db.insertInto("agent_applications").values({ company_name: "Co", email, mobile: "5125550100", country_code: 1, created_at: AT }).returning("id").executeTakeFirstOrThrow()).id;
  }

  /** One record of each kind at an address. */
  const records = async (email: string) => ({ lead: await request(email), contact: await contact(email), subscription: await subscription(email), application: await application(email) });

  async function rowCounts(): Promise<Record<E2eCleanupTable, number>> {
    const entries = await Promise.all(E2E_CLEANUP_TABLES.map(async (table) => [table, Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)] as const));
    return Object.fromEntries(entries) as Record<E2eCleanupTable, number>;
  }
  const leadIds = async () => (await database.db.selectFrom("leads").select("id").execute()).map((row) => row.id);

  /** Addresses without the mark, or with it at another domain: a cleanup of DOMAIN keeps them all. */
  const UNMARKED = ["owner@run.example.org", "x.e2e-owner@run.example.org", "e2e-owner@other.example.org", "e2e-owner@sub.run.example.org", "e2e-owner@xrun.example.org", "e2e-owner@run.example.org.evil.test"];

  it("deletes the run's requests, messages, subscriptions and applications with what hangs on them, and keeps every record without the mark", async () => {
    const kept = await Promise.all(UNMARKED.map(records));
    const keptWithdrawn = await request("", { withdrawn_at: AT });
    const keptPhoneOnly = await request("", { submission_key: "e2e-lead-phone-only-0123456789" });
    const before = await rowCounts();

    await records("e2e-owner.desktop.1@run.example.org");
    await records("E2E-Reader.Phone.2@RUN.example.org");
    const withdrawn = await request("", { withdrawn_at: AT, submission_key: `e2e-lead-${kind}-withdrawn-0123456789` });
    const perRecord = { outbox_messages: 3, proposal_revisions: 1, proposals: 1, proposal_tokens: 1, lead_recipients: 1, lead_tokens: 1, lead_confirmations: 1, lead_confirmation_links: 1, leads: 1, contact_replies: 1, contact_messages: 1, newsletter_subscriptions: 1, agent_applications: 1 };
    const expected = Object.fromEntries(E2E_CLEANUP_TABLES.map((table) => [table, 2 * perRecord[table]])) as Record<E2eCleanupTable, number>;
    // The withdrawn request: its rows but its address's link (a withdrawal erased the address) and its contact, subscription and application.
    for (const table of ["outbox_messages", "proposal_revisions", "proposals", "proposal_tokens", "lead_recipients", "lead_tokens", "lead_confirmations", "leads"] as const) expected[table] += 1;

    expect(await cleanup({ domain: " Run.Example.ORG " })).toEqual({ status: 200, body: { success: true, deleted: expected } });
    expect(await rowCounts()).toEqual(before);
    const remaining = await leadIds();
    for (const record of kept) expect(remaining).toContain(record.lead);
    expect(remaining).toEqual(expect.arrayContaining([keptWithdrawn, keptPhoneOnly]));
    expect(remaining).not.toContain(withdrawn);
  });

  it("answers zeros and changes nothing the second time", async () => {
    await records("e2e-again@run.example.org");
    expect((await cleanup({ domain: DOMAIN })).status).toBe(200);
    const before = await rowCounts();
    const zeros = Object.fromEntries(E2E_CLEANUP_TABLES.map((table) => [table, 0]));
    expect(await cleanup({ domain: DOMAIN })).toEqual({ status: 200, body: { success: true, deleted: zeros } });
    expect(await rowCounts()).toEqual(before);
  });

  it("answers nobody without the token, and deletes nothing", async () => {
    await records("e2e-guarded@run.example.org");
    const before = await rowCounts();
    const refused = { status: 403, body: { success: false, message: E2E_CLEANUP.tokenRequired } };
    expect(await cleanup({ domain: DOMAIN }, {})).toEqual(refused);
    expect(await cleanup({ domain: DOMAIN }, { origin: SITE, "sec-fetch-site": "same-origin" })).toEqual(refused);
    expect(await cleanup({ domain: DOMAIN }, { authorization: `Bearer ${TOKEN}x` })).toEqual(refused);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a missing or malformed domain with its reason, and deletes nothing", async () => {
    await records("e2e-domainless@run.example.org");
    const before = await rowCounts();
    const refusal = (message: string) => ({ status: 400, body: { success: false, message, field: "domain" } });
    expect(await cleanup({})).toEqual(refusal(E2E_CLEANUP.domainRequired));
    expect(await cleanup({ domain: "  " })).toEqual(refusal(E2E_CLEANUP.domainRequired));
    expect(await cleanup({ domain: 7 })).toEqual(refusal(E2E_CLEANUP.domainRequired));
    for (const domain of ["org", "%", "%.org", "run_example.org", "e2e-x@run.example.org", "run.example.org/", "-run.example.org", "run..example.org", "run.example.123", `${"a".repeat(64)}.org`]) {
      expect([domain, await cleanup({ domain })]).toEqual([domain, refusal(E2E_CLEANUP.domainInvalid)]);
    }
    expect(await rowCounts()).toEqual(before);
  });
});
