/**
 * The scale part of `npm run bench -- --scale`: the normal seed against the normal
 * seed plus a million more sample managers spread over all 3,001 cities, on the same build.
 *
 * Measured on both, in alternating rounds (normal, scale, normal, scale) so that load from
 * elsewhere on the machine falls on both alike:
 * - agents/list for Austin, TX (every category, a page of 20), over HTTP;
 * - agents/near for ZIP 78701 (a page of 20), over HTTP;
 * - the Austin city page rendered for every request (Next's on-demand revalidation header makes
 *   each request a fresh render, written back to the cache: what a cache miss costs).
 * Target: each mean latency within 10% of the normal seed's.
 *
 * Also runnable alone, without the page and write benchmarks:
 *   npx tsx e2e/perf/scale.ts [--reuse-build] [--managers=100000]
 */
import fs from "node:fs";
import path from "node:path";
import { createScaleDatabase } from "./scale-seed";
import { PORTS, buildAndStartSite, flags, startSite, stopEverything, type RunningSite } from "../support/production-site";
import { measureLoad, type LoadResult } from "./load";
import { describeMachine, formatNumber, percent, printTable, verdict, warnIfBusy } from "./report";
import { DIRECTORY_PAGE_SIZE } from "../../lib/contract/site";
import { cityPath } from "../../lib/contract/routes";

export const SCALE_MANAGERS = 1_000_000;
const SCALE_NAME = "bench-scale";
const SCALE_DATABASE = path.join(".data", `${SCALE_NAME}.db`);

const CONNECTIONS = 20;
const SECONDS = 5;
const WARMUP_SECONDS = 1;
const ROUNDS = 2;
/** The uncached page: each request is a render, so fewer connections keep the queue short. */
const RENDER_CONNECTIONS = 4;
const TARGET_SLOWDOWN = 0.1;

const CITY = { state: "TX", city: "austin" } as const;
const ZIP = "78701";

type Target = { name: string; options: (site: RunningSite) => Parameters<typeof measureLoad>[0] };

