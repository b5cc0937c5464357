import fs from "node:fs";
import path from "node:path";
import { IN_USE_MARK_PREFIX } from "../../lib/cli/build-in-use";
import { PAGE_IDS } from "../../lib/contract/site";
import { createTestDatabase, type TestDatabase } from "@/test-support";
import { httpRequest } from "./http";
import { waitFor } from "./delivery-harness";
import { outputKeeper, siteEnvironment, startGroup, stopGroup } from "../support/production-site";
import { RELIABILITY_DIST_DIR, reservePorts, startServer, stopAllServers, type RunningServer } from "./servers";

/**
 * One build, any number of servers: a build opens no database and reads no SITE_URL, so a second
 * `npm start` in the folder a server is serving, with another database and another origin, starts
 * on the same build (nothing rebuilt, nothing written into it) and each server answers its own
 * pages, from its own database, under its own origin; the workspace's included.
 */
const report = (line: string) => console.log(`[reliability] ${line}`);
const START_TIMEOUT_MS = 180_000;

/** Every file of a build folder with its size and time, the servers' in-use marks aside. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(IN_USE_MARK_PREFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    files.set(path.relative(dir, file), `${stat.size} ${stat.mtimeMs}`);
  }
  return files;
}

/** The home page's heading, the workspace's sign-in page and the canonical origin of `/`. */
async function whatServes(url: string) {
  const home = await httpRequest(`${url}/`);
  const signIn = await httpRequest(`${url}/workspace/sign-in`);
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home.text)?.[1];
  return { home, signIn, canonical };
}

describe("one build serving two deployments", () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let a: RunningServer;
  let stopB: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase("sqlite"), createTestDatabase("sqlite")]);
    await first.db.updateTable("pages").set({ heading: "Served from the first database" }).where("page_id", "=", PAGE_IDS.home).execute();
    await second.db.updateTable("pages").set({ heading: "Served from the second database" }).where("page_id", "=", PAGE_IDS.home).execute();
    await Promise.all([first.close(), second.close()]);
    a = await startServer({ name: "first", databaseUrl: first.url });
  }, 300_000);

  afterAll(async () => {
    await stopB?.();
    await stopAllServers();
    await Promise.all([first?.destroy(), second?.destroy()]);
  }, 60_000);

  it("starts a second `npm start` in the same folder with another database and origin, and each keeps its own", async () => {
    const before = await whatServes(a.url);
    expect(before.home.status).toBe(200);
    expect(before.home.text).toContain("Served from the first database");
    expect(before.canonical).toBe(a.url);

    const buildBefore = filesOf(RELIABILITY_DIST_DIR);
    const [portB] = await reservePorts(1);
    const originB = `http://localhost:${portB}`;
    const output = outputKeeper();
    const child = startGroup("npm", ["start"], {
      env: siteEnvironment({
        NEXT_DIST_DIR: RELIABILITY_DIST_DIR,
        PORT: String(portB),
        SITE_URL: originB,
        DATABASE_URL: second.url,
        OUTBOX_DIR: path.join(path.dirname(second.url.replace(/^file:/, "")), "outbox"),
      }),
      onOutput: (chunk) => output.write(chunk),
    });
    stopB = () => stopGroup(child);
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    await waitFor(
      async () => {
        if (exited()) throw new Error(`the second npm start exited:\n${output.lines().join("\n")}`);
        return (await httpRequest(`http://127.0.0.1:${portB}/`, { timeoutMs: 5_000 }).catch(() => ({ status: 0 }))).status === 200;
      },
      { timeoutMs: START_TIMEOUT_MS, what: () => `the second npm start to answer:\n${output.lines().join("\n")}` },
    );
    const printed = output.lines().join("\n");
    report(`the second npm start: ${output.lines().filter((line) => line.startsWith("[start]") || line.startsWith("[db]")).join(" | ") || "started on the build as it was"}`);
    expect(printed).not.toMatch(/building|Creating an optimized production build/);

    const b = await whatServes(`http://127.0.0.1:${portB}`);
    expect(b.home.text).toContain("Served from the second database");
    expect(b.home.text).not.toContain("Served from the first database");
    expect(b.canonical).toBe(originB);
    expect(b.signIn.status).toBe(200);

    const after = await whatServes(a.url);
    expect(after.home.status).toBe(200);
    expect(after.home.text).toContain("Served from the first database");
    expect(after.home.text).not.toContain("Served from the second database");
    expect(after.canonical).toBe(a.url);
    expect(after.signIn.status).toBe(200);
    expect(after.signIn.text).not.toContain(originB);
    expect(a.isRunning()).toBe(true);

    // Neither server wrote into the build they share (pages live in each one's page store).
    const buildAfter = filesOf(RELIABILITY_DIST_DIR);
    const changed = [...new Set([...buildBefore.keys(), ...buildAfter.keys()])].filter((file) => buildBefore.get(file) !== buildAfter.get(file));
    expect(changed).toEqual([]);
  });
});
