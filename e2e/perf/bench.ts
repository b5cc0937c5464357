/**
 * `npm run bench` (never part of `npm test`): builds the site into .next-bench with a fresh
 * .data/bench.db, starts the production server on a free port of 3500-3599, starts a reference
 * server for the same bytes (nginx with gzip_static, or a minimal Node server; see reference.ts),
 * and measures with autocannon (20 connections, 10 s after a 2 s warm-up):
 * - each page (home, a city page, a profile, a law page, step 1) as a share of the reference's
 *   requests/s, with `Accept-Encoding: gzip, br` (target: 80% or more, p99 at most 15 ms) and
 *   without (target: 85% or more);
 * - lead/save writes/s (target: 1,000 or more), and that the leads table holds exactly as many
 *   rows as were acknowledged.
 *
 * `npm run bench -- --scale` then compares the normal seed with a million more managers
 * (e2e/perf/scale.ts: agents/list, agents/near and an uncached city page; target: within 10%).
 *
 * `npm run bench -- --crawl` measures first requests instead, as a crawler makes them (see
 * crawl.ts: `--crawl-all`, `--redis`, `--pages=N`). `-- --crawl --cpu-profile` then prints where a
 * cold page's time goes, by phase, beside the bare Next.js page's (cpu-profile.ts; `--top`:
 * what each phase spent its time in; alone, `--cpu-profile` profiles without the crawl).
 *
 * `npm run bench -- --import[=ROWS]` measures the managers CSV import instead (import.ts: the dry
 * run, the import, the same file again and the export of 100,000 rows; no site is built).
 *
 * `-- --reuse-build` skips the build when .next-bench has one; `-- --writes-only` measures lead/save
 * alone (no pages, no reference server). Exit 1 when a stored count differs
 * from the acknowledged count or a measurement fails; a missed speed target is printed, not fatal.
 */
import crypto from "node:crypto";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import { agentPath, cityPath, lawPath, PATHS, STEP_PATHS } from "../../lib/contract/routes";
import { buildAndStartSite, flags, stopEverything, type RunningSite } from "../support/production-site";
import { compareAtScale } from "./scale";
import { importBench } from "./import";
import { measureCrawl, redisSiteEnvironment } from "./crawl";
import { profileColdRenders } from "./cpu-profile";
import { measureLoad, warmPath } from "./load";
import { startReference } from "./reference";
import { describeMachine, formatNumber, percent, printTable, verdict, warnIfBusy } from "./report";

const CONNECTIONS = 20;
const SECONDS = 10;
const WARMUP_SECONDS = 2;

const TARGET_COMPRESSED_SHARE = 0.8;
const TARGET_COMPRESSED_P99_MS = 15;
const TARGET_PLAIN_SHARE = 0.85;
const TARGET_WRITES_PER_SECOND = 1_000;

const CITY = { state: "TX", city: "austin" } as const;
const CITY_PATH = cityPath(CITY.state, CITY.city);
const COMPRESSED = { "accept-encoding": "gzip, br" };

type AgentsListAnswer = { agents?: { total: number; data: { agent_id: number; state: string; city_slug: string }[] } };

/** A complete quote-flow submission, as the last step sends it. */
const LEAD = {
  property_category: 1,
  property_address: "100 Congress Avenue",
  property_city: "Austin",
  property_zip: "78701",
  full_name: "Bench Visitor",
  email_address: "bench.visitor@example.com",
  property_number: "5125550100",
  preferred_contact_method: "Phone",
  exam: [],
};

async function firstAustinProfilePath(site: RunningSite): Promise<string> {
  const { status, json } = await site.call<AgentsListAnswer>("agents/list", CITY);
  const agent = json.agents?.data[0];
  if (status !== 200 || !agent) throw new Error(`agents/list for ${CITY.state}/${CITY.city} answered ${status} without managers.`);
  return agentPath(agent);
}

// ---------------------------------------------------------------------------------------------
// Pages, against the reference

type PageTarget = { name: string; path: string };

