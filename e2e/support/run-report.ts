import fs from "node:fs";
import type { FullConfig, FullResult, Reporter, Suite } from "@playwright/test/reporter";
import { E2E_JUNIT_FILE, runSummary } from "./server";

/** The annotation of an answer 429 a test's pages received (test.ts records them, with the site's Retry-After). */
export const RATE_LIMITED = "rate-limited";

/**
 * Says what a run checks and what it leaves out: its target and mode before the first test, and
 * after the last how many tests were left out and why (the skip reasons, counted). `--list` runs
 * no test: the JUnit file a real run wrote is put back as it was, so a listing never overwrites
 * a report. Listed after the JUnit reporter, whose file it restores. The saves the site refused
 * over its rate limit are listed last, each with its test and the Retry-After the site sent.
 */
export default class RunReport implements Reporter {
  private suite?: Suite;
  private previousJunit: string | null = null;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.suite = suite;
    this.previousJunit = fs.existsSync(E2E_JUNIT_FILE) ? fs.readFileSync(E2E_JUNIT_FILE, "utf8") : null;
    console.log(`[e2e] ${runSummary()}; ${suite.allTests().length} tests`);
  }

  onEnd(_result: FullResult): void {
    const tests = this.suite?.allTests() ?? [];
    if (tests.every((test) => test.results.length === 0)) {
      restore(E2E_JUNIT_FILE, this.previousJunit);
      return;
    }
    const reasons = new Map<string, number>();
    for (const test of tests) {
      // A test an interrupted run never started has no result: it was not skipped for a reason.
      if (test.results.length === 0 || test.outcome() !== "skipped") continue;
      const reason = test.annotations.find((annotation) => annotation.type === "skip")?.description ?? "skipped without a reason";
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, count] of reasons) console.log(`[e2e] ${count} skipped: ${reason}`);
    const refusals = tests.flatMap((test) => test.results.flatMap((result) => result.annotations.filter((annotation) => annotation.type === RATE_LIMITED).map((annotation) => `${test.title}: ${annotation.description}`)));
    if (refusals.length > 0) console.log(`[e2e] ${refusals.length} saves refused by the site's rate limit (429):\n  ${refusals.join("\n  ")}`);
    console.log(`[e2e] ${runSummary()}; JUnit in ${E2E_JUNIT_FILE}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** Puts a report back as it was before a run that ran nothing (or removes one that was not there). */
function restore(file: string, content: string | null): void {
  if (content === null) fs.rmSync(file, { force: true });
  else fs.writeFileSync(file, content);
}
