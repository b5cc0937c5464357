import crypto from "node:crypto";
import { createTestDatabase, postgresUrl, type TestDatabase, type TestDatabaseKind } from "@/test-support";
import { callApi, httpRequest } from "./http";
import { compareWithStored, leadBody, leadRowsByKey, migrationsAppliedOnOpen, sendLeadBurst, sqliteIntegrityCheck, submissionKeys } from "./leads";
import { startServer, stopAllServers, type RunningServer } from "./servers";

/**
 * No lost lead: 2,000 concurrent submissions against one production server, then the same
 * burst with the server killed (SIGKILL) part-way, on SQLite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL.
 */
const BURST_SIZE = 2_000;
const KILL_AFTER_ACKNOWLEDGEMENTS = 300;
const TOKEN = `reliability-${crypto.randomBytes(8).toString("hex")}`;
const runId = crypto.randomBytes(4).toString("hex");

const kinds: TestDatabaseKind[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
if (!postgresUrl) {
  console.warn("[reliability] PostgreSQL lead burst and kill SKIPPED: TEST_DATABASE_URL is not set (CI sets it). Only SQLite was tested.");
}
const report = (line: string) => console.log(`[reliability] ${line}`);
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
/**
 * A retry sends the very body its key was first sent with: a key repeated with another body is
 * refused with 409 (idempotency like Stripe's), which is no retry.
 */
const sameBodyAs = (keys: string[]) => (key: string) => leadBody(key, keys.indexOf(key));

describe.each(kinds)("lead submissions on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const startSite = (name: string, port?: number) =>
    startServer({ name, port, databaseUrl: database.url, env: { API_TOKEN: TOKEN } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The server is the only one writing; the checks below open connections of their own.
    await database.close();
    server = await startSite(kind);
  }, 300_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.destroy();
  }, 60_000);

  it(`stores each of ${BURST_SIZE} concurrent acknowledged leads exactly once, and a retry adds no row`, async () => {
    const prefix = `burst-${kind}-${runId}-`;
    const keys = submissionKeys(prefix, BURST_SIZE);

    const burst = await sendLeadBurst({ baseUrl: server.url, token: TOKEN, keys });
    report(
      `${kind}: ${burst.acknowledgements}/${BURST_SIZE} leads acknowledged in ${burst.durationMs} ms ` +
        `(${perSecond(burst.acknowledgements, burst.durationMs)}/s, 128 sockets)${describeOthers(burst.otherOutcomes)}`,
    );
    expect(burst.otherOutcomes).toEqual({});
    expect(burst.acknowledged.size).toBe(BURST_SIZE);

    let stored = compareWithStored(burst.acknowledged, await leadRowsByKey(database.url, prefix));
    expect(stored.missing).toEqual([]);
    expect(stored.duplicated).toEqual([]);
    expect(stored.totalRows).toBe(BURST_SIZE);

    // Retries: every tenth key sent twice more, both copies in flight at once.
    const retried = keys.filter((_, index) => index % 10 === 0);
    const retry = await sendLeadBurst({ baseUrl: server.url, token: TOKEN, keys: [...retried, ...retried], body: sameBodyAs(keys) });
    expect(retry.otherOutcomes).toEqual({});
    expect(retry.acknowledgements).toBe(retried.length * 2);

    stored = compareWithStored(keys, await leadRowsByKey(database.url, prefix));
    report(`${kind}: ${retried.length * 2} retries of ${retried.length} keys acknowledged; rows still ${stored.totalRows}`);
    expect(stored.missing).toEqual([]);
    expect(stored.duplicated).toEqual([]);
    expect(stored.totalRows).toBe(BURST_SIZE);
  }, 300_000);

  it("keeps every acknowledged lead when the server is killed with SIGKILL mid-burst, then serves again", async () => {
    const prefix = `crash-${kind}-${runId}-`;
    const keys = submissionKeys(prefix, BURST_SIZE);
    let killed: Promise<void> | undefined;
    let killedAt = 0;

    const burst = await sendLeadBurst({
      baseUrl: server.url,
      token: TOKEN,
      keys,
      onAcknowledged: (count) => {
        if (count === KILL_AFTER_ACKNOWLEDGEMENTS) {
          killedAt = count;
          killed = server.kill();
        }
      },
    });
    await killed;
    expect(killedAt).toBe(KILL_AFTER_ACKNOWLEDGEMENTS);
    expect(server.isRunning()).toBe(false);

    // The database opens cleanly and holds every acknowledged lead, once.
    if (kind === "sqlite") expect(sqliteIntegrityCheck(database.url)).toBe("ok");
    expect(await migrationsAppliedOnOpen(database.url)).toEqual([]);
    let stored = compareWithStored(burst.acknowledged, await leadRowsByKey(database.url, prefix));
    report(
      `${kind}: killed after ${killedAt} acknowledgements; ${burst.acknowledged.size} acknowledged in all, ` +
        `${stored.totalRows} rows stored, ${BURST_SIZE - burst.acknowledged.size} unanswered${describeOthers(burst.otherOutcomes)}`,
    );
    expect(stored.missing).toEqual([]);
    expect(stored.duplicated).toEqual([]);
    expect(burst.acknowledged.size).toBeLessThan(BURST_SIZE);

    // Restarted on the same database and port, the site serves.
    const restartStarted = Date.now();
    server = await startSite(`${kind}-restarted`, server.port);
    report(`${kind}: restarted and ready in ${Date.now() - restartStarted} ms`);
    const home = await httpRequest(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.text).toContain("</html>");
    const page = await callApi(server.url, "page/get", { page_id: 1 });
    expect(page.status).toBe(200);
    expect(page.body.success).toBe(true);

    // The visitors who got no answer retry with the same key: one row per key, never two.
    const unanswered = keys.filter((key) => !burst.acknowledged.has(key));
    const retry = await sendLeadBurst({ baseUrl: server.url, token: TOKEN, keys: unanswered, body: sameBodyAs(keys) });
    expect(retry.otherOutcomes).toEqual({});
    expect(retry.acknowledged.size).toBe(unanswered.length);

    stored = compareWithStored(keys, await leadRowsByKey(database.url, prefix));
    report(`${kind}: ${unanswered.length} unanswered keys retried after the restart; ${stored.totalRows} rows for ${BURST_SIZE} keys`);
    expect(stored.missing).toEqual([]);
    expect(stored.duplicated).toEqual([]);
    expect(stored.totalRows).toBe(BURST_SIZE);
  }, 300_000);
});

function describeOthers(outcomes: Record<string, number>): string {
  const entries = Object.entries(outcomes);
  return entries.length ? `; other outcomes: ${entries.map(([outcome, count]) => `${outcome} ×${count}`).join(", ")}` : "";
}
