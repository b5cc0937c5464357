import { EMPTY_PATTERN } from "@/lib/contract/seo-text";
import { SIGN_IN_RETURN_COOKIE, WORKSPACE } from "@/lib/contract/staff";
import fc from "fast-check";
import { addStaff, formOf, fromTheSite, redirected } from "@/test-support/server-actions";
import { createTestDatabase, type TestDatabase } from "@/test-support";
import { STAFF_SIGN_IN_LINKS_PER_DAY } from "@/lib/service/rate-limit";
import type { StaffIdentity } from "@/lib/service/workspace";
import { saveSeoDraft } from "@/lib/service/workspace/seo";

/**
 * The workspace's server actions as a browser calls them: the request's headers are Next's
 * headers(), the staff member is whoever requireStaff answers, and the site's database is a fresh
 * test database (SQLite; the service's own suites cover PostgreSQL).
 */
let requestHeaders = new Headers();
let signedIn: StaffIdentity | null = null;
let database: TestDatabase;

/** The browser's cookies as the actions see them (next/headers' jar: get, set, delete). */
const jar = new Map<string, string>();
jest.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
}));
jest.mock("next/cache", () => ({ refresh: jest.fn(), revalidatePath: jest.fn(), updateTag: jest.fn() }));
/** Work an action leaves for after its answer (Next's after()): run by the test when it chooses. */
let afterAnswer: (() => unknown)[] = [];
jest.mock("next/server", () => ({ after: (task: () => unknown) => void afterAnswer.push(task) }));
const runAfterAnswer = async () => {
  const tasks = afterAnswer;
  afterAnswer = [];
  for (const task of tasks) await task();
};
jest.mock("@/lib/db", () => ({ getDatabase: async () => database }));
jest.mock("./staff-session", () => ({
  requireStaff: async () => {
    if (!signedIn) throw new Error("signed out");
    return signedIn;
  },
  staffAuth: () => jest.requireActual("@/lib/service/workspace").siteStaffAuth(),
}));

// Imported after the mocks above are in place (babel-jest hoists jest.mock, this keeps the order plain).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const actions = require("./actions") as typeof import("./actions");


beforeAll(async () => {
  database = await createTestDatabase("sqlite", { seed: false });
});
afterAll(async () => database?.destroy());

