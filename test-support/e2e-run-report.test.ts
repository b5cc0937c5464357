import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Suite, TestCase } from "@playwright/test/reporter";

/** The end-to-end run's own report (e2e/support/run-report.ts) and what a run leaves out (e2e/support/server.ts). */
type ServerModule = typeof import("../e2e/support/server");
type ReportModule = typeof import("../e2e/support/run-report");

function load(env: Record<string, string | undefined>): { server: ServerModule; RunReport: ReportModule["default"] } {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  let loaded!: { server: ServerModule; RunReport: ReportModule["default"] };
  jest.isolateModules(() => {
    loaded = { server: jest.requireActual<ServerModule>("../e2e/support/server"), RunReport: jest.requireActual<ReportModule>("../e2e/support/run-report").default };
  });
  process.env = saved;
  return loaded;
}

const fakeTest = (outcome: "skipped" | "expected", ran: boolean, reason?: string) =>
  ({ results: ran ? [{ annotations: [] }] : [], outcome: () => outcome, annotations: reason ? [{ type: "skip", description: reason }] : [] }) as unknown as TestCase;
const fakeSuite = (tests: TestCase[]) => ({ allTests: () => tests }) as unknown as Suite;

let cwd: string;
let log: jest.SpyInstance;
beforeEach(() => {
  cwd = process.cwd();
  process.chdir(fs.mkdtempSync(path.join(os.tmpdir(), "run-report-")));
  log = jest.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  process.chdir(cwd);
  log.mockRestore();
});

it("leaves out @slow and, against a deployment, @writes, each with a reason that says how to run it", () => {
  expect(load({ E2E_BASE_URL: undefined, E2E_SLOW: undefined }).server.LEFT_OUT.map(({ tag }) => tag)).toEqual(["@slow"]);
  expect(load({ E2E_BASE_URL: undefined, E2E_SLOW: "1" }).server.LEFT_OUT).toEqual([]);
  const remote = load({ E2E_BASE_URL: "https://staging.example.com/", E2E_SLOW: "1", E2E_ALLOW_WRITES: undefined }).server;
  expect(remote.LEFT_OUT).toEqual([{ tag: "@writes", reason: expect.stringContaining("E2E_ALLOW_WRITES=1") }]);
  expect(remote.runSummary()).toBe("target https://staging.example.com (a deployment: nothing built or served here); writes off; @slow on");
  expect(load({ E2E_BASE_URL: "https://staging.example.com", E2E_ALLOW_WRITES: "1" }).server.LEFT_OUT.map(({ tag }) => tag)).not.toContain("@writes");
});

it("names the JUnit file for the run kind and the port, so one kind of run never overwrites another's", () => {
  expect(load({ E2E_RUN: undefined, E2E_PORT: "3100" }).server.E2E_JUNIT_FILE).toBe("test-results/junit-e2e-all-3100.xml");
  expect(load({ E2E_RUN: "smoke", E2E_PORT: "3200" }).server.E2E_JUNIT_FILE).toBe("test-results/junit-e2e-smoke-3200.xml");
  expect(load({ E2E_RUN: "../x", E2E_PORT: "3100" }).server.E2E_JUNIT_FILE).toBe("test-results/junit-e2e-x-3100.xml");
});

it("puts back the report a listing would overwrite, and removes one a listing wrote where there was none", () => {
  const { server, RunReport } = load({ E2E_RUN: undefined, E2E_PORT: "3100" });
  fs.mkdirSync("test-results");
  fs.writeFileSync(server.E2E_JUNIT_FILE, "<the last real run/>");
  const listing = new RunReport();
  listing.onBegin({} as never, fakeSuite([fakeTest("skipped", false), fakeTest("skipped", false)]));
  fs.writeFileSync(server.E2E_JUNIT_FILE, "<all skipped/>"); // what the JUnit reporter writes for --list
  listing.onEnd({} as never);
  expect(fs.readFileSync(server.E2E_JUNIT_FILE, "utf8")).toBe("<the last real run/>");

  fs.rmSync(server.E2E_JUNIT_FILE);
  const first = new RunReport();
  first.onBegin({} as never, fakeSuite([fakeTest("skipped", false)]));
  fs.writeFileSync(server.E2E_JUNIT_FILE, "<all skipped/>");
  first.onEnd({} as never);
  expect(fs.existsSync(server.E2E_JUNIT_FILE)).toBe(false);
});

it("keeps a real run's report and counts what it left out by reason", () => {
  const { server, RunReport } = load({ E2E_RUN: undefined, E2E_PORT: "3100" });
  const run = new RunReport();
  run.onBegin({} as never, fakeSuite([fakeTest("expected", true), fakeTest("skipped", true, "left out: @slow"), fakeTest("skipped", true, "left out: @slow"), fakeTest("skipped", true, "phone only")]));
  fs.mkdirSync("test-results");
  fs.writeFileSync(server.E2E_JUNIT_FILE, "<this run/>");
  run.onEnd({} as never);
  expect(fs.readFileSync(server.E2E_JUNIT_FILE, "utf8")).toBe("<this run/>");
  const lines = log.mock.calls.map(([line]) => line);
  expect(lines).toContain("[e2e] 2 skipped: left out: @slow");
  expect(lines).toContain("[e2e] 1 skipped: phone only");
  expect(lines[0]).toMatch(/^\[e2e\] target http:\/\/127\.0\.0\.1:3100 .*; 4 tests$/);
});
