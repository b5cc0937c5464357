import { EMPTY_PATTERN } from "@/lib/contract/seo-text";
import { PREVIEW_DRAFT_COOKIE, type StaffRole } from "@/lib/contract/staff";
import { createApiClient } from "@/lib/api/client";
import { INTERNAL_CALLER } from "@/lib/service/guard";
import { createTestDatabase, createTestService, insertStaff, type TestDatabase } from "@/test-support";
import { saveSeoDraft, type StaffIdentity } from "@/lib/service/workspace/seo";

/**
 * The preview of a draft on the real page (N10): the preview route sets the cookie, a
 * public page's metadata (pageSeo) reads it in draft mode. Draft mode's own cookie is one value per
 * build that any staff member who ever previewed holds, so only the preview cookie may decide whose
 * draft a page shows: the owner's, while the session that opened the preview lasts.
 */
type Signed = StaffIdentity & { sessionId: string };
let database: TestDatabase;
let signedIn: Signed | null = null;
/** The browser's cookies (the preview route writes them, the public page reads them). */
let jar = new Map<string, string>();

jest.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
  draftMode: async () => ({ isEnabled: jar.has("__prerender_bypass"), enable: () => void jar.set("__prerender_bypass", "one-value-per-build"), disable: () => void jar.delete("__prerender_bypass") }),
}));
jest.mock("next/cache", () => ({ unstable_cache: (read: () => Promise<unknown>) => read }));
jest.mock("@/lib/db", () => ({ getDatabase: async () => database }));
jest.mock("@/lib/api/server", () => ({
  serverApi: () => {
    const service = jest.requireActual("@/test-support").createTestService(database) as ReturnType<typeof createTestService>;
    return createApiClient((call, body) => service.handle({ call, body: JSON.parse(JSON.stringify(body ?? {})), caller: INTERNAL_CALLER }));
  },
}));
jest.mock("../staff-session", () => ({ staffOf: async () => signedIn }));

/* eslint-disable @typescript-eslint/no-require-imports -- imported after the mocks above */
const { GET } = require("./[draftId]/[[...path]]/route") as typeof import("./[draftId]/[[...path]]/route");
const { pageSeo } = require("@/lib/api/seo") as typeof import("@/lib/api/seo");
/* eslint-enable @typescript-eslint/no-require-imports */

const AUSTIN = "/agents/TX/austin";
const AUSTIN_FACTS = { city: "Austin", state: "Texas", state_abbr: "TX", count: 12, page: 1 };
const OWNERS_WORDS = "Unpublished: Austin managers, owner's draft";
const OTHERS_WORDS = "Unpublished: the other editor's draft";

async function addStaff(id: string, role: StaffRole): Promise<Signed> {
  const now = new Date().toISOString();
  const email = `${id}@staff.example.com`;
  await insertStaff(database, [{ id, email, role }], now);
  const sessionId = `session-of-${id}`;
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  await database.db.insertInto("staff_sessions").values({ id: sessionId, token: `token-of-${id}`, user_id: id, expires_at: expires, created_at: now, updated_at: now, ip_address: null, user_agent: null, impersonated_by: null }).execute();
  return { id, email, role, sessionId };
}

/** Opens the preview of a draft as `staff` in a fresh browser: the cookies it is left with. */
async function openPreview(staff: Signed, draftId: number): Promise<Map<string, string>> {
  jar = new Map();
  signedIn = staff;
  const response = await GET(new Request(`http://localhost:3000/workspace/preview/${draftId}`), { params: Promise.resolve({ draftId: String(draftId) }) });
  expect(response.status).toBe(303);
  return jar;
}

/** The title the public Austin page renders with these cookies (no staff cookie: it is scoped to /workspace). */
async function austinTitle(cookies: Map<string, string>): Promise<string> {
  jar = new Map(cookies);
  signedIn = null;
  return (await pageSeo("city", AUSTIN, AUSTIN_FACTS)).title;
}

describe("previewing a draft on the real page (N10)", () => {
  let owner: Signed;
  let other: Signed;
  let ownersDraft: number;
  let othersDraft: number;
  let publicTitle: string;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: false });
    owner = await addStaff("owner", "admin");
    other = await addStaff("other", "editor");
    ownersDraft = await saveSeoDraft(database.db, owner, { target: { type: "page", kind: "city", path: AUSTIN }, pattern: { ...EMPTY_PATTERN, title: OWNERS_WORDS } });
    othersDraft = await saveSeoDraft(database.db, other, { target: { type: "page", kind: "city", path: "/agents/TX/dallas" }, pattern: { ...EMPTY_PATTERN, title: OTHERS_WORDS } });
    publicTitle = await austinTitle(new Map());
    expect(publicTitle).not.toContain("Unpublished");
  });
  afterAll(async () => database?.destroy());

  it("shows the draft to its owner, in the browser that opened the preview", async () => {
    expect(await austinTitle(await openPreview(owner, ownersDraft))).toContain(OWNERS_WORDS);
  });

  it("renders the public words for draft mode's cookie plus a draft id, with no session", async () => {
    const withoutSession = new Map([
      ["__prerender_bypass", "one-value-per-build"],
      [PREVIEW_DRAFT_COOKIE, String(ownersDraft)],
    ]);
    expect(await austinTitle(withoutSession)).toBe(publicTitle);
  });

  it("does not show the draft to another staff member who puts its id in their own preview cookie", async () => {
    const othersCookies = await openPreview(other, othersDraft);
    const swapped = new Map(othersCookies);
    swapped.set(PREVIEW_DRAFT_COOKIE, othersCookies.get(PREVIEW_DRAFT_COOKIE)!.replace(String(othersDraft), String(ownersDraft)));
    expect(await austinTitle(swapped)).toBe(publicTitle);
    // Nor can they open its preview themselves.
    signedIn = other;
    const refused = await GET(new Request(`http://localhost:3000/workspace/preview/${ownersDraft}`), { params: Promise.resolve({ draftId: String(ownersDraft) }) });
    expect(refused.status).toBe(404);
  });

  it("stops showing the draft once the session that opened the preview is over", async () => {
    const ownersCookies = await openPreview(owner, ownersDraft);
    expect(await austinTitle(ownersCookies)).toContain(OWNERS_WORDS);
    await database.db.deleteFrom("staff_sessions").where("id", "=", owner.sessionId).execute();
    expect(await austinTitle(ownersCookies)).toBe(publicTitle);
  });

  it("renders the public words, not a 500, for a preview cookie a visitor made up", async () => {
    for (const value of ["x".repeat(5_000), "1.2.3", "-1", "9".repeat(40), "%00"]) {
      expect(await austinTitle(new Map([["__prerender_bypass", "one-value-per-build"], [PREVIEW_DRAFT_COOKIE, value]]))).toBe(publicTitle);
    }
  });
});
