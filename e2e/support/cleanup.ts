import { bearerHeader } from "../../lib/contract/bearer";
import type { CallResponse } from "../../lib/contract";
import { E2E_API_TOKEN, E2E_BASE_URL, E2E_EMAIL_DOMAIN } from "./server";

/**
 * `npm run e2e:cleanup`: removes what a write run saved (its addresses `e2e-…@E2E_EMAIL_DOMAIN`,
 * support/run-key.ts) from E2E_BASE_URL, or from this machine's run server, through the
 * `e2e/cleanup` call with E2E_API_TOKEN; prints the rows deleted per table. Exits 1, saying why,
 * without a token, on a refused token, or when the site does not answer.
 */
async function main(): Promise<number> {
  if (!E2E_API_TOKEN) return stop(`set E2E_API_TOKEN to the API_TOKEN of ${E2E_BASE_URL}`);
  let response: Response;
  try {
    response = await fetch(`${E2E_BASE_URL}/api/e2e/cleanup`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: bearerHeader(E2E_API_TOKEN) },
      body: JSON.stringify({ domain: E2E_EMAIL_DOMAIN }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return stop(`${E2E_BASE_URL} is not reachable (${reason}): start the site, or check E2E_BASE_URL`);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<CallResponse<"e2e/cleanup">> & { message?: string };
  if (response.status === 401 || response.status === 403) return stop(`${E2E_BASE_URL} refused the token (${response.status}: ${body.message ?? "no reason given"}): set E2E_API_TOKEN to its API_TOKEN`);
  if (!response.ok || !body.deleted) return stop(`${E2E_BASE_URL} answered ${response.status}: ${body.message ?? JSON.stringify(body)}`);
  const total = Object.values(body.deleted).reduce((sum, rows) => sum + rows, 0);
  console.log(`[e2e:cleanup] ${E2E_BASE_URL}: ${total} rows of the addresses e2e-…@${E2E_EMAIL_DOMAIN} deleted`);
  for (const [table, rows] of Object.entries(body.deleted)) console.log(`  ${table.padEnd(26)} ${rows}`);
  return 0;
}

function stop(message: string): number {
  console.error(`[e2e:cleanup] ${message}`);
  return 1;
}

main().then((code) => process.exit(code));
