/**
 * `npm run lighthouse`: builds the site into .next-lighthouse with a fresh .data/lighthouse.db,
 * serves it on a free port of 3500-3599, and runs Lighthouse (its default mobile configuration:
 * Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) three times on home, a city page,
 * a profile, a law page, step 1 and /compare in the system Chromium, a fresh browser per run.
 * Prints the median score of each category against the targets (performance 98,
 * the others 100), the JavaScript each page sent (transfer size, as it went over the wire) and,
 * for a category under its target, the audits that cost it points. Reports are kept in
 * .bench/lighthouse/.
 *
 * In the same run, the same three runs on a bare Next.js dynamic page (`reference-app.ts`, the
 * crawl benchmark's reference): the framework's own score on this machine, shown as the last row
 * and beside every page's performance score ("bare"), and the bar each page's performance is
 * judged by (at least the framework's own score in the same run, whatever the machine).
 * Lighthouse's simulated throttling multiplies the CPU time it observes, so the same page scores
 * lower on a slower or busier machine; the bare page shows how much. Under the table, for each
 * page, where its main-thread time goes (Lighthouse's mainthread-work-breakdown and bootup-time
 * of the median run): the work by kind and the scripts that cost the most.
 *
 * `-- --reuse-build` skips the build when .next-lighthouse has one; `-- --only=compare,home`
 * measures only those kinds (names with hyphens: city-page, law-page, step-1), the bare page
 * always. Exit 1 on a miss.
 */
import fs from "node:fs";
import path from "node:path";
import type { Result as LighthouseResult } from "lighthouse";
import { buildAndStartSite, flags, OUTPUT_DIR as PERF_OUTPUT_DIR, runToCompletion, stopEverything, type RunningSite } from "../support/production-site";
import { describeMachine, median, printTable, verdict, warnIfBusy } from "./report";
import { agentPath, comparePath } from "../../lib/contract/routes";
import { startReferenceApp } from "./reference-app";

const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];
const RUNS = 3;
const RUN_TIMEOUT_MS = 180_000;
const ATTEMPTS = 3;
const REPORT_DIR = path.join(PERF_OUTPUT_DIR, "lighthouse");

const CATEGORIES = [
  { id: "performance", label: "perf", target: 98 },
  { id: "accessibility", label: "a11y", target: 100 },
  { id: "best-practices", label: "best pr.", target: 100 },
  { id: "seo", label: "SEO", target: 100 },
] as const;
type CategoryId = (typeof CATEGORIES)[number]["id"];

/** Metrics shown next to the scores: they explain a performance score at a glance. */
const METRICS = [
  { id: "first-contentful-paint", label: "FCP" },
  { id: "largest-contentful-paint", label: "LCP" },
  { id: "total-blocking-time", label: "TBT" },
  { id: "cumulative-layout-shift", label: "CLS" },
  { id: "speed-index", label: "SI" },
] as const;

/**
 * `noindex`: a page kept out of search engines on purpose (its SEO score loses is-crawlable).
 * `origin`: the server, when not the site (the reference app); such a page is not judged.
 */
type PageRuns = { name: string; path: string; results: LighthouseResult[]; noindex?: boolean; origin?: string };

/** SEO on a noindex page: shown in brackets, no target. */
const noindexSeo = (page: PageRuns, category: CategoryId) => Boolean(page.noindex) && category === "seo";
/** Whether a category's target applies to a page: none to the reference, SEO's not to a noindex page. */
const judged = (page: PageRuns, category: CategoryId) => !page.origin && !noindexSeo(page, category);

async function austinManagers(site: RunningSite): Promise<{ agent_id: number; state: string; city_slug: string }[]> {
  type Answer = { agents?: { data: { agent_id: number; state: string; city_slug: string }[] } };
  const { json } = await site.call<Answer>("agents/list", { state: "TX", city: "austin" });
  const agents = json.agents?.data ?? [];
  if (agents.length < 3) throw new Error("agents/list TX austin answered fewer than three managers.");
  return agents;
}

