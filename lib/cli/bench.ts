/**
 * `npm run bench` (never part of `npm test`): builds the site into .next-bench with a fresh
 * .data/bench.db, starts the production server on a free port of 3500-3599, and measures with
 * autocannon (20 connections, 10 s after a 2 s warm-up):
 * - requests/s, p50 and p99 of a static file, home, a city page, a profile, a law page and step 1,
 *   each as a share of the static file's requests/s (target: the four content pages at 45% or
 *   more with p99 under 25 ms);
 * - lead/save writes/s, and that the leads table holds exactly as many rows as were acknowledged.
 *
 * `npm run bench -- --scale` then seeds 100,000 more demo managers over all cities into
 * .data/bench-scale.db, serves the same build on it, and compares city-page and agents/list
 * latency with the normal seed's (target: within 10%).
 *
 * `-- --reuse-build` skips the build when .next-bench has one (the seed is deterministic, so the
 * prerendered pages match the fresh database; the page cache is revalidated first). Exit 1 when a stored count differs from the
 * acknowledged count or a measurement fails; a missed speed target is reported, not fatal.
 */
import crypto from "node:crypto";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import { createScaleDatabase } from "./perf/scale-seed";
import { buildAndStartSite, flags, startSite, stopEverything, type RunningSite } from "./perf/site";
import { measureLoad, warmPath, type LoadResult } from "./perf/load";
import { describeMachine, formatNumber, percent, printTable, verdict, warnIfBusy } from "./perf/report";

const CONNECTIONS = 20;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const SCALE_SECONDS = 5;
const SCALE_WARMUP_SECONDS = 1;
const SCALE_MANAGERS = 100_000;
const SCALE_DATABASE = ".data/bench-scale.db";

const TARGET_SHARE_OF_STATIC = 0.45;
const TARGET_P99_MS = 25;
const TARGET_SCALE_SLOWDOWN = 0.1;

const CITY = { state: "TX", city: "austin" } as const;
const CITY_PATH = `/agents/${CITY.state}/${CITY.city}`;

type PageTarget = { name: string; path: string; hasTarget: boolean };
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
  return `/agent/${agent.state}/${agent.city_slug}/${agent.agent_id}`;
}

// ---------------------------------------------------------------------------------------------
// Pages

async function measurePages(site: RunningSite): Promise<boolean> {
  const targets: PageTarget[] = [
    { name: "static file", path: "/brand/logo.svg", hasTarget: false },
    { name: "home", path: "/", hasTarget: true },
    { name: "city page", path: CITY_PATH, hasTarget: true },
    { name: "profile", path: await firstAustinProfilePath(site), hasTarget: true },
    { name: "law page", path: "/laws/texas", hasTarget: true },
    { name: "step 1", path: "/search", hasTarget: false },
  ];
  const results: { target: PageTarget; load: LoadResult }[] = [];
  for (const target of targets) {
    const { status } = await warmPath(site.baseUrl, target.path);
    if (status !== 200) throw new Error(`${target.path} answered ${status} instead of 200.`);
    process.stdout.write(`[bench] ${target.name} ${target.path} … `);
    const load = await measureLoad({ url: `${site.baseUrl}${target.path}`, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
    console.log(`${formatNumber(load.requestsPerSecond)} req/s`);
    results.push({ target, load });
  }

  const staticRate = results[0].load.requestsPerSecond;
  let measuredCleanly = true;
  const rows = results.map(({ target, load }) => {
    const share = load.requestsPerSecond / staticRate;
    let outcome = target.hasTarget ? verdict(share >= TARGET_SHARE_OF_STATIC && load.p99 < TARGET_P99_MS) : "";
    if (load.failures > 0) {
      outcome = `FAILED (${load.failures} of ${load.total} not 2xx)`;
      measuredCleanly = false;
    }
    return [target.name, target.path, formatNumber(load.requestsPerSecond), load.p50, load.p99, percent(share), outcome];
  });
  console.log(`\nPages: ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up, no compression`);
  console.log(`Target: home, city page, profile, law page at ${percent(TARGET_SHARE_OF_STATIC)} of the static file or more, p99 under ${TARGET_P99_MS} ms\n`);
  printTable(["target", "path", "req/s", "p50 ms", "p99 ms", "of static", "verdict"], rows, { rightAligned: [2, 3, 4, 5] });
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
    url: site.baseUrl,
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
  const stored = countStoredLeads(site.databaseFile, keyPrefix);
  const failures = result.non2xx + result.errors + result.timeouts;

  console.log(`\nlead/save with the bearer token: ${CONNECTIONS} connections, ${formatNumber(amount)} submissions with unique submission keys\n`);
  printTable(
    ["writes/s", "p50 ms", "p99 ms", "acknowledged", "stored", "not acknowledged", "verdict"],
    [[formatNumber(writesPerSecond), result.latency.p50, result.latency.p99, acknowledged, stored, failures, verdict(stored === acknowledged)]],
    { rightAligned: [0, 1, 2, 3, 4, 5] },
  );
  console.log(`acknowledged ${acknowledged}, stored ${stored}`);
  return stored === acknowledged;
}

// ---------------------------------------------------------------------------------------------
// Scale

type ScaleTarget = { name: string; options: (site: RunningSite) => Parameters<typeof measureLoad>[0] };

function agentsListTarget(name: string, body: object): ScaleTarget {
  return {
    name,
    options: (site) => ({
      url: `${site.baseUrl}/api/agents/list`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
      seconds: SCALE_SECONDS,
      warmupSeconds: SCALE_WARMUP_SECONDS,
    }),
  };
}

async function measureScaleTargets(site: RunningSite, targets: ScaleTarget[]): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const target of targets) {
    process.stdout.write(`[bench] ${target.name} … `);
    const load = await measureLoad(target.options(site));
    console.log(`${formatNumber(load.requestsPerSecond)} req/s, mean ${load.meanLatency.toFixed(2)} ms`);
    results.push(load);
  }
  return results;
}

