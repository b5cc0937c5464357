import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_LOCAL_API_TOKEN, E2E_BASE_URL, UNREACHABLE_DEPLOYMENT, E2E_DATABASE, E2E_DIST_DIR, E2E_JUNIT_FILE, E2E_OUTBOX_DIR, E2E_PORT, E2E_REMOTE_URL } from "./e2e/support/server";

/**
 * End-to-end journeys against a production build on its own port, database and build folder,
 * so they never touch the developer's site or .data/site.db; or, with E2E_BASE_URL, against a
 * site started elsewhere (nothing built or served; the journeys that save, tagged @writes, only
 * with E2E_ALLOW_WRITES=1; tests a run leaves out are reported skipped with the reason, e2e/support/test.ts). Tags (README "End-to-end journeys"): @smoke, @journey, @a11y, @seo,
 * @http, @slow, @writes. E2E_REUSE_BUILD=1 serves the build already in the port's folder.
 */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const WORKSPACE_SPEC = /workspace\.spec\.ts$/;
/** A manager's own listing: its journey adds a real listing in Austin, which the public pages' tests count. */
const LISTING_SPEC = /manager-listing\.spec\.ts$/;
/** The operator's journeys: an application approved into a listing, a CSV imported (real listings, which take the samples off the lists). */
const OPERATOR_SPEC = /operator-workspace\.spec\.ts$/;
/** What runs after the public pages' tests, never beside them. */
const AFTER_PUBLIC = [WORKSPACE_SPEC, LISTING_SPEC];
/** The journeys of people who run or list on the network, on a phone too (the marketers' SEO workspace is a desk tool). */
const ON_PHONE_AFTER_PUBLIC = [LISTING_SPEC, OPERATOR_SPEC];

/** Builds unless asked to reuse a build that is there (`npm run test:smoke`). */
const reuseBuild = process.env.E2E_REUSE_BUILD === "1" && fs.existsSync(`${E2E_DIST_DIR}/BUILD_ID`);

/** The build, given no database and no origin of this run's (it reads neither). */
const build = `env DATABASE_URL=${UNREACHABLE_DEPLOYMENT.DATABASE_URL} SITE_URL=${UNREACHABLE_DEPLOYMENT.SITE_URL} npm run build`;

/** The run's own server: the build, a fresh database and outbox, then `npm run serve`. */
const localServer = {
  command: `${reuseBuild ? "" : `${build} && `}rm -rf ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm ${E2E_OUTBOX_DIR} && npx tsx lib/cli/prepare.ts && npm run serve`,
  url: `${E2E_BASE_URL}/`,
  reuseExistingServer: !process.env.CI,
  timeout: 300_000,
  stdout: "pipe" as const,
  env: {
    DATABASE_URL: `file:${E2E_DATABASE}`,
    NEXT_DIST_DIR: E2E_DIST_DIR,
    PORT: String(E2E_PORT),
    SITE_URL: E2E_BASE_URL,
    API_TOKEN: E2E_LOCAL_API_TOKEN,
    NEXT_TELEMETRY_DISABLED: "1",
    // The journeys save far more than a visitor would; the 429 path has its own test.
    RATE_LIMIT_PER_MINUTE: "100000",
    // The worker writes what it would send here (no SMTP or webhook): the journeys read it.
    OUTBOX_DIR: E2E_OUTBOX_DIR,
  },
};

/** A run that picks tests by tag or title (`--grep`, `-g`). */
const picked = process.argv.some((arg) => arg === "--grep" || arg === "-g" || arg.startsWith("--grep="));

const launchOptions = {
  executablePath: fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  // Per port, so two runs side by side never share their artifacts.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A deployment is reached over a network and shared with its visitors: one retry there (reported
  // as flaky, never hidden), and longer waits; the run's own build retries only on CI.
  retries: process.env.CI || E2E_REMOTE_URL ? 1 : 0,
  workers: 2,
  // The terminal's list, a report to open (`npx playwright show-report playwright-report/e2e-<port>`:
  // each failure with its trace and screenshot), JUnit XML for CI systems per run kind and port
  // (the project in each name; tags and skip reasons as properties), then the run's own summary:
  // its target, its mode, what it left out and why (e2e/support/run-report.ts, after the JUnit file it guards).
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: `playwright-report/e2e-${E2E_PORT}` }],
    ["junit", { outputFile: E2E_JUNIT_FILE, includeProjectInTestName: true }],
    ["./e2e/support/run-report.ts"],
  ],
  timeout: E2E_REMOTE_URL ? 90_000 : 45_000,
  expect: { timeout: E2E_REMOTE_URL ? 20_000 : 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", testIgnore: AFTER_PUBLIC, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone", testIgnore: AFTER_PUBLIC, use: { ...devices["Pixel 7"], launchOptions } },
    // The marketers' workspace publishes site-wide templates, and a manager's journey adds a real
    // listing: they run after the public pages' tests, never beside them; the manager's on a phone too.
    // (With --grep, as in test:smoke, a dependency would run every public test: the workspace's picked tests run beside the others.)
    { name: "workspace", testMatch: AFTER_PUBLIC, dependencies: picked ? [] : ["desktop", "phone"], use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "workspace-phone", testMatch: ON_PHONE_AFTER_PUBLIC, dependencies: picked ? [] : ["desktop", "phone"], use: { ...devices["Pixel 7"], launchOptions } },
  ],
  // A site started elsewhere is checked once, before any test: down, the run stops with one line.
  ...(E2E_REMOTE_URL ? { globalSetup: "./e2e/support/remote-site.ts" } : { webServer: localServer }),
});