describe("workspace server actions", () => {
  let admin: StaffIdentity;

  beforeAll(async () => {
    admin = await addStaff("admin@staff.example.com", "admin");
  });

  /** A template's publish as its confirmation page sends it (`reviewed`: the draft's updated_at it showed). */
  const publishTemplate = async (headers: Headers, { reviewed = true, savedAgain = false } = {}) => {
    requestHeaders = headers;
    signedIn = admin;
    const target = { type: "template" as const, kind: "city" as const };
    const draftId = await saveSeoDraft(database.db, admin, { target, pattern: { ...EMPTY_PATTERN, title: "Managers in {city} | {site}" } });
    const shown = await database.db.selectFrom("seo_drafts").select("updated_at").where("id", "=", draftId).executeTakeFirstOrThrow();
    if (savedAgain) {
      await saveSeoDraft(database.db, admin, { target, pattern: { ...EMPTY_PATTERN, title: "Other managers in {city} | {site}" } });
      // Saved later than shown (a save within the same millisecond would keep the stamp: set it apart).
      await database.db.updateTable("seo_drafts").set({ updated_at: new Date(Date.parse(shown.updated_at) + 1_000).toISOString() }).where("id", "=", draftId).execute();
    }
    const fields = { intent: "publish", type: "template", kind: "city", draft_id: String(draftId), ...(reviewed ? { reviewed: shown.updated_at } : {}) };
    const answer = await actions.draftAction(null, formOf(fields)).catch(redirected);
    const live = await database.db.selectFrom("seo_live").selectAll().where("target", "=", "template:city").executeTakeFirst();
    const draft = await database.db.selectFrom("seo_drafts").select("id").where("id", "=", draftId).executeTakeFirst();
    return { answer, live, draft };
  };

  describe("accept only requests from the site's own pages (N12)", () => {

    beforeEach(async () => {
      for (const table of ["seo_drafts", "seo_live", "seo_revisions"] as const) await database.db.deleteFrom(table).execute();
    });

    it("refuses a publish with neither Origin nor Sec-Fetch-Site, and changes nothing", async () => {
      const { answer, live, draft } = await publishTemplate(new Headers({ host: "localhost:3000" }));
      expect(answer).toEqual({ ok: false, message: WORKSPACE.notFromTheSite });
      expect(live).toBeUndefined();
      expect(draft).toBeDefined();
      expect(await database.db.selectFrom("seo_revisions").select("id").execute()).toHaveLength(0);
    });

    it("refuses a publish from another site's page, or one a browser marks cross-site", async () => {
      for (const headers of [
        new Headers({ host: "localhost:3000", origin: "https://evil.example.net", "sec-fetch-site": "cross-site" }),
        new Headers({ host: "localhost:3000", "sec-fetch-site": "cross-site" }),
        new Headers({ host: "localhost:3000", "sec-fetch-site": "same-site" }),
        new Headers({ host: "localhost:3000", origin: "null" }),
      ]) {
        const { answer, live } = await publishTemplate(headers);
        expect(answer).toEqual({ ok: false, message: WORKSPACE.notFromTheSite });
        expect(live).toBeUndefined();
      }
    });

    it("publishes from the site's own page: its Origin, the request's own host, or Sec-Fetch-Site alone", async () => {
      for (const headers of [
        fromTheSite(),
        new Headers({ host: "127.0.0.1:3300", origin: "http://127.0.0.1:3300" }),
        new Headers({ host: "localhost:3000", "sec-fetch-site": "same-origin" }),
      ]) {
        await database.db.deleteFrom("seo_live").execute();
        const { answer, live, draft } = await publishTemplate(headers);
        // Back to the editor, which says what the publish did on this deployment (no city pages in this database).
        expect(answer).toEqual({ redirectedTo: `/workspace/templates/city?published=${live?.revision_id}&pages=0` });
        expect(live).toMatchObject({ title: "Managers in {city} | {site}" });
        expect(draft).toBeUndefined();
      }
    });
  });

  describe("a template's publish is confirmed first", () => {
    beforeEach(async () => {
      for (const table of ["seo_drafts", "seo_live", "seo_revisions"] as const) await database.db.deleteFrom(table).execute();
    });

    it("opens the confirmation instead of publishing when the request names no confirmation", async () => {
      const { answer, live, draft } = await publishTemplate(fromTheSite(), { reviewed: false });
      expect(answer).toEqual({ redirectedTo: "/workspace/templates/city/publish" });
      expect(live).toBeUndefined();
      expect(draft).toBeDefined();
    });

    it("refuses a draft saved again after its confirmation was shown, and changes nothing", async () => {
      const { answer, live, draft } = await publishTemplate(fromTheSite(), { savedAgain: true });
      expect(answer).toEqual({ ok: false, message: WORKSPACE.draftChangedSinceReview });
      expect(live).toBeUndefined();
      expect(draft).toBeDefined();
    });

    it("saves the typed words, then opens the confirmation (Review and publish)", async () => {
      requestHeaders = fromTheSite();
      signedIn = admin;
      const answer = await actions.draftAction(null, formOf({ intent: "confirm", type: "template", kind: "city", title: "Reviewed managers in {city} | {site}" })).catch(redirected);
      expect(answer).toEqual({ redirectedTo: "/workspace/templates/city/publish" });
      expect(await database.db.selectFrom("seo_drafts").select("title").where("target", "=", "template:city").executeTakeFirst()).toEqual({ title: "Reviewed managers in {city} | {site}" });
      expect(await database.db.selectFrom("seo_live").select("target").execute()).toEqual([]);
    });
  });

  describe("signing in says the same to staff and to anyone else, in the same time, and mails a staff member a few links a day", () => {
    const linksTo = async (userId: string) =>
      (await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "staff.sign_in").execute()).filter((row) => JSON.parse(row.payload).user_id === userId);
    const allLinks = async () => (await database.db.selectFrom("outbox_messages").select("id").where("kind", "=", "staff.sign_in").execute()).length;
    const askForLink = async (email: string) => {
      requestHeaders = fromTheSite();
      signedIn = null;
      return actions.requestSignIn(null, formOf({ email }));
    };

    it("answers before the address is looked up: the same answer for staff and anyone else, and nothing mailed until after it (generated addresses)", async () => {
      const staff = [await addStaff("timing.one@staff.example.com", "editor"), await addStaff("timing.two@staff.example.com", "viewer")];
      const unknown = await askForLink("nobody@example.com");
      await runAfterAnswer();
      const staffAddress = fc.constantFrom(...staff.map((member) => member.email));
      const otherAddress = fc.emailAddress().map((email) => email.toLowerCase());
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(staffAddress, otherAddress), { minLength: 1, maxLength: 6 }), async (emails) => {
          const before = await allLinks();
          for (const email of emails) {
            // The same answer, and at the moment of answering nothing about the address has been done.
            expect(await askForLink(email)).toEqual(unknown);
            expect(await allLinks()).toBe(before);
          }
          expect(afterAnswer).toHaveLength(emails.length);
          await runAfterAnswer();
        }),
        { numRuns: 8 },
      );
      // The work after the answer did send the staff members their links.
      for (const member of staff) expect((await linksTo(member.id)).length).toBeGreaterThan(0);
    });

    it(`sends a staff member at most ${STAFF_SIGN_IN_LINKS_PER_DAY} links a day, however the requests are spread, and answers the rest as for an unknown address`, async () => {
      const editor = await addStaff("capped@staff.example.com", "editor");
      const unknown = await askForLink("nobody@example.com");
      for (let burst = 0; burst < 3; burst++) {
        for (let request = 1; request <= 5; request++) expect(await askForLink(editor.email)).toEqual(unknown);
        await runAfterAnswer();
        // An hour later (the earlier requests no longer recent in any short window).
        await database.db.updateTable("staff_audit_log").set({ at: new Date(Date.now() - (burst + 1) * 3_600_000).toISOString() }).where("staff_user_id", "=", editor.id).execute();
      }
      expect(await linksTo(editor.id)).toHaveLength(STAFF_SIGN_IN_LINKS_PER_DAY);
    });
  });

  it("keeps the workspace page a signed-out visitor asked for while the link is on its way, and nothing else", async () => {
    requestHeaders = fromTheSite();
    signedIn = null;
    await actions.requestSignIn(null, formOf({ email: "nobody@example.com", return_to: "/workspace/templates/city" }));
    expect(jar.get(SIGN_IN_RETURN_COOKIE)).toBe("/workspace/templates/city");
    // Another site, or the sign-in page itself: nothing kept, and an earlier page forgotten.
    await actions.requestSignIn(null, formOf({ email: "nobody@example.com", return_to: "https://elsewhere.example/workspace" }));
    expect(jar.has(SIGN_IN_RETURN_COOKIE)).toBe(false);
    await actions.requestSignIn(null, formOf({ email: "nobody@example.com", return_to: "/workspace/sign-in" }));
    expect(jar.has(SIGN_IN_RETURN_COOKIE)).toBe(false);
    await runAfterAnswer();
  });

  it.each([
    ["no arguments", [] as unknown[]],
    ["a string", [null, "email=a@example.com"]],
    ["an object", [null, { email: "a@example.com" }]],
  ])("answers signing in posted with %s (anyone can post anything) with its own message, never a failure", async (_name, args) => {
    requestHeaders = fromTheSite();
    signedIn = null;
    const call = actions.requestSignIn as (...args: unknown[]) => ReturnType<typeof actions.requestSignIn>;
    const confirm = actions.confirmSignIn as (...args: unknown[]) => ReturnType<typeof actions.confirmSignIn>;
    expect(await call(...args)).toEqual({ ok: false, message: WORKSPACE.signInInvalidEmail, field: "email" });
    expect(await confirm(...args)).toEqual({ ok: false, message: WORKSPACE.linkInvalid });
  });
});
