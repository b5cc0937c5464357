import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_API_TOKEN, E2E_BASE_URL, E2E_DATABASE, E2E_DIST_DIR, E2E_OUTBOX_DIR, E2E_PORT } from "./e2e/support/server";

/**
 * End-to-end journeys against a production build on its own port, database and build folder,
 * so they never touch the developer's site or .data/site.db.
 */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const WORKSPACE_SPEC = /workspace\.spec\.ts$/;

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
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The terminal's list, a report to open (`npx playwright show-report playwright-report/e2e-<port>`:
  // each failure with its trace and screenshot) and JUnit XML for CI systems, per port.
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: `playwright-report/e2e-${E2E_PORT}` }],
    ["junit", { outputFile: `test-results/junit-e2e-${E2E_PORT}.xml` }],
  ],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", testIgnore: WORKSPACE_SPEC, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone", testIgnore: WORKSPACE_SPEC, use: { ...devices["Pixel 7"], launchOptions } },
    // The marketers' workspace publishes site-wide templates: it runs after the public pages' tests, never beside them.
    { name: "workspace", testMatch: WORKSPACE_SPEC, dependencies: ["desktop", "phone"], use: { ...devices["Desktop Chrome"], launchOptions } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm ${E2E_OUTBOX_DIR} && npm run build && npm run serve`,
    url: `${E2E_BASE_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: "pipe",
    env: {
      DATABASE_URL: `file:${E2E_DATABASE}`,
      NEXT_DIST_DIR: E2E_DIST_DIR,
      PORT: String(E2E_PORT),
      SITE_URL: E2E_BASE_URL,
      API_TOKEN: E2E_API_TOKEN,
      NEXT_TELEMETRY_DISABLED: "1",
      // The journeys save far more than a visitor would; the 429 path has its own test.
      RATE_LIMIT_PER_MINUTE: "100000",
      // The worker writes what it would send here (no SMTP or webhook): the journeys read it.
      OUTBOX_DIR: E2E_OUTBOX_DIR,
    },
  },
});
