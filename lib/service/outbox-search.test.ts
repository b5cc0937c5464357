import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { handleCall, type ServiceContext } from ".";
import { FILES_ONLY } from "./delivery/routing";
import { createWriteRunner } from "./write";
import { OUTBOX_SEARCH, OUTBOX_SEARCH_DEFAULT } from "../contract/outbox-search";
import { createTestDatabase, type TestDatabase } from "@/test-support";

const TOKEN = "outbox-search-token-0123456789";
const SITE = "http://localhost:3000";

/** The outbox read back over the API (`outbox/search`): the mail sink of a test run against a deployment. */
describe("outbox/search", () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-search-"));
    const write = (name: string, to: string, subject: string, body: string) => fs.writeFileSync(path.join(dir, name), `From: Managely <no-reply@managely.test>\nTo: ${to}\nSubject: ${subject}\nContent-Type: text/plain; charset=utf-8\n\n${body}\n`);
    write("2026-12-01T10-00-00-000Z-1-lead-confirmation.eml", "owner.one@example.org", "Confirm your request", "Open /requests/confirm/AAAAAAAAAAAAAAAAAAAAAA to send MG-AAAA-1111.");
    write("2026-12-02T10-00-00-000Z-2-staff-sign_in.eml", "editor@staff.example.com", "Your sign-in link", "https://example.org/workspace/sign-in/abc");
    for (let id = 3; id < 3 + OUTBOX_SEARCH_DEFAULT + 5; id++) write(`2026-12-03T10-00-00-${String(id).padStart(3, "0")}Z-${id}-lead-new.eml`, `manager.${id}@example.com`, "A new request: MG-BULK", `Request MG-BULK number ${id}`);
    fs.writeFileSync(path.join(dir, "2026-12-04T10-00-00-000Z-99-lead-new.eml.123.tmp"), "To: owner.one@example.org\n\nhalf written");
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database?.destroy();
  });

  const service = ({ apiToken = TOKEN, outboxDir = dir }: { apiToken?: string; outboxDir?: string } = {}) => {
    const context: ServiceContext = { db: database.db, dialect: database.dialect, write: createWriteRunner(database), halfStateCount: 10, delivery: FILES_ONLY, outboxDir };
    return (body: unknown, headers: Record<string, string> = {}) =>
      handleCall(
        { call: "outbox/search", body: JSON.stringify(body), caller: { kind: "http", method: "POST", headers: new Headers({ "content-type": "application/json", ...headers }), address: "198.51.100.7" } },
        { context, settings: { allowedOrigins: [SITE], savesPerMinute: 10, apiToken } },
      );
  };
  const bearer = { authorization: `Bearer ${TOKEN}` };

  it("answers nobody without the token: not a server, not the site's own pages, not a wrong token, not a site without one", async () => {
    const refused = { status: 403, body: { success: false, message: OUTBOX_SEARCH.tokenRequired } };
    expect(await service()({ search: "example.org" })).toEqual(refused);
    expect(await service()({ search: "example.org" }, { origin: SITE })).toEqual(refused);
    expect(await service()({ search: "example.org" }, { origin: SITE, "sec-fetch-site": "same-origin" })).toEqual(refused);
    expect(await service()({ search: "example.org" }, { authorization: `Bearer ${TOKEN}x` })).toEqual(refused);
    expect(await service({ apiToken: "" })({ search: "example.org" }, bearer)).toEqual(refused);
  });

  it("answers the newest messages whose recipient, subject or text contain the search, ignoring case", async () => {
    const byRecipient = await service()({ search: "OWNER.ONE@example.org" }, bearer);
    expect(byRecipient.status).toBe(200);
    // The half-written .tmp file is not a message.
    expect(byRecipient.body).toEqual({
      success: true,
      messages: [
        {
          name: "2026-12-01T10-00-00-000Z-1-lead-confirmation.eml",
          to: "owner.one@example.org",
          subject: "Confirm your request",
          text: expect.stringContaining("/requests/confirm/AAAAAAAAAAAAAAAAAAAAAA"),
        },
      ],
    });
    const bySubject = (await service()({ search: "sign-in link" }, bearer)).body as { messages: { to: string }[] };
    expect(bySubject.messages.map((message) => message.to)).toEqual(["editor@staff.example.com"]);
    const byText = (await service()({ search: "mg-aaaa-1111" }, bearer)).body as { messages: { to: string }[] };
    expect(byText.messages.map((message) => message.to)).toEqual(["owner.one@example.org"]);
    expect(((await service()({ search: "nobody.at.all@example.org" }, bearer)).body as { messages: unknown[] }).messages).toEqual([]);
  });

  it("answers a bounded page, newest first, and refuses a search or a limit out of range", async () => {
    const page = (await service()({ search: "MG-BULK" }, bearer)).body as { messages: { name: string }[] };
    expect(page.messages).toHaveLength(OUTBOX_SEARCH_DEFAULT);
    expect(page.messages[0].name).toMatch(/-27-lead-new\.eml$/);
    expect(((await service()({ search: "MG-BULK", limit: 3 }, bearer)).body as { messages: unknown[] }).messages).toHaveLength(3);
    expect(await service()({ search: "MG-BULK", limit: 51 }, bearer)).toEqual({ status: 400, body: { success: false, message: OUTBOX_SEARCH.limit, field: "limit" } });
    expect(await service()({ search: "ab" }, bearer)).toEqual({ status: 400, body: { success: false, message: OUTBOX_SEARCH.searchLength, field: "search" } });
    expect(await service()({ search: "x".repeat(201) }, bearer)).toEqual({ status: 400, body: { success: false, message: OUTBOX_SEARCH.searchLength, field: "search" } });
  });

  it("answers no messages when the folder is not there yet (nothing sent) or the site has none", async () => {
    expect((await service({ outboxDir: path.join(dir, "missing") })({ search: "example.org" }, bearer)).body).toEqual({ success: true, messages: [] });
  });
});
