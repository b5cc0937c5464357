import { ApiError } from "../../contract/errors";
import { SITEMAP_PATH } from "../../contract/routes";
import { EMPTY_PATTERN } from "../../contract/seo-text";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, failure, insertStaff } from "@/test-support";
import { deliveryRouting } from "../delivery/routing";
import {
  audit,
  auditActionLabel,
  cleanBulkValue,
  cleanPattern,
  discardSeoDraft,
  editorState,
  listLiveTemplates,
  myDraft,
  myDraftById,
  permissionFor,
  requirePermission,
  staffList,
  targetKey,
  targetOf,
  draftForPreview,
  draftToPreview,
  liveRulesFor,
  publishSeoDraft,
  historyPage,
  rollbackPreview,
  rollbackSeoRevision,
  saveSeoDraft,
  type SeoTarget,
  type StaffIdentity,
} from "./seo";
import { WORKSPACE } from "../../contract/staff";

announcePostgres();

const CITY_PAGE: SeoTarget = { type: "page", kind: "city", path: "/agents/TX/austin" };
const CITY_TEMPLATE: SeoTarget = { type: "template", kind: "city" };
const pattern = (title: string) => ({ ...EMPTY_PATTERN, title });

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
    await insertStaff(database, Object.values(staff));
  });
  afterAll(async () => database?.destroy());

  beforeEach(async () => {
    for (const table of ["seo_drafts", "seo_live", "seo_revisions", "staff_audit_log", "outbox_messages"] as const) await database.db.deleteFrom(table).execute();
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

  it("keeps a share card's own words through draft, publish, history and rollback", async () => {
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

  it("says what a rollback would put back before anything changes, for the roles that may roll back", async () => {
    const first = await publishSeoDraft(database.db, staff.admin, { draftId: await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city} one | {site}") }) });
    const second = await publishSeoDraft(database.db, staff.admin, { draftId: await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city} two | {site}") }) });
    const before = { revisions: (await revisions("template:city")).length, log: await auditActions() };

    const undoSecond = await rollbackPreview(database.db, staff.admin, { revisionId: second.revisionId });
    expect(undoSecond).toMatchObject({ target: CITY_TEMPLATE, words: pattern("{city} one | {site}"), live: pattern("{city} two | {site}"), liveRevisionId: second.revisionId });
    expect(undoSecond.revision.id).toBe(second.revisionId);
    expect(undoSecond.effect.fields.map((field) => field.field)).toContain("title");
    // The first publish had nothing before it: rolling it back puts the default wording back.
    expect((await rollbackPreview(database.db, staff.admin, { revisionId: first.revisionId })).words).toEqual(EMPTY_PATTERN);

    // Editors may not roll back templates; an unknown revision is not found; nothing was written.
    expect(await failure(rollbackPreview(database.db, staff.editor, { revisionId: second.revisionId }))).toMatchObject({ status: 403, message: WORKSPACE.forbidden("editor", "roll back templates") });
    expect((await failure(rollbackPreview(database.db, staff.admin, { revisionId: second.revisionId + 100 }))).status).toBe(404);
    expect((await revisions("template:city")).length).toBe(before.revisions);
    expect((await liveRulesFor(database.db, { kind: "city", path: "/agents/TX/waco" })).template?.title).toBe("{city} two | {site}");
    // Only the refusal is logged: a preview changes nothing and logs nothing.
    expect(await auditActions()).toEqual([...before.log, "role.refused"]);
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

  const auditRows = () => database.db.selectFrom("staff_audit_log").select(["action", "target", "detail", "staff_user_id", "staff_email"]).orderBy("id").execute();
  const purgeRows = () => database.db.selectFrom("outbox_messages").select(["channel", "payload"]).where("kind", "=", "cdn.purge").orderBy("id").execute();
  const PURGING = deliveryRouting({ smtp: false, webhook: false, purge: true });
  const publishPage = async (member: StaffIdentity, title: string, target: SeoTarget = CITY_PAGE) =>
    publishSeoDraft(database.db, member, { draftId: await saveSeoDraft(database.db, member, { target, pattern: pattern(title) }) });

  it("logs each change with who made it and on what, cutting a long detail to 500 characters", async () => {
    await audit(database.db, staff.editor, "draft.saved", "page:/x", "d".repeat(600));
    await audit(database.db, { id: null, email: "system@example.com" }, "staff.signed_out", null);
    expect(await auditRows()).toEqual([
      { action: "draft.saved", target: "page:/x", detail: "d".repeat(500), staff_user_id: "editor-1", staff_email: "editor@staff.example.com" },
      { action: "staff.signed_out", target: null, detail: "", staff_user_id: null, staff_email: "system@example.com" },
    ]);
  });

  it("lets a role do what it is granted, and refuses the rest in one sentence, logging the refusal", async () => {
    const before = (await auditRows()).length;
    await expect(requirePermission(database.db, staff.editor, "page:publish", "publish pages")).resolves.toBeUndefined();
    expect((await auditRows()).length).toBe(before);
    await expect(requirePermission(database.db, staff.editor, "template:edit", "edit templates")).rejects.toEqual(
      expect.objectContaining({ status: 403, message: "Your role (editor) cannot edit templates. Nothing was changed." }),
    );
    expect((await auditRows()).slice(before)).toEqual([
      { action: "role.refused", target: null, detail: "template:edit: Your role (editor) cannot edit templates. Nothing was changed.", staff_user_id: "editor-1", staff_email: "editor@staff.example.com" },
    ]);
  });

  it("keeps a draft per staff member and target, based on what is live, and finds it by target or id for its owner alone", async () => {
    const first = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("One") });
    expect(await myDraft(database.db, staff.editor, CITY_PAGE)).toMatchObject({ id: first, target: "page:/agents/TX/austin", kind: "city", path: "/agents/TX/austin", title: "One", base_revision_id: null });
    expect(await myDraft(database.db, staff.other, CITY_PAGE)).toBeUndefined();
    expect(await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Two") })).toBe(first);
    expect(await myDraftById(database.db, staff.editor, { draftId: first })).toEqual({ target: CITY_PAGE, pattern: pattern("Two") });
    expect(await myDraftById(database.db, staff.other, { draftId: first })).toBeNull();
    expect(await myDraftById(database.db, staff.editor, { draftId: first + 1000 })).toBeNull();

    const published = await publishSeoDraft(database.db, staff.editor, { draftId: first });
    const next = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Three") });
    expect((await myDraft(database.db, staff.editor, CITY_PAGE))?.base_revision_id).toBe(published.revisionId);
    const template = await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city}") });
    expect(await myDraft(database.db, staff.admin, CITY_TEMPLATE)).toMatchObject({ id: template, target: "template:city", kind: "city", path: null });
    expect(await myDraftById(database.db, staff.admin, { draftId: template })).toEqual({ target: CITY_TEMPLATE, pattern: pattern("{city}") });
    expect(await draftForPreview(database.db, staff.admin, { draftId: template })).toMatchObject({ kind: "city", path: null, owner: staff.admin.email });
    expect((await auditRows()).map((row) => [row.action, row.target])).toEqual([
      ["draft.saved", "page:/agents/TX/austin"],
      ["draft.saved", "page:/agents/TX/austin"],
      ["seo.published", "page:/agents/TX/austin"],
      ["draft.saved", "page:/agents/TX/austin"],
      ["draft.saved", "template:city"],
    ]);
    expect(next).not.toBe(first);
  });

  it("shows no draft of a kind it does not know in draft mode", async () => {
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("x") });
    await database.db.updateTable("seo_drafts").set({ kind: "retired-kind" }).where("id", "=", draftId).execute();
    expect(await draftForPreview(database.db, staff.editor, { draftId })).toBeNull();
  });

  it("discards and previews a draft, logging each, and names what the role cannot do", async () => {
    const page = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("x") });
    const previewed = await draftToPreview(database.db, staff.editor, { draftId: page });
    expect(previewed.target).toEqual(CITY_PAGE);
    expect(previewed.draft).toMatchObject({ id: page, title: "x" });
    const viewer = { ...staff.editor, role: "viewer" as const };
    expect((await failure(draftToPreview(database.db, viewer, { draftId: page }))).message).toBe("Your role (viewer) cannot preview pages. Nothing was changed.");
    expect((await failure(discardSeoDraft(database.db, viewer, { draftId: page }))).message).toBe("Your role (viewer) cannot edit pages. Nothing was changed.");
    expect(await discardSeoDraft(database.db, staff.editor, { draftId: page })).toEqual(CITY_PAGE);
    expect((await failure(discardSeoDraft(database.db, staff.editor, { draftId: page }))).message).toBe(WORKSPACE.unknownDraft);

    const template = await saveSeoDraft(database.db, staff.admin, { target: CITY_TEMPLATE, pattern: pattern("{city}") });
    const demoted = { ...staff.admin, role: "editor" as const };
    expect((await failure(draftToPreview(database.db, demoted, { draftId: template }))).message).toBe("Your role (editor) cannot preview templates. Nothing was changed.");
    expect((await failure(discardSeoDraft(database.db, demoted, { draftId: template }))).message).toBe("Your role (editor) cannot edit templates. Nothing was changed.");
    expect((await failure(publishSeoDraft(database.db, demoted, { draftId: template }))).message).toBe("Your role (editor) cannot publish templates. Nothing was changed.");
    expect((await failure(saveSeoDraft(database.db, demoted, { target: CITY_TEMPLATE, pattern: pattern("x") }))).message).toBe("Your role (editor) cannot edit templates. Nothing was changed.");
    expect(await discardSeoDraft(database.db, staff.admin, { draftId: template })).toEqual(CITY_TEMPLATE);
    expect((await auditRows()).map((row) => [row.action, row.target])).toEqual([
      ["draft.saved", "page:/agents/TX/austin"],
      ["draft.previewed", "page:/agents/TX/austin"],
      // Each refusal is logged (who, and what they were refused, in its detail).
      ["role.refused", null],
      ["role.refused", null],
      ["draft.discarded", "page:/agents/TX/austin"],
      ["draft.saved", "template:city"],
      ["role.refused", null],
      ["role.refused", null],
      ["role.refused", null],
      ["role.refused", null],
      ["draft.discarded", "template:city"],
    ]);
  });

  it("publishes only the draft as reviewed, queues the purge of its paths, and logs the revision", async () => {
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Reviewed") });
    const { updated_at } = (await myDraft(database.db, staff.editor, CITY_PAGE))!;
    const changed = await failure(publishSeoDraft(database.db, staff.editor, { draftId, reviewedAt: "2000-01-01T00:00:00.000Z" }));
    expect([changed.status, changed.message]).toEqual([409, WORKSPACE.draftChangedSinceReview]);
    expect(await revisions("page:/agents/TX/austin")).toEqual([]);

    const published = await publishSeoDraft(database.db, staff.editor, { draftId, reviewedAt: updated_at, purge: { paths: [CITY_PAGE.path], delivery: PURGING } });
    expect(published).toEqual({ revisionId: published.revisionId, target: CITY_PAGE, paths: [CITY_PAGE.path] });
    expect((await purgeRows()).map((row) => [row.channel, JSON.parse(JSON.parse(row.payload).paths)])).toEqual([["purge", [CITY_PAGE.path, SITEMAP_PATH]]]);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "seo.published", target: "page:/agents/TX/austin", detail: `revision ${published.revisionId}` });
    const live = await database.db.selectFrom("seo_live").selectAll().where("target", "=", "page:/agents/TX/austin").executeTakeFirstOrThrow();
    expect(live).toMatchObject({ kind: "city", path: CITY_PAGE.path, title: "Reviewed", revision_id: published.revisionId, published_by: staff.editor.email });

    // No purge asked for, or none with a path: nothing queued, no path answered.
    expect((await publishPage(staff.editor, "Again")).paths).toEqual([]);
    await publishSeoDraft(database.db, staff.editor, { draftId: await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Empty") }), purge: { paths: [], delivery: PURGING } });
    expect(await purgeRows()).toHaveLength(1);
  });

  it("names who published first when a publish is refused, or someone, just now, when nothing is live", async () => {
    const first = await publishPage(staff.other, "Theirs");
    const mine = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Mine") });
    await publishPage(staff.other, "Theirs again");
    const refused = await failure(publishSeoDraft(database.db, staff.editor, { draftId: mine }));
    const live = await database.db.selectFrom("seo_live").selectAll().where("target", "=", "page:/agents/TX/austin").executeTakeFirstOrThrow();
    expect(refused.message).toBe(WORKSPACE.staleDraft(staff.other.email, live.published_at));
    expect((await auditRows()).at(-1)).toMatchObject({ action: "seo.publish_refused", target: "page:/agents/TX/austin", detail: `live revision ${live.revision_id}` });
    expect(live.revision_id).not.toBe(first.revisionId);

    await database.db.deleteFrom("seo_live").execute();
    const gone = await failure(publishSeoDraft(database.db, staff.editor, { draftId: mine }));
    expect([gone.status, gone.message]).toEqual([409, WORKSPACE.staleDraft("Someone", "just now")]);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "seo.publish_refused", detail: "" });
  });

  it("rolls back a page with the purge of its path, logging both revisions, and refuses an unknown revision or a role that may not", async () => {
    const first = await publishPage(staff.editor, "One");
    const second = await publishPage(staff.editor, "Two");
    expect((await failure(rollbackSeoRevision(database.db, staff.editor, { revisionId: second.revisionId + 100, expectedLiveRevisionId: second.revisionId }))).message).toBe(WORKSPACE.unknownRevision);
    expect((await failure(rollbackSeoRevision(database.db, staff.viewer, { revisionId: second.revisionId, expectedLiveRevisionId: second.revisionId }))).message).toBe(
      "Your role (viewer) cannot roll back pages. Nothing was changed.",
    );
    const undone = await rollbackSeoRevision(database.db, staff.editor, { revisionId: second.revisionId, expectedLiveRevisionId: second.revisionId, delivery: PURGING });
    expect(undone).toEqual({ revisionId: undone.revisionId, target: CITY_PAGE, paths: [CITY_PAGE.path] });
    expect((await purgeRows()).map((row) => JSON.parse(JSON.parse(row.payload).paths))).toEqual([[CITY_PAGE.path, SITEMAP_PATH]]);
    expect((await revisions("page:/agents/TX/austin")).at(-1)).toMatchObject({
      id: undone.revisionId,
      action: "rollback",
      kind: "city",
      path: CITY_PAGE.path,
      title: "One",
      previous_revision_id: second.revisionId,
      restored_revision_id: first.revisionId,
      published_by: staff.editor.id,
      published_by_email: staff.editor.email,
    });
    expect(await database.db.selectFrom("seo_live").select(["revision_id", "published_by", "title"]).executeTakeFirstOrThrow()).toEqual({ revision_id: undone.revisionId, published_by: staff.editor.email, title: "One" });
    expect((await auditRows()).at(-1)).toMatchObject({ action: "seo.rolled_back", target: "page:/agents/TX/austin", detail: `revision ${second.revisionId} undone by revision ${undone.revisionId}` });
    const stale = await failure(rollbackSeoRevision(database.db, staff.editor, { revisionId: second.revisionId, expectedLiveRevisionId: second.revisionId }));
    expect(stale.message).toBe(WORKSPACE.staleRollback);

    const template = await publishPage(staff.admin, "{city}", CITY_TEMPLATE);
    expect((await failure(rollbackSeoRevision(database.db, staff.editor, { revisionId: template.revisionId, expectedLiveRevisionId: template.revisionId }))).message).toBe(
      "Your role (editor) cannot roll back templates. Nothing was changed.",
    );
    // No city page in this database: a template's rollback changes no path, and queues no purge.
    expect((await rollbackSeoRevision(database.db, staff.admin, { revisionId: template.revisionId, expectedLiveRevisionId: template.revisionId, delivery: PURGING })).paths).toEqual([]);
    expect(await purgeRows()).toHaveLength(1);
  });

  it("shows an editor what is live, the staff member's draft, the revisions and the log of one target", async () => {
    expect(await editorState(database.db, staff.editor, CITY_PAGE)).toEqual({ live: null, draft: null, revisions: [], log: [] });
    const published = await publishPage(staff.editor, "Live");
    await publishPage(staff.admin, "{city}", CITY_TEMPLATE);
    const draftId = await saveSeoDraft(database.db, staff.editor, { target: CITY_PAGE, pattern: pattern("Draft") });
    await saveSeoDraft(database.db, staff.other, { target: CITY_PAGE, pattern: pattern("Theirs") });
    const state = await editorState(database.db, staff.editor, CITY_PAGE);
    expect(state.live).toMatchObject({ target: "page:/agents/TX/austin", title: "Live", revision_id: published.revisionId });
    expect(state.draft).toMatchObject({ id: draftId, title: "Draft" });
    expect(state.revisions).toEqual([expect.objectContaining({ id: published.revisionId, isLive: true, after: pattern("Live") })]);
    expect(state.log.map((row) => row.action)).toEqual(["draft.saved", "draft.saved", "seo.published", "draft.saved"]);
    expect(state.log.every((row) => row.target === "page:/agents/TX/austin")).toBe(true);
  });

  it("lists the live templates alone, by target, and everyone who may use the workspace", async () => {
    await publishPage(staff.editor, "Page");
    await publishPage(staff.admin, "{city}", CITY_TEMPLATE);
    const templates = await listLiveTemplates(database.db);
    expect([...templates.keys()]).toEqual(["template:city"]);
    expect(templates.get("template:city")).toMatchObject({ kind: "city", title: "{city}" });
    expect((await staffList(database.db)).map((member) => member.email).sort()).toEqual(Object.values(staff).map((member) => member.email).sort());
  });

  it("pages the history's log 50 entries at a time, and says what is live per target", async () => {
    expect((await historyPage(database.db, { page: 1 })).logPages).toBe(1);
    const published = await publishPage(staff.editor, "Live");
    for (let index = 0; index < 49; index++) await audit(database.db, staff.editor, "draft.previewed", `page:/p${index}`);
    let history = await historyPage(database.db, { page: 1 });
    expect([history.log.length, history.logPages]).toEqual([50, 2]);
    expect(history.liveByTarget).toEqual(new Map([["page:/agents/TX/austin", published.revisionId]]));
    expect(history.revisions.map((revision) => revision.id)).toEqual([published.revisionId]);
    history = await historyPage(database.db, { page: 2 });
    expect(history.log.map((row) => row.action)).toEqual(["draft.saved"]);
    await audit(database.db, staff.editor, "draft.previewed", "page:/last");
    expect((await historyPage(database.db, { page: 1 })).logPages).toBe(2);
    for (let index = 0; index < 49; index++) await audit(database.db, staff.editor, "draft.previewed", `page:/q${index}`);
    expect((await historyPage(database.db, { page: 1 })).logPages).toBe(3);
  });
});

