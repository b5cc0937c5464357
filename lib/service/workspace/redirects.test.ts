import { REDIRECT_WORDS, REDIRECTS_PAGE } from "../../contract/redirect-messages";
import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase, failure } from "@/test-support";
import { onRedirectsChanged } from "../redirects-signal";
import { applyRedirectsCsv, dryRunRedirectsCsv, redirectsOverview, removeRedirect, saveRedirect } from "./redirects";
import type { StaffIdentity } from "./seo";

/**
 * Workspace → Redirects' service on each database: who may change rules (checked here as well as
 * in the page's actions), what is written (the rule, one audit line, the 404 log row gone), what
 * is refused (writing nothing), the CSV import all or nothing, and the signal to the server.
 */
announcePostgres();

const ORIGIN = "https://managely.example.com";
const editor: StaffIdentity = { id: "editor-1", email: "editor@staff.example.com", role: "editor" };
const admin: StaffIdentity = { id: "admin-1", email: "admin@staff.example.com", role: "admin" };
const viewer: StaffIdentity = { id: "viewer-1", email: "viewer@staff.example.com", role: "viewer" };
const operator: StaffIdentity = { id: "operator-1", email: "operator@staff.example.com", role: "operator" };

describe.each(databaseKinds)("redirect rules on %s", (kind) => {
  let database: TestDatabase;
  let signals = 0;
  const rules = async () => (await database.db.selectFrom("redirect_rules").select(["from_path", "status", "to_path", "updated_by"]).orderBy("from_path").execute()).map((row) => ({ ...row, status: Number(row.status) }));
  const auditLines = () => database.db.selectFrom("staff_audit_log").select(["staff_email", "action", "target", "detail"]).where("action", "like", "redirect%").orderBy("id").execute();

  beforeAll(async () => {
    // Seeded: the warning reads the site's pages (its laws, cities and posts).
    database = await createTestDatabase(kind);
    onRedirectsChanged(async () => {
      signals += 1;
    });
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => {
    onRedirectsChanged(undefined);
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("redirect_rules").execute();
    await database.db.deleteFrom("staff_audit_log").execute();
    await database.db.deleteFrom("not_found_paths").execute();
    signals = 0;
  });

  it("saves an editor's rule with its normal from-path, one audit line, the path out of the 404 log, and tells the server", async () => {
    await database.db.insertInto("not_found_paths").values({ path: "/old-page", hits: 4, first_seen: "2026-12-01T00:00:00.000Z", last_seen: "2026-12-02T00:00:00.000Z" }).execute();
    const saved = await saveRedirect(database.db, editor, { input: { from: "/old-page/", to: `${ORIGIN}/new-page`, status: "301" }, origin: ORIGIN });
    expect(saved).toEqual({ outcome: "added", rule: { from: "/old-page", status: 301, to: "/new-page" }, warning: null });
    expect(await rules()).toEqual([{ from_path: "/old-page", status: 301, to_path: "/new-page", updated_by: editor.email }]);
    expect(await auditLines()).toEqual([{ staff_email: editor.email, action: "redirect.saved", target: "redirect:/old-page", detail: "301 → /new-page" }]);
    expect(await database.db.selectFrom("not_found_paths").selectAll().execute()).toEqual([]);
    expect(signals).toBe(1);

    // An admin replaces it: the audit line says what it was.
    expect((await saveRedirect(database.db, admin, { input: { from: "/old-page", to: "", status: 410 }, origin: ORIGIN })).outcome).toBe("replaced");
    expect((await auditLines())[1]).toEqual({ staff_email: admin.email, action: "redirect.saved", target: "redirect:/old-page", detail: "410 gone (was 301 → /new-page)" });
    expect((await redirectsOverview(database.db)).history.map((entry) => entry.action)).toEqual(["redirect.saved", "redirect.saved"]);
  });

  it("warns when the from-path is a page of the site today, fixed or listed in the sitemap", async () => {
    const saved = await saveRedirect(database.db, editor, { input: { from: "/about-us", to: "/faqs", status: 302 }, origin: ORIGIN });
    expect(saved.warning).toBe(REDIRECTS_PAGE.pageWarning("/about-us"));
    const law = await saveRedirect(database.db, editor, { input: { from: "/laws/texas", to: "/laws", status: 301 }, origin: ORIGIN });
    expect(law.warning).toBe(REDIRECTS_PAGE.pageWarning("/laws/texas"));
    const nowhere = await saveRedirect(database.db, editor, { input: { from: "/laws/atlantis", to: "/laws", status: 301 }, origin: ORIGIN });
    expect(nowhere.warning).toBeNull();
  });

  it.each([viewer, operator])("refuses the $role role, writing nothing", async (staff) => {
    const error = await failure(saveRedirect(database.db, staff, { input: { from: "/a", to: "/b", status: 301 }, origin: ORIGIN }));
    expect([error.status, error.message]).toEqual([403, REDIRECTS_PAGE.forbidden(staff.role)]);
    expect((await failure(dryRunRedirectsCsv(database.db, staff, { text: "from,to,status\n/a,/b,301\n", origin: ORIGIN }))).status).toBe(403);
    expect(await rules()).toEqual([]);
    expect(signals).toBe(0);
  });

  it("refuses a loop, a chain and a bad field, writing nothing", async () => {
    await saveRedirect(database.db, editor, { input: { from: "/a", to: "/b", status: 301 }, origin: ORIGIN });
    const loop = await failure(saveRedirect(database.db, editor, { input: { from: "/b", to: "/a", status: 301 }, origin: ORIGIN }));
    expect([loop.status, loop.message]).toEqual([409, REDIRECT_WORDS.loop("/b", "/a")]);
    const chain = await failure(saveRedirect(database.db, editor, { input: { from: "/c", to: "/a", status: 301 }, origin: ORIGIN }));
    expect(chain.message).toBe(REDIRECT_WORDS.chainAfter("/a", "/b"));
    const bad = await failure(saveRedirect(database.db, editor, { input: { from: "/d", to: "https://elsewhere.example.org/", status: 301 }, origin: ORIGIN }));
    expect([bad.status, bad.field]).toEqual([400, "to"]);
    expect((await rules()).map((rule) => rule.from_path)).toEqual(["/a"]);
    expect(await auditLines()).toHaveLength(1);
  });

  it("removes a rule with an audit line; a rule already gone is a 404", async () => {
    await saveRedirect(database.db, editor, { input: { from: "/a", to: "/b", status: 302 }, origin: ORIGIN });
    await removeRedirect(database.db, editor, { from: "/a" });
    expect(await rules()).toEqual([]);
    expect((await auditLines()).at(-1)).toEqual({ staff_email: editor.email, action: "redirect.removed", target: "redirect:/a", detail: "was 302 → /b" });
    expect((await failure(removeRedirect(database.db, editor, { from: "/a" }))).status).toBe(404);
    expect((await failure(removeRedirect(database.db, viewer, { from: "/a" }))).status).toBe(403);
  });

  it("imports a CSV file whole after its dry run, and only the text the dry run read", async () => {
    await saveRedirect(database.db, editor, { input: { from: "/x", to: "/y", status: 301 }, origin: ORIGIN });
    const text = "from,to,status\n/x,/z,302\n/one,/two,301\n/gone,,410\n";
    const check = await dryRunRedirectsCsv(database.db, editor, { text, origin: ORIGIN });
    expect(check).toMatchObject({ added: 2, replaced: 1, problems: [] });
    expect((await rules()).length).toBe(1);

    const changed = await failure(applyRedirectsCsv(database.db, editor, { text: `${text}/three,/four,301\n`, origin: ORIGIN, sha256: check.sha256 }));
    expect([changed.status, changed.message]).toEqual([409, REDIRECTS_PAGE.fileChanged]);

    expect(await applyRedirectsCsv(database.db, editor, { text, origin: ORIGIN, sha256: check.sha256 })).toMatchObject({ applied: true, added: 2, replaced: 1 });
    expect((await rules()).map((rule) => [rule.from_path, rule.status, rule.to_path])).toEqual([
      ["/gone", 410, null],
      ["/one", 301, "/two"],
      ["/x", 302, "/z"],
    ]);
    expect((await auditLines()).at(-1)).toMatchObject({ action: "redirects.imported", detail: `2 added, 1 replaced; sha256 ${check.sha256}` });
  });

  it("applies nothing when the rules changed since the dry run and the file now has a problem", async () => {
    const text = "from,to,status\n/p,/q,301\n/r,/s,301\n";
    const check = await dryRunRedirectsCsv(database.db, editor, { text, origin: ORIGIN });
    expect(check.problems).toEqual([]);
    await saveRedirect(database.db, editor, { input: { from: "/q", to: "/t", status: 301 }, origin: ORIGIN });
    const result = await applyRedirectsCsv(database.db, editor, { text, origin: ORIGIN, sha256: check.sha256 });
    expect(result).toMatchObject({ applied: false, problems: [{ line: 2, message: REDIRECT_WORDS.chainAfter("/q", "/t") }] });
    expect((await rules()).map((rule) => rule.from_path)).toEqual(["/q"]);
  });
});