const postTarget = (name: string, call: string, body: object): Target => ({
  name,
  options: (site) => ({
    url: `${site.url}/api/${call}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  }),
});

/** The build's preview id: sent as x-prerender-revalidate, Next renders the page afresh. */
function revalidationId(distDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as { preview: { previewModeId: string } };
  return manifest.preview.previewModeId;
}

function uncachedPageTarget(distDir: string): Target {
  const id = revalidationId(distDir);
  return {
    name: `city page ${cityPath(CITY.state, CITY.city)}, rendered per request`,
    options: (site) => ({
      // A query string of its own: the production server's page copy never holds this URL, since
      // it only keeps pages Next.js answered from its cache.
      url: `${site.url}${cityPath(CITY.state, CITY.city)}?uncached`,
      headers: { "x-prerender-revalidate": id },
      connections: RENDER_CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    }),
  };
}

type ListAnswer = { agents?: { total: number; data: unknown[] } };

async function servingAustin(site: RunningSite) {
  const list = await site.call<ListAnswer>("agents/list", { ...CITY, cate_id: 0, per_page: DIRECTORY_PAGE_SIZE });
  const near = await site.call<ListAnswer>("agents/near", { zip: ZIP, per_page: DIRECTORY_PAGE_SIZE });
  if (list.status !== 200 || near.status !== 200) throw new Error(`agents/list answered ${list.status}, agents/near ${near.status}.`);
  return { city: list.json.agents!.total, zip: near.json.agents!.total, shown: list.json.agents!.data.length };
}

/** What the rendered page says and weighs: proof it was rendered from this database. */
async function renderedPage(site: RunningSite, distDir: string) {
  const response = await fetch(`${site.url}${cityPath(CITY.state, CITY.city)}?uncached`, { headers: { "x-prerender-revalidate": revalidationId(distDir) } });
  const html = await response.text();
  return { status: response.status, managers: Number(html.match(/(\d+) managers serve Austin/)?.[1] ?? 0), kilobytes: Math.round(Buffer.byteLength(html) / 1000) };
}

/**
 * Past 50,000 URLs /sitemap.xml is an index of parts; every part it names answers with URLs.
 * Answers the line to print and whether the sitemap is what it should be.
 */
async function checkSitemap(site: RunningSite): Promise<{ line: string; ok: boolean }> {
  // After the revalidation the first answer is the stale copy while Next regenerates it.
  let index = "";
  for (let attempt = 0; attempt < 20 && !index.includes("<sitemapindex"); attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    index = await (await fetch(`${site.url}/sitemap.xml`)).text();
  }
  const parts = [...index.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  if (parts.length === 0) return { line: `sitemap: a single list of ${[...index.matchAll(/<url>/g)].length} URLs`, ok: false };
  let urls = 0;
  for (const part of parts) {
    const response = await fetch(`${site.url}${part}`);
    urls += [...(await response.text()).matchAll(/<url>/g)].length;
    if (response.status !== 200) return { line: `sitemap: ${part} answered ${response.status}`, ok: false };
  }
  return { line: `sitemap: an index of ${parts.length} parts, ${formatNumber(urls)} URLs in all`, ok: urls > 50_000 };
}

/** Mean of the rounds, weighted by requests. */
function combine(results: LoadResult[]): LoadResult {
  const total = results.reduce((sum, result) => sum + result.total, 0);
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / results.length,
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    meanLatency: results.reduce((sum, result) => sum + result.meanLatency * result.total, 0) / Math.max(1, total),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
    total,
  };
}

/**
 * Seeds the scale database, serves a copy of `normalSite`'s build on it beside the normal site,
 * measures both in alternating rounds and prints the comparison. Answers whether it ran cleanly
 * (every request answered 2xx and the scale site really served the scale data); a missed target
 * is printed, not fatal.
 */
export async function compareAtScale(normalSite: RunningSite, { managers = SCALE_MANAGERS }: { managers?: number } = {}): Promise<boolean> {
  const normalCounts = await servingAustin(normalSite);
  console.log(`\n[scale] normal seed: ${normalCounts.city} managers serve Austin, ${normalCounts.zip} serve ${ZIP}`);
  console.log(`[scale] seeding ${formatNumber(managers)} more managers into ${SCALE_DATABASE} (minutes)`);
  const seeded = await createScaleDatabase(SCALE_DATABASE, managers, (line) => console.log(`[scale]   ${line}`));
  console.log(`[scale] seeded ${formatNumber(seeded.managers)} managers over ${formatNumber(seeded.cities)} cities (${formatNumber(seeded.coverage)} city coverage rows) in ${seeded.seconds.toFixed(0)} s`);

  // A copy of the build: two servers must not write one cache folder.
  const scaleDist = `.next-${SCALE_NAME}`;
  fs.rmSync(scaleDist, { recursive: true, force: true });
  fs.cpSync(normalSite.distDir, scaleDist, { recursive: true, filter: (source) => !source.includes(`${path.sep}cache${path.sep}`) });
  const scaleSite = await startSite({
    name: SCALE_NAME,
    distDir: scaleDist,
    databaseUrl: `file:${SCALE_DATABASE}`,
    ports: PORTS.perf,
    env: { RATE_LIMIT_PER_MINUTE: "1000000" },
    logFile: path.join(".bench", `${SCALE_NAME}-server.log`),
  });
  try {
    const revalidated = await scaleSite.call("revalidate", { all: true }, { withToken: true });
    if (revalidated.status !== 200) throw new Error(`Revalidating the copied build answered ${revalidated.status}.`);
    const scaleCounts = await servingAustin(scaleSite);
    const pages = { normal: await renderedPage(normalSite, normalSite.distDir), scale: await renderedPage(scaleSite, scaleDist) };
    console.log(`[scale] scale seed: ${formatNumber(scaleCounts.city)} managers serve Austin, ${formatNumber(scaleCounts.zip)} serve ${ZIP}`);
    console.log(
      `[scale] Austin page: ${pages.normal.managers} managers, ${pages.normal.kilobytes} kB on the normal seed; ${formatNumber(pages.scale.managers)} managers, ${pages.scale.kilobytes} kB on the scale seed (${DIRECTORY_PAGE_SIZE} shown on each)`,
    );
    let cleanly = scaleCounts.city > normalCounts.city && pages.scale.managers === scaleCounts.city && pages.normal.managers === normalCounts.city;
    if (!cleanly) console.error("[scale] the scale site does not serve the scale data: the comparison would mean nothing");
    const sitemap = await checkSitemap(scaleSite);
    console.log(`[scale] ${sitemap.line}`);
    if (!sitemap.ok) cleanly = false;

    const targets: Target[] = [
      postTarget(`agents/list ${CITY.state} ${CITY.city}, ${DIRECTORY_PAGE_SIZE} a page`, "agents/list", { ...CITY, cate_id: 0, per_page: DIRECTORY_PAGE_SIZE }),
      postTarget(`agents/near ${ZIP}, ${DIRECTORY_PAGE_SIZE} a page`, "agents/near", { zip: ZIP, per_page: DIRECTORY_PAGE_SIZE }),
      uncachedPageTarget(normalSite.distDir),
    ];
    const rows: (string | number)[][] = [];
    for (const target of targets) {
      const runs = { normal: [] as LoadResult[], scale: [] as LoadResult[] };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [which, site] of [["normal", normalSite], ["scale", scaleSite]] as const) {
          // The uncached page's header is the build's id: the copy shares it.
          process.stdout.write(`[scale] ${target.name}, ${which}, round ${round} … `);
          const result = await measureLoad(target.options(site));
          console.log(`${formatNumber(result.requestsPerSecond)} req/s, mean ${result.meanLatency.toFixed(2)} ms`);
          runs[which].push(result);
        }
      }
      const [normal, scale] = [combine(runs.normal), combine(runs.scale)];
      const change = scale.meanLatency / normal.meanLatency - 1;
      const failed = normal.failures + scale.failures > 0;
      if (failed) cleanly = false;
      rows.push([
        target.name,
        `${normal.meanLatency.toFixed(2)} / ${normal.p50} / ${normal.p99}`,
        formatNumber(normal.requestsPerSecond),
        `${scale.meanLatency.toFixed(2)} / ${scale.p50} / ${scale.p99}`,
        formatNumber(scale.requestsPerSecond),
        `${change >= 0 ? "+" : ""}${percent(change)}`,
        failed ? `FAILED (${normal.failures + scale.failures} not 2xx)` : verdict(change <= TARGET_SLOWDOWN),
      ]);
    }
    console.log(
      `\nScale: normal seed vs + ${formatNumber(seeded.managers)} managers; ${ROUNDS} alternating rounds of ${SECONDS} s after ${WARMUP_SECONDS} s, ${CONNECTIONS} connections (${RENDER_CONNECTIONS} for the rendered page); mean / p50 / p99 ms`,
    );
    console.log(`Target: mean latency within ${percent(TARGET_SLOWDOWN)} of the normal seed's\n`);
    printTable(["target", "normal latency", "normal req/s", "scale latency", "scale req/s", "change", "verdict"], rows, { rightAligned: [2, 4, 5] });
    return cleanly;
  } finally {
    await scaleSite.stop();
  }
}

async function main(): Promise<number> {
  const options = flags();
  const managersFlag = process.argv.find((arg) => arg.startsWith("--managers="));
  const managers = managersFlag ? Number(managersFlag.split("=")[1]) : SCALE_MANAGERS;
  console.log(`[scale] ${describeMachine()}`);
  warnIfBusy();
  const site = await buildAndStartSite({ name: "bench", reuse: options.has("reuse-build") });
  try {
    const cleanly = await compareAtScale(site, { managers });
    console.log(`\n[scale] done: ${describeMachine()}`);
    return cleanly ? 0 : 1;
  } finally {
    await site.stop();
  }
}

if (require.main === module) {
  main()
    .then((code) => process.exit(code))
    .catch(async (error: unknown) => {
      console.error(`[scale] ${error instanceof Error ? error.message : String(error)}`);
      await stopEverything();
      process.exit(1);
    });
}
