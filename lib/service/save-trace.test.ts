import fs from "node:fs";
import path from "node:path";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { renderStatements, traceLeadSave } from "@/e2e/perf/lead-save-trace";

announcePostgres();

/**
 * The save trace (docs/architecture.md "What one save runs", written by `npm run trace:save`): one
 * lead's save from a browser, its SQL logged, in the order the document gives, within its budget.
 */
const SAVE = [
  // The caller's keys, by its network only: the call's per-minute limit and the waiting leads' daily bound.
  ...Array(2).fill("insert into rate_limiter"),
  // The recipients check: the ZIP's point, the chosen listings, which of them serve it.
  "select zip_codes",
  "select agents",
  "select agent_areas",
  "insert into leads",
  "insert into lead_tokens",
  "insert into lead_recipients",
  // Waiting for its owner: the pending confirmation, the mailbox's link of the day, its mail cap, the email.
  "insert into lead_confirmations",
  "insert into lead_confirmation_links",
  "insert into rate_limiter",
  "insert into outbox_messages",
];
/** On SQLite the save runs under a savepoint of its own inside the grouped commit (write.ts). */
const expected = (kind: string, statements: string[]) => (kind === "sqlite" ? ["savepoint", ...statements, "release savepoint"] : statements);
const TRACE_BLOCK = /<!-- save-trace:statements -->\n([\s\S]*?)\n<!-- \/save-trace:statements -->/;

describe.each(databaseKinds)("one lead's save on %s", (kind) => {
  let database: TestDatabase;
  let agentIds: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const match = await callAsSite(createTestService(database), "agents/match", { property_zip: "78701", property_category: 2 });
    agentIds = match.body.agents.slice(0, 3).map((agent: { agent_id: number }) => agent.agent_id);
    // The first suite of a run seeds the run's template database: slow on shared cores.
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("is one transaction of at most 16 statements, named queries in order: counters, recipients, lead, token, recipients, confirmation, outbox", async () => {
    const trace = await traceLeadSave(database, { agentIds });
    expect(trace.status).toBe(200);
    expect(trace.statements).toEqual(expected(kind, SAVE));
    expect(trace.statements.length).toBeLessThanOrEqual(16);
    // Counted as the database received them: one BEGIN and one COMMIT, every statement between.
    expect(trace.issued).toEqual(["begin", ...expected(kind, SAVE), "commit"]);
    expect(trace.transactions).toBe(1);
    expect(trace.commits).toBe(1);
  });

  it("refuses a lead for a manager that does not exist in one transaction: the caller counted, the check, nothing else", async () => {
    const trace = await traceLeadSave(database, { agentIds: [agentIds[0], 987_654_321] });
    expect(trace.status).toBe(400);
    expect(trace.statements).toEqual(expected(kind, SAVE.slice(0, 5)));
    // The counters are committed (the caller is counted), with the check, in the one transaction.
    expect(trace.issued).toEqual(["begin", ...expected(kind, SAVE.slice(0, 5)), "commit"]);
    expect(trace.transactions).toBe(1);
    expect(trace.commits).toBe(1);
  });

  if (kind === "sqlite") {
    it("is the trace docs/architecture.md gives (regenerate it with npm run trace:save)", async () => {
      const architecture = fs.readFileSync(path.join(process.cwd(), "docs", "architecture.md"), "utf8");
      expect(architecture.match(TRACE_BLOCK)?.[1]).toBe(renderStatements(["begin", ...expected(kind, SAVE), "commit"]));
    });
  }
});

describe.each(databaseKinds)("the door's refusal path on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  const fromBrowser = async (service: ReturnType<typeof createTestService>, call: string, body: unknown, address: string) => {
    const headers = new Headers({ "content-type": "application/json", origin: "http://localhost:3000" });
    return (await service.handle({ call, body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers, address } })).status;
  };

  it("counts what stored nothing: invalid input, a honeypot's, a refused lead; the call after the limit is a 429", async () => {
    const service = createTestService(database, { savesPerMinute: 3 });
    const address = "198.51.100.77";
    const repeat = async (call: string, body: unknown) => [0, 1, 2, 3].reduce<Promise<number[]>>(async (done) => [...(await done), await fromBrowser(service, call, body, address)], Promise.resolve([]));
    const application = { company_name: "Bot Rentals", email: "bot@spam.example", country_code: 1, mobile: "5125550100", website: "http://spam.example" };
    // Per call name and network: three go through as they would (answered as usual), the fourth is refused.
    expect(await repeat("lead/save", { property_zip: "nope" })).toEqual([400, 400, 400, 429]);
    expect(await repeat("agent/save", application)).toEqual([200, 200, 200, 429]);
    expect(await repeat("lead/withdraw", { token: "a".repeat(43) })).toEqual([404, 404, 404, 429]);
    expect(await database.db.selectFrom("agent_applications").select("id").where("company_name", "=", "Bot Rentals").execute()).toEqual([]);
  });
});
