import { EMPTY_PATTERN } from "../../contract/seo-text";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/test-support";
import { draftOfPreviewCookie, signPreview } from "./preview";
import { saveSeoDraft, type StaffIdentity } from "./seo";

announcePostgres();

/**
 * The preview cookie decides which draft a public page in draft mode shows:
 * only its owner's, only while the session that opened the preview lasts, only with our signature.
 */
describe.each(databaseKinds)("the preview cookie on %s", (kind) => {
  let database: TestDatabase;
  const secret = "a-test-secret-of-enough-length-for-hmac";
  const editor: StaffIdentity = { id: "editor-1", email: "editor@staff.example.com", role: "editor" };
  const other: StaffIdentity = { id: "editor-2", email: "other@staff.example.com", role: "editor" };
  const now = new Date("2026-11-27T10:00:00.000Z");
  const later = new Date("2026-11-27T12:00:00.000Z");
  let draftId: number;
  /** Drafts of a banned staff member and of an account whose role is not a staff role, written as rows (neither may save one). */
  const ownDrafts: Record<string, number> = {};

  const session = (id: string, userId: string, expiresAt: Date) => {
    const stamp = kind === "postgres" ? now : now.toISOString();
    return { id, user_id: userId, token: `token-${id}`, expires_at: kind === "postgres" ? expiresAt : expiresAt.toISOString(), created_at: stamp, updated_at: stamp, ip_address: null, user_agent: null, impersonated_by: null };
  };
  const read = (preview: string, at = now) => draftOfPreviewCookie(database.db, { preview, secret, now: at });

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    const created = now.toISOString();
    await database.db
      .insertInto("staff_users")
      .values(
        [editor, other, { id: "gone-1", email: "gone@staff.example.com", role: "editor" as const }, { id: "user-1", email: "user@staff.example.com", role: "user" as never }].map((member) => ({
          id: member.id,
          name: "",
          email: member.email,
          email_verified: kind === "postgres" ? true : 1,
          image: null,
          created_at: created,
          updated_at: created,
          role: member.role,
          banned: member.id === "gone-1" ? (kind === "postgres" ? true : 1) : null,
          ban_reason: null,
          ban_expires: null,
        })) as never,
      )
      .execute();
    await database.db
      .insertInto("staff_sessions")
      .values([session("session-1", editor.id, new Date("2026-11-27T11:00:00.000Z")), session("session-2", other.id, later), session("session-3", "gone-1", later), session("session-4", "user-1", later)] as never)
      .execute();
    for (const userId of ["gone-1", "user-1"]) {
      const row = { target: `page:/agents/TX/${userId}`, kind: "city", path: `/agents/TX/${userId}`, staff_user_id: userId, ...EMPTY_PATTERN, title: "Theirs", base_revision_id: null, created_at: now.toISOString(), updated_at: now.toISOString() };
      ownDrafts[userId] = Number((await database.db.insertInto("seo_drafts").values(row).returning("id").executeTakeFirstOrThrow()).id);
    }
    draftId = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "city", path: "/agents/TX/austin" }, pattern: { ...EMPTY_PATTERN, title: "Austin, previewed" } });
  });
  afterAll(async () => database?.destroy());

  it("shows the draft to its owner's live session, with its words", async () => {
    expect(await read(signPreview(secret, { draftId, sessionId: "session-1" }))).toEqual({
      id: draftId,
      owner: editor.email,
      kind: "city",
      path: "/agents/TX/austin",
      pattern: { ...EMPTY_PATTERN, title: "Austin, previewed" },
    });
  });

  it("shows nothing once the session has ended, to another staff member, to a banned one or to a role that is not staff", async () => {
    expect(await read(signPreview(secret, { draftId, sessionId: "session-1" }), later)).toBeNull();
    expect(await read(signPreview(secret, { draftId, sessionId: "session-2" }))).toBeNull();
    // Each with a draft of their own: still nothing.
    expect(await read(signPreview(secret, { draftId: ownDrafts["gone-1"], sessionId: "session-3" }))).toBeNull();
    expect(await read(signPreview(secret, { draftId: ownDrafts["user-1"], sessionId: "session-4" }))).toBeNull();
    expect(await read(signPreview(secret, { draftId, sessionId: "no-such-session" }))).toBeNull();
  });

  it("refuses a value it did not sign: another secret, another draft, a changed or cut signature, any other shape", async () => {
    const value = signPreview(secret, { draftId, sessionId: "session-1" });
    const [, sessionId, signature] = value.split(".");
    expect(value).toMatch(/^\d+\.session-1\.[A-Za-z0-9_-]{43}$/);
    expect(await read(signPreview("another-secret-of-enough-length-here", { draftId, sessionId: "session-1" }))).toBeNull();
    // The owner's other draft, or the same draft through another live session: each needs its own signature.
    const otherDraft = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "city", path: "/agents/TX/dallas" }, pattern: { ...EMPTY_PATTERN, title: "Dallas" } });
    expect(await read(signPreview(secret, { draftId: otherDraft, sessionId: "session-1" }))).toMatchObject({ id: otherDraft });
    expect(await read(`${otherDraft}.${sessionId}.${signature}`)).toBeNull();
    expect(await read(`${draftId}.session-2.${signature}`)).toBeNull();
    expect(await read(`${draftId}.${sessionId}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await read(`${draftId}.${sessionId}.${signature.slice(0, -1)}`)).toBeNull();
    expect(await read(`${value}.extra`)).toBeNull();
    expect(await read(` ${value}`)).toBeNull();
    expect(await read("")).toBeNull();
  });
});
