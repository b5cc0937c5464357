import { createTestDatabase, type TestDatabase } from "@/test-support";

/** The HTTP contract of POST /api/<call> (DESIGN.md section 1), on the real route handler. */
let database: TestDatabase;
let route: typeof import("./route");

const SITE = "http://localhost:3000";
const TOKEN = "route-test-token";

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  process.env.DATABASE_URL = database.url;
  process.env.SITE_URL = SITE;
  process.env.API_TOKEN = TOKEN;
  process.env.ALLOWED_ORIGINS = "https://www.managely.example, https://managely.example/";
  route = await import("./route");
});
afterAll(async () => database?.destroy());

/** A same-origin browser request unless other headers are given. */
function post(call: string, body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json", origin: SITE }) {
  const request = new Request(`${SITE}/api/${call}`, { method: "POST", headers, body });
  return route.POST(request, { params: Promise.resolve({ call: call.split("/") }) });
}

it("answers a call with 200 and the contract's fields", async () => {
  const response = await post("page/get", JSON.stringify({ page_id: 1 }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ success: true, pageData: { page_id: 1 } });
});

it("accepts a JSON content type with a charset", async () => {
  const response = await post("page/get", JSON.stringify({ page_id: 2 }), { "content-type": "application/json; charset=utf-8", origin: SITE });
  expect(response.status).toBe(200);
});

it("answers 404 for an unknown call", async () => {
  const response = await post("pages/everything", "{}");
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ success: false, message: 'There is no call named "pages/everything".' });
});

it("answers 400 for a body that is not JSON", async () => {
  const response = await post("page/get", "{page_id: 1");
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ success: false, message: "The request body is not valid JSON." });
});

it("answers 415 for a body that is not declared as JSON", async () => {
  const form = await post("newsletter/save", "email_address=a%40b.co", { "content-type": "application/x-www-form-urlencoded", origin: SITE });
  expect(form.status).toBe(415);
  const none = await post("newsletter/save", "{}", { origin: SITE });
  expect(none.status).toBe(415);
  expect((await none.json()).success).toBe(false);
});

it("answers 413 for a body over 16 KiB and stores nothing", async () => {
  const message = "x".repeat(17 * 1024);
  const response = await post("contact/save", JSON.stringify({ name: "A", email: "a@b.co", message }));
  expect(response.status).toBe(413);
  expect((await response.json()).message).toMatch(/too large/);
  const stored = await database.db.selectFrom("contact_messages").select("id").execute();
  expect(stored).toHaveLength(0);
});

it("answers 405 with Allow: POST to other methods", async () => {
  for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
    const request = new Request(`${SITE}/api/page/get`, { method, headers: { origin: SITE } });
    const response = await route[method](request, { params: Promise.resolve({ call: ["page", "get"] }) });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ success: false, message: "This address only accepts POST requests." });
  }
});

it("answers 400 with the first invalid field's message, naming the field", async () => {
  const response = await post("newsletter/save", JSON.stringify({ email_address: "nobody" }));
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ success: false, message: "Please enter a valid email address.", field: "email_address" });
});

describe("who may call", () => {
  const json = { "content-type": "application/json" };

  it("refuses a browser request from another website", async () => {
    const response = await post("newsletter/save", JSON.stringify({ email_address: "x@y.co" }), { ...json, origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, message: "Requests from other websites are not accepted." });
    const crossSite = await post("page/get", JSON.stringify({ page_id: 1 }), { ...json, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
  });

  it("accepts the origins of SITE_URL and ALLOWED_ORIGINS, and none taken from the socket", async () => {
    for (const origin of [SITE, "https://www.managely.example", "https://managely.example"]) {
      const response = await post("newsletter/save", JSON.stringify({ email_address: `alias@${new URL(origin).hostname.replace("localhost", "example.org")}` }), { ...json, origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 200 });
    }
    // What `new URL(request.url).origin` gave behind the production server: never a browser's.
    for (const origin of ["http://0.0.0.0:3000", "http://127.0.0.1:3000", "https://managely.example.evil.test"]) {
      const response = await post("newsletter/save", JSON.stringify({ email_address: "socket@example.org" }), { ...json, origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
    }
  });

  it("accepts a browser whose Origin is the host the request was sent to (any port or host name), and no other", async () => {
    for (const host of ["localhost:3300", "127.0.0.1:3300"]) {
      const same = await post("newsletter/save", JSON.stringify({ email_address: `host-${host.replace(/\W/g, "")}@example.org` }), { ...json, origin: `http://${host}`, host });
      expect({ host, status: same.status }).toEqual({ host, status: 200 });
      for (const origin of ["http://evil.example", `http://${host}.evil.example`, `http://${host.split(":")[0]}:9999`]) {
        const foreign = await post("newsletter/save", JSON.stringify({ email_address: "foreign@example.org" }), { ...json, origin, host });
        expect({ origin, host, status: foreign.status }).toEqual({ origin, host, status: 403 });
      }
    }
  });

  it("lets servers read without a token but save only with it", async () => {
    expect((await post("page/get", JSON.stringify({ page_id: 1 }), json)).status).toBe(200);
    const anonymous = await post("newsletter/save", JSON.stringify({ email_address: "server@example.org" }), json);
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).message).toBe("Saving from outside the website needs the bearer token.");
    const wrongToken = await post("newsletter/save", JSON.stringify({ email_address: "server@example.org" }), { ...json, authorization: "Bearer nope" });
    expect(wrongToken.status).toBe(403);
    const withToken = await post("newsletter/save", JSON.stringify({ email_address: "server@example.org" }), { ...json, authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
  });

  it("limits each address to 10 saves a minute with a 429 and a clear message, not for token callers", async () => {
    const from = (address: string) => ({ ...json, origin: SITE, "x-forwarded-for": address });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await post("newsletter/save", JSON.stringify({ email_address: `limit${i}@example.org` }), from("203.0.113.9"));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({ success: false, message: "You have sent too many requests. Please wait a minute and try again." });
        // Seconds until the sliding window frees a save: never more than the window itself.
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    const stored = await database.db.selectFrom("newsletter_subscriptions").select("id").where("email_lower", "like", "limit%").execute();
    expect(stored).toHaveLength(10);

    expect((await post("newsletter/save", JSON.stringify({ email_address: "other@example.org" }), from("203.0.113.10"))).status).toBe(200);
    for (let i = 0; i < 12; i++) {
      const trusted = await post("lead/save", JSON.stringify({ property_category: 1, property_address: "1 Main St", property_city: "Austin", property_zip: "78701", property_number: "5125550100" }), {
        ...json,
        authorization: `Bearer ${TOKEN}`,
        "x-forwarded-for": "203.0.113.9",
      });
      expect(trusted.status).toBe(200);
    }
  });
});
