import { createTestDatabase, type TestDatabase } from "@/test-support";

/**
 * GET /healthz: anyone learns only whether the site is up; the database, Redis and
 * outbox details need the API token. Checked on app/healthz/route.ts, the answer under `next dev`,
 * which shares lib/service/health.ts with the production server.
 */
let database: TestDatabase;
let route: typeof import("@/app/healthz/route");
const TOKEN = "health-test-token";

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  process.env.DATABASE_URL = database.url;
  process.env.API_TOKEN = TOKEN;
  route = await import("@/app/healthz/route");
});
afterAll(async () => database?.destroy());

const get = (headers: Record<string, string> = {}) => route.GET(new Request("http://localhost:3000/healthz", { headers }));

it("tells a visitor without the token only the status, no database or outbox details", async () => {
  const response = await get();
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok" });
});

it("tells a visitor with a wrong token only the status", async () => {
  const response = await get({ authorization: "Bearer not-the-token" });
  expect(await response.json()).toEqual({ status: "ok" });
});

it("gives the details with the API token", async () => {
  const response = await get({ authorization: `Bearer ${TOKEN}` });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: "ok", database: { ok: true }, outbox: { backlog: expect.any(Number) } });
});
