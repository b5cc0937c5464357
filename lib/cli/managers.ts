/**
 * npm run managers -- import FILE.csv [--dry-run]
 * npm run managers -- export FILE.csv
 * npm run managers -- remove-samples [--dry-run] [--force]
 *
 * Loads real managers from a CSV file (a dry run first: what would be added, changed and left
 * alone, and every problem by line and column), writes them back out, and removes the sample
 * listings. The rules and the work are lib/service/managers.ts's; this file reads the arguments
 * and prints. Works on the database named by DATABASE_URL (default: SQLite at .data/site.db).
 * Format and figures: docs/operator-import.md.
 */
import fs from "node:fs";
import { once } from "node:events";
import { env } from "../env";
import { migrateToLatest, openDatabase } from "../db/connection";
import { configuredRouting } from "../service/default-worker";
import { exportManagers, importManagers, removeSamples, type ImportReport } from "../service/managers";
import { audit } from "../service/workspace/seo";
import { IMPORT_WORDS } from "../contract/managers-csv";

const USAGE = [
  "usage: npm run managers -- import FILE.csv [--dry-run]",
  "       npm run managers -- export FILE.csv",
  "       npm run managers -- remove-samples [--dry-run] [--force]",
].join("\n");

const CONSOLE = { id: null, email: "npm run managers" };

type Request = { command: "import"; file: string; dryRun: boolean } | { command: "export"; file: string } | { command: "remove-samples"; dryRun: boolean; force: boolean };

function parseArgs(argv: string[]): Request {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((arg) => arg.startsWith("--")));
  const files = rest.filter((arg) => !arg.startsWith("--"));
  const allow = (allowed: string[]) => {
    const unknown = [...flags].filter((flag) => !allowed.includes(flag));
    if (unknown.length) throw new Error(`Unknown option ${unknown.join(", ")}.\n${USAGE}`);
  };
  if (command === "import" && files.length === 1) {
    allow(["--dry-run"]);
    return { command, file: files[0], dryRun: flags.has("--dry-run") };
  }
  if (command === "export" && files.length === 1) {
    allow([]);
    return { command, file: files[0] };
  }
  if (command === "remove-samples" && files.length === 0) {
    allow(["--dry-run", "--force"]);
    return { command, dryRun: flags.has("--dry-run"), force: flags.has("--force") };
  }
  throw new Error(USAGE);
}

const n = (value: number) => value.toLocaleString("en-US");

function printImport(report: ImportReport, { dryRun, file, seconds }: { dryRun: boolean; file: string; seconds: string }) {
  for (const problem of report.problems) console.log(IMPORT_WORDS.problem(problem));
  const counts = IMPORT_WORDS.counts(report);
  if (dryRun) console.log(`Dry run of ${file} (nothing was written): ${counts}.`);
  else if (report.applied) console.log(`Imported ${file} in ${seconds} s: ${n(report.added)} added, ${n(report.changed)} changed, ${n(report.unchanged)} unchanged; ${n(report.paths)} pages refreshed.`);
  else console.log(`Nothing was imported from ${file}: ${counts}. Fix the problems and run it again.`);
}

async function main() {
  const request = parseArgs(process.argv.slice(2));
  if (request.command === "import" && !fs.existsSync(request.file)) throw new Error(`No file ${request.file}.`);
  const handle = openDatabase(env().DATABASE_URL);
  try {
    await migrateToLatest(handle);
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
    if (request.command === "import") {
      const report = await importManagers(handle.db, { open: () => fs.createReadStream(request.file), dryRun: request.dryRun, routing: configuredRouting() });
      printImport(report, { dryRun: request.dryRun, file: request.file, seconds: seconds() });
      if (report.applied && report.added + report.changed > 0) await audit(handle.db, CONSOLE, "managers.imported", `file:${request.file}`, `${report.added} added, ${report.changed} changed`);
      if (report.problems.length) process.exitCode = 1;
    } else if (request.command === "export") {
      const out = fs.createWriteStream(request.file);
      const rows = await exportManagers(handle.db, async (chunk) => {
        if (!out.write(chunk)) await once(out, "drain");
      });
      out.end();
      await once(out, "finish");
      console.log(`Wrote ${n(rows)} imported listings to ${request.file} in ${seconds()} s.`);
    } else {
      const result = await removeSamples(handle.db, { dryRun: request.dryRun, force: request.force, routing: configuredRouting() });
      if (result.refused) {
        console.log(result.refused);
        process.exitCode = 1;
      } else if (request.dryRun) console.log(`Dry run (nothing was removed): ${n(result.samples)} sample listings would be removed; ${n(result.real)} real listings stay.`);
      else {
        console.log(`Removed ${n(result.removed)} sample listings in ${seconds()} s; ${n(result.real)} real listings stay; ${n(result.paths)} pages refreshed.`);
        if (result.removed) await audit(handle.db, CONSOLE, "samples.removed", null, `${result.removed} listings`);
      }
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
