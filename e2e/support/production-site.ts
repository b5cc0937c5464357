/**
 * A production copy of the site for the suites that need a real server (reliability, bench,
 * lighthouse): a build in a dist dir of its own (made once, or copied from the end-to-end
 * suite's build), a database of its own, and the production server (lib/server) on a free port,
 * so a run never touches the developer's build, database or port, nor those of a run beside it.
 *
 * Every process started here leads a process group of its own (npm, tsx and Next.js all start
 * children); the whole group is stopped when the caller stops the site, when the script fails
 * and on Ctrl-C. A server's output is kept in memory (the last lines, for failure messages) and,
 * when asked, written to a log file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { openDatabase } from "../../lib/db/connection";
import { prepareDatabase } from "../../lib/db/setup";
import { changedFilesReason } from "../../lib/cli/build-stamp";
import { IN_USE_MARK_PREFIX } from "../../lib/cli/build-in-use";
import { UNREACHABLE_DEPLOYMENT } from "./server";

export const REPO_ROOT = path.resolve(__dirname, "../..");
/** Logs and reports of the measurements (git-ignored). */
export const OUTPUT_DIR = path.join(REPO_ROOT, ".bench");

export type PortRange = { first: number; last: number };

/** `PERF_PORTS=3640-3649`: the measurements' ports, for a run beside others on a shared machine. */
function perfPorts(spec = process.env.PERF_PORTS): PortRange {
  const match = /^(\d+)-(\d+)$/.exec(spec ?? "");
  if (!match) return { first: 3500, last: 3599 };
  return { first: Number(match[1]), last: Number(match[2]) };
}

export const PORTS = { perf: perfPorts(), reliability: { first: 3600, last: 3699 } } as const;

const BUILD_TIMEOUT_MS = 15 * 60_000;
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;
const KEPT_OUTPUT_LINES = 300;
/** The site's own configuration: never inherited from the shell that runs the suite. */
const SITE_VARIABLES = [
  "PORT",
  "DATABASE_URL",
  "API_BASE_URL",
  "API_TOKEN",
  "SITE_URL",
  "ALLOWED_ORIGINS",
  "AGENT_PANEL_URL",
  "SEED_DEMO",
  "RATE_LIMIT_PER_MINUTE",
  "TRUST_PROXY",
  "REDIS_URL",
  "PAGE_STORE_MAX_BYTES",
  "STATE_LIST_HALF",
  "NEXT_DIST_DIR",
  "INTERNAL_SECRET",
  "E2E_PORT",
  "SMTP_URL",
  "MAIL_FROM",
  "LEAD_WEBHOOK_URL",
  "LEAD_WEBHOOK_SECRET",
  "PURGE_URL",
  "PURGE_SECRET",
  "OUTBOX_DIR",
  "OUTBOX_WORKER",
  "OUTBOX_RETRY_BASE_MS",
  "OUTBOX_RETRY_MAX_MS",
  "OUTBOX_GIVE_UP_MS",
  "OUTBOX_LEASE_MS",
  "OUTBOX_POLL_MS",
  "OUTBOX_MATCH_CHECK_MS",
  "STAFF_AUTH_SECRET",
];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const inRepo = (...parts: string[]) => path.join(REPO_ROOT, ...parts);

// ---------------------------------------------------------------------------------------------
// Process groups

const startedGroups = new Set<ChildProcess>();
let interruptHandlerInstalled = false;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (!child.pid) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is gone already
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM to the group (or SIGKILL at once), SIGKILL to whatever is left after the grace period. */
export async function stopGroup(child: ChildProcess, signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
  if (signalGroup(child, 0)) {
    signalGroup(child, signal);
    await waitForExit(child, STOP_GRACE_MS);
    const deadline = Date.now() + STOP_GRACE_MS;
    while (signalGroup(child, 0) && Date.now() < deadline) await sleep(100);
    signalGroup(child, "SIGKILL");
  }
  await waitForExit(child, STOP_GRACE_MS);
  startedGroups.delete(child);
}

/** Stops every process group this process started and has not stopped yet. */
export async function stopEverything(): Promise<void> {
  await Promise.all([...startedGroups].map((child) => stopGroup(child)));
}

