import http from "node:http";
import type { AddressInfo } from "node:net";
import { EMPTY_PATTERN } from "../../contract/seo-text";
import { createTestDatabase, type TestDatabase, insertStaff, TEST_WORKER_TIMING } from "@/test-support";
import { publishSeoDraft, saveSeoDraft, type StaffIdentity } from "../workspace/seo";
import { verifyWebhook, WEBHOOK_HEADERS, webhookChannel } from "./channels";
import { deliveryRouting } from "./routing";
import { PURGE_BATCH, purgeMessage, purgeRows } from "./purge";
import { createOutboxWorker, type WorkerSettings } from "../outbox-worker";

/**
 * PURGE_URL: a publish queues the paths it changed in its own transaction, and
 * the outbox worker POSTs them to a receiver here, signed like the lead webhook, until it answers 2xx.
 */
const SITE = "https://www.managely.test";
const SECRET = "a-purge-secret-of-some-length";
const editor: StaffIdentity = { id: "editor-1", email: "editor@staff.example.com", role: "editor" };
const withPurge = deliveryRouting({ smtp: false, webhook: false, purge: true });
const withoutPurge = deliveryRouting({ smtp: false, webhook: false });

describe("the CDN purge after a publish", () => {
  let database: TestDatabase;
  let server: http.Server;
  let url: string;
  let answer = 200;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  // Publishes queue at the real time; the worker's clock starts just after it.
  let clock = Date.now() + 1_000;

  const settings: WorkerSettings = { siteUrl: SITE, delivery: withPurge, ...TEST_WORKER_TIMING };
  const worker = () => createOutboxWorker({ db: database.db, dialect: database.dialect, channels: { purge: webhookChannel({ url, secret: SECRET }) }, settings, now: () => clock });
  const purges = () => database.db.selectFrom("outbox_messages").selectAll().where("kind", "=", "cdn.purge").orderBy("id").execute();
  const publishPage = async (path: string, delivery = withPurge) => {
    const draftId = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "law", path }, pattern: { ...EMPTY_PATTERN, title: `${path} in plain words | {site}` } });
    return publishSeoDraft(database.db, editor, { draftId, purge: { paths: [path], delivery } });
  };

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: false });
    const now = new Date(clock).toISOString();
    await insertStaff(database, [{ ...editor, role: "editor" }], now);
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.destroy();
  });

  it("POSTs the changed paths, signed, and keeps trying until the receiver takes them", async () => {
    await publishPage("/laws/vermont");
    const [queued] = await purges();
    expect(queued).toMatchObject({ channel: "purge", status: "pending" });
    // Setting up the database may take longer than the second the clock was ahead (a loaded machine).
    clock = Math.max(clock, Date.parse(queued.next_attempt_at) + 1_000);

    // The receiver is down: the purge waits for the next attempt, nothing lost.
    answer = 503;
    await worker().runOnce();
    expect((await purges())[0]).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 503" });

    answer = 200;
    clock += 120_000;
    await worker().runOnce();
    expect((await purges())[0]).toMatchObject({ status: "sent" });
    expect(received).toHaveLength(2);
    const { headers, body } = received[1];
    expect(JSON.parse(body)).toEqual({
      id: queued.idempotency_key,
      type: "cdn.purge",
      created_at: queued.created_at,
      // The sitemap goes with the pages whose dates the publish moved.
      data: { paths: ["/laws/vermont", "/sitemap.xml"], urls: [`${SITE}/laws/vermont`, `${SITE}/sitemap.xml`] },
    });
    expect(headers[WEBHOOK_HEADERS.idempotencyKey]).toBe(queued.idempotency_key);
    expect(verifyWebhook({ secret: SECRET, timestamp: String(headers[WEBHOOK_HEADERS.timestamp]), body, signature: String(headers[WEBHOOK_HEADERS.signature]) })).toBe(true);
  });

  it("queues nothing without PURGE_URL, or when the publish is refused", async () => {
    const before = (await purges()).length;
    await publishPage("/laws/maine", withoutPurge);
    expect(await purges()).toHaveLength(before);

    // Someone else published first: the publish changes nothing, so nothing is purged.
    const other: StaffIdentity = { ...editor, id: "editor-2", email: "other@staff.example.com" };
    const now = new Date(clock).toISOString();
    await insertStaff(database, [{ ...other, role: "editor" }], now);
    const target = { type: "page" as const, kind: "law" as const, path: "/laws/ohio" };
    const mine = await saveSeoDraft(database.db, editor, { target, pattern: { ...EMPTY_PATTERN, title: "Mine | {site}" } });
    await publishSeoDraft(database.db, other, { draftId: await saveSeoDraft(database.db, other, { target, pattern: { ...EMPTY_PATTERN, title: "Theirs | {site}" } }) });
    await expect(publishSeoDraft(database.db, editor, { draftId: mine, purge: { paths: ["/laws/ohio"], delivery: withPurge } })).rejects.toMatchObject({ status: 409 });
    expect(await purges()).toHaveLength(before);
  });

  it(`sends at most ${PURGE_BATCH} paths a request`, () => {
    const paths = Array.from({ length: 2 * PURGE_BATCH + 3 }, (_, index) => `/agents/TX/city-${index}`);
    const rows = purgeRows(paths, withPurge, new Date(clock).toISOString());
    expect(rows.map((row) => (JSON.parse(JSON.parse(row.payload).paths) as string[]).length)).toEqual([PURGE_BATCH, PURGE_BATCH, 3]);
    expect(rows.flatMap((row) => JSON.parse(JSON.parse(row.payload).paths))).toEqual(paths);
    expect(purgeRows(paths, withoutPurge, new Date(clock).toISOString())).toEqual([]);
  });
});

describe("a purge's rows and its request, alone", () => {
  const paths = (count: number) => Array.from({ length: count }, (_, index) => `/agents/TX/city-${index}`);

  it("queues one row per 500 paths, never an empty one", () => {
    const rows = (count: number) => purgeRows(paths(count), withPurge, "2026-11-27T10:00:00.000Z");
    expect(rows(PURGE_BATCH)).toHaveLength(1);
    expect(rows(2 * PURGE_BATCH + 1).map((row) => JSON.parse(JSON.parse(row.payload).paths).length)).toEqual([PURGE_BATCH, PURGE_BATCH, 1]);
    expect(rows(0)).toEqual([]);
  });

  it("names the paths and their absolute URLs, in the event and in a plain-text body", () => {
    expect(purgeMessage({ paths: JSON.stringify(["/laws/texas", "/agents/TX/austin"]) }, { siteUrl: SITE })).toEqual({
      email: { to: "", subject: "Purge 2 paths", text: "/laws/texas\n/agents/TX/austin" },
      event: { type: "cdn.purge", data: { paths: ["/laws/texas", "/agents/TX/austin"], urls: [`${SITE}/laws/texas`, `${SITE}/agents/TX/austin`] } },
    });
  });

  it("sends nothing for a row that names no path, or anything but site paths", () => {
    for (const stored of [undefined, "[]", "not json", '{"0":"/laws/texas"}', '["/laws/texas","laws/ohio"]', '["/laws/texas",7]']) {
      expect([stored, purgeMessage(stored === undefined ? {} : { paths: stored }, { siteUrl: SITE })]).toEqual([stored, null]);
    }
  });
});
