import { openDatabase } from "../../lib/db/connection";
import { handleCall, type ServiceContext } from "../../lib/service";
import { answerCall, readCallRequest } from "../../lib/service/http-entry";
import { createWriteRunner } from "../../lib/service/write";
import { FILES_ONLY } from "../../lib/service/delivery/routing";
import type { TestDatabase } from "../../test-support/database";

/**
 * One lead's save as the Submit button makes it (a browser at 203.0.113.7, three managers chosen,
 * an email address to confirm), with every SQL statement it sends to the database recorded: the
 * save trace of docs/architecture.md "What one save runs" (e2e/perf/save-trace.ts writes it there;
 * save-trace.test.ts checks it on SQLite and PostgreSQL).
 */
export type SaveTrace = {
  status: number;
  /** Every statement the database received, in order: its verb and table, `begin` and `commit` included. */
  issued: string[];
  /** The same without the transactions' own `begin`, `commit` and `rollback`. */
  statements: string[];
  /** Transactions the save opened: the `begin` statements it issued. */
  transactions: number;
  /** Transactions it committed: the `commit` statements it issued. */
  commits: number;
};

/** "insert into rate_limiter", "select zip_codes", "savepoint": a statement in a few words. */
function describeStatement(text: string): string {
  const sql = text.replace(/\s+/g, " ").trim().toLowerCase();
  const verb = sql.split(" ")[0];
  if (verb === "savepoint" || verb === "release" || sql.startsWith("rollback to")) return verb === "savepoint" ? "savepoint" : `${verb} savepoint`;
  const table = (pattern: RegExp) => sql.match(pattern)?.[1]?.replace(/"/g, "") ?? "?";
  if (verb === "insert") return `insert into ${table(/^insert into ("?\w+"?)/)}`;
  if (verb === "update") return `update ${table(/^update ("?\w+"?)/)}`;
  if (verb === "delete") return `delete from ${table(/^delete from ("?\w+"?)/)}`;
  if (verb === "select" || verb === "with") return `select ${table(/ from ("?\w+"?)/)}`;
  return verb;
}

/** A transaction's own statements: `begin` (SQLite's `begin immediate`), `commit`, `rollback`. */
const BOUNDS = new Set(["begin", "commit", "rollback"]);

const TRACED_ADDRESS = "203.0.113.7";

/** A lead as the quote form sends it; `agentIds` the managers ticked at step 5. */
function leadBody(agentIds: readonly number[]) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    submission_key: `trace-${stamp}`,
    property_category: 2,
    property_address: "1200 Congress Avenue",
    property_city: "Austin",
    property_zip: "78701",
    full_name: "Jordan Avery",
    email_address: `jordan.trace.${stamp}@example.org`,
    property_number: "5125550147",
    preferred_contact_method: "Email",
    agent_ids: agentIds,
    exam: [{ question: "How many units are in the building?", answer: "5-10 units" }],
  };
}

/**
 * Saves one lead through the HTTP entry and the door (http-entry.ts, index.ts), as
 * `POST /api/lead/save` from a browser of the site, and answers its status and the statements the
 * database received: the save runs on a handle of its own to the same database, opened with the
 * site's own connection code, which hears every statement its driver sends.
 */
export async function traceLeadSave(database: TestDatabase, { agentIds }: { agentIds: readonly number[] }): Promise<SaveTrace> {
  const issued: string[] = [];
  const traced = openDatabase(database.url, { onStatement: (sql) => issued.push(describeStatement(sql)) });
  try {
    return await saveTraced(traced, agentIds, issued);
  } finally {
    await traced.close();
  }
}

async function saveTraced(traced: ReturnType<typeof openDatabase>, agentIds: readonly number[], issued: string[]): Promise<SaveTrace> {
  const write = createWriteRunner(traced);
  const context: ServiceContext = { db: traced.db, dialect: traced.dialect, write, halfStateCount: 10, delivery: FILES_ONLY };
  const settings = { allowedOrigins: ["http://localhost:3000"], savesPerMinute: 10 };
  const service = { handle: (request: Parameters<typeof handleCall>[0]) => handleCall(request, { context, settings }) };
  const body = Buffer.from(JSON.stringify(leadBody(agentIds)));
  const request = await readCallRequest(
    {
      method: "POST",
      path: "/api/lead/save",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "content-length": String(body.length) },
      socketAddress: TRACED_ADDRESS,
      body: (async function* () {
        yield body;
      })(),
    },
    { trustProxy: false },
  );
  issued.length = 0;
  const answer = await answerCall(service, request);
  const count = (bound: string) => issued.filter((text) => text === bound).length;
  return { status: answer.status, issued: [...issued], statements: issued.filter((text) => !BOUNDS.has(text)), transactions: count("begin"), commits: count("commit") };
}

/** The statements of a save as docs/architecture.md lists them: numbered, repeats folded ("insert into rate_limiter ×2"). */
export function renderStatements(statements: readonly string[]): string {
  const folded: { text: string; count: number }[] = [];
  for (const text of statements) {
    const last = folded[folded.length - 1];
    if (last?.text === text) last.count++;
    else folded.push({ text, count: 1 });
  }
  return folded.map(({ text, count }, index) => `${index + 1}. \`${text}\`${count > 1 ? ` ×${count}` : ""}`).join("\n");
}