function installInterruptHandler(): void {
  if (interruptHandlerInstalled) return;
  interruptHandlerInstalled = true;
  // Last resort when the script dies some other way: nothing may outlive it.
  process.on("exit", () => {
    for (const child of startedGroups) signalGroup(child, "SIGKILL");
  });
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n[site] ${signal}: stopping the processes this run started`);
    void stopEverything().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
}

/** Starts a command as the leader of a new process group; its output goes to `onOutput`. */
export function startGroup(command: string, args: string[], { env, onOutput }: { env: NodeJS.ProcessEnv; onOutput: (chunk: Buffer) => void }): ChildProcess {
  installInterruptHandler();
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  startedGroups.add(child);
  child.once("exit", () => {
    if (!signalGroup(child, 0)) startedGroups.delete(child);
  });
  return child;
}

/** Keeps the last lines of a process's output, and writes them all to `logFile` when given. */
export function outputKeeper(logFile?: string) {
  const lines: string[] = [];
  let log: number | undefined;
  if (logFile) {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    log = fs.openSync(logFile, "w");
  }
  return {
    write(chunk: Buffer) {
      if (log !== undefined) fs.writeSync(log, chunk);
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      if (lines.length > KEPT_OUTPUT_LINES) lines.splice(0, lines.length - KEPT_OUTPUT_LINES);
    },
    lines: () => [...lines],
    close() {
      if (log !== undefined) fs.closeSync(log);
      log = undefined;
    },
  };
}

/**
 * Runs a command in a process group of its own and waits for it; throws with the end of its
 * output when it fails or outlives `timeoutMs` (then the group is stopped).
 */
export async function runToCompletion(
  what: string,
  command: string,
  args: string[],
  { env = process.env, logFile, timeoutMs }: { env?: NodeJS.ProcessEnv; logFile?: string; timeoutMs: number },
): Promise<void> {
  const output = outputKeeper(logFile);
  const child = startGroup(command, args, { env, onOutput: (chunk) => output.write(chunk) });
  const exited = await waitForExit(child, timeoutMs);
  await stopGroup(child);
  output.close();
  const tail = output.lines().slice(-40).join("\n");
  if (!exited) throw new Error(`${what} took longer than ${Math.round(timeoutMs / 1000)} s:\n${tail}`);
  if (child.exitCode !== 0) throw new Error(`${what} failed:\n${tail}`);
}

// ---------------------------------------------------------------------------------------------
// Ports and databases

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    // The production server listens on 0.0.0.0, so probe there.
    probe.listen({ port, host: "0.0.0.0", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const reserved = new Set<number>();

/** Free ports in `range`, kept for this process so two sites never get the same one. */
export async function reservePorts(count: number, range: PortRange): Promise<number[]> {
  const ports: number[] = [];
  for (let port = range.first; port <= range.last && ports.length < count; port++) {
    if (reserved.has(port) || !(await isPortFree(port))) continue;
    reserved.add(port);
    ports.push(port);
  }
  if (ports.length < count) throw new Error(`Only ${ports.length} of ${count} ports are free in ${range.first}-${range.last}.`);
  return ports;
}

export function removeDatabase(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Migrates and seeds (with the demo managers) a fresh SQLite file. */
export async function createSeededDatabase(file: string): Promise<void> {
  removeDatabase(file);
  const handle = openDatabase(`file:${file}`);
  try {
    await prepareDatabase(handle, { demo: true });
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Builds

/** A finished build: `next build` writes these last and removes its lock when done. */
function isCompleteBuild(distDir: string): boolean {
  const required = ["BUILD_ID", "prerender-manifest.json", "routes-manifest.json", "required-server-files.json"];
  return required.every((file) => fs.existsSync(inRepo(distDir, file))) && !fs.existsSync(inRepo(distDir, "lock"));
}

/** Locked by `next build`, or unfinished and changed within the last minute. */
function isBeingBuilt(distDir: string): boolean {
  if (fs.existsSync(inRepo(distDir, "lock"))) return true;
  if (isCompleteBuild(distDir) || !fs.existsSync(inRepo(distDir))) return false;
  return Date.now() - fs.statSync(inRepo(distDir)).mtimeMs < 60_000;
}

const buildIdOf = (distDir: string) => fs.readFileSync(inRepo(distDir, "BUILD_ID"), "utf8").trim();

/** Copies a build without its compiler cache; answers false when it changed while copying. */
function copyBuild(source: string, target: string): boolean {
  const before = buildIdOf(source);
  fs.rmSync(inRepo(target), { recursive: true, force: true });
  const cacheDir = inRepo(source, "cache");
  // Without the compiler cache, nor the marks of the servers running on the source (lib/cli/build-in-use.ts).
  const copied = (file: string) => file !== cacheDir && !file.startsWith(cacheDir + path.sep) && !path.basename(file).startsWith(IN_USE_MARK_PREFIX);
  fs.cpSync(inRepo(source), inRepo(target), { recursive: true, verbatimSymlinks: true, filter: copied });
  return isCompleteBuild(source) && buildIdOf(source) === before;
}

/** `npm run build` into `distDir`, given no database and no origin (it reads neither). */
async function buildSite(distDir: string, { logFile }: { logFile?: string } = {}): Promise<void> {
  console.log(`[site] building into ${distDir} (a few minutes on 2 cores${logFile ? `; log: ${logFile}` : ""})`);
  const started = Date.now();
  fs.rmSync(inRepo(distDir), { recursive: true, force: true });
  await runToCompletion("The build", "npm", ["run", "build"], {
    env: { ...siteEnvironment({}), NODE_ENV: "production", NEXT_DIST_DIR: distDir, ...UNREACHABLE_DEPLOYMENT },
    logFile,
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  if (!isCompleteBuild(distDir)) throw new Error(`The build into ${distDir} did not finish.`);
  console.log(`[site] built ${distDir} in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Makes `distDir` a complete production build, built once: kept as it is when `reuse` and one is
 * there; else a private copy of `copyFrom` (the end-to-end suite's build, when `npm test` left
 * one: serving writes regenerated pages into the build folder, so a build is never shared in
 * place); else a new build.
 */
export async function ensureBuild(distDir: string, { copyFrom, reuse = false, logFile }: { copyFrom?: string; reuse?: boolean; logFile?: string } = {}): Promise<void> {
  if (reuse && isCompleteBuild(distDir)) {
    console.log(`[site] reusing the build in ${distDir}`);
    return;
  }
  if (copyFrom) {
    // A build in progress is worth waiting for: two builds at once on two cores is slower.
    const waitUntil = Date.now() + 5 * 60_000;
    while (isBeingBuilt(copyFrom) && Date.now() < waitUntil) await sleep(5_000);
    // A stale copy once served an older bundle against a database that newer code had migrated
    // further, and every page answered 500 ("corrupted migrations").
    const changed = isCompleteBuild(copyFrom) ? changedFilesReason(inRepo(copyFrom), REPO_ROOT) : null;
    if (changed) console.log(`[site] not copying ${copyFrom}: ${changed}`);
    for (let attempt = 1; attempt <= 3 && isCompleteBuild(copyFrom) && !changed; attempt++) {
      if (copyBuild(copyFrom, distDir)) {
        console.log(`[site] serving a copy of ${copyFrom} (build ${buildIdOf(distDir)}) from ${distDir}`);
        return;
      }
      await sleep(10_000); // someone rebuilt the source while it was being copied
    }
  }
  await buildSite(distDir, { logFile });
}

// ---------------------------------------------------------------------------------------------
// Serving

export type SiteOptions = {
  /** Shown in messages and log names: "A", "bench"… */
  name: string;
  distDir: string;
  databaseUrl: string;
  /** A port from reservePorts(); by default a free one of `ports`. Reuse it to restart a site. */
  port?: number;
  ports?: PortRange;
  /** Further site variables: RATE_LIMIT_PER_MINUTE, REDIS_URL, TRUST_PROXY… */
  env?: Record<string, string>;
  /** The bearer token the site accepts; random by default. */
  apiToken?: string;
  /** false: no SITE_URL, as on a fresh machine (the site's origin then follows PORT). */
  siteUrl?: false;
  logFile?: string;
  /** Options for Node itself, before the server's script: `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
};

export type RunningSite = {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>, also the site's SITE_URL, so it is the origin browsers send. */
  url: string;
  apiToken: string;
  distDir: string;
  databaseUrl: string;
  pid: number;
  isRunning(): boolean;
  /** The last lines the server printed. */
  output(lines?: number): string;
  /** POST /api/<call> as a server would (with the bearer token when `withToken`). */
  call<T = Record<string, unknown>>(call: string, body: unknown, options?: { withToken?: boolean }): Promise<{ status: number; json: T }>;
  /** SIGTERM, then SIGKILL when it has not stopped after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL now, as in a crash; resolves once the process is gone. */
  kill(): Promise<void>;
};

export function siteEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SITE_VARIABLES.includes(name)));
  // Jest sets NODE_ENV=test; the server under test is a production one.
  return { ...inherited, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

async function waitUntilServing(site: RunningSite, deadline: number): Promise<void> {
  for (;;) {
    if (!site.isRunning()) throw new Error(`Site ${site.name} exited while starting:\n${site.output()}`);
    try {
      const { status } = await site.call("page/get", { page_id: 1 });
      if (status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Site ${site.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${site.output()}`);
    await sleep(250);
  }
}

/** The production server on the site's build and database; resolves once it answers a call. */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const port = options.port ?? (await reservePorts(1, options.ports ?? PORTS.reliability))[0];
  reserved.add(port);
  const url = `http://127.0.0.1:${port}`;
  const apiToken = options.apiToken ?? crypto.randomBytes(24).toString("hex");
  const output = outputKeeper(options.logFile);
  const child = startGroup(process.execPath, [...(options.nodeArgs ?? []), "--require", "tsx/cjs", path.join("lib", "server", "index.ts")], {
    env: siteEnvironment({
      NEXT_DIST_DIR: options.distDir,
      PORT: String(port),
      ...(options.siteUrl === false ? {} : { SITE_URL: url }),
      DATABASE_URL: options.databaseUrl,
      API_TOKEN: apiToken,
      ...options.env,
    }),
    onOutput: (chunk) => output.write(chunk),
  });

  const site: RunningSite = {
    name: options.name,
    port,
    url,
    apiToken,
    distDir: options.distDir,
    databaseUrl: options.databaseUrl,
    pid: child.pid ?? -1,
    isRunning: () => !hasExited(child),
    output: (lines = 40) => `--- last lines of site ${options.name} (port ${port}) ---\n${output.lines().slice(-lines).join("\n")}`,
    async call<T>(call: string, body: unknown, { withToken = false } = {}) {
      const response = await fetch(`${url}/api/${call}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(withToken ? { authorization: `Bearer ${apiToken}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, json: (await response.json()) as T };
    },
    stop: async () => {
      await stopGroup(child, "SIGTERM");
      output.close();
    },
    kill: async () => {
      await stopGroup(child, "SIGKILL");
      output.close();
    },
  };
  try {
    await waitUntilServing(site, Date.now() + READY_TIMEOUT_MS);
  } catch (error) {
    await site.kill();
    throw error;
  }
  return site;
}

/** Command-line flags as a set: `--scale` → has("scale"). */
export function flags(argv = process.argv.slice(2)): Set<string> {
  return new Set(argv.filter((arg) => arg.startsWith("--")).map((arg) => arg.slice(2)));
}

/**
 * The usual start of a measurement (`npm run bench`, `npm run lighthouse`): a fresh seeded
 * database `.data/<name>.db`, the build `.next-<name>` (kept with `reuse` when complete: the seed
 * is deterministic, so its prerendered pages match the fresh database), and the production server
 * on a free port of 3500-3599, its log in `.bench/<name>-server.log`.
 */
export async function buildAndStartSite({ name, reuse, env = {} }: { name: string; reuse: boolean; env?: Record<string, string> }): Promise<RunningSite> {
  const distDir = `.next-${name}`;
  const databaseFile = path.join(".data", `${name}.db`);
  console.log(`[site] fresh database ${databaseFile}`);
  await createSeededDatabase(databaseFile);
  await ensureBuild(distDir, { reuse, logFile: path.join(OUTPUT_DIR, `${name}-build.log`) });
  const site = await startSite({
    name,
    distDir,
    databaseUrl: `file:${databaseFile}`,
    ports: PORTS.perf,
    // The messages of the measured leads (owner confirmations) are written under .bench, not .data.
    env: { RATE_LIMIT_PER_MINUTE: "1000000", OUTBOX_DIR: path.join(OUTPUT_DIR, `${name}-outbox`), ...env },
    logFile: path.join(OUTPUT_DIR, `${name}-server.log`),
  });
  // A reused build keeps the pages the last run cached (perhaps from another database).
  if (reuse) {
    const { status } = await site.call("revalidate", { all: true }, { withToken: true });
    if (status !== 200) {
      await site.stop();
      throw new Error(`Clearing the page cache of the reused build answered ${status}.`);
    }
  }
  console.log(`[site] serving ${site.url} (log: .bench/${name}-server.log)`);
  return site;
}
