import { FAILURE, NOT_FOUND, SAVED } from "../contract/messages";
import { BODY_TOO_LARGE, handleCall, type ServiceContext } from ".";
import { createWriteRunner } from "./write";
import { FILES_ONLY } from "./delivery/routing";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase } from "@/test-support";

announcePostgres();

const SITE = "http://localhost:3000";

/** The service's one door (index.ts) as an HTTP caller meets it: method, call name, body, guard, limits and failures. */
describe.each(databaseKinds)("the service's door on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  let network = 0;
  /** An address of its own per test: the limits count per network. */
  const nextAddress = () => `198.51.100.${kind === "sqlite" ? 100 + ++network : 150 + ++network}`;
  const http = (service: ReturnType<typeof createTestService>, call: string, body: unknown, { method = "POST", headers = {}, address = nextAddress() }: { method?: string; headers?: Record<string, string>; address?: string } = {}) =>
    service.handle({ call, body, caller: { kind: "http", method, headers: new Headers({ "content-type": "application/json", origin: SITE, ...headers }), address } });

  it("answers another method than POST with 405 and Allow: POST, and an internal call or an unknown one with 404", async () => {
    const service = createTestService(database);
    expect(await http(service, "page/get", JSON.stringify({ page_id: 1 }), { method: "GET" })).toEqual({ status: 405, body: { success: false, message: FAILURE.onlyPost }, headers: { allow: "POST" } });
    // lead/request is the site's own: over HTTP it does not exist; from the site's code it is answered.
    expect(await http(service, "lead/request", JSON.stringify({ token: "A".repeat(22) }))).toEqual({ status: 404, body: { success: false, message: FAILURE.unknownCall("lead/request") } });
    expect(await callAsSite(service, "lead/request", { token: "A".repeat(22) })).toEqual({ status: 404, body: { success: false, message: NOT_FOUND.request } });
    expect(await http(service, "no/such", "{}")).toEqual({ status: 404, body: { success: false, message: FAILURE.unknownCall("no/such") } });
  });

  it("reads only a JSON body within the size limit: 415 for another type, 413 over the limit, 400 for broken JSON", async () => {
    const service = createTestService(database);
    const body = JSON.stringify({ page_id: 1 });
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      expect({ type, status: (await http(service, "page/get", body, { headers: { "content-type": type } })).status }).toEqual({ type, status: 200 });
    }
    for (const type of ["text/plain", "application/jsonp", "", "text/plain; note=application/json"]) {
      expect({ type, answer: await http(service, "page/get", body, { headers: { "content-type": type } }) }).toEqual({ type, answer: { status: 415, body: { success: false, message: FAILURE.notJson } } });
    }
    expect(await http(service, "page/get", BODY_TOO_LARGE)).toEqual({ status: 413, body: { success: false, message: FAILURE.tooLarge } });
    for (const broken of ["{", "", { page_id: 1 }]) {
      expect({ broken, answer: await http(service, "page/get", broken) }).toEqual({ broken, answer: { status: 400, body: { success: false, message: FAILURE.invalidJson } } });
    }
  });

  it("names the field of invalid input, answers 429 with the seconds to wait, and limits no server with the token", async () => {
    const service = createTestService(database, { savesPerMinute: 1 });
    expect(await http(service, "page/get", JSON.stringify({ page_id: "1" }))).toEqual({ status: 400, body: { success: false, message: "A page id must be a number.", field: "page_id" } });
    const address = nextAddress();
    expect((await http(service, "newsletter/save", JSON.stringify({ email_address: `door.first.${kind}@example.org` }), { address })).status).toBe(200);
    const limited = await http(service, "newsletter/save", JSON.stringify({ email_address: `door.second.${kind}@example.org` }), { address });
    expect(limited).toEqual({ status: 429, body: { success: false, message: expect.any(String) }, headers: { "retry-after": expect.stringMatching(/^[1-9][0-9]*$/) } });

    // A server with the bearer token is trusted: its saves are not counted.
    const context: ServiceContext = { db: database.db, dialect: database.dialect, write: createWriteRunner(database), halfStateCount: 10, delivery: FILES_ONLY };
    const settings = { allowedOrigins: [SITE], savesPerMinute: 1, apiToken: "door-token-0123456789abcdef" };
    const fromServer = async (index: number) =>
      (
        await handleCall(
          {
            call: "newsletter/save",
            body: JSON.stringify({ email_address: `door.server.${index}.${kind}@example.org` }),
            caller: { kind: "http", method: "POST", headers: new Headers({ "content-type": "application/json", authorization: `Bearer ${settings.apiToken}` }), address },
          },
          { context, settings },
        )
      ).status;
    expect([await fromServer(1), await fromServer(2), await fromServer(3)]).toEqual([200, 200, 200]);
  });

  it("counts a honeypot's save from a browser, which stores nothing, toward the limit", async () => {
    const service = createTestService(database, { savesPerMinute: 1 });
    const address = nextAddress();
    const trap = (index: number) => JSON.stringify({ email_address: `door.bot.${index}.${kind}@example.org`, website: "http://spam.example" });
    expect(await http(service, "newsletter/save", trap(1), { address })).toEqual({ status: 200, body: { success: true, message: SAVED.subscribed } });
    expect((await http(service, "newsletter/save", trap(2), { address })).status).toBe(429);
  });

  it("answers a failure it did not expect with a 500 in its own words, logged with the call's name; a counter that cannot be written costs no answer", async () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((text: string) => lines.push(text.split("\n")[0]));
    try {
      const unreadable = createTestService({ db: database.db.withSchema("no_such_schema"), dialect: database.dialect });
      expect(await callAsSite(unreadable, "page/get", { page_id: 1 })).toEqual({ status: 500, body: { success: false, message: FAILURE.unexpected } });
      expect(lines).toEqual([expect.stringMatching(/^\[service\] call page\/get failed: /)]);
      lines.length = 0;
      // A browser's save: the handler fails, then counting the refusal fails too; both are logged, the 500 is answered.
      expect(await http(unreadable, "agent/save", JSON.stringify({ company_name: "Door Rentals", email: "door@example.org", country_code: 1, mobile: "5125550100" }))).toEqual({
        status: 500,
        body: { success: false, message: FAILURE.unexpected },
      });
      expect(lines).toEqual([expect.stringMatching(/^\[service\] rate limit check failed: /), expect.stringMatching(/^\[service\] call agent\/save failed: /)]);
    } finally {
      spy.mockRestore();
    }
  });
});
