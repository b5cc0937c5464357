/**
 * Where the end-to-end site of this run lives.
 *
 * By default, the run's own production build: E2E_PORT picks the port, and the build folder and
 * the database follow it, so two runs (two people, or CI and a person) never share either.
 *
 * With E2E_BASE_URL (`E2E_BASE_URL=https://staging.example.com npm run test:journeys`), a site
 * somebody else started: nothing is built or served, the journeys that save run only with
 * E2E_ALLOW_WRITES=1 (their addresses at E2E_EMAIL_DOMAIN), and those that read this machine's
 * database or outbox skip, saying so (e2e/support/target.ts).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DIST_DIR = `.next-e2e-${E2E_PORT}`;
export const E2E_DATABASE = `.data/e2e-${E2E_PORT}.db`;
/** Where the end-to-end server's outbox worker writes the messages it would send. */
export const E2E_OUTBOX_DIR = `.data/outbox-e2e-${E2E_PORT}`;
/** A site started elsewhere (E2E_BASE_URL), without its trailing slash; undefined for the run's own build. */
export const E2E_REMOTE_URL = process.env.E2E_BASE_URL ? process.env.E2E_BASE_URL.replace(/\/+$/, "") : undefined;
export const E2E_BASE_URL = E2E_REMOTE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
/**
 * The origin the site names itself with (its SITE_URL): in its canonical URLs, sitemap, JSON-LD
 * and the links it mails. The run's own server is started with E2E_BASE_URL; a deployment may be
 * reached at another address than the one it names (127.0.0.1 for a site that says localhost, a
 * balancer's inside name): E2E_SITE_URL when given, else the origin its robots.txt names, which
 * remote-site.ts reads before the first test and hands the workers in this variable.
 */
export const E2E_SITE_URL = E2E_REMOTE_URL ? (process.env.E2E_SITE_URL?.replace(/\/+$/, "") || E2E_REMOTE_URL) : E2E_BASE_URL;
/** Whether journeys that save may run: always against the run's own build, on request (E2E_ALLOW_WRITES=1) elsewhere. */
export const E2E_ALLOW_WRITES = !E2E_REMOTE_URL || process.env.E2E_ALLOW_WRITES === "1";
/** The domain of every email address a journey types (E2E_EMAIL_DOMAIN; example.org by default, which receives no mail). */
export const E2E_EMAIL_DOMAIN = process.env.E2E_EMAIL_DOMAIN || "example.org";
/**
 * What every build the suites make is given for a database and an origin: addresses that cannot
 * be reached, so a build that opened the database or baked SITE_URL into what it serves would
 * fail or show it (a build reads neither: isBuilding in lib/env.ts).
 */
export const UNREACHABLE_DEPLOYMENT = { DATABASE_URL: "postgres://nobody@build-opens-no-database.invalid/none", SITE_URL: "https://build-reads-no-site-url.invalid" } as const;

export const E2E_LOCAL_API_TOKEN = `e2e-token-${E2E_PORT}-unlocks-health-details`;
/**
 * The bearer token the run sends for the calls that need it (/healthz's details, `outbox/search`,
 * `npm run e2e:cleanup`): its own server's, or against E2E_BASE_URL the deployment's API_TOKEN,
 * given as E2E_API_TOKEN ("" when not given: the steps that need it skip, saying so).
 */
export const E2E_API_TOKEN = E2E_REMOTE_URL ? (process.env.E2E_API_TOKEN ?? "") : E2E_LOCAL_API_TOKEN;
/** Against a deployment: a staff member of it whose sign-in mail the run reads (outbox/search), for the workspace's tests. */
export const E2E_STAFF_EMAIL = process.env.E2E_STAFF_EMAIL ?? "";
/** Whether the `@slow` tests (the directory crawl and other long walks) run: E2E_SLOW=1 (`npm run test:full`, `.ci/run`). */
export const E2E_SLOW = process.env.E2E_SLOW === "1";

/** The tags a run leaves out, each with the reason its tests are reported skipped and how to run them. */
export const LEFT_OUT: readonly { tag: string; reason: string }[] = [
  ...(E2E_SLOW ? [] : [{ tag: "@slow", reason: "left out: @slow runs only with E2E_SLOW=1 (npm run test:full)" }]),
  ...(E2E_ALLOW_WRITES ? [] : [{ tag: "@writes", reason: `left out: @writes saves on ${E2E_BASE_URL}, run only with E2E_ALLOW_WRITES=1` }]),
];

/** What the run checks, in one line: its target and its mode. */
export function runSummary(): string {
  // Read here, not from E2E_SITE_URL: the global setup (remote-site.ts) sets it after this module loaded.
  const named = process.env.E2E_SITE_URL?.replace(/\/+$/, "");
  const target = E2E_REMOTE_URL
    ? `${E2E_REMOTE_URL} (a deployment${named && named !== E2E_REMOTE_URL ? ` naming itself ${named}` : ""}: nothing built or served here)`
    : `${E2E_BASE_URL} (this run's own build in ${E2E_DIST_DIR})`;
  return `target ${target}; writes ${E2E_ALLOW_WRITES ? "on" : "off"}; @slow ${E2E_SLOW ? "on" : "off"}`;
}

/**
 * The run's JUnit file: one per run kind (E2E_RUN, set by the npm scripts: all, smoke, journeys)
 * and port, so a smoke run never overwrites the full run's report.
 */
export const E2E_JUNIT_FILE = `test-results/junit-e2e-${(process.env.E2E_RUN ?? "all").replace(/[^a-z0-9-]/gi, "")}-${E2E_PORT}.xml`;
