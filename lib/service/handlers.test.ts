import { schemasOf, type AnyCallName } from "../contract";
import { EMPTY_PATTERN } from "../contract/seo-text";
import type { Service } from ".";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { publishSeoDraft, saveSeoDraft, type StaffIdentity } from "./workspace/seo";
import { signPreview } from "./workspace/preview";
import { staffAuthSecret } from "./workspace/secret";
import { env } from "../env";

announcePostgres();

/** The calls handlers.ts answers itself, as the pages make them (the others have suites of their own). */
describe.each(databaseKinds)("the service's own handlers on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = (name: string, body: unknown) => callAsSite(service, name, body);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database);
  });
  afterAll(async () => database?.destroy());

  it("answers every read it serves with success: true, in the contract's shape", async () => {
    const { states } = (await call("state/code/list", {})).body;
    const texas = states.find((state: { abbreviation: string }) => state.abbreviation === "TX");
    const { blogs } = (await call("blogs/list", {})).body;
    const { testimonials } = (await call("testimonial/list", {})).body;
    const [agent] = (await call("agents/match", { property_zip: "78701", property_category: 2 })).body.agents;
    const reads: [string, Record<string, unknown>][] = [
      ["page/get", { page_id: 1 }],
      ["testimonial/list", { type: "All" }],
      ["testimonial/get", { id: testimonials[0].id }],
      ["blogs/list", { type: "All" }],
      ["blog/get", { slug: blogs[0].slug }],
      ["faq/list", { type: "All" }],
      ["state/code/list", { length: "Half" }],
      ["city/list", { state_id: texas.id, length: "Half" }],
      ["law/get", { state: "TX" }],
      ["law/facts", { state: "TX" }],
      ["laws/topics", {}],
      ["laws/compare", { topic: "late-fees" }],
      ["zip/get", { zip: "78701" }],
      ["agent/get", { agent_id: agent.agent_id }],
      ["question/list", { type: 2 }],
      ["sitemap/paths", { page: 1, per_page: 10 }],
    ];
    for (const [name, body] of reads) {
      const answer = await call(name, body);
      expect({ name, status: answer.status, success: answer.body.success }).toEqual({ name, status: 200, success: true });
      expect({ name, valid: schemasOf(name as AnyCallName).response.safeParse(answer.body).success }).toEqual({ name, valid: true });
    }
  });

  it("lists every testimonial and FAQ for All, and the featured ones otherwise", async () => {
    for (const name of ["testimonial/list", "faq/list"] as const) {
      const key = name === "faq/list" ? "faqs" : "testimonials";
      // One of them no longer featured.
      const [first] = (await call(name, { type: "Featured" })).body[key];
      await database.db.updateTable(key).set({ featured: 0 }).where("id", "=", first.id).execute();
      const all = (await call(name, { type: "All" })).body[key];
      const featured = (await call(name, { type: "Featured" })).body[key];
      expect({ name, more: all.length > featured.length }).toEqual({ name, more: true });
      expect((await call(name, {})).body[key]).toEqual(featured);
    }
  });

  it("seo/rules answers a page's published title rules for its kind and path alone; seo/draft answers the draft a signed preview cookie names, and none for one it cannot read", async () => {
    const editor: StaffIdentity = { id: "editor-handlers", email: "editor.handlers@staff.example.com", role: "editor" };
    const now = new Date().toISOString();
    await insertStaff(database, [editor], now);
    const override = { ...EMPTY_PATTERN, title: "Austin's managers, compared | {site}" };
    const draftId = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "city", path: "/agents/TX/austin" }, pattern: override });
    await publishSeoDraft(database.db, editor, { draftId });

    expect(await call("seo/rules", { kind: "city", path: "/agents/TX/austin" })).toEqual({ status: 200, body: { success: true, template: null, override } });
    expect(await call("seo/rules", { kind: "city", path: "/agents/TX/dallas" })).toEqual({ status: 200, body: { success: true, template: null, override: null } });
    expect(await call("seo/draft", { preview: "not-a-signed-cookie" })).toEqual({ status: 200, body: { success: true, draft: null } });

    // The editor's own draft, previewed from a live session: signed with the site's staff secret.
    const stamp = new Date();
    const expires = new Date(stamp.getTime() + 3_600_000);
    await database.db
      .insertInto("staff_sessions")
      .values({
        id: "session-handlers",
        user_id: editor.id,
        token: "token-session-handlers",
        expires_at: kind === "postgres" ? expires : expires.toISOString(),
        created_at: kind === "postgres" ? stamp : stamp.toISOString(),
        updated_at: kind === "postgres" ? stamp : stamp.toISOString(),
        ip_address: null,
        user_agent: null,
        impersonated_by: null,
      } as never)
      .execute();
    const pattern = { ...EMPTY_PATTERN, title: "Dallas, previewed | {site}" };
    const previewed = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "city", path: "/agents/TX/dallas" }, pattern });
    const preview = signPreview(await staffAuthSecret(database.db, env().STAFF_AUTH_SECRET), { draftId: previewed, sessionId: "session-handlers" });
    expect(await call("seo/draft", { preview })).toEqual({
      status: 200,
      body: { success: true, draft: { id: previewed, owner: editor.email, kind: "city", path: "/agents/TX/dallas", pattern } },
    });
  });

  it("lists a law topic with no facts left as covering no state, without a comparison, whose page is not found", async () => {
    const topics = async () => (await call("laws/topics", {})).body.topics as { topic: string; states: number; compare: boolean }[];
    expect((await topics()).find((topic) => topic.topic === "late_fee_rules")).toMatchObject({ states: 51, compare: true });
    await database.db.deleteFrom("law_facts").where("topic", "=", "late_fee_rules").execute();
    expect((await topics()).find((topic) => topic.topic === "late_fee_rules")).toMatchObject({ states: 0, compare: false });
    expect((await call("laws/compare", { topic: "late-fees" })).status).toBe(404);
    expect((await call("law/get", { state: "TX" })).status).toBe(200);
  });
});

describe.each(databaseKinds)("the service's own handlers on an empty %s database", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => database?.destroy());

  it("state/code/list answers no states and no first state", async () => {
    expect((await callAsSite(createTestService(database), "state/code/list", { length: "Full" })).body).toEqual({ success: true, states: [], length: "Full", first_state: null });
  });
});
