/**
 * The workspace's SEO audit in figures, over a database: how many indexable pages have an error
 * (lib/contract/seo-audit.ts) and how many pages each problem touches. README "Workspace" records
 * the seed's figures.
 *
 *   npx tsx scripts/seo-audit.ts            a fresh seeded SQLite database in a temporary folder
 *   npx tsx scripts/seo-audit.ts --current  the database named by DATABASE_URL, as it is
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { env } from "../lib/env";
import { openDatabase } from "../lib/db/connection";
import { prepareDatabase } from "../lib/db/setup";
import { siteRows } from "../lib/service/workspace/site";
import { AUDIT_SEVERITY, auditSummary } from "../lib/contract/seo-audit";
import { duplicateLists } from "../lib/service/workspace/duplicate-lists";

async function main() {
  const current = process.argv.includes("--current");
  const folder = current ? null : fs.mkdtempSync(path.join(os.tmpdir(), "managely-seo-audit-"));
  const handle = openDatabase(folder ? `file:${path.join(folder, "audit.db")}` : env().DATABASE_URL);
  try {
    if (folder) await prepareDatabase(handle, { demo: true });
    const summary = auditSummary((await siteRows(handle.db)).rows);
    console.log(`${summary.indexable} indexable pages; ${summary.withError} with an error (${summary.cleanPercent.toFixed(2)}% without); ${summary.withAnyProblem} with any problem.`);
    for (const [problem, count] of Object.entries(summary.counts)) if (count > 0) console.log(`  ${problem} (${AUDIT_SEVERITY[problem as keyof typeof AUDIT_SEVERITY]}): ${count}`);
    const lists = await duplicateLists(handle.db);
    const pages = lists.cityGroups.reduce((total, group) => total + group.length, 0);
    console.log(`Duplicate lists: ${lists.tabsRepeatingCity} tabs repeat their city page (canonical to it, out of the sitemap); ${lists.cityGroups.length} groups of city pages (${pages} pages) list the same managers.`);
  } finally {
    await handle.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
