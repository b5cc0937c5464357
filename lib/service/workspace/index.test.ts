import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { signPreview } from "./preview";
import { staffAuthSecret } from "./auth";
import { STAFF_SIGN_IN_LINKS_PER_DAY } from "../rate-limit";

/**
 * The workspace's door as the site opens it: the process-wide database (DATABASE_URL), the
 * site's staff auth made once on it, and the capped sign-in request. Each suite points
 * DATABASE_URL at a test database of its own before the first call (lib/env reads it once).
 */
announcePostgres();

const SITE = "https://www.example.com";

describe.each(databaseKinds)("the workspace's door on %s", (kind) => {
  let database: TestDatabase;
  const saved = { ...process.env };
  let editorId: string;

  const signInRows = () => database.db.selectFrom("outbox_messages").select(["payload", "channel"]).where("kind", "=", "staff.sign_in").orderBy("id").execute();
  const requests = () => database.db.selectFrom("staff_audit_log").select(["staff_user_id", "staff_email", "target"]).where("action", "=", "staff.sign_in_requested").orderBy("id").execute();

  // The door keeps the process's database and staff auth once made: each kind gets fresh modules.
  let door: typeof import(".");
  beforeAll(async () => {
    jest.resetModules();
    door = await import(".");
    database = await createTestDatabase(kind);
    Object.assign(process.env, { DATABASE_URL: database.url, SITE_URL: SITE, STAFF_AUTH_SECRET: "", SMTP_URL: "", LEAD_WEBHOOK_URL: "", PURGE_URL: "", SEED_DEMO: "1" });
    const auth = await door.siteStaffAuth();
    editorId = (await auth.api.createUser({ body: { email: "editor@staff.example.com", name: "", role: "editor" } })).user.id;
    await auth.api.createUser({ body: { email: "gone@staff.example.com", name: "", role: "viewer", data: { banned: true } } });
  });
  afterAll(async () => {
    process.env = saved;
    await (await door.workspaceDb()).destroy();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("outbox_messages").where("kind", "=", "staff.sign_in").execute();
    await database.db.deleteFrom("staff_audit_log").execute();
    await database.db.deleteFrom("rate_limiter").where("key", "like", "sign-in|%").execute();
  });

  it("opens the database DATABASE_URL names, and makes the staff auth once", async () => {
    const db = await door.workspaceDb();
    expect(await db.selectFrom("staff_users").select("email").where("id", "=", editorId).executeTakeFirst()).toEqual({ email: "editor@staff.example.com" });
    const first = door.siteStaffAuth();
    expect(door.siteStaffAuth()).toBe(first);
    expect(await first).toBe(await door.siteStaffAuth());
  });

  it("sends a link to a staff member through the outbox and logs the request; nothing to a stranger or a banned member, and the same answer", async () => {
    await expect(door.requestSignInLink("nobody@example.com", new Headers())).resolves.toBeUndefined();
    await expect(door.requestSignInLink("gone@staff.example.com", new Headers())).resolves.toBeUndefined();
    expect(await signInRows()).toEqual([]);
    expect(await requests()).toEqual([]);

    await expect(door.requestSignInLink("editor@staff.example.com", new Headers())).resolves.toBeUndefined();
    const rows = await signInRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].channel).toBe("file");
    expect(JSON.parse(rows[0].payload)).toMatchObject({ user_id: editorId, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    expect(await requests()).toEqual([{ staff_user_id: editorId, staff_email: "editor@staff.example.com", target: null }]);
  });

  it(`sends at most ${STAFF_SIGN_IN_LINKS_PER_DAY} links a day to one staff member, however the requests are spread, and more the next day`, async () => {
    for (let index = 0; index < 7; index++) await door.requestSignInLink("editor@staff.example.com", new Headers());
    expect(await signInRows()).toHaveLength(STAFF_SIGN_IN_LINKS_PER_DAY);
    expect(await requests()).toHaveLength(STAFF_SIGN_IN_LINKS_PER_DAY);

    // Hours later the same day: still nothing.
    await database.db.updateTable("staff_audit_log").set({ at: new Date(Date.now() - 5 * 3_600_000).toISOString() }).execute();
    for (let index = 0; index < 3; index++) await door.requestSignInLink("editor@staff.example.com", new Headers());
    expect(await signInRows()).toHaveLength(STAFF_SIGN_IN_LINKS_PER_DAY);

    // The next day (the day's counter has run out): links again.
    await database.db.updateTable("rate_limiter").set({ expire: Date.now() - 1_000 }).where("key", "like", "sign-in|%").execute();
    await door.requestSignInLink("editor@staff.example.com", new Headers());
    expect(await signInRows()).toHaveLength(STAFF_SIGN_IN_LINKS_PER_DAY + 1);
  });

  it("knows the staff member of a signed-in session, with the session's id and end, and nobody without one", async () => {
    expect(await door.staffOfRequest(new Headers())).toBeNull();
    await door.requestSignInLink("editor@staff.example.com", new Headers());
    const { token } = JSON.parse((await signInRows())[0].payload);
    const response = await (await door.siteStaffAuth()).api.magicLinkVerify({ query: { token }, headers: new Headers(), asResponse: true });
    const headers = new Headers({ cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] });

    const session = await database.db.selectFrom("staff_sessions").select(["id", "expires_at"]).where("user_id", "=", editorId).executeTakeFirstOrThrow();
    const staff = await door.staffOfRequest(headers);
    expect(staff).toEqual({ id: editorId, email: "editor@staff.example.com", role: "editor", sessionId: session.id, sessionExpiresAt: new Date(session.expires_at) });
    expect(staff!.sessionExpiresAt).toBeInstanceOf(Date);

    // A session whose user's role is none of the workspace's is nobody's.
    await database.db.updateTable("staff_users").set({ role: "user" }).where("id", "=", editorId).execute();
    try {
      expect(await door.staffOfRequest(headers)).toBeNull();
    } finally {
      await database.db.updateTable("staff_users").set({ role: "editor" }).where("id", "=", editorId).execute();
    }
  });

  it("signs a preview cookie with the site's staff secret", async () => {
    const secret = await staffAuthSecret(database.db, undefined);
    expect(await door.previewCookieValue(database.db, { draftId: 12, sessionId: "session-1" })).toBe(signPreview(secret, { draftId: 12, sessionId: "session-1" }));
    expect(await door.previewCookieValue(database.db, { draftId: 12, sessionId: "session-1" })).not.toBe(signPreview("another secret of some length", { draftId: 12, sessionId: "session-1" }));
  });
});
