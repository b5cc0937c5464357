import { EMPTY_PATTERN } from "../contract/seo-text";
import type { Service } from ".";
import { announcePostgres, callAsSite, createTestDatabase, createTestService, databaseKinds, type TestDatabase } from "@/lib/test-support";
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

  it("seo/rules answers a page's published title rules for its kind and path alone; seo/draft answers the draft a signed preview cookie names, and none for one it cannot read", async () => {
    const editor: StaffIdentity = { id: "editor-handlers", email: "editor.handlers@staff.example.com", role: "editor" };
    const now = new Date().toISOString();
    await database.db
      .insertInto("staff_users")
      .values({ id: editor.id, name: "", email: editor.email, email_verified: kind === "postgres" ? true : 1, image: null, created_at: now, updated_at: now, role: editor.role, banned: null, ban_reason: null, ban_expires: null })
      .execute();
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
});
