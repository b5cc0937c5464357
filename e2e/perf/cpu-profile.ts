/**
 * Where a cold page's time goes: the production server runs under Node's `--cpu-prof`, asks N
 * distinct URLs of each kind (profile, city, law, blog: a spread of the URLs the crawl picks,
 * after 10 of every kind have warmed the code up) as the crawl does (8 in flight, gzip and br,
 * each URL once, so the page store never answers), then stops cleanly (SIGTERM: the server exits and
 * Node writes the profile). The bare Next.js page of the crawl (reference-app.ts) gets the same
 * treatment. Each sample of the main thread inside a kind's window is given to a phase by the
 * nearest frame of its stack that says what it is (bundled code through its source map):
 *
 * - data: lib/db, lib/service, kysely, better-sqlite3, pg;
 * - app code: app/, components/, the rest of lib/ as bundled into the pages, React's element code;
 * - RSC render (flight): react-server-dom-*'s server (calls the server components and writes the
 *   flight stream); flight decoding: its client (the HTML render reads the flight stream back);
 * - HTML (Fizz): react-dom's server renderer;
 * - Next.js app render: next's app-render (its glue around React), Next.js request handling: the
 *   rest of next;
 * - page store: lib/server/page-store* and Next.js's incremental cache that calls it;
 * - front server: the rest of lib/server (the server in front of Next.js);
 * - compression: zlib called on the main thread (the store's brotli runs on zlib's pool: see the
 *   thread line);
 * - Node.js (http, streams): nothing above on the stack; then V8's own: garbage collector,
 *   (program) (native code with no JavaScript on the stack), and (idle), reported apart.
 * The CPU time of the process's other threads over the same window (zlib's and libuv's pool,
 * V8's helpers: from /proc) is printed under each table.
 *
 * `npm run bench -- --crawl --cpu-profile` prints it after the crawl (a server and a reference of
 * its own: the profiler slows what it watches, so the crawl's figures are measured without it).
 * Standalone: `npx tsx e2e/perf/cpu-profile.ts --dist=.next-bench [--pages=40] [--top]` serves
 * that build with a fresh seeded database; `--from=.bench/cpu-profile` summarises the last run's
 * profiles again (`--top`: what each phase spent its samples in, to check the phases). The
 * profiles stay in .bench/cpu-profile (Chrome DevTools → Performance → Load profile).
 * PERF_PORTS=first-last picks the ports (production-site.ts).
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSeededDatabase, flags, OUTPUT_DIR, PORTS, REPO_ROOT, sleep, startSite, stopEverything } from "../support/production-site";
import { crawl, KINDS, pathsByKind, spread } from "./crawl";
import { startReferenceApp } from "./reference-app";
import { describeMachine, formatNumber, percent, printTable, warnIfBusy } from "./report";

const PROFILE_DIR = path.join(OUTPUT_DIR, "cpu-profile");
const WINDOWS_FILE = "windows.json";
/** Pages of each kind asked before any is measured: the first renders load and optimise the code. */
const WARM_UP_PAGES = 10;
const DEFAULT_PAGES = 40;
/** The crawl's own sample of each kind (crawl.ts, `--pages`), of which these are a spread. */
const CRAWL_PAGES = 300;
const EXIT_TIMEOUT_MS = 120_000;
/**
 * Node's default sampling interval. Each sample counts for this much CPU time: a thread that is
 * not running takes no samples (the profiler's signal waits for it), so on a busy machine the
 * count follows the thread's CPU time, where the timestamps would also count the time it waited
 * for a core. Not exactly: on 2026-12-07 the counts came out 0-55% above the CPU time /proc gave
 * for the same window (printed beside it), so compare shares, and pages with the bare page of
 * the same run, rather than milliseconds between runs.
 */
const SAMPLE_INTERVAL_US = 1000;

const PHASES = [
  "data (db, service)",
  "app code (pages, components)",
  "flight: RSC render, serialisation",
  "flight decoding (for HTML)",
  "HTML (Fizz)",
  "Next.js app render",
  "Next.js request handling",
  "page store",
  "front server (lib/server)",
  "compression (main thread)",
  "Node.js (http, streams, require)",
  "garbage collector",
  "(program)",
] as const;
type Phase = (typeof PHASES)[number];
/** A sample whose stack names no phase. */
const UNNAMED: Phase = "Node.js (http, streams, require)";