async function measurePages(site: RunningSite): Promise<boolean> {
  const targets: PageTarget[] = [
    { name: "home", path: PATHS.home },
    { name: "city page", path: CITY_PATH },
    { name: "profile", path: await firstAustinProfilePath(site) },
    { name: "law page", path: lawPath("texas") },
    { name: "step 1", path: STEP_PATHS[1] },
  ];
  // The reference serves exactly the bytes the site serves for each page.
  const pages = [];
  for (const target of targets) {
    const { status } = await warmPath(site.url, target.path);
    if (status !== 200) throw new Error(`${target.path} answered ${status} instead of 200.`);
    const response = await fetch(`${site.url}${target.path}`);
    pages.push({ name: target.name, body: Buffer.from(await response.arrayBuffer()) });
  }
  const reference = await startReference(pages);
  console.log(`[bench] reference: ${reference.kind === "nginx" ? "nginx with gzip_static" : "a minimal Node http server (nginx is not available)"} on ${reference.url}`);

  let measuredCleanly = true;
  const rows: (string | number)[][] = [];
  try {
    for (const target of targets) {
      for (const [mode, headers] of [["gzip, br", COMPRESSED], ["none", {}]] as const) {
        const measure = async (url: string) => measureLoad({ url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, headers });
        process.stdout.write(`[bench] ${target.name} ${target.path} (Accept-Encoding: ${mode}) … `);
        const ours = await measure(`${site.url}${target.path}`);
        const theirs = await measure(`${reference.url}${reference.pathOf(target.name)}`);
        console.log(`${formatNumber(ours.requestsPerSecond)} req/s, reference ${formatNumber(theirs.requestsPerSecond)}`);
        const share = ours.requestsPerSecond / theirs.requestsPerSecond;
        const compressed = mode !== "none";
        let outcome = verdict(compressed ? share >= TARGET_COMPRESSED_SHARE && ours.p99 <= TARGET_COMPRESSED_P99_MS : share >= TARGET_PLAIN_SHARE);
        if (ours.failures > 0 || theirs.failures > 0) {
          outcome = `FAILED (${ours.failures + theirs.failures} not 2xx)`;
          measuredCleanly = false;
        }
        rows.push([target.name, mode, formatNumber(ours.requestsPerSecond), ours.p50, ours.p99, formatNumber(theirs.requestsPerSecond), theirs.p99, percent(share), outcome]);
      }
    }
  } finally {
    await reference.stop();
  }
  console.log(`\nPages against the reference (${reference.kind}): ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up`);
  console.log(
    `Targets: with Accept-Encoding: gzip, br at least ${percent(TARGET_COMPRESSED_SHARE)} of the reference and p99 at most ${TARGET_COMPRESSED_P99_MS} ms; without, at least ${percent(TARGET_PLAIN_SHARE)}\n`,
  );
  printTable(["page", "encoding", "req/s", "p50 ms", "p99 ms", "reference req/s", "ref p99", "share", "verdict"], rows, { rightAligned: [2, 3, 4, 5, 6, 7] });
  return measuredCleanly;
}

// ---------------------------------------------------------------------------------------------
// Writes

function countStoredLeads(databaseFile: string, keyPrefix: string): number {
  const database = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const row = database.prepare("SELECT COUNT(*) AS stored FROM leads WHERE submission_key LIKE ?").get(`${keyPrefix}%`) as { stored: number };
    return row.stored;
  } finally {
    database.close();
  }
}

/** autocannon options that POST a lead with a new submission key each time and count the 200s. */
function leadRequests(site: RunningSite, keyPrefix: string) {
  let sent = 0;
  const counts = { acknowledged: 0 };
  const options = {
    url: site.url,
    connections: CONNECTIONS,
    timeout: 30,
    requests: [
      {
        method: "POST" as const,
        path: "/api/lead/save",
        headers: { "content-type": "application/json", authorization: `Bearer ${site.apiToken}` },
        setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify({ ...LEAD, submission_key: `${keyPrefix}${++sent}` }) }),
        onResponse: (status: number) => {
          if (status === 200) counts.acknowledged++;
        },
      },
    ],
  };
  return { options, counts };
}

