import type { SeoLiveRow, SeoRevisionRow } from "../../db/schema";
import { EMPTY_PATTERN } from "../../contract/seo-text";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { canRollBack, revisionSides, withSides } from "./history";
import type { Db } from "../../db/schema";
import { historyPage, publishSeoDraft, rollbackSeoRevision, saveSeoDraft, type SeoTarget, type StaffIdentity } from "./seo";

announcePostgres();

const TARGET = "page:/agents/TX/austin";

function revision(id: number, previous: number | null, title: string | null, action: "publish" | "rollback" = "publish"): SeoRevisionRow {
  return {
    id,
    target: TARGET,
    kind: "city",
    path: "/agents/TX/austin",
    title,
    description: null,
    keywords: null,
    og_title: null,
    og_description: null,
    image_alt: null,
    robots: null,
    canonical: null,
    share_image: null,
    action,
    previous_revision_id: previous,
    restored_revision_id: null,
    published_at: "2026-11-27T07:00:00.000Z",
    published_by: "admin-1",
    published_by_email: "admin@staff.example.com",
  };
}

const liveOf = (row: SeoRevisionRow): SeoLiveRow => ({
  target: row.target,
  kind: row.kind,
  path: row.path,
  title: row.title,
  description: row.description,
  keywords: row.keywords,
  og_title: row.og_title,
  og_description: row.og_description,
  image_alt: row.image_alt,
  robots: row.robots,
  canonical: row.canonical,
  share_image: row.share_image,
  revision_id: row.id,
  published_at: row.published_at,
  published_by: row.published_by_email,
});

describe("a revision's two sides", () => {
  const first = revision(1, null, "First words");
  const second = revision(2, 1, "Second words");
  const byId = new Map([first, second].map((row) => [row.id, row]));

  it("takes the words before from the revision it replaced, or the level below when it replaced none", () => {
    const [newest, oldest] = revisionSides([second, first], byId, new Map([[TARGET, liveOf(second)]]));
    expect(newest).toMatchObject({ before: { title: "First words", description: null }, after: { title: "Second words" }, isLive: true });
    expect(oldest).toMatchObject({ before: EMPTY_PATTERN, after: { title: "First words" }, isLive: false });
  });

  it("marks nothing live for a target with no live row", () => {
    expect(revisionSides([first], byId, new Map())).toEqual([expect.objectContaining({ id: 1, isLive: false, rollbackChangesLive: false })]);
  });

  it("reads nothing more when every revision replaced is on the list already (or none was replaced)", async () => {
    // A database that fails on any query: the sides come from the list alone.
    const noQueries = new Proxy({}, { get: () => () => Promise.reject(new Error("no query expected")) }) as unknown as Db;
    const sides = await withSides(noQueries, [second, first], [liveOf(second)]);
    expect(sides.map((row) => [row.id, row.before.title, row.isLive])).toEqual([
      [2, "First words", true],
      [1, null, false],
    ]);
  });

  it("offers a rollback only where it would change what is live", () => {
    // Live: the second. Rolling the second back restores the first's words: a change.
    expect(canRollBack(second, byId, liveOf(second))).toBe(true);
    // Rolling the first back restores the level below, which is not what is live.
    expect(canRollBack(first, byId, liveOf(second))).toBe(true);
    // After the second was rolled back (a third revision with the first's words), rolling the
    // second back again, or rolling back the rollback's target words, would change nothing.
    const third = revision(3, 2, "First words", "rollback");
    expect(canRollBack(second, byId, liveOf(third))).toBe(false);
    // A publish that put back the words from before it changes nothing when rolled back.
    const same = revision(4, 3, "First words");
    expect(canRollBack(same, new Map([...byId, [3, third]]), liveOf(same))).toBe(false);
    // Nothing live at all (no row): rolling back to the level below changes nothing either.
    expect(canRollBack(first, byId, undefined)).toBe(false);
  });
});

describe.each(databaseKinds)("the history's sides on %s", (kind) => {
  let database: TestDatabase;
  const admin: StaffIdentity = { id: "admin-1", email: "admin@staff.example.com", role: "admin" };
  const target: SeoTarget = { type: "page", kind: "city", path: "/agents/TX/austin" };
  const publish = async (title: string) => publishSeoDraft(database.db, admin, { draftId: await saveSeoDraft(database.db, admin, { target, pattern: { ...EMPTY_PATTERN, title } }) });

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    const now = new Date().toISOString();
    await insertStaff(database, [{ ...admin, role: "admin" }], now);
  });
  afterAll(async () => database?.destroy());

  it("shows before and after, the live revision, and no rollback that would change nothing", async () => {
    const { revisionId: first } = await publish("Austin managers, first");
    const { revisionId: second } = await publish("Austin managers, second");
    let { revisions } = await historyPage(database.db, { page: 1 });
    expect(revisions.map((row) => [row.id, row.before.title, row.after.title, row.isLive, row.rollbackChangesLive])).toEqual([
      [second, "Austin managers, first", "Austin managers, second", true, true],
      [first, null, "Austin managers, first", false, true],
    ]);

    const { revisionId: undone } = await rollbackSeoRevision(database.db, admin, { revisionId: second, expectedLiveRevisionId: second });
    ({ revisions } = await historyPage(database.db, { page: 1 }));
    const byId = new Map(revisions.map((row) => [row.id, row]));
    expect(byId.get(undone)).toMatchObject({ before: { title: "Austin managers, second" }, after: { title: "Austin managers, first" }, isLive: true, rollbackChangesLive: true });
    // The second's earlier words are live again: rolling it back once more would change nothing.
    expect(byId.get(second)).toMatchObject({ isLive: false, rollbackChangesLive: false });
    expect(byId.get(first)).toMatchObject({ isLive: false, rollbackChangesLive: true });
  });

  it("reads the revision a listed one replaced when it is not on the list (an older page of the history)", async () => {
    const { revisionId: older } = await publish("Austin managers, older");
    const { revisionId: newer } = await publish("Austin managers, newer");
    const listed = await database.db.selectFrom("seo_revisions").selectAll().where("id", "=", newer).execute();
    const [side] = await withSides(database.db, listed.map((row) => ({ ...row, id: Number(row.id), previous_revision_id: Number(row.previous_revision_id), restored_revision_id: null })), []);
    expect(side).toMatchObject({ id: newer, before: { title: "Austin managers, older" }, after: { title: "Austin managers, newer" } });
    expect(older).toBeLessThan(newer);
  });
});
