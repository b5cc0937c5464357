import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { handleCall, type ServiceContext } from "../service";
import { answerCall, readCallRequest } from "../service/http-entry";
import { createWriteRunner, type WriteRunner } from "../service/write";
import { FILES_ONLY } from "../service/delivery/routing";
import type { TestDatabase } from "./database";

/**
 * One lead's save as the Submit button makes it (a browser at 203.0.113.7, three managers chosen,
 * an email address to confirm), with every SQL statement it runs recorded: the save trace of
 * README "What one save runs" (e2e/perf/save-trace.ts writes it there; save-trace.test.ts checks
 * it on SQLite and PostgreSQL).
 */
export type SaveTrace = {
  status: number;
  /** Each statement: its verb and table, `savepoint` for the batcher's own statements. */
  statements: string[];
  /** Transactions the save opened (each `write`). */
  transactions: number;
};

/** "insert into rate_limiter", "select zip_codes", "savepoint": a statement in a few words. */
export function describeStatement(text: string): string {
  const sql = text.replace(/\s+/g, " ").trim().toLowerCase();
  const verb = sql.split(" ")[0];
  if (verb === "savepoint" || verb === "release" || verb === "rollback") return verb === "savepoint" ? "savepoint" : `${verb} savepoint`;
  const table = (pattern: RegExp) => sql.match(pattern)?.[1]?.replace(/"/g, "") ?? "?";
  if (verb === "insert") return `insert into ${table(/^insert into ("?\w+"?)/)}`;
  if (verb === "update") return `update ${table(/^update ("?\w+"?)/)}`;
  if (verb === "delete") return `delete from ${table(/^delete from ("?\w+"?)/)}`;
  if (verb === "select" || verb === "with") return `select ${table(/ from ("?\w+"?)/)}`;
  return verb;
}

/** Records the text of every statement run through the Kysely instance it is plugged into. */
class StatementRecorder implements KyselyPlugin {
  readonly statements: string[] = [];
  constructor(private readonly compile: (node: RootOperationNode) => string) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(describeStatement(this.compile(node)));
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

export const TRACED_ADDRESS = "203.0.113.7";

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
 * `POST /api/lead/save` from a browser of the site, and answers its status and statements.
 */
export async function traceLeadSave(database: TestDatabase, { agentIds }: { agentIds: readonly number[] }): Promise<SaveTrace> {
  const recorder = new StatementRecorder((node) => database.db.getExecutor().compileQuery(node, { queryId: "trace" } as never).sql);
  const traced = database.db.withPlugin(recorder);
  const runner = createWriteRunner({ db: traced, dialect: database.dialect });
  let transactions = 0;
  const write: WriteRunner = (work) => {
    transactions++;
    return runner(work);
  };
  const context: ServiceContext = { db: traced, dialect: database.dialect, write, halfStateCount: 10, delivery: FILES_ONLY };
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
  recorder.statements.length = 0;
  const answer = await answerCall(service, request);
  return { status: answer.status, statements: [...recorder.statements], transactions };
}

/** The statements of a save as the README lists them: numbered, repeats folded ("insert into rate_limiter ×2"). */
export function renderStatements(statements: readonly string[]): string {
  const folded: { text: string; count: number }[] = [];
  for (const text of statements) {
    const last = folded[folded.length - 1];
    if (last?.text === text) last.count++;
    else folded.push({ text, count: 1 });
  }
  return folded.map(({ text, count }, index) => `${index + 1}. \`${text}\`${count > 1 ? ` ×${count}` : ""}`).join("\n");
}
