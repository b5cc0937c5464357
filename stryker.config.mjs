/**
 * Mutation testing (`npm run mutate`, not part of `npm test`: it is slow). Stryker changes one
 * operator, condition or literal at a time in the modules below and runs the tests that reach it;
 * a change no test notices ("survived") is an assertion missing. See "Mutation testing" in the README.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  mutate: ["lib/service/**/*.ts", "lib/server/page-store*.ts", "!**/*.test.ts"],
  testRunner: "jest",
  jest: { projectType: "custom", configFile: "jest.mutate.config.mjs" },
  // Each mutant runs only the tests that reached it in the first run.
  coverageAnalysis: "perTest",
  // A mutant in code that runs when a module loads (a constant, a table) can only be tested by
  // running every suite again: 3-4 minutes each here, 90% of a run for 14% of its mutants.
  // They are reported as ignored, not counted in the score.
  ignoreStatic: true,
  // Two shared cores: one test process each.
  concurrency: 2,
  // A rerun tests only the mutants whose code or tests changed since the last one.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "html", "progress"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 80, low: 60, break: null },
  // The sandbox copies the project; builds, databases and reports stay behind, and so do the
  // sandboxes of runs going on beside this one (`--tempDirName .stryker-tmp-<name>`).
  ignorePatterns: [".next", ".next-*", ".data", ".bench", "coverage", "test-results", "playwright-report", "blob-report", "reports", "e2e", ".stryker-tmp*"],
  tempDirName: ".stryker-tmp",
  timeoutMS: 15000,
};

export default config;
