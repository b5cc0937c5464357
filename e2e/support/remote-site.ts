import fs from "node:fs";
import path from "node:path";
import { E2E_JUNIT_FILE, E2E_REMOTE_URL } from "./server";

/**
 * Playwright's global setup against a site started elsewhere (E2E_BASE_URL): the home page must
 * answer within 10 seconds, or the run stops at once with one line saying why, and leaves a JUnit
 * report with that one failure (a dashboard sees a red run, not a missing file).
 */
export default async function checkRemoteSite(): Promise<void> {
  if (!E2E_REMOTE_URL) return;
  let problem: string | undefined;
  try {
    const response = await fetch(`${E2E_REMOTE_URL}/`, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
    if (response.status >= 500) problem = `answered ${response.status}`;
  } catch (error) {
    problem = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
  }
  if (problem) {
    const message = `E2E_BASE_URL ${E2E_REMOTE_URL} is not reachable (${problem}): start the site, or check the address.`;
    console.error(message);
    writeUnreachableReport(message);
    process.exit(1);
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** One failing test case named for the target, in the run's JUnit file. */
function writeUnreachableReport(message: string): void {
  const text = escapeXml(message);
  fs.mkdirSync(path.dirname(E2E_JUNIT_FILE), { recursive: true });
  fs.writeFileSync(
    E2E_JUNIT_FILE,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="e2e" tests="1" failures="1" skipped="0" errors="0">',
      '<testsuite name="target" tests="1" failures="1" skipped="0" errors="0">',
      `<testcase name="${escapeXml(`the target ${E2E_REMOTE_URL} answers`)}" classname="target"><failure message="${text}" type="unreachable">${text}</failure></testcase>`,
      "</testsuite>",
      "</testsuites>",
      "",
    ].join("\n"),
  );
}
