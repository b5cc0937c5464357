import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";

/** The HTTP contract of POST /api/<call> (DESIGN.md section 1), on the real route handler. */
let database: TestDatabase;
let route: typeof import("./route");

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  process.env.DATABASE_URL = database.url;
  route = await import("./route");
});
afterAll(async () => database?.destroy());

function post(call: string, body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) {
  const request = new Request(`http://localhost/api/${call}`, { method: "POST", headers, body });
  return route.POST(request, { params: Promise.resolve({ call: call.split("/") }) });
}

it("answers a call with 200 and the contract's fields", async () => {
  const response = await post("page/get", JSON.stringify({ page_id: 1 }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ success: true, pageData: { page_id: 1 } });
});

it("accepts a JSON content type with a charset", async () => {
  const response = await post("page/get", JSON.stringify({ page_id: 2 }), { "content-type": "application/json; charset=utf-8" });
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
  const form = await post("newsletter/save", "email_address=a%40b.co", { "content-type": "application/x-www-form-urlencoded" });
  expect(form.status).toBe(415);
  const none = await post("newsletter/save", "{}", {});
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
    const response = await route[method]();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ success: false, message: "This address only accepts POST requests." });
  }
});

it("answers 400 with the first invalid field's message", async () => {
  const response = await post("newsletter/save", JSON.stringify({ email_address: "nobody" }));
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ success: false, message: "Please enter a valid email address." });
});
