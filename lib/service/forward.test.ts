import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@/test-support";
import { FAILURE } from "../contract/messages";
import type { ApiError } from "../contract/errors";
import { forwardCall } from "./forward";
import { INTERNAL_CALLER, type HttpCaller } from "./guard";

/**
 * Forwarding mode (API_BASE_URL set), through the real route handler: only contract calls reach
 * the external service, after the guard, the limit and validation; the URL comes from the call's
 * name; the answer is rebuilt from the contract, so undeclared fields (a manager's email or
 * phone) never reach the browser. The external service is a local echo server.
 */
const SITE = "http://localhost:3000";
const TOKEN = "site-token-for-forwarding-test";

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let received: Received[] = [];
let upstream: http.Server;
let database: TestDatabase;
let route: typeof import("@/app/api/[...call]/route");
let upstreamStatus = 200;
/** When set, the external service answers exactly this (status upstreamStatus) instead. */
let upstreamAnswer: { body: string; headers?: Record<string, string>; path?: string } | undefined;

/** A manager as the contract describes one (read from a seeded database, so it follows the contract). */
let agent: Record<string, unknown>;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      if (upstreamAnswer && (!upstreamAnswer.path || upstreamAnswer.path === req.url)) {
        res.writeHead(upstreamStatus, { "content-type": "application/json", ...upstreamAnswer.headers });
        return res.end(upstreamAnswer.body);
      }
      res.writeHead(upstreamStatus, { "content-type": "application/json" });
      if (upstreamStatus !== 200) return res.end(JSON.stringify({ success: false, message: "upstream trouble" }));
      if (req.url === "/api/agent/get") return res.end(JSON.stringify({ success: true, agent_data: { ...agent, email: "owner-only@example.com", phone: "5125550100" }, debug: "internal" }));
      res.end(JSON.stringify({ success: true, message: "Stored upstream.", internal_id: 991 }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  database = await createTestDatabase("sqlite");
  const { getAgent } = await import("../db/queries/agents");
  const first = await database.db.selectFrom("agents").select("id").orderBy("id").executeTakeFirstOrThrow();
  agent = { ...(await getAgent(database.db, { id: first.id }))!, agent_id: 7, user_id: 7 };
  process.env.DATABASE_URL = database.url;
  process.env.SITE_URL = SITE;
  process.env.API_TOKEN = TOKEN;
  process.env.RATE_LIMIT_PER_MINUTE = "3";
  process.env.API_BASE_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/`;
  jest.resetModules();
  route = await import("@/app/api/[...call]/route");
});

afterAll(async () => {
  delete process.env.API_BASE_URL;
  await new Promise((resolve) => upstream.close(resolve));
  await database?.destroy();
});

beforeEach(() => {
  received = [];
  upstreamStatus = 200;
  upstreamAnswer = undefined;
});

function post(path: string, body: unknown, headers: Record<string, string> = { origin: SITE, "x-forwarded-for": "198.51.100.7" }) {
  const request = new Request(`${SITE}/api/${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const segments = path.split("/").map((segment) => decodeURIComponent(segment));
  return route.POST(request, { params: Promise.resolve({ call: segments }) });
}

it("forwards a contract call to the URL named by the call, with the client's address and the site's token", async () => {
  const response = await post("agent/get", { agent_id: 7 });
  expect(response.status).toBe(200);
  expect((await response.json()).agent_data.company_name).toBe(agent.company_name);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ method: "POST", url: "/api/agent/get" });
  expect(received[0].headers["x-forwarded-for"]).toBe("198.51.100.7");
  expect(received[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(JSON.parse(received[0].body)).toEqual({ agent_id: 7 });
});

it("drops every field the contract does not declare, so a manager's email and phone never pass", async () => {
  const answer = await (await post("agent/get", { agent_id: 7 })).json();
  expect(answer).toEqual({ success: true, agent_data: agent });
  expect(JSON.stringify(answer)).not.toMatch(/owner-only|5125550100|internal/);
});

it("never forwards a path that is not a call of the contract", async () => {
  for (const path of ["x/..%2f..%2fadmin%3Fa=1", "admin", "agent/get/../../admin", "sitemap/paths"]) {
    const response = await post(path, {});
    expect(response.status).toBe(404);
  }
  expect(received).toEqual([]);
});

it("applies the guard, validation and the save limit before anything is forwarded", async () => {
  expect((await post("agent/get", { agent_id: 7 }, { origin: "https://evil.example" })).status).toBe(403);
  expect((await post("newsletter/save", { email_address: "a@b.co" }, {})).status).toBe(403); // a server without the token
  expect((await post("agent/get", { agent_id: "7" })).status).toBe(400);
  expect((await post("newsletter/save", { email_address: "not-an-email" })).status).toBe(400);
  expect(received).toEqual([]);

  const statuses: number[] = [];
  for (let index = 0; index < 5; index++) {
    statuses.push((await post("newsletter/save", { email_address: `reader${index}@example.org` }, { origin: SITE, "x-forwarded-for": "198.51.100.99" })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  expect(received).toHaveLength(3);
  expect(await (await post("newsletter/save", { email_address: "x@example.org" })).json()).toEqual({ success: true, message: "Stored upstream." });
});

it("answers 502 when the external service fails, and passes on a refusal it explains", async () => {
  upstreamStatus = 500;
  const failed = await post("agent/get", { agent_id: 7 });
  expect(failed.status).toBe(502);
  expect((await failed.json()).success).toBe(false);
  upstreamStatus = 404;
  const refused = await post("agent/get", { agent_id: 7 });
  expect(refused.status).toBe(404);
  expect(await refused.json()).toEqual({ success: false, message: "upstream trouble" });
});

it("sends the caller's own bearer token on when it sent one, and the site's when it is absent or too long", async () => {
  await post("agent/get", { agent_id: 7 }, { origin: SITE, authorization: "Bearer caller-own-token" });
  await post("agent/get", { agent_id: 7 }, { origin: SITE, authorization: `Bearer ${"t".repeat(1_100)}` });
  await post("agent/get", { agent_id: 7 }, { origin: SITE, authorization: "Basic Y2FsbGVyOnB3" });
  expect(received.map((request) => request.headers.authorization)).toEqual(["Bearer caller-own-token", `Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
});

it("answers 502, in its own words, when the external service answers outside the contract, redirects or fails without saying why", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    upstreamAnswer = { body: JSON.stringify({ success: true, agent_data: { agent_id: "not a number" } }) };
    const invalid = await post("agent/get", { agent_id: 7 });
    expect(invalid.status).toBe(502);
    expect(await invalid.json()).toEqual({ success: false, message: FAILURE.upstreamInvalid });
    expect(errors.mock.calls.some(([line]) => String(line).startsWith("[service] upstream agent/get answered outside the contract: "))).toBe(true);

    // A redirect is not followed, even to the external service itself.
    upstreamStatus = 302;
    upstreamAnswer = { body: "", headers: { location: "/api/elsewhere" }, path: "/api/agent/get" };
    received = [];
    const redirected = await post("agent/get", { agent_id: 7 });
    expect(received.map((request) => request.url)).toEqual(["/api/agent/get"]);
    expect(redirected.status).toBe(502);
    expect(await redirected.json()).toEqual({ success: false, message: FAILURE.upstreamUnreachable });
    expect(errors.mock.calls.some(([line]) => String(line).startsWith("[service] upstream agent/get unreachable: "))).toBe(true);

    for (const [status, body] of [
      [404, "Not Found"],
      [400, JSON.stringify({ success: false })],
      [503, JSON.stringify({ success: false, message: "upstream down" })],
    ] as const) {
      upstreamStatus = status;
      upstreamAnswer = { body };
      const failed = await post("agent/get", { agent_id: 7 });
      expect([status, failed.status]).toEqual([status, 502]);
      expect(await failed.json()).toEqual({ success: false, message: FAILURE.upstreamUnreachable });
    }
  } finally {
    errors.mockRestore();
  }
});

describe("forwardCall, one request at a time", () => {
  type Sent = { url: string; headers: Record<string, string> };
  /** A fetch that records what it was asked and answers `status` with `body`. */
  const upstreamAnswering = (status: number, body: unknown) => {
    const sent: Sent[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      sent.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }) as unknown as typeof fetch;
    return { sent, fetchImpl };
  };
  const browser = (authorization?: string): HttpCaller => ({
    kind: "http",
    method: "POST",
    headers: new Headers(authorization ? { authorization } : {}),
    address: "203.0.113.7",
  });
  const saved = { success: true, message: "Stored upstream." };

  it("joins the base URL and the call with one slash, and sends JSON with the client's address and the site's token", async () => {
    const { sent, fetchImpl } = upstreamAnswering(200, saved);
    await forwardCall("contact/save", {}, { caller: browser(), upstream: { baseUrl: "https://upstream.example/api//", apiToken: "site-token", fetchImpl } });
    expect(sent).toEqual([
      {
        url: "https://upstream.example/api/contact/save",
        headers: { "content-type": "application/json", accept: "application/json", authorization: "Bearer site-token", "x-forwarded-for": "203.0.113.7" },
      },
    ]);
  });

  it("sends no token when the site has none, and no address for the site's own internal calls", async () => {
    const { sent, fetchImpl } = upstreamAnswering(200, saved);
    await forwardCall("contact/save", {}, { caller: browser(), upstream: { baseUrl: "https://upstream.example/api", fetchImpl } });
    await forwardCall("contact/save", {}, { caller: INTERNAL_CALLER, upstream: { baseUrl: "https://upstream.example/api", apiToken: "site-token", fetchImpl } });
    expect(Object.keys(sent[0].headers).sort()).toEqual(["accept", "content-type", "x-forwarded-for"]);
    expect(Object.keys(sent[1].headers).sort()).toEqual(["accept", "authorization", "content-type"]);
  });

  it("passes on the caller's own bearer token below 1,024 characters, and the site's from there on", async () => {
    const { sent, fetchImpl } = upstreamAnswering(200, saved);
    const upstream = { baseUrl: "https://upstream.example/api", apiToken: "site-token", fetchImpl };
    const own = (length: number) => `Bearer ${"t".repeat(length - "Bearer ".length)}`;
    await forwardCall("contact/save", {}, { caller: browser(own(1023)), upstream });
    await forwardCall("contact/save", {}, { caller: browser(own(1024)), upstream });
    expect(sent.map((each) => each.headers.authorization)).toEqual([own(1023), "Bearer site-token"]);
  });

  it("passes on a refusal from 400 to 499 in the service's words; anything else is a 502", async () => {
    const refusal = { success: false, message: "Refused upstream." };
    const outcome = (status: number) =>
      forwardCall("contact/save", {}, { caller: browser(), upstream: { baseUrl: "https://upstream.example/api", fetchImpl: upstreamAnswering(status, refusal).fetchImpl } }).then(
        () => "answered",
        (error: ApiError) => [error.status, error.message],
      );
    expect(await outcome(400)).toEqual([400, "Refused upstream."]);
    expect(await outcome(499)).toEqual([499, "Refused upstream."]);
    expect(await outcome(399)).toEqual([502, FAILURE.upstreamUnreachable]);
    expect(await outcome(500)).toEqual([502, FAILURE.upstreamUnreachable]);
  });
});
