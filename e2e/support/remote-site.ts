import fs from "node:fs";
import path from "node:path";
import { E2E_JUNIT_FILE, E2E_REMOTE_URL } from "./server";

/**
 * Playwright's global setup against a site started elsewhere (E2E_BASE_URL): the home page must
 * answer within 10 seconds, or the run stops at once with one line saying why, and leaves a JUnit
 * report with that one failure (a dashboard sees a red run, not a missing file). Then the origin
 * the site names itself with (E2E_SITE_URL), unless the run was given it.
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
  if (!process.env.E2E_SITE_URL) process.env.E2E_SITE_URL = await namedOrigin();
}

/**
 * The origin the deployment names itself with, as its robots.txt's Sitemap line gives it (its
 * SITE_URL); the address the run was given when it names none. Set in process.env here, it
 * reaches every worker (they start after the global setup) as E2E_SITE_URL (server.ts).
 */
async function namedOrigin(): Promise<string> {
  const robots = await fetch(`${E2E_REMOTE_URL}/robots.txt`, { signal: AbortSignal.timeout(10_000) }).then((response) => (response.ok ? response.text() : ""), () => "");
  const sitemap = /^Sitemap:\s*(https?:\/\/\S+)$/im.exec(robots)?.[1];
  return sitemap ? new URL(sitemap).origin : E2E_REMOTE_URL!;
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