async function measureLeadWrites(site: RunningSite): Promise<boolean> {
  const run = crypto.randomBytes(4).toString("hex");
  // Warm-up by time; it also tells how many requests make about SECONDS of load.
  const warmup = leadRequests(site, `bench-${run}-warm-`);
  await autocannon({ ...warmup.options, duration: WARMUP_SECONDS });
  const amount = Math.max(CONNECTIONS * 10, Math.round((warmup.counts.acknowledged / WARMUP_SECONDS) * SECONDS));

  // The measured run is by count, not by time: autocannon then waits for every answer, so no
  // request is cut off unanswered at the end and every stored row was either acknowledged or failed.
  const keyPrefix = `bench-${run}-lead-`;
  const measured = leadRequests(site, keyPrefix);
  process.stdout.write(`[bench] lead/save, ${formatNumber(amount)} submissions … `);
  const result = await autocannon({ ...measured.options, amount });
  const { acknowledged } = measured.counts;
  const writesPerSecond = acknowledged / result.duration;
  console.log(`${formatNumber(writesPerSecond)} writes/s`);
  const stored = countStoredLeads(site.databaseUrl.replace(/^file:/, ""), keyPrefix);
  const failures = result.non2xx + result.errors + result.timeouts;

  console.log(`\nlead/save with the bearer token: ${CONNECTIONS} connections, ${formatNumber(amount)} submissions with unique submission keys`);
  console.log(`Target: ${formatNumber(TARGET_WRITES_PER_SECOND)} acknowledged writes/s or more, stored = acknowledged\n`);
  printTable(
    ["writes/s", "p50 ms", "p99 ms", "acknowledged", "stored", "not acknowledged", "verdict"],
    [[formatNumber(writesPerSecond), result.latency.p50, result.latency.p99, acknowledged, stored, failures, verdict(stored === acknowledged && writesPerSecond >= TARGET_WRITES_PER_SECOND)]],
    { rightAligned: [0, 1, 2, 3, 4, 5] },
  );
  console.log(`acknowledged ${acknowledged}, stored ${stored}`);
  return stored === acknowledged;
}

// ---------------------------------------------------------------------------------------------

async function crawlBench(options: Set<string>): Promise<number> {
  const pagesFlag = [...options].find((flag) => flag.startsWith("pages="));
  const redis = options.has("redis") ? redisSiteEnvironment() : undefined;
  const site = await buildAndStartSite({ name: "bench", reuse: options.has("reuse-build"), env: redis?.env });
  let clean = true;
  try {
    if (options.has("crawl") || options.has("crawl-all")) {
      clean = await measureCrawl(site, { pagesPerKind: pagesFlag ? Number(pagesFlag.slice("pages=".length)) : 300, all: options.has("crawl-all") });
    }
  } finally {
    await site.stop();
    await redis?.cleanup();
  }
  // On servers of its own (the profiler slows what it watches), after the crawl's are stopped.
  if (options.has("cpu-profile")) await profileColdRenders({ distDir: site.distDir, databaseUrl: site.databaseUrl, top: options.has("top") });
  console.log(`\n[bench] done: ${describeMachine()}${redis ? " (pages on Redis)" : ""}`);
  return clean ? 0 : 1;
}

async function main(): Promise<number> {
  const options = flags();
  console.log(`[bench] ${describeMachine()}`);
  warnIfBusy();
  if (options.has("crawl") || options.has("crawl-all") || options.has("cpu-profile")) return crawlBench(options);
  const importFlag = [...options].find((flag) => flag === "import" || flag.startsWith("import="));
  if (importFlag) return importBench(importFlag.includes("=") ? Number(importFlag.slice("import=".length)) : undefined);
  const site = await buildAndStartSite({ name: "bench", reuse: options.has("reuse-build") });
  try {
    const pagesClean = options.has("writes-only") || (await measurePages(site));
    console.log("");
    const writesMatch = await measureLeadWrites(site);
    let scaleClean = true;
    if (options.has("scale")) scaleClean = await compareAtScale(site);
    console.log(`\n[bench] done: ${describeMachine()}`);
    return pagesClean && writesMatch && scaleClean ? 0 : 1;
  } finally {
    await site.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch(async (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    await stopEverything();
    process.exit(1);
  });
