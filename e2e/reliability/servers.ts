import os from "node:os";
import path from "node:path";
import { PORTS, reservePorts as reserveInRange, startSite, stopEverything, type RunningSite } from "../support/production-site";

/**
 * The reliability suites' production servers: the shared helper of e2e/support, on the build in
 * RELIABILITY_DIST_DIR (a private copy of the end-to-end build, made once by global-setup) and on
 * ports 3600-3699.
 */
export const RELIABILITY_DIST_DIR = ".next-reliability";
export type RunningServer = RunningSite;

export const reservePorts = (count: number) => reserveInRange(count, PORTS.reliability);

/** Where a reliability server's worker writes the messages it has no channel for (never the repo's .data). */
export const outboxDirFor = (name: string) => path.join(os.tmpdir(), `managely-outbox-${name.replace(/[^a-z0-9-]/gi, "")}-${process.pid}`);

export function startServer({ name, port, databaseUrl, env = {} }: { name: string; port?: number; databaseUrl: string; env?: Record<string, string> }): Promise<RunningServer> {
  const withOutbox = { OUTBOX_DIR: outboxDirFor(name), ...env };
  return startSite({ name, port, databaseUrl, env: withOutbox, distDir: RELIABILITY_DIST_DIR, ports: PORTS.reliability, ...(env.API_TOKEN ? { apiToken: env.API_TOKEN } : {}) });
}

export const stopAllServers = stopEverything;