async function listedInAustin(site: RunningSite): Promise<number> {
  const { json } = await site.call<AgentsListAnswer>("agents/list", CITY);
  return json.agents?.total ?? 0;
}

/**
 * Managers linked from the cached city page (to be sure it was rendered from this database) and
 * its size: served from the cache, the page costs what it weighs, not what the query cost.
 */
async function cityPageContent(site: RunningSite): Promise<{ managers: number; kilobytes: number }> {
  const { html } = await warmPath(site.baseUrl, CITY_PATH);
  const managers = new Set(html.match(new RegExp(`href="/agent/${CITY.state}/${CITY.city}/\\d+"`, "g")) ?? []).size;
  return { managers, kilobytes: Math.round(Buffer.byteLength(html) / 1000) };
}

async function compareAtScale(normalSite: RunningSite): Promise<{ site: RunningSite; cleanly: boolean }> {
  const normalListed = await listedInAustin(normalSite);
  const targets: ScaleTarget[] = [
    {
      name: "city page",
      options: (site) => ({ url: `${site.baseUrl}${CITY_PATH}`, connections: CONNECTIONS, seconds: SCALE_SECONDS, warmupSeconds: SCALE_WARMUP_SECONDS }),
    },
    agentsListTarget("agents/list (24 a page)", CITY),
    // The same number of rows as the normal seed answers: what the bigger table costs, apart
    // from the bigger answer.
    agentsListTarget(`agents/list (${normalListed} a page)`, { ...CITY, per_page: normalListed }),
  ];

  console.log(`\n[bench] scale run: normal seed (${normalListed} single-family managers in Austin)`);
  const normalPage = await cityPageContent(normalSite);
  const normal = await measureScaleTargets(normalSite, targets);
  await normalSite.stop();

  console.log(`[bench] seeding ${formatNumber(SCALE_MANAGERS)} more managers into ${SCALE_DATABASE}`);
  const seeded = await createScaleDatabase(SCALE_DATABASE, SCALE_MANAGERS);
  console.log(`[bench] seeded ${formatNumber(seeded.managers)} managers over ${formatNumber(seeded.cities)} cities in ${seeded.seconds.toFixed(1)} s`);

  // Same build, other database: every cached page is stale now, so revalidate them all (as an
  // import of new managers would), and the city page is rendered again from the scale seed.
  const scaleSite = await startSite({ name: "bench-scale", distDir: normalSite.distDir, databaseFile: SCALE_DATABASE }, { port: normalSite.port });
  const revalidated = await scaleSite.call("revalidate", { all: true }, { withToken: true });
  if (revalidated.status !== 200) throw new Error(`Revalidating the cached pages answered ${revalidated.status}.`);
  await warmPath(scaleSite.baseUrl, CITY_PATH);
  const scalePage = await cityPageContent(scaleSite);
  const scaleListed = await listedInAustin(scaleSite);
  console.log(`[bench] scale seed: ${scaleListed} single-family managers in Austin`);
  console.log(
    `[bench] city page: ${normalPage.managers} managers, ${normalPage.kilobytes} kB on the normal seed; ${scalePage.managers} managers, ${scalePage.kilobytes} kB on the scale seed`,
  );
  const scale = await measureScaleTargets(scaleSite, targets);

  let cleanly = scalePage.managers > normalPage.managers;
  if (!cleanly) console.error("[bench] the city page still shows the normal seed: revalidation did not reach it");
  const rows = targets.map((target, index) => {
    const [before, after] = [normal[index], scale[index]];
    if (before.failures > 0 || after.failures > 0) cleanly = false;
    const slowdown = after.meanLatency / before.meanLatency - 1;
    return [
      target.name,
      `${before.meanLatency.toFixed(2)} / ${before.p50} / ${before.p99}`,
      formatNumber(before.requestsPerSecond),
      `${after.meanLatency.toFixed(2)} / ${after.p50} / ${after.p99}`,
      formatNumber(after.requestsPerSecond),
      `${slowdown >= 0 ? "+" : ""}${percent(slowdown)}`,
      before.failures + after.failures > 0 ? "FAILED" : verdict(slowdown <= TARGET_SCALE_SLOWDOWN),
    ];
  });
  console.log(
    `\nScale: normal seed vs normal + ${formatNumber(SCALE_MANAGERS)} managers; ${CONNECTIONS} connections, ${SCALE_SECONDS} s each after ${SCALE_WARMUP_SECONDS} s; latency mean / p50 / p99 in ms`,
  );
  console.log(`Target: mean latency within ${percent(TARGET_SCALE_SLOWDOWN)} of the normal seed's\n`);
  printTable(["target", "normal latency", "normal req/s", "scale latency", "scale req/s", "latency", "verdict"], rows, { rightAligned: [2, 4, 5] });
  return { site: scaleSite, cleanly };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = flags();
  console.log(`[bench] ${describeMachine()}`);
  warnIfBusy();
  let site = await buildAndStartSite({ name: "bench", preferredPort: 3500, reuseBuild: options.has("reuse-build") });
  try {
    const pagesClean = await measurePages(site);
    console.log("");
    const writesMatch = await measureLeadWrites(site);
    let scaleClean = true;
    if (options.has("scale")) {
      const scale = await compareAtScale(site);
      site = scale.site;
      scaleClean = scale.cleanly;
    }
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
