import { spawn } from "node:child_process";
import net from "node:net";
import { RELIABILITY_DIST_DIR, REPO_ROOT } from "./build";
import { httpRequest } from "./http";

/**
 * Production servers (lib/server/index.ts) for the reliability suites, each on its own port in
 * 3600-3699 with the environment a test gives it. The server is started as `node --import tsx`
 * so the process a test kills is the server itself, not a launcher that would leave it behind.
 */
const FIRST_PORT = 3600;
const LAST_PORT = 3699;
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;
const KEPT_OUTPUT_LINES = 200;

/** The site's own configuration: never inherited from the shell that runs the tests. */
const SITE_VARIABLES = [
  "PORT",
  "DATABASE_URL",
  "API_BASE_URL",
  "API_TOKEN",
  "SITE_URL",
  "AGENT_PANEL_URL",
  "SEED_DEMO",
  "RATE_LIMIT_PER_MINUTE",
  "PEER_URLS",
  "TRUST_PROXY",
  "STATE_LIST_HALF",
  "NEXT_DIST_DIR",
];

export type ServerOptions = {
  /** Shown in messages: "A", "B", "sqlite"… */
  name: string;
  databaseUrl: string;
  /** A port from reservePorts(); by default a free one is taken. Reuse it to restart a server. */
  port?: number;
  /** Further site variables: API_TOKEN, RATE_LIMIT_PER_MINUTE, PEER_URLS… */
  env?: Record<string, string>;
};

export type RunningServer = {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>, also the server's SITE_URL, so it is the origin browsers send. */
  url: string;
  pid: number;
  isRunning(): boolean;
  /** The last lines the server printed (kept in memory, never written to disk). */
  output(): string;
  /** SIGTERM, then SIGKILL when it has not stopped after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL now, as in a crash; resolves once the process is gone. */
  kill(): Promise<void>;
};

const running = new Set<RunningServer>();
const reserved = new Set<number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
  });
}

/** Free ports in 3600-3699, kept for this process so two servers never get the same one. */
export async function reservePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = FIRST_PORT; port <= LAST_PORT && ports.length < count; port++) {
    if (reserved.has(port) || !(await isPortFree(port))) continue;
    reserved.add(port);
    ports.push(port);
  }
  if (ports.length < count) throw new Error(`Only ${ports.length} of ${count} ports are free in ${FIRST_PORT}-${LAST_PORT}.`);
  return ports;
}

function serverEnvironment(port: number, url: string, options: ServerOptions): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SITE_VARIABLES.includes(name)));
  return {
    ...inherited,
    // Jest sets NODE_ENV=test; the server under test is a production one.
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: RELIABILITY_DIST_DIR,
    PORT: String(port),
    SITE_URL: url,
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  };
}

async function waitUntilReady(server: RunningServer, deadline: number): Promise<void> {
  for (;;) {
    if (!server.isRunning()) throw new Error(`Server ${server.name} exited while starting:\n${server.output()}`);
    try {
      const answer = await httpRequest(`${server.url}/api/page/get`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ page_id: 1 }),
        timeoutMs: 30_000,
      });
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Server ${server.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
    await sleep(250);
  }
}

/** Starts one server and resolves once it answers a service call. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await reservePorts(1))[0];
  reserved.add(port);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "lib/server/index.ts"], {
    cwd: REPO_ROOT,
    env: serverEnvironment(port, url, options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > KEPT_OUTPUT_LINES) lines.splice(0, lines.length - KEPT_OUTPUT_LINES);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    const done = () => {
      gone = true;
      resolve();
    };
    child.once("exit", done);
    child.once("error", (error) => {
      lines.push(`could not start: ${error.message}`);
      done();
    });
  });
  const isRunning = () => !gone && child.exitCode === null && child.signalCode === null;

  const end = async (signal: NodeJS.Signals) => {
    if (isRunning()) child.kill(signal);
    if (signal !== "SIGKILL") {
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!stopped && isRunning()) child.kill("SIGKILL");
    }
    await exited;
    running.delete(server);
  };

  const server: RunningServer = {
    name: options.name,
    port,
    url,
    pid: child.pid ?? -1,
    isRunning,
    output: () => `--- last lines of server ${options.name} (port ${port}) ---\n${lines.slice(-40).join("\n")}`,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
  };
  running.add(server);

  try {
    await waitUntilReady(server, Date.now() + READY_TIMEOUT_MS);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Stops every server this process started and has not stopped yet (for afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}