describe("targets, permissions and labels", () => {
  it("keys a template by its kind and a page by its path, and reads a stored row's target back", () => {
    expect(targetKey(CITY_TEMPLATE)).toBe("template:city");
    expect(targetKey(CITY_PAGE)).toBe("page:/agents/TX/austin");
    expect(targetOf({ target: "template:city", kind: "city", path: null })).toEqual(CITY_TEMPLATE);
    expect(targetOf({ target: "page:/agents/TX/austin", kind: "city", path: "/agents/TX/austin" })).toEqual(CITY_PAGE);
    expect(targetOf({ target: "template:city", kind: "city", path: "/agents/TX/austin" })).toEqual(CITY_TEMPLATE);
    expect(targetOf({ target: "page:/about", kind: "no-such-kind", path: "/about" })).toEqual({ type: "page", kind: "fixed", path: "/about" });
  });

  it("asks template permissions for templates and page permissions for pages", () => {
    expect(permissionFor(CITY_TEMPLATE, "edit")).toBe("template:edit");
    expect(permissionFor(CITY_TEMPLATE, "publish")).toBe("template:publish");
    expect(permissionFor(CITY_PAGE, "edit")).toBe("page:edit");
    expect(permissionFor(CITY_PAGE, "publish")).toBe("page:publish");
  });

  it("reads an audit action as the history says it, and an unknown one as it is", () => {
    expect(auditActionLabel("seo.published")).toBe("published");
    expect(auditActionLabel("draft.previewed")).toBe("previewed a draft");
    expect(auditActionLabel("something.else")).toBe("something.else");
  });

  it("checks a bulk edit's value for every kind it goes to, and passes a clear through", () => {
    const laws = [{ kind: "law" as const, path: "/laws/texas" }];
    const cities = [{ kind: "city" as const, path: "/agents/TX/austin" }];
    expect(cleanBulkValue({ pages: laws, field: "title", value: null })).toBeNull();
    expect(cleanBulkValue({ pages: laws, field: "title", value: "  Laws   in {state} " })).toBe("Laws in {state}");
    expect(cleanBulkValue({ pages: cities, field: "title", value: "Managers in {city}" })).toBe("Managers in {city}");
    expect(() => cleanBulkValue({ pages: [...cities, ...laws], field: "title", value: "Managers in {city}" })).toThrow(expect.objectContaining({ status: 400, field: "title" }));
    expect(() => cleanBulkValue({ pages: [...laws, ...cities], field: "title", value: "Managers in {city}" })).toThrow(expect.objectContaining({ status: 400, field: "title" }));
    expect(cleanBulkValue({ pages: [], field: "title", value: "x" })).toBeNull();
  });
});
