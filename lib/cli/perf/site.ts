/**
 * A production copy of the site for measurements (`npm run bench`, `npm run lighthouse`): a
 * fresh SQLite file, a build in a dist dir of its own, and the production server of lib/server on
 * a free port of 3500-3599. So a measurement never touches the developer's build, database or
 * port, nor those of a test run beside it.
 *
 * Every process started here leads a process group of its own (npm, tsx and Next.js all start
 * children), and the whole group is stopped when the caller stops the site, when the script
 * fails and on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { openDatabase } from "../../db/connection";
import { prepareDatabase } from "../../db/setup";

export const PERF_PORTS = { first: 3500, last: 3599 } as const;
/** Logs and reports of the measurements (git-ignored). */
export const PERF_OUTPUT_DIR = ".bench";

const BUILD_TIMEOUT_MS = 15 * 60_000;
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
/** A file the server answers without rendering: proof that it listens and routes. */
const READINESS_PATH = "/brand/logo.svg";
/** Settings of the developer's shell that would point the copy at something else. */
const INHERITED_SETTINGS_TO_DROP = ["API_BASE_URL", "PEER_URLS", "TRUST_PROXY", "E2E_PORT"];

export type SiteFiles = {
  /** Short name used for the dist dir, the database and the logs: `bench` → `.next-bench`, `.data/bench.db`. */
  name: string;
  distDir: string;
  databaseFile: string;
};

export type RunningSite = SiteFiles & {
  baseUrl: string;
  port: number;
  apiToken: string;
  serverLog: string;
  /** POST /api/<call> as a server would (with the bearer token when `withToken`). */
  call<T = unknown>(call: string, body: unknown, options?: { withToken?: boolean }): Promise<{ status: number; json: T }>;
  stop(): Promise<void>;
};

export function siteFiles(name: string): SiteFiles {
  return { name, distDir: `.next-${name}`, databaseFile: path.join(".data", `${name}.db`) };
}

// ---------------------------------------------------------------------------------------------
// Processes

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

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

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

/** SIGTERM to the group, SIGKILL to whatever is left of it after the grace period. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (signalGroup(child, 0)) {
    signalGroup(child, "SIGTERM");
    await waitForExit(child, STOP_GRACE_MS);
    // The leader may be gone while one of its children still holds the port.
    const deadline = Date.now() + STOP_GRACE_MS;
    while (signalGroup(child, 0) && Date.now() < deadline) await sleep(100);
    signalGroup(child, "SIGKILL");
  }
  startedGroups.delete(child);
}

export async function stopEverything(): Promise<void> {
  await Promise.all([...startedGroups].map(stopGroup));
}

function installInterruptHandler(): void {
  if (interruptHandlerInstalled) return;
  interruptHandlerInstalled = true;
  // Last resort when the script dies some other way: nothing may outlive it.
  process.on("exit", () => {
    for (const child of startedGroups) signalGroup(child, "SIGKILL");
  });
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n[perf] ${signal}: stopping the processes this run started`);
    void stopEverything().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
}

function startGroup(command: string, args: string[], { env, logFile }: { env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  installInterruptHandler();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  try {
    const child = spawn(command, args, { env, stdio: ["ignore", log, log], detached: true });
    startedGroups.add(child);
    child.once("exit", () => {
      if (!signalGroup(child, 0)) startedGroups.delete(child);
    });
    return child;
  } finally {
    fs.closeSync(log);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function tailOf(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

// ---------------------------------------------------------------------------------------------
// Ports, database, build

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    // The production server listens on 0.0.0.0, so probe there.
    probe.listen({ port, host: "0.0.0.0", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `preferred` on, wrapping around inside 3500-3599. */
