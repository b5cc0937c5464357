import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { FILES_ONLY } from "../delivery/routing";
import { staffSignInMessage } from "../delivery/render";
import { createStaffAuth, outboxSignInSender, staffAuthSecret, staffFromSession, type StaffAuth } from "./auth";

announcePostgres();

const SITE = "https://www.example.com";

describe.each(databaseKinds)("staff sign-in on %s", (kind) => {
  let database: TestDatabase;
  let auth: StaffAuth;

  const signInRows = () => database.db.selectFrom("outbox_messages").selectAll().where("kind", "=", "staff.sign_in").orderBy("id").execute();
  const lastToken = async () => JSON.parse((await signInRows()).at(-1)!.payload).token as string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    auth = createStaffAuth({
      db: database.db,
      dialect: database.dialect,
      baseURL: SITE,
      secret: await staffAuthSecret(database.db, undefined),
      sendSignInLink: outboxSignInSender(database.db, FILES_ONLY),
    });
    await auth.api.createUser({ body: { email: "Editor@Staff.Example.com", name: "", role: "editor" } });
    await auth.api.createUser({ body: { email: "gone@staff.example.com", name: "", role: "viewer", data: { banned: true } } });
  });
  afterAll(async () => database?.destroy());

  it("keeps one generated secret in the database, shared by every instance, unless one is configured", async () => {
    const first = await staffAuthSecret(database.db, undefined);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await staffAuthSecret(database.db, undefined)).toBe(first);
    expect(await staffAuthSecret(database.db, "c".repeat(32))).toBe("c".repeat(32));
  });

  it("sends a link through the outbox to staff only, and stores only the token's hash", async () => {
    for (const email of ["nobody@example.com", "gone@staff.example.com"]) await auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
    expect(await signInRows()).toHaveLength(0);

    await auth.api.signInMagicLink({ body: { email: "editor@staff.example.com" }, headers: new Headers() });
    const rows = await signInRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "file", status: "pending" });
    const token = await lastToken();
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    // better-auth records every request; only the staff member's token was ever sent anywhere.
    const stored = await database.db.selectFrom("staff_verifications").select("identifier").execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const { identifier } of stored) {
      expect(identifier).toMatch(/^magic-link:[A-Za-z0-9_-]{43}$/);
      expect(identifier).not.toContain(token);
    }

    // What the message says: the page whose button signs in, on the site's address.
    expect(staffSignInMessage("editor@staff.example.com", { siteUrl: SITE, token }).email).toMatchObject({
      to: "editor@staff.example.com",
      text: expect.stringContaining(`${SITE}/workspace/sign-in/${token}`),
    });
  });

  it("signs in once per link, with a session in the database and a cookie only /workspace receives", async () => {
    await auth.api.signInMagicLink({ body: { email: "editor@staff.example.com" }, headers: new Headers() });
    const token = await lastToken();
    const response = await auth.api.magicLinkVerify({ query: { token }, headers: new Headers(), asResponse: true });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    // An https site: a __Secure- cookie, sent only over https, and only to /workspace.
    expect(cookie).toMatch(/^__Secure-managely_staff\.session_token=[^;]+; Max-Age=43200; Path=\/workspace; HttpOnly; Secure; SameSite=Lax$/);
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookie.split(";")[0] }) });
    expect(session && staffFromSession(session.user)).toEqual({ id: session!.user.id, email: "editor@staff.example.com", role: "editor" });
    expect(await database.db.selectFrom("staff_sessions").select("user_id").execute()).toEqual([{ user_id: session!.user.id }]);

    const again = await auth.api.magicLinkVerify({ query: { token }, headers: new Headers(), asResponse: true });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toContain("error=INVALID_TOKEN");
  });

  it("refuses an expired link", async () => {
    await auth.api.signInMagicLink({ body: { email: "editor@staff.example.com" }, headers: new Headers() });
    const token = await lastToken();
    const past = new Date(Date.now() - 1000);
    await database.db.updateTable("staff_verifications").set({ expires_at: kind === "postgres" ? past : past.toISOString() }).execute();
    const expired = await auth.api.magicLinkVerify({ query: { token }, headers: new Headers(), asResponse: true });
    expect(expired.headers.get("location")).toContain("error=INVALID_TOKEN");
  });

  it("lets an admin's session add staff, change a role and remove staff, and refuses an editor's", async () => {
    const sessionOf = async (email: string) => {
      await auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
      const response = await auth.api.magicLinkVerify({ query: { token: await lastToken() }, headers: new Headers(), asResponse: true });
      return new Headers({ cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] });
    };
    await auth.api.createUser({ body: { email: "boss@staff.example.com", name: "", role: "admin" } });
    const admin = await sessionOf("boss@staff.example.com");
    const editor = await sessionOf("editor@staff.example.com");

    const { user } = await auth.api.createUser({ body: { email: "new@staff.example.com", name: "", role: "viewer" }, headers: admin });
    await auth.api.setRole({ body: { userId: user.id, role: "editor" }, headers: admin });
    expect(await database.db.selectFrom("staff_users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({ role: "editor" });
    await expect(auth.api.setRole({ body: { userId: user.id, role: "admin" }, headers: editor })).rejects.toThrow();
    await expect(auth.api.createUser({ body: { email: "sneaky@staff.example.com", name: "", role: "admin" }, headers: editor })).rejects.toThrow();
    // A role that is none of ours (the type forbids it; a forged request could still send it).
    await expect(auth.api.setRole({ body: { userId: user.id, role: "owner" as "admin" }, headers: admin })).rejects.toThrow();

    await auth.api.removeUser({ body: { userId: user.id }, headers: admin });
    expect(await database.db.selectFrom("staff_users").select("id").where("id", "=", user.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("staff_users").select("id").where("email", "=", "sneaky@staff.example.com").execute()).toEqual([]);
  });

  it("knows only the workspace's roles, and no banned member", () => {
    expect(staffFromSession({ id: "1", email: "a@b.c", role: "user" })).toBeNull();
    expect(staffFromSession({ id: "1", email: "a@b.c", role: "admin", banned: true })).toBeNull();
    expect(staffFromSession({ id: "1", email: "a@b.c", role: "viewer", banned: false })).toEqual({ id: "1", email: "a@b.c", role: "viewer" });
  });
});