/**
 * Libraries (node_modules, and Next.js's compiled runtimes whose maps name `webpack://next/…`)
 * by path; null: a helper whose time is its caller's (an HTML sanitiser, a hash). First match wins.
 */
const LIBRARY_RULES: [RegExp, Phase | null][] = [
  [/react-server-dom-[a-z-]+\/.*-server\.|react-server-dom-[a-z]+-server/, "flight: RSC render, serialisation"],
  [/react-server-dom-[a-z-]+\/.*-client\.|react-server-dom-[a-z]+-client/, "flight decoding (for HTML)"],
  [/react-dom[a-z-]*\/.*server/, "HTML (Fizz)"],
  [/\/react[a-z-]*\/cjs\/react[.-]/, "app code (pages, components)"], // React's elements and hooks, as components call them
  [/\/compiled\/compression\//, "compression (main thread)"],
  [/incremental-cache|response-cache/, "page store"],
  [/\/kysely\/|\/better-sqlite3\/|\/pg(-[a-z]+)?\//, "data (db, service)"],
  [/\/tsx\/dist\//, "Node.js (http, streams, require)"], // tsx's require hook: the server runs under `node --require tsx/cjs`
  [/next\/.*(app-render|lib\/metadata|\/client\/)/, "Next.js app render"],
  [/next\/.*\/lib\/etag|\/sanitize-html\/|\/htmlparser2\//, null],
  [/next\//, "Next.js request handling"],
];

/** The project's own files (bundled, or run by tsx), by path; null: a helper, as above. */
const PROJECT_RULES: [RegExp, Phase | null][] = [
  [/lib\/server\/next-internals/, null],
  [/lib\/server\/page-store/, "page store"],
  [/lib\/server\//, "front server (lib/server)"],
  [/lib\/(db|service)\//, "data (db, service)"],
  [/(^|\/)(app|components|lib)\//, "app code (pages, components)"],
];

const isLibrary = (source: string) => /node_modules\/|^webpack:\/\/|\/compiled\//.test(source);

// ---------------------------------------------------------------------------------------------
// The profile

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** A kind's requests: from and to on the monotonic clock in µs (the clock of the profile's timestamps). */
type Window = { label: string; pages: number; from: number; to: number; failures: number; threads: Record<string, number> };
type Run = { label: string; profile: string; windows: Window[] };

const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

const mapCache = new Map<string, SourceMap | null>();

/** The source map of a bundled file (its sourceMappingURL, or `<file>.map`), or null. */
function sourceMapOf(file: string): SourceMap | null {
  if (mapCache.has(file)) return mapCache.get(file) ?? null;
  let map: SourceMap | null = null;
  try {
    const text = fs.readFileSync(file, "utf8");
    const reference = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text.slice(-4096))?.[1];
    let payload: string | undefined;
    if (reference?.startsWith("data:")) payload = Buffer.from(reference.slice(reference.indexOf(",") + 1), "base64").toString("utf8");
    else if (reference && fs.existsSync(path.resolve(path.dirname(file), reference))) payload = fs.readFileSync(path.resolve(path.dirname(file), reference), "utf8");
    else if (fs.existsSync(`${file}.map`)) payload = fs.readFileSync(`${file}.map`, "utf8");
    if (payload) map = new SourceMap(JSON.parse(payload) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    map = null;
  }
  mapCache.set(file, map);
  return map;
}

const filePathOf = (url: string) => (url.startsWith("file://") ? fileURLToPath(url) : url);

/** The frame's own file, or for a bundle (a build's chunks, Next.js's compiled runtimes) the original source. */
function sourceOf(frame: CallFrame): string {
  const file = filePathOf(frame.url);
  if (!path.isAbsolute(file) || !/\/server\/chunks\/|\/\.next[^/]*\/server\/|next-server\/[^/]+\.runtime\.prod\.js$|\/compiled\//.test(file)) return file;
  const map = sourceMapOf(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
  return entry?.originalSource ? `${file} → ${entry.originalSource}` : file;
}

/** The phase a frame names, or undefined for frames that say nothing (Node's own code, native functions, helpers). */
function phaseOfFrame(frame: CallFrame, source: string): Phase | undefined {
  if (frame.functionName === "(garbage collector)") return "garbage collector";
  if (frame.functionName === "(program)") return "(program)";
  if (frame.url === "" || frame.url.startsWith("node:")) return frame.url.startsWith("node:zlib") ? "compression (main thread)" : undefined;
  // A bundle's line is known by its original source; a line with none, by the bundle's own path.
  const original = source.includes(" → ") ? source.slice(source.indexOf(" → ") + 3) : source;
  for (const candidate of [original, source].map((file) => file.replace(`${REPO_ROOT}/`, ""))) {
    const rules: [RegExp, Phase | null][] = isLibrary(candidate) ? LIBRARY_RULES : PROJECT_RULES;
    for (const [pattern, phase] of rules) if (pattern.test(candidate)) return phase ?? undefined;
  }
  return undefined;
}

/** A source as a reader knows it: the original file of a bundled line, without the folders before the package or project. */
const shortSource = (source: string) =>
  (source.includes(" → ") ? source.slice(source.indexOf(" → ") + 3) : source)
    .replace(`${REPO_ROOT}/`, "")
    .replace(/^.*node_modules\//, "")
    .replace(/^(\.\.\/)+/, "")
    .replace(/^webpack:\/\/next\/\.\//, "next/");

type Summary = { pages: number; wallMs: number; busyMs: number; idleMs: number; byPhase: Map<Phase, number>; bySource: Map<Phase, Map<string, number>>; failures: number; threads: Record<string, number> };

function summarise(profile: CpuProfile, windows: Window[]): Map<string, Summary> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sources = new Map<number, string>();
  const sourceOfNode = (id: number) => {
    let source = sources.get(id);
    if (source === undefined) {
      const { callFrame } = nodes.get(id)!;
      source = callFrame.url ? sourceOf(callFrame) : callFrame.functionName || "(native)";
      sources.set(id, source);
    }
    return source;
  };
  const phases = new Map<number, Phase>();
  const phaseOf = (leaf: number): Phase => {
    const known = phases.get(leaf);
    if (known) return known;
    let phase: Phase = UNNAMED;
    for (let id: number | undefined = leaf; id !== undefined; id = parents.get(id)) {
      const found = phaseOfFrame(nodes.get(id)!.callFrame, sourceOfNode(id));
      if (found) {
        phase = found;
        break;
      }
    }
    phases.set(leaf, phase);
    return phase;
  };

  const summaries = new Map<string, Summary>(windows.map((window) => [window.label, { pages: window.pages, wallMs: (window.to - window.from) / 1000, busyMs: 0, idleMs: 0, byPhase: new Map(), bySource: new Map(), failures: window.failures, threads: window.threads }]));
  let time = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (time += delta));
  for (let index = 0; index < profile.samples.length; index++) {
    const at = times[index];
    const window = windows.find((candidate) => at >= candidate.from && at < candidate.to);
    if (!window) continue;
    const summary = summaries.get(window.label)!;
    const ms = SAMPLE_INTERVAL_US / 1000;
    const id = profile.samples[index];
    const { functionName } = nodes.get(id)!.callFrame;
    if (functionName === "(idle)") {
      summary.idleMs += ms;
      continue;
    }
    summary.busyMs += ms;
    const phase = phaseOf(id);
    summary.byPhase.set(phase, (summary.byPhase.get(phase) ?? 0) + ms);
    const sources = summary.bySource.get(phase) ?? new Map<string, number>();
    const leaf = `${functionName || "(anonymous)"} ${shortSource(sourceOfNode(id))}`;
    sources.set(leaf, (sources.get(leaf) ?? 0) + ms);
    summary.bySource.set(phase, sources);
  }
  return summaries;
}

// ---------------------------------------------------------------------------------------------
// The process's threads (/proc): CPU time off the main thread

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms of each kind of thread of a process (the main thread, libuv's pool, V8's helpers…), from /proc. */
function threadTimes(pid: number): Record<string, number> {
  const times: Record<string, number> = {};
  const tasks = `/proc/${pid}/task`;
  if (!fs.existsSync(tasks)) return times;
  for (const tid of fs.readdirSync(tasks)) {
    try {
      const stat = fs.readFileSync(path.join(tasks, tid, "stat"), "utf8");
      const name = Number(tid) === pid ? "main thread" : /\((.*)\)/.exec(stat)![1].replace(/\s*\d+$/, "").trim();
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
      times[name] = (times[name] ?? 0) + ms;
    } catch {
      // the thread ended
    }
  }
  return times;
}

const difference = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]).filter(([, ms]) => Number(ms) > 0));

// ---------------------------------------------------------------------------------------------
// Serving and asking

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the server alone (not its group), so it exits by itself and Node writes the profile; then its file. */
async function stopAndCollect(pid: number, dir: string): Promise<string> {
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + EXIT_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) throw new Error(`The server (pid ${pid}) did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGTERM, so Node wrote no profile.`);
  const file = fs.readdirSync(dir).find((name) => name.includes(`.${pid}.0.`) && name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`The server (pid ${pid}) exited without writing a profile in ${dir}.`);
  return path.join(dir, file);
}

/** Asks `paths` in a window of their own. */
async function measureWindow(label: string, baseUrl: string, pid: number, paths: string[]): Promise<Window> {
  process.stdout.write(`[cpu-profile] ${label}: ${paths.length} cold pages … `);
  const before = threadTimes(pid);
  const from = nowMicros();
  const result = await crawl(baseUrl, paths);
  const to = nowMicros();
  const threads = difference(threadTimes(pid), before);
  console.log(`${formatNumber(result.pages / result.seconds)} pages/s${result.failures ? `, ${result.failures} not 200` : ""}`);
  return { label, pages: paths.length, from, to, failures: result.failures, threads };
}

const cpuProfArgs = (dir: string) => ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${SAMPLE_INTERVAL_US}`];

async function profileSite({ distDir, databaseUrl, pagesPerKind }: { distDir: string; databaseUrl: string; pagesPerKind: number }): Promise<Run> {
  const dir = path.join(PROFILE_DIR, "site");
  fs.mkdirSync(dir, { recursive: true });
  const site = await startSite({
    name: "cpu-profile",
    distDir,
    databaseUrl,
    ports: PORTS.perf,
    env: { RATE_LIMIT_PER_MINUTE: "1000000", OUTBOX_DIR: path.join(OUTPUT_DIR, "cpu-profile-outbox") },
    logFile: path.join(OUTPUT_DIR, "cpu-profile-server.log"),
    nodeArgs: cpuProfArgs(dir),
  });
  try {
    const { byKind } = await pathsByKind(site);
    const samples = KINDS.map((kind) => {
      const picked = spread(spread(byKind.get(kind) ?? [], CRAWL_PAGES), WARM_UP_PAGES + pagesPerKind);
      // A kind with few pages (the blog) keeps most of them for the measurement.
      const warmUp = Math.min(WARM_UP_PAGES, Math.floor(picked.length / 4));
      return { kind, warmUp: picked.slice(0, warmUp), measured: picked.slice(warmUp) };
    });
    // Every kind warms up before any is measured: the code they share (Next.js, React) is then
    // as warm for the first kind as for the last.
    process.stdout.write(`[cpu-profile] warming up: ${samples.map(({ kind, warmUp }) => `${warmUp.length} ${kind}`).join(", ")} … `);
    const warm = await crawl(site.url, samples.flatMap(({ warmUp }) => warmUp));
    console.log(warm.failures ? `${warm.failures} not 200` : "done");
    const windows: Window[] = [];
    for (const { kind, measured } of samples) if (measured.length) windows.push(await measureWindow(kind, site.url, site.pid, measured));
    return { label: "site", profile: await stopAndCollect(site.pid, dir), windows };
  } finally {
    await site.stop();
  }
}

async function profileReference(pages: number): Promise<Run> {
  const dir = path.join(PROFILE_DIR, "reference");
  fs.mkdirSync(dir, { recursive: true });
  const reference = await startReferenceApp({ nodeArgs: cpuProfArgs(dir) });
  try {
    const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `/${prefix}${index + 1}`);
    await crawl(reference.url, numbered("w", WARM_UP_PAGES * KINDS.length));
    const window = await measureWindow("bare Next.js page", reference.url, reference.pid, numbered("p", pages));
    return { label: "reference", profile: await stopAndCollect(reference.pid, dir), windows: [window] };
  } finally {
    await reference.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The report

const PROFILER_THREAD = "v8:ProfEvntProc";

function printSummary(label: string, summary: Summary, { top = false }: { top?: boolean } = {}): void {
  const { pages, busyMs } = summary;
  const perPage = (ms: number) => formatNumber(ms / pages, 1);
  console.log(`\n${label}: ${pages} cold pages in ${formatNumber(summary.wallMs)} ms; main thread ${formatNumber(busyMs)} ms of CPU (${perPage(busyMs)} ms a page), idle ${formatNumber(summary.idleMs)} ms`);
  const rows = PHASES.filter((phase) => summary.byPhase.has(phase)).map((phase) => {
    const ms = summary.byPhase.get(phase)!;
    return [phase, formatNumber(ms), percent(ms / busyMs), perPage(ms)];
  });
  rows.push(["main thread", formatNumber(busyMs), "100%", perPage(busyMs)]);
  const { [PROFILER_THREAD]: profiler = 0, "main thread": mainThread, ...others } = summary.threads;
  const otherMs = Object.values(others).reduce((sum, ms) => sum + ms, 0);
  if (mainThread !== undefined) rows.push(["other threads (/proc)", formatNumber(otherMs), "", perPage(otherMs)]);
  printTable(["phase", "CPU ms", "share", "ms a page"], rows, { rightAligned: [1, 2, 3] });
  if (mainThread !== undefined) {
    console.log(
      `/proc over the same window: main thread ${formatNumber(mainThread)} ms; other threads ${formatNumber(otherMs)} ms (zlib's and libuv's pool: the store's brotli; V8's GC and compiler helpers); the profiler's own ${formatNumber(profiler)} ms`,
    );
  }
  if (summary.failures) console.log(`(${summary.failures} of the ${pages} answers were not 200)`);
  if (top) {
    console.log("\nWhat each phase spent its samples in (self time: function and file, 4 largest):");
    for (const phase of PHASES) {
      const sources = [...(summary.bySource.get(phase) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 4);
      if (sources.length) console.log(`  ${phase}: ${sources.map(([source, ms]) => `${source} ${formatNumber(ms)} ms`).join("; ")}`);
    }
  }
}

function report(runs: Run[], { top = false, machine }: { top?: boolean; machine?: string } = {}): void {
  console.log(`\nCPU profile of cold renders (Node --cpu-prof, main thread; each sample given to the nearest frame on its stack that names a phase)${machine ? `: ${machine}` : ""}`);
  for (const run of runs) {
    const profile = JSON.parse(fs.readFileSync(run.profile, "utf8")) as CpuProfile;
    for (const [label, summary] of summarise(profile, run.windows)) printSummary(label, summary, { top });
  }
  console.log(`\nProfiles: ${path.relative(REPO_ROOT, PROFILE_DIR)} (Chrome DevTools → Performance → Load profile)`);
}

/** Profiles cold renders of each kind on a server of its own and a bare Next.js page, and prints the summary. */
export async function profileColdRenders({ distDir, databaseUrl, pagesPerKind = DEFAULT_PAGES, top = false }: { distDir: string; databaseUrl: string; pagesPerKind?: number; top?: boolean }): Promise<void> {
  fs.rmSync(PROFILE_DIR, { recursive: true, force: true });
  const runs = [await profileSite({ distDir, databaseUrl, pagesPerKind }), await profileReference(pagesPerKind)];
  fs.writeFileSync(path.join(PROFILE_DIR, WINDOWS_FILE), JSON.stringify(runs, null, 2));
  report(runs, { top, machine: describeMachine() });
}

async function main(): Promise<void> {
  const options = flags();
  const value = (name: string) => [...options].find((flag) => flag.startsWith(`${name}=`))?.slice(name.length + 1);
  const top = options.has("top");
  const from = value("from");
  if (from) {
    report(JSON.parse(fs.readFileSync(path.join(from, WINDOWS_FILE), "utf8")) as Run[], { top });
    return;
  }
  console.log(`[cpu-profile] ${describeMachine()}`);
  warnIfBusy();
  const distDir = value("dist") ?? ".next-bench";
  if (!fs.existsSync(path.join(REPO_ROOT, distDir, "BUILD_ID"))) throw new Error(`No build in ${distDir}: build one (npm run build with NEXT_DIST_DIR=${distDir}) or name another with --dist=.`);
  const databaseFile = path.join(".data", "cpu-profile.db");
  console.log(`[cpu-profile] serving ${distDir} with a fresh database ${databaseFile}`);
  await createSeededDatabase(databaseFile);
  await profileColdRenders({ distDir, databaseUrl: `file:${databaseFile}`, pagesPerKind: Number(value("pages") ?? DEFAULT_PAGES), top });
}

if (require.main === module) {
  main()
    .then(() => process.exit(0))
    .catch(async (error: unknown) => {
      console.error(`[cpu-profile] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await stopEverything();
      process.exit(1);
    });
}
