import { ApiError } from "../../contract/errors";
import { EMPTY_PATTERN } from "../../contract/seo-text";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase } from "@/lib/test-support";
import {
  cleanPattern,
  discardSeoDraft,
  draftForPreview,
  draftToPreview,
  liveRulesFor,
  publishSeoDraft,
  historyPage,
  rollbackSeoRevision,
  saveSeoDraft,
  type SeoTarget,
  type StaffIdentity,
} from "./seo";

announcePostgres();

const CITY_PAGE: SeoTarget = { type: "page", kind: "city", path: "/agents/TX/austin" };
const CITY_TEMPLATE: SeoTarget = { type: "template", kind: "city" };
const pattern = (title: string) => ({ ...EMPTY_PATTERN, title });

/** The error a call fails with (a test fails if it does not). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe.each(databaseKinds)("workspace drafts, publish and rollback on %s", (kind) => {
  let database: TestDatabase;
  const staff: Record<"admin" | "editor" | "other" | "viewer", StaffIdentity> = {
    admin: { id: "admin-1", email: "admin@staff.example.com", role: "admin" },
    editor: { id: "editor-1", email: "editor@staff.example.com", role: "editor" },
    other: { id: "editor-2", email: "other@staff.example.com", role: "editor" },
    viewer: { id: "viewer-1", email: "viewer@staff.example.com", role: "viewer" },
  };
  const revisions = (target: string) => database.db.selectFrom("seo_revisions").selectAll().where("target", "=", target).orderBy("id").execute();
  const auditActions = async () => (await database.db.selectFrom("staff_audit_log").select("action").orderBy("id").execute()).map((row) => row.action);

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    const now = new Date().toISOString();
    await database.db
      .insertInto("staff_users")
      .values(
        Object.values(staff).map((member) => ({
          id: member.id,
          name: "",
          email: member.email,
          email_verified: kind === "postgres" ? true : 1,
          image: null,
          created_at: now,
          updated_at: now,
          role: member.role,
          banned: null,
          ban_reason: null,
          ban_expires: null,
        })),
      )
      .execute();
  });
  afterAll(async () => database?.destroy());

  beforeEach(async () => {
    for (const table of ["seo_drafts", "seo_live", "seo_revisions", "staff_audit_log"] as const) await database.db.deleteFrom(table).execute();
  });

  it("keeps a draft out of the public pages until it is published; publishing writes the revision and the live row and drops the draft", async () => {
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Austin's best managers | {site}") });
    expect(await liveRulesFor(database.db, { kind: "city", path: CITY_PAGE.path })).toEqual({ template: null, override: null });
    expect(await draftForPreview(database.db, staff.editor, { draftId })).toEqual({ id: draftId, owner: staff.editor.email, kind: "city", path: CITY_PAGE.path, pattern: pattern("Austin's best managers | {site}") });

    const published = await publishSeoDraft(database.db, staff.editor, { draftId });
    expect(await liveRulesFor(database.db, { kind: "city", path: CITY_PAGE.path })).toEqual({ template: null, override: pattern("Austin's best managers | {site}") });
    // Another page of the kind is not overridden; another kind never reads this page's row.
    expect(await liveRulesFor(database.db, { kind: "city", path: "/agents/TX/dallas" })).toEqual({ template: null, override: null });
    expect(await liveRulesFor(database.db, { kind: "category", path: CITY_PAGE.path })).toEqual({ template: null, override: null });
    expect(await revisions("page:/agents/TX/austin")).toEqual([
      expect.objectContaining({ id: published.revisionId, action: "publish", title: "Austin's best managers | {site}", previous_revision_id: null, published_by_email: staff.editor.email }),
    ]);
    expect(await draftForPreview(database.db, staff.editor, { draftId })).toBeNull();
    expect(await auditActions()).toEqual(["draft.saved", "seo.published"]);
  });

  it("keeps a share card's own words through draft, publish, history and rollback (issue 29, item 6)", async () => {
    const social = { ...EMPTY_PATTERN, og_title: "{city}: {count} managers, compared", og_description: "Fees side by side.", image_alt: "The card of {city}" };
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: cleanPattern("city", social) });
    expect((await draftForPreview(database.db, staff.editor, { draftId }))?.pattern).toEqual(social);
    const published = await publishSeoDraft(database.db, staff.editor, { draftId });
    expect((await liveRulesFor(database.db, { kind: "city", path: CITY_PAGE.path })).override).toEqual(social);
    const history = await historyPage(database.db, { page: 1 });
    expect(history.revisions[0]).toMatchObject({ id: published.revisionId, before: EMPTY_PATTERN, after: social, isLive: true });
    await rollbackSeoRevision(database.db, staff.editor, { revisionId: published.revisionId, expectedLiveRevisionId: published.revisionId });
    expect((await liveRulesFor(database.db, { kind: "city", path: CITY_PAGE.path })).override).toEqual(EMPTY_PATTERN);
  });

  it("refuses to overwrite another editor's newer publish, and changes nothing", async () => {
    const mine = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Mine") });
    const theirs = await saveSeoDraft(database.db, staff.other, { target: CITY_PAGE, pattern: pattern("Theirs") });
    await publishSeoDraft(database.db, staff.other, { draftId: theirs });

    const refused = await failure(publishSeoDraft(database.db, staff.editor, { draftId: mine }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^other@staff\.example\.com published this since you started your draft .*Nothing was changed/);
    expect((await liveRulesFor(database.db, { kind: "city", path: CITY_PAGE.path })).override?.title).toBe("Theirs");
    expect(await revisions("page:/agents/TX/austin")).toHaveLength(1);
    // The draft is kept: the editor can compare and publish again.
    expect(await draftForPreview(database.db, staff.editor, { draftId: mine })).not.toBeNull();
    expect(await auditActions()).toContain("seo.publish_refused");
  });

  it("lets only one of two publishes made at the same moment from the same live revision through", async () => {
    const first = await saveSeoDraft(database.db, staff.editor, { target: CITY_TEMPLATE, pattern: pattern("{city} one") }).catch((error) => error);
    expect(first).toBeInstanceOf(ApiError); // editors do not edit templates
    const a = await saveSeoDraft(database.db, staff.admin, { target: CITY_PAGE, pattern: pattern("A") });
    const b = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("B") });
    const outcomes = await Promise.allSettled([publishSeoDraft(database.db, staff.admin, { draftId: a }), publishSeoDraft(database.db, staff.editor, { draftId: b })]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as ApiError).status).toBe(409);
    expect(await revisions("page:/agents/TX/austin")).toHaveLength(1);
  });

  it("rolls back with a new revision that restores what was live before, and refuses a stale rollback", async () => {
    const first = await publishSeoDraft(database.db, staff.admin, { draftId: await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city} one | {site}") }) });
    const second = await publishSeoDraft(database.db, staff.admin, { draftId: await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city} two | {site}") }) });
    const live = () => liveRulesFor(database.db, { kind: "city", path: "/agents/TX/waco" });
    expect((await live()).template?.title).toBe("{city} two | {site}");

    const undone = await rollbackSeoRevision(database.db, staff.admin, { revisionId: second.revisionId, expectedLiveRevisionId: second.revisionId });
    expect((await live()).template?.title).toBe("{city} one | {site}");
    const stale = await failure(rollbackSeoRevision(database.db, staff.admin, { revisionId: second.revisionId, expectedLiveRevisionId: second.revisionId }));
    expect(stale.status).toBe(409);

    await rollbackSeoRevision(database.db, staff.admin, { revisionId: first.revisionId, expectedLiveRevisionId: undone.revisionId });
    expect((await live()).template).toEqual(EMPTY_PATTERN);
    expect((await revisions("template:city")).map((row) => [row.action, row.title, row.restored_revision_id])).toEqual([
      ["publish", "{city} one | {site}", null],
      ["publish", "{city} two | {site}", null],
      ["rollback", "{city} one | {site}", first.revisionId],
      ["rollback", null, null],
    ]);
  });

  it("checks the role itself: viewers change nothing, editors no templates, and a draft is its owner's alone", async () => {
    expect((await failure(saveSeoDraft(database.db, staff.viewer, { target: CITY_PAGE, pattern: pattern("x") }))).message).toBe("Your role (viewer) cannot edit pages. Nothing was changed.");
    expect((await failure(saveSeoDraft(database.db, staff.editor, { target: CITY_TEMPLATE, pattern: pattern("x") }))).status).toBe(403);
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Mine") });
    expect((await failure(publishSeoDraft(database.db, staff.other, { draftId }))).status).toBe(404);
    expect((await failure(draftToPreview(database.db, staff.other, { draftId }))).status).toBe(404);
    expect((await failure(discardSeoDraft(database.db, staff.other, { draftId }))).status).toBe(404);
    // Demoted after drafting: the draft is still theirs, but neither previewed nor published.
    const demoted = { ...staff.editor, role: "viewer" as const };
    expect((await failure(publishSeoDraft(database.db, demoted, { draftId }))).message).toBe("Your role (viewer) cannot publish pages. Nothing was changed.");
    expect((await failure(draftToPreview(database.db, demoted, { draftId }))).status).toBe(403);
    // Nor shown on the page to anyone but its owner, and to the owner only while the role allows it.
    expect(await draftForPreview(database.db, staff.editor, { draftId })).not.toBeNull();
    expect(await draftForPreview(database.db, staff.other, { draftId })).toBeNull();
    expect(await draftForPreview(database.db, demoted, { draftId })).toBeNull();
    expect(await revisions("page:/agents/TX/austin")).toHaveLength(0);
    await discardSeoDraft(database.db, staff.editor, { draftId });
    expect(await draftForPreview(database.db, staff.editor, { draftId })).toBeNull();
  });

  it("refuses patterns a kind cannot render, naming the field", () => {
    const refused = (() => {
      try {
        cleanPattern("law", { title: "Laws in {city}" });
      } catch (error) {
        return error as ApiError;
      }
    })();
    expect(refused).toMatchObject({ status: 400, field: "title" });
    expect(() => cleanPattern("law", { image_alt: "The {company} card" })).toThrow(expect.objectContaining({ status: 400, field: "image_alt" }));
    expect(cleanPattern("law", { title: "  Laws   in {state} ", description: "", keywords: undefined })).toEqual(pattern("Laws in {state}"));
  });
});