/** The JavaScript a run loaded, in kB as transferred (compressed as it went over the wire). */
function scriptKilobytes(result: LighthouseResult): number {
  const items = ((result.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []);
  return items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000;
}

/**
 * One Lighthouse run through its CLI in a plain Node process: Lighthouse sends some of its own
 * functions into the page as source text, and tsx's transform would add a helper to them that
 * the page does not have. The CLI launches the system Chromium with chrome-launcher (CHROME_PATH)
 * and closes it when done; a fresh browser per run, so no cache carries over.
 */
async function runLighthouse(url: string, reportFile: string): Promise<LighthouseResult> {
  const cli = path.join(path.dirname(require.resolve("lighthouse/package.json")), "cli", "index.js");
  const args = [
    cli,
    url,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    `--only-categories=${CATEGORIES.map((category) => category.id).join(",")}`,
    "--output=json",
    `--output-path=${reportFile}`,
    "--quiet",
  ];
  fs.rmSync(reportFile, { force: true });
  await runToCompletion("Lighthouse", process.execPath, args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    logFile: reportFile.replace(/\.json$/, ".log"),
    timeoutMs: RUN_TIMEOUT_MS,
  });
  const result = JSON.parse(fs.readFileSync(reportFile, "utf8")) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.runtimeError.message}`);
  return result;
}

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
async function runWithRetries(url: string, reportFile: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, reportFile);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      const reason = error instanceof Error ? error.message.split("\n").find((line) => line.includes("error")) : undefined;
      process.stdout.write(`(retrying: ${reason ?? "the run failed"}) `);
    }
  }
}

const scoreOf = (result: LighthouseResult, category: CategoryId) => Math.round((result.categories[category]?.score ?? 0) * 100);

/** The run whose score in this category is the median: its audits explain the median. */
function medianRun(runs: LighthouseResult[], category: CategoryId): LighthouseResult {
  const sorted = [...runs].sort((a, b) => scoreOf(a, category) - scoreOf(b, category));
  return sorted[Math.floor(sorted.length / 2)];
}

/** One row of an audit's details, as text: the link, node, file or issue it names, and what it costs. */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
  const source = item.source as { url?: string; line?: number; value?: string } | undefined;
  const parts = [
    typeof item.issueType === "string" ? item.issueType : undefined,
    typeof item.href === "string" ? item.href : undefined,
    typeof item.text === "string" ? `"${item.text}"` : undefined,
    node?.selector,
    node?.snippet?.slice(0, 160),
    node?.explanation?.replace(/\s+/g, " ").slice(0, 240),
    typeof item.url === "string" ? item.url : undefined,
    source?.url ? `${source.url}${source.line !== undefined ? `:${source.line}` : ""}` : source?.value,
    typeof item.description === "string" ? item.description.replace(/\s+/g, " ").slice(0, 240) : undefined,
    typeof item.wastedMs === "number" ? `${Math.round(item.wastedMs)} ms` : undefined,
    typeof item.wastedBytes === "number" ? `${Math.round(item.wastedBytes / 1024)} KiB` : undefined,
    typeof item.reflowTime === "number" ? `${Math.round(item.reflowTime)} ms` : undefined,
  ].filter(Boolean);
  return parts.join(" | ");
}

/** The audits that took points from a category in one run, with a few of their items. */
function failingAudits(result: LighthouseResult, category: CategoryId): string[] {
  const lines: string[] = [];
  for (const ref of result.categories[category]?.auditRefs ?? []) {
    const audit = result.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    // Performance: the weighted metrics, plus diagnostics that name what to fix.
    const counts = ref.weight > 0 || (category === "performance" && audit.score < 0.9 && audit.scoreDisplayMode !== "informative");
    if (!counts) continue;
    lines.push(`  - ${ref.id} (score ${audit.score}${ref.weight > 0 ? `, weight ${ref.weight}` : ""}): ${audit.title}${audit.displayValue ? ` – ${audit.displayValue}` : ""}`);
    // Insights wrap their tables in a list: look one level down.
    type Details = { type?: string; items?: (Record<string, unknown> & Details)[] };
    const details = audit.details as Details | undefined;
    const items = details?.type === "list" ? (details.items ?? []).flatMap((table) => table.items ?? []) : (details?.items ?? []);
    for (const item of items.slice(0, 5)) {
      const text = describeItem(item);
      if (text) lines.push(`      ${text}`);
    }
  }
  return lines;
}

/** A page kind's name as `--only` takes it: "city page" is city-page. */
const kindKey = (name: string) => name.replace(/\s+/g, "-");

/** `--only=compare,home`: the kinds to measure (the bare page always); null: every kind. */
function onlyKinds(argv: string[]): Set<string> | null {
  const arg = argv.find((item) => item.startsWith("--only="));
  return arg ? new Set(arg.slice("--only=".length).split(",").filter(Boolean)) : null;
}

type TimedItem = { group?: string; groupLabel?: string; duration?: number; url?: string; total?: number; scripting?: number };
const itemsOf = (result: LighthouseResult, id: string) => ((result.audits[id]?.details as { items?: TimedItem[] } | undefined)?.items ?? []);

/**
 * Where a page's main-thread time goes in its median performance run: the work by kind
 * (script evaluation, style and layout, parsing…) and the three scripts that cost the most.
 */
function mainThreadLines(page: PageRuns): string[] {
  const run = medianRun(page.results, "performance");
  const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
  const work = itemsOf(run, "mainthread-work-breakdown")
    .slice(0, 5)
    .map((item) => `${item.groupLabel ?? item.group} ${ms(item.duration)}`);
  const scripts = itemsOf(run, "bootup-time")
    .slice(0, 3)
    .map((item) => `${(item.url ?? "").replace(/^https?:\/\/[^/]+/, "")} ${ms(item.total)} (script ${ms(item.scripting)})`);
  return [`  ${page.name}: TBT ${ms(run.audits["total-blocking-time"]?.numericValue)}; ${work.join(", ")}`, ...(scripts.length > 0 ? [`    scripts: ${scripts.join("; ")}`] : [])];
}

async function main(): Promise<number> {
  const options = flags();
  console.log(`[lighthouse] ${describeMachine()}`);
  warnIfBusy();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: Lighthouse needs the system Chromium.`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });

  const reference = await startReferenceApp();
  const site = await buildAndStartSite({ name: "lighthouse", reuse: options.has("reuse-build") }).catch(async (error: unknown) => {
    await reference.stop();
    throw error;
  });
  try {
    const austin = await austinManagers(site);
    const only = onlyKinds(process.argv.slice(2));
    const allPages: PageRuns[] = [
      { name: "home", path: "/", results: [] },
      { name: "city page", path: "/agents/TX/austin", results: [] },
      { name: "profile", path: agentPath(austin[0]), results: [] },
      { name: "law page", path: "/laws/texas", results: [] },
      { name: "step 1", path: "/search", results: [] },
      { name: "compare", path: comparePath(austin.slice(0, 3).map((agent) => agent.agent_id)), results: [], noindex: true },
      { name: "bare Next.js", path: "/reference-1", results: [], origin: reference.url },
    ];
    const pages = allPages.filter((page) => page.origin || !only || only.has(kindKey(page.name)));
    for (const page of pages) {
      // The first visit renders and caches the page; Lighthouse should see what visitors see.
      const origin = page.origin ?? site.url;
      await fetch(`${origin}${page.path}`).then((response) => response.arrayBuffer());
      for (let run = 1; run <= RUNS; run++) {
        process.stdout.write(`[lighthouse] ${page.name} ${page.path} run ${run}/${RUNS} … `);
        const reportFile = path.join(REPORT_DIR, `${page.name.replace(/\s+/g, "-")}-${run}.json`);
        const result = await runWithRetries(`${origin}${page.path}`, reportFile);
        page.results.push(result);
        console.log(CATEGORIES.map((category) => `${category.label} ${scoreOf(result, category.id)}`).join(", "));
      }
    }

    let allMet = true;
    const bare = median(pages.find((page) => page.origin)!.results.map((result) => scoreOf(result, "performance")));
    const rows = pages.map((page) => {
      const medians = CATEGORIES.map((category) => median(page.results.map((result) => scoreOf(result, category.id))));
      // Performance: at least the bare page's score in the same run; the others at their targets.
      const targetOf = (category: (typeof CATEGORIES)[number]) => (category.id === "performance" ? bare : category.target);
      const met = CATEGORIES.every((category, index) => !judged(page, category.id) || medians[index] >= targetOf(category));
      allMet &&= met;
      const shown = page.origin ? "reference" : verdict(met);
      const metrics = METRICS.map(({ id, label }) => {
        const value = median(page.results.map((result) => result.audits[id]?.numericValue ?? 0));
        return id === "cumulative-layout-shift" ? `${label} ${value.toFixed(3)}` : `${label} ${(value / 1000).toFixed(1)}s`;
      });
      metrics.push(`JS ${median(page.results.map(scriptKilobytes)).toFixed(1)} kB`);
      // Lighthouse's CPU benchmark of the run: lower means a slower (or busier) machine, and a lower score for the same page.
      metrics.push(`CPU index ${Math.round(median(page.results.map((result) => result.environment?.benchmarkIndex ?? 0)))}`);
      const perf = medians[0];
      const versusBare = page.origin ? "" : `${perf - bare >= 0 ? "+" : ""}${perf - bare}`;
      return [page.name, page.path, String(perf), String(bare), versusBare, ...medians.slice(1).map((value, index) => (noindexSeo(page, CATEGORIES[index + 1].id) ? `(${value})` : String(value))), shown, metrics.join(" ")];
    });
    console.log(`\nLighthouse ${RUNS} runs per page, mobile preset; median scores. Targets: perf at least the bare Next.js page's (${bare} in this run), ${CATEGORIES.slice(1).map((c) => `${c.label} ${c.target}`).join(", ")}\n`);
    printTable(["page", "path", "perf", "bare", "vs bare", ...CATEGORIES.slice(1).map((category) => category.label), "verdict", "median metrics"], rows, { rightAligned: [2, 3, 4, 5, 6, 7] });
    if (pages.some((page) => page.noindex)) console.log("(SEO in brackets: a noindex page, kept out of search engines on purpose, so is-crawlable fails and no target applies.)");
    console.log("(bare Next.js: a minimal dynamic page of the same Next.js, not judged: the score the framework alone gets on this machine.)");

    console.log("\nWhere the main-thread time goes (median performance run):");
    for (const page of pages) console.log(mainThreadLines(page).join("\n"));
    for (const page of pages) {
      for (const category of CATEGORIES) {
        const scores = page.results.map((result) => scoreOf(result, category.id));
        const target = category.id === "performance" ? bare : category.target;
        if (median(scores) >= target || !judged(page, category.id)) continue;
        console.log(`\n${page.name} ${page.path}: ${category.id} ${median(scores)} (runs ${scores.join(", ")}), target ${target}. Audits of the median run:`);
        const lines = failingAudits(medianRun(page.results, category.id), category.id);
        console.log(lines.length > 0 ? lines.join("\n") : "  (no single audit under 1: the score comes from metric values just under their best)");
      }
    }
    console.log(`\n[lighthouse] reports: ${REPORT_DIR}/; ${describeMachine()}`);
    return allMet ? 0 : 1;
  } finally {
    await site.stop();
    await reference.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch(async (error: unknown) => {
    console.error(`[lighthouse] ${error instanceof Error ? error.message : String(error)}`);
    await stopEverything();
    process.exit(1);
  });
