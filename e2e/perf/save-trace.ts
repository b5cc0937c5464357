/**
 * `npm run trace:save`: saves one lead on a fresh SQLite database (a browser's `POST
 * /api/lead/save`, three managers chosen, an email address to confirm) with its SQL logged, and
 * the V8 coverage of the save itself, then writes "What one save runs" in docs/architecture.md
 * between its `<!-- save-trace -->` markers: the server-side files the save entered, its
 * statements, and a refused lead's. lib/service/save-trace.test.ts checks the statements there.
 */
import fs from "node:fs";
import path from "node:path";
import inspector from "node:inspector/promises";
import { callAsSite, createTestDatabase, createTestService } from "../../test-support";
import { renderStatements, traceLeadSave } from "./lead-save-trace";

const ROOT = path.resolve(__dirname, "../..");
const DOCUMENT = path.join(ROOT, "docs", "architecture.md");

const transactions = (count: number) => `${count} transaction${count === 1 ? "" : "s"}`;

type Coverage = { result: { url: string; functions: { ranges: { count: number }[] }[] }[] };

/** The repository's server-side files (not tests, not the trace's own harness) with a function run since the last call. */
function filesEntered(coverage: Coverage): string[] {
  const files = new Set<string>();
  for (const script of coverage.result) {
    if (!script.url.startsWith(`file://${ROOT}/`) || script.url.includes("/node_modules/")) continue;
    const file = script.url.slice(`file://${ROOT}/`.length);
    if (file.startsWith("test-support/") || file.startsWith("e2e/")) continue;
    if (script.functions.some((fn) => fn.ranges[0]?.count > 0)) files.add(file);
  }
  return [...files].sort();
}

async function main() {
  const database = await createTestDatabase("sqlite");
  try {
    const match = await callAsSite(createTestService(database), "agents/match", { property_zip: "78701", property_category: 2 });
    const agentIds = match.body.agents.slice(0, 3).map((agent: { agent_id: number }) => agent.agent_id);
    // A first save loads every module; the one measured runs warm, as a live server's would.
    await traceLeadSave(database, { agentIds });
    const session = new inspector.Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    await session.post("Profiler.takePreciseCoverage");
    const saved = await traceLeadSave(database, { agentIds });
    const files = filesEntered((await session.post("Profiler.takePreciseCoverage")) as Coverage);
    await session.post("Profiler.stopPreciseCoverage");
    session.disconnect();
    const refused = await traceLeadSave(database, { agentIds: [agentIds[0], 987_654_321] });
    if (saved.status !== 200 || refused.status !== 400) throw new Error(`unexpected answers: ${saved.status}, ${refused.status}`);

    const section = [
      "<!-- save-trace -->",
      `Written by \`npm run trace:save\` (SQLite). The save entered ${files.length} server-side files`,
      `(V8 coverage of the save alone, warm): ${files.map((file) => `\`${file}\``).join(", ")}.`,
      "",
      `It ran ${saved.statements.length} statements in ${transactions(saved.transactions)}, as the database received them (${saved.commits} committed):`,
      "",
      "<!-- save-trace:statements -->",
      renderStatements(saved.issued),
      "<!-- /save-trace:statements -->",
      "",
      `A lead refused for a manager that does not exist ran ${refused.statements.length} statements in ${transactions(refused.transactions)} (${refused.commits} committed): ${refused.issued.map((text) => `\`${text}\``).join(", ")}.`,
      "<!-- /save-trace -->",
    ].join("\n");
    const document = fs.readFileSync(DOCUMENT, "utf8");
    const updated = document.replace(/<!-- save-trace -->[\s\S]*?<!-- \/save-trace -->/, section);
    if (updated === document && !document.includes(section)) throw new Error(`${path.relative(ROOT, DOCUMENT)} has no <!-- save-trace --> markers`);
    fs.writeFileSync(DOCUMENT, updated);
    console.log(section);
  } finally {
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
