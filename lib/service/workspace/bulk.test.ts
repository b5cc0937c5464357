import { EMPTY_PATTERN } from "../../contract/seo-text";
import { WORKSPACE } from "../../contract/staff";
import { createTestDatabase, type TestDatabase, failure, insertStaff } from "@/test-support";
import { deliveryRouting } from "../delivery/routing";
import { publishBulkEdit, publishSeoDraft, publishedStamp, saveSeoDraft, type BulkEdit, type StaffIdentity } from "./seo";

/**
 * Bulk edit: one field of many pages' own words set or cleared, each page its
 * own revision, in one transaction that refuses if anything was published since it was reviewed.
 */
const editor: StaffIdentity = { id: "editor-1", email: "editor@staff.example.com", role: "editor" };
const viewer: StaffIdentity = { id: "viewer-1", email: "viewer@staff.example.com", role: "viewer" };
const LAWS = ["/laws/texas", "/laws/ohio", "/laws/maine"].map((path) => ({ kind: "law" as const, path }));

describe("a bulk edit", () => {
  let database: TestDatabase;
  const live = async (path: string) => database.db.selectFrom("seo_live").select(["title", "description", "keywords"]).where("target", "=", `page:${path}`).executeTakeFirst();
  const revisionCount = async () => (await database.db.selectFrom("seo_revisions").select("id").execute()).length;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: false });
    const now = new Date().toISOString();
    await insertStaff(database, [editor, viewer], now);
    // Ohio already has its own description: a bulk edit of the title keeps it.
    await publishSeoDraft(database.db, editor, {
      draftId: await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "law", path: "/laws/ohio" }, pattern: { ...EMPTY_PATTERN, description: "Ohio's own description." } }),
    });
  });
  afterAll(async () => database?.destroy());

  it("sets one field on every page, keeping each page's other words, one revision a page, and queues their purge", async () => {
    const before = await revisionCount();
    const edit: BulkEdit = { pages: LAWS, field: "title", value: "Landlord law in {state} | {site}" };
    const published = await publishBulkEdit(database.db, editor, { edit, expectedLatestRevisionId: await publishedStamp(database.db), purge: { paths: LAWS.map((page) => page.path), delivery: deliveryRouting({ smtp: false, webhook: false, purge: true }) } });
    expect(published.paths).toEqual(["/laws/texas", "/laws/ohio", "/laws/maine"]);
    expect(await live("/laws/texas")).toEqual({ title: "Landlord law in {state} | {site}", description: null, keywords: null });
    expect(await live("/laws/ohio")).toEqual({ title: "Landlord law in {state} | {site}", description: "Ohio's own description.", keywords: null });
    expect(await revisionCount()).toBe(before + 3);
    const revisions = await database.db.selectFrom("seo_revisions").selectAll().where("target", "in", ["page:/laws/texas", "page:/laws/ohio"]).orderBy("id").execute();
    const [ohioFirst, texas, ohio] = revisions;
    expect(texas).toMatchObject({ target: "page:/laws/texas", kind: "law", path: "/laws/texas", action: "publish", previous_revision_id: null, restored_revision_id: null, published_by: editor.id, published_by_email: editor.email });
    expect(ohio).toMatchObject({ target: "page:/laws/ohio", previous_revision_id: ohioFirst.id, description: "Ohio's own description.", title: "Landlord law in {state} | {site}" });
    expect(await database.db.selectFrom("seo_live").select(["revision_id", "published_by", "kind", "path"]).where("target", "=", "page:/laws/ohio").executeTakeFirst()).toEqual({
      revision_id: ohio.id,
      published_by: editor.email,
      kind: "law",
      path: "/laws/ohio",
    });
    const logged = await database.db.selectFrom("staff_audit_log").select(["action", "target", "detail", "staff_email"]).where("target", "=", "page:/laws/texas").execute();
    expect(logged).toEqual([{ action: "seo.published", target: "page:/laws/texas", detail: `revision ${texas.id} (bulk edit of title)`, staff_email: editor.email }]);
    const purge = await database.db.selectFrom("outbox_messages").select(["channel", "payload"]).where("kind", "=", "cdn.purge").execute();
    expect(purge.map((row) => [row.channel, JSON.parse(JSON.parse(row.payload).paths)])).toEqual([["purge", ["/laws/texas", "/laws/ohio", "/laws/maine", "/sitemap.xml"]]]);
  });

  it("clears one field, leaving the others", async () => {
    await publishBulkEdit(database.db, editor, { edit: { pages: LAWS, field: "title", value: null }, expectedLatestRevisionId: await publishedStamp(database.db) });
    expect(await live("/laws/ohio")).toEqual({ title: null, description: "Ohio's own description.", keywords: null });
    expect(await live("/laws/maine")).toEqual({ title: null, description: null, keywords: null });
  });

  it("refuses, changing nothing, when anything was published since it was reviewed", async () => {
    const reviewed = await publishedStamp(database.db);
    await publishSeoDraft(database.db, editor, { draftId: await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "law", path: "/laws/vermont" }, pattern: { ...EMPTY_PATTERN, title: "Vermont | {site}" } }) });
    const before = await revisionCount();
    const refused = await failure(publishBulkEdit(database.db, editor, { edit: { pages: LAWS, field: "title", value: "Too late | {site}" }, expectedLatestRevisionId: reviewed }));
    expect([refused.status, refused.message]).toEqual([409, WORKSPACE.staleBulk]);
    expect(await revisionCount()).toBe(before);
    expect((await live("/laws/texas"))?.title).toBeNull();
  });

  it("refuses a viewer, and words a page of the kind cannot have", async () => {
    const stamp = await publishedStamp(database.db);
    const refused = await failure(publishBulkEdit(database.db, viewer, { edit: { pages: LAWS, field: "title", value: "x" }, expectedLatestRevisionId: stamp }));
    expect([refused.status, refused.message]).toEqual([403, "Your role (viewer) cannot publish pages. Nothing was changed."]);
    const wrong = await failure(publishBulkEdit(database.db, editor, { edit: { pages: LAWS, field: "title", value: "Managers in {city}" }, expectedLatestRevisionId: stamp }));
    expect([wrong.status, wrong.field]).toEqual([400, "title"]);
    expect(await publishedStamp(database.db)).toBe(stamp);
  });
});
