import { E2E_REMOTE_URL } from "./server";

/**
 * Playwright's global setup against a site started elsewhere (E2E_BASE_URL): the home page must
 * answer within 10 seconds, or the run stops at once with one line saying why.
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
    console.error(`E2E_BASE_URL ${E2E_REMOTE_URL} is not reachable (${problem}): start the site, or check the address.`);
    process.exit(1);
  }
}