export async function findFreePort(preferred: number): Promise<number> {
  const size = PERF_PORTS.last - PERF_PORTS.first + 1;
  for (let offset = 0; offset < size; offset++) {
    const port = PERF_PORTS.first + ((preferred - PERF_PORTS.first + offset) % size);
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port between ${PERF_PORTS.first} and ${PERF_PORTS.last}.`);
}

export function removeDatabase(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Migrates and seeds (with the demo managers) a fresh database file. */
export async function createSeededDatabase(file: string): Promise<void> {
  removeDatabase(file);
  const handle = openDatabase(`file:${file}`);
  try {
    await prepareDatabase(handle, { demo: true });
  } finally {
    await handle.close();
  }
}

function siteEnv({ files, port, apiToken, rateLimitPerMinute }: { files: SiteFiles; port: number; apiToken?: string; rateLimitPerMinute?: number }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_TO_DROP) delete env[name];
  return {
    ...env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: files.distDir,
    DATABASE_URL: `file:${files.databaseFile}`,
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "1",
    ...(apiToken ? { API_TOKEN: apiToken } : {}),
    ...(rateLimitPerMinute ? { RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute) } : {}),
  };
}

/**
 * `next build` adds `<distDir>/types/**` to tsconfig.json's include for any dist dir it has not
 * seen. That edit belongs to nobody: take back the entries this build added for its own dist dir
 * (and only those: a build running beside it may add its own).
 */
function undoTsconfigIncludes(distDir: string, build: () => Promise<void>): Promise<void> {
  const file = "tsconfig.json";
  const readIncludes = (): string[] => {
    try {
      const include = (JSON.parse(fs.readFileSync(file, "utf8")) as { include?: unknown }).include;
      return Array.isArray(include) ? include.map(String) : [];
    } catch {
      return [];
    }
  };
  const before = new Set(readIncludes());
  const ours = (entry: string) => !before.has(entry) && entry.startsWith(`${distDir}/`);
  return build().finally(() => {
    const text = fs.readFileSync(file, "utf8");
    const config = JSON.parse(text) as { include?: string[] };
    const added = (config.include ?? []).filter(ours);
    if (added.length === 0) return;
    // Only when the file is in the layout Next.js writes, so nothing else in it changes.
    if (`${JSON.stringify(config, null, 2)}\n` !== text) {
      console.warn(`[perf] next build added ${added.join(", ")} to tsconfig.json; remove them by hand`);
      return;
    }
    config.include = (config.include ?? []).filter((entry) => !ours(entry));
    fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  });
}

/**
 * Runs a command in a process group of its own, output to `logFile`, and waits for it; throws
 * with the end of the log when it fails or outlives `timeoutMs` (then the group is stopped).
 */
export async function runToCompletion(
  what: string,
  command: string,
  args: string[],
  { env = process.env, logFile, timeoutMs }: { env?: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<void> {
  const child = startGroup(command, args, { env, logFile });
  const exited = await waitForExit(child, timeoutMs);
  await stopGroup(child);
  if (!exited) throw new Error(`${what} took longer than ${Math.round(timeoutMs / 1000)} s. Log (${logFile}):\n${tailOf(logFile)}`);
  if (child.exitCode !== 0) throw new Error(`${what} failed. Log (${logFile}):\n${tailOf(logFile)}`);
}

/** `npm run build` (prepare + next build) into the site's own dist dir. */
export async function buildSite(files: SiteFiles, port: number): Promise<void> {
  const logFile = path.join(PERF_OUTPUT_DIR, `${files.name}-build.log`);
  console.log(`[perf] building into ${files.distDir} (a few minutes on 2 cores; log: ${logFile})`);
  const started = Date.now();
  await undoTsconfigIncludes(files.distDir, () => runToCompletion("The build", "npm", ["run", "build"], { env: siteEnv({ files, port }), logFile, timeoutMs: BUILD_TIMEOUT_MS }));
  console.log(`[perf] built in ${Math.round((Date.now() - started) / 1000)} s`);
}

export function hasBuild(files: SiteFiles): boolean {
  return fs.existsSync(path.join(files.distDir, "BUILD_ID"));
}

// ---------------------------------------------------------------------------------------------
// Serving

async function waitUntilServing(child: ChildProcess, baseUrl: string, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`The server stopped while starting. Log (${logFile}):\n${tailOf(logFile)}`);
    try {
      const response = await fetch(`${baseUrl}${READINESS_PATH}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer within ${READY_TIMEOUT_MS / 1000} s. Log (${logFile}):\n${tailOf(logFile)}`);
}

/** `tsx lib/server/index.ts` on the site's build and database; resolves once it serves. */
export async function startSite(
  files: SiteFiles,
  { port, apiToken = crypto.randomBytes(24).toString("hex"), rateLimitPerMinute = 1_000_000 }: { port: number; apiToken?: string; rateLimitPerMinute?: number },
): Promise<RunningSite> {
  if (!(await isPortFree(port))) throw new Error(`Port ${port} is taken.`);
  const serverLog = path.join(PERF_OUTPUT_DIR, `${files.name}-server.log`);
  const tsxCli = require.resolve("tsx/cli");
  const child = startGroup(process.execPath, [tsxCli, path.join("lib", "server", "index.ts")], {
    env: siteEnv({ files, port, apiToken, rateLimitPerMinute }),
    logFile: serverLog,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(child, baseUrl, serverLog);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }

  return {
    ...files,
    baseUrl,
    port,
    apiToken,
    serverLog,
    async call<T>(call: string, body: unknown, { withToken = false } = {}) {
      const response = await fetch(`${baseUrl}/api/${call}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(withToken ? { authorization: `Bearer ${apiToken}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, json: (await response.json()) as T };
    },
    stop: () => stopGroup(child),
  };
}

/**
 * The usual start of a measurement: a fresh database, a build (unless `reuseBuild` and one is
 * there: handy while iterating, since the seed is deterministic), and a running server whose
 * page cache holds nothing from an earlier run.
 */
export async function buildAndStartSite({ name, preferredPort, reuseBuild }: { name: string; preferredPort: number; reuseBuild: boolean }): Promise<RunningSite> {
  const files = siteFiles(name);
  const port = await findFreePort(preferredPort);
  console.log(`[perf] fresh database ${files.databaseFile}`);
  await createSeededDatabase(files.databaseFile);
  const reusing = reuseBuild && hasBuild(files);
  if (reusing) console.log(`[perf] reusing the build in ${files.distDir}`);
  else await buildSite(files, port);
  // Another run may have taken the port while we built; the site's URLs are then off by a port,
  // which matters to no measurement here.
  const servingPort = (await isPortFree(port)) ? port : await findFreePort(port + 1);
  const site = await startSite(files, { port: servingPort });
  if (reusing) {
    // The build folder keeps the pages cached by the last run (perhaps from another database).
    const { status } = await site.call("revalidate", { all: true }, { withToken: true });
    if (status !== 200) {
      await site.stop();
      throw new Error(`Clearing the page cache of the reused build answered ${status}.`);
    }
  }
  console.log(`[perf] serving ${site.baseUrl} (log: ${site.serverLog})`);
  return site;
}

/** Command-line flags as a set: `--scale` → has("scale"). */
export function flags(argv = process.argv.slice(2)): Set<string> {
  return new Set(argv.filter((arg) => arg.startsWith("--")).map((arg) => arg.slice(2)));
}
