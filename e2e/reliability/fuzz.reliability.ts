import fc from "fast-check";
import { createTestDatabase, postgresUrl, type TestDatabase, type TestDatabaseKind } from "@/test-support";
import { createAgent, httpRequest, jsonOf } from "./http";
import { malformedRequest, type FuzzRequest } from "./malformed-requests";
import { startServer, stopAllServers, type RunningServer } from "./servers";

/**
 * 10,000 random and malformed requests across the contract's calls, sent over HTTP as a
 * same-origin browser would, on SQLite and on PostgreSQL (which refuses NUL in text, so control
 * characters and long strings are part of the mix): never a 500, always a JSON body with a
 * boolean `success`. The requests come from a fixed seed (FUZZ_SEED overrides it), so a failure
 * can be replayed.
 */
const RUNS = 10_000;
const IN_FLIGHT = 32;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const report = (line: string) => console.log(`[reliability] ${line}`);

type Failure = { request: FuzzRequest; problem: string };

function describeFailure({ request, problem }: Failure): string {
  const body = Buffer.isBuffer(request.body) ? `<${request.body.length} bytes>` : request.body;
  const excerpt = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} chars)` : body;
  return `${problem}\n    ${request.method} /api/${request.call} [${request.kind}] content-type: ${request.contentType ?? "(none)"}\n    body: ${excerpt}`;
}

const kinds: TestDatabaseKind[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
if (!postgresUrl) console.warn("[reliability] fuzz on PostgreSQL SKIPPED: TEST_DATABASE_URL is not set (CI sets it).");

describe.each(kinds)("malformed requests on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.close();
    server = await startServer({ name: `fuzz-${kind}`, databaseUrl: database.url, env: { RATE_LIMIT_PER_MINUTE: "1000000000" } });
  }, 300_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.destroy();
  }, 60_000);

  it(`answers ${RUNS.toLocaleString("en-US")} random and malformed bodies across every call with JSON, never a 500`, async () => {
    const requests = fc.sample(malformedRequest, { numRuns: RUNS, seed: SEED });
    const agent = createAgent(IN_FLIGHT);
    const failures: Failure[] = [];
    const statuses: Record<number, number> = {};
    const kinds: Record<string, number> = {};
    let next = 0;

    const send = async (request: FuzzRequest) => {
      const headers: Record<string, string> = { origin: server.url };
      if (request.contentType !== null) headers["content-type"] = request.contentType;
      try {
        const answer = await httpRequest(`${server.url}/api/${request.call}`, {
          method: request.method,
          headers,
          body: request.body,
          agent,
          timeoutMs: 30_000,
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const body = jsonOf(answer) as { success?: unknown } | undefined;
        if (answer.status >= 500) failures.push({ request, problem: `HTTP ${answer.status}: ${answer.text.slice(0, 200)}` });
        else if (!String(answer.headers["content-type"]).includes("application/json")) {
          failures.push({ request, problem: `HTTP ${answer.status} with content-type ${answer.headers["content-type"]}` });
        } else if (typeof body !== "object" || body === null || typeof body.success !== "boolean") {
          failures.push({ request, problem: `HTTP ${answer.status} without a boolean success: ${answer.text.slice(0, 200)}` });
        }
      } catch (error) {
        failures.push({ request, problem: `no answer: ${(error as Error).message}` });
      }
    };

    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < requests.length) {
          const request = requests[next++];
          kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
          await send(request);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    report(`fuzz on ${kind}: ${RUNS} requests (seed ${SEED}) in ${seconds.toFixed(1)} s, ${Math.round(RUNS / seconds)}/s, ${IN_FLIGHT} in flight`);
    report(`fuzz kinds: ${Object.entries(kinds).map(([kind, count]) => `${kind} ${count}`).join(", ")}`);
    report(`fuzz statuses: ${Object.entries(statuses).map(([status, count]) => `${status} ×${count}`).join(", ")}`);
    if (failures.length) {
      report(`fuzz: ${failures.length} failures; the first ones:\n${failures.slice(0, 5).map(describeFailure).join("\n")}\n${server.output()}`);
    }
    expect(failures.map(describeFailure).slice(0, 10)).toEqual([]);
    expect(server.isRunning()).toBe(true);
  }, 300_000);
});
