import path from "node:path";
import { ApiError } from "../../contract/errors";
import { EMPTY_PATTERN } from "../../contract/seo-text";
import { WHOLE_SEED_TIMEOUT_MS, announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { listSitemapEntries } from "../../db/queries/sitemap";
import { cleanPageSettings, servedShareImages } from "./page-settings";
import { liveRulesFor, publishSeoDraft, rollbackSeoRevision, saveSeoDraft, type SeoTarget, type StaffIdentity } from "./seo";
import { siteRows } from "./site";

announcePostgres();

const ORIGIN = "https://managely.example.com";
const PAGE = "/agents/TX/austin";
const IMAGES = ["/brand/icon-512.png", "/brand/og-image.png"];
const check = (input: Partial<{ noindex: boolean; nofollow: boolean; canonical: string; share_image: string }>) =>
  cleanPageSettings({ noindex: false, nofollow: false, canonical: "", share_image: "", ...input }, { origin: ORIGIN, path: PAGE, images: IMAGES });
const refusal = (input: Parameters<typeof check>[0]) => {
  try {
    check(input);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("accepted");
};

describe("cleanPageSettings", () => {
  it("keeps noindex and nofollow as one robots setting, and none as null", () => {
    expect(check({}).robots).toBeNull();
    expect(check({ noindex: true }).robots).toBe("noindex");
    expect(check({ nofollow: true }).robots).toBe("nofollow");
    expect(check({ noindex: true, nofollow: true }).robots).toBe("noindex, nofollow");
  });

  it("takes a canonical as a path on the site or an address on SITE_URL, stored as its path; its own address is no override", () => {
    expect(check({ canonical: "/agents/TX/round-rock" }).canonical).toBe("/agents/TX/round-rock");
    expect(check({ canonical: `${ORIGIN}/agents/TX/round-rock?page=2` }).canonical).toBe("/agents/TX/round-rock?page=2");
    expect(check({ canonical: `  ${ORIGIN}${PAGE} ` }).canonical).toBeNull();
    expect(check({ canonical: "" }).canonical).toBeNull();
  });

  it.each([
    "https://elsewhere.example.com/agents/TX/austin",
    "http://managely.example.com/agents/TX/austin",
    "//elsewhere.example.com/x",
    "/\\elsewhere.example.com",
    "javascript:alert(1)",
    "agents/TX/austin",
    "https://managely.example.com.evil.test/x",
    "https://user@managely.example.com/x",
    "/agents/TX/aus tin",
  ])("refuses the canonical %p, saying why, on the canonical field", (canonical) => {
    const refused = refusal({ canonical });
    expect(refused).toMatchObject({ status: 400, field: "canonical" });
    expect(refused.message).toBe(`The canonical address must be a path on this site (/agents/TX/austin) or an address on ${ORIGIN}; “${canonical.trim()}” is not.`);
  });

  it("takes a share image the site serves, by path or address, and refuses any other", () => {
    expect(check({ share_image: "/brand/icon-512.png" }).share_image).toBe("/brand/icon-512.png");
    expect(check({ share_image: `${ORIGIN}/brand/og-image.png` }).share_image).toBe("/brand/og-image.png");
    expect(refusal({ share_image: "https://cdn.example.com/card.png" })).toMatchObject({ status: 400, field: "share_image" });
    expect(refusal({ share_image: "/brand/logo.svg" }).message).toMatch(/^The share image must be a PNG, JPEG, GIF or WebP image/);
    expect(refusal({ share_image: "/brand/missing.png" }).message).toBe("The site does not serve an image at /brand/missing.png. Choose one it serves: /brand/icon-512.png, /brand/og-image.png.");
  });

  it("refuses an address longer than 2,000 characters", () => {
    expect(refusal({ canonical: `/${"a".repeat(2_000)}` }).message).toBe("The canonical address must be 2000 characters or fewer.");
  });
});

describe("servedShareImages", () => {
  it("lists the raster images of public/, never an SVG", async () => {
    const images = await servedShareImages(path.join(process.cwd(), "public"));
    expect(images).toContain("/brand/og-image.png");
    expect(images.some((image) => image.endsWith(".svg"))).toBe(false);
  });
});

describe.each(databaseKinds)("a page's settings from draft to live and back on %s", (kind) => {
  // Each test reads every page of the site (siteRows) once or twice.
  jest.setTimeout(WHOLE_SEED_TIMEOUT_MS);
  let database: TestDatabase;
  const admin: StaffIdentity = { id: "admin-1", email: "admin@staff.example.com", role: "admin" };
  const target: SeoTarget = { type: "page", kind: "city", path: PAGE };
  const inSitemap = async () => (await listSitemapEntries(database.db, { offset: 0, limit: 50_000 })).entries.some((entry) => entry.path === PAGE);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertStaff(database, [admin]);
  });
  afterAll(async () => database?.destroy());

  it("publishes noindex, canonical and share image to the live rules, leaves the sitemap and the audit, and rolls back to the page as it was", async () => {
    expect(await inSitemap()).toBe(true);
    const settings = check({ noindex: true, nofollow: true, share_image: "/brand/icon-512.png" });
    const draftId = await saveSeoDraft(database.db, admin, { target, pattern: { ...EMPTY_PATTERN, ...settings } });
    // A draft changes nothing live.
    expect((await liveRulesFor(database.db, { kind: "city", path: PAGE })).override).toBeNull();
    expect(await inSitemap()).toBe(true);

    const published = await publishSeoDraft(database.db, admin, { draftId });
    const { override } = await liveRulesFor(database.db, { kind: "city", path: PAGE });
    expect(override).toMatchObject({ robots: "noindex, nofollow", canonical: null, share_image: "/brand/icon-512.png", title: null });
    expect(await inSitemap()).toBe(false);
    const row = (await siteRows(database.db)).byPath.get(PAGE)!;
    expect(row).toMatchObject({ robots: "noindex", nofollow: true, indexable: false, problems: [], image: { url: "/brand/icon-512.png" } });
    const revision = await database.db.selectFrom("seo_revisions").selectAll().where("id", "=", published.revisionId).executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ robots: "noindex, nofollow", share_image: "/brand/icon-512.png" });

    await rollbackSeoRevision(database.db, admin, { revisionId: published.revisionId, expectedLiveRevisionId: published.revisionId });
    expect((await liveRulesFor(database.db, { kind: "city", path: PAGE })).override).toMatchObject({ robots: null, canonical: null, share_image: null });
    expect(await inSitemap()).toBe(true);
    expect((await siteRows(database.db)).byPath.get(PAGE)).toMatchObject({ robots: "index", nofollow: false, indexable: true });
  });

  it("takes a page canonical to another out of the sitemap and the audit, its robots unchanged", async () => {
    const draftId = await saveSeoDraft(database.db, admin, { target, pattern: { ...EMPTY_PATTERN, ...check({ canonical: "/agents/TX/round-rock" }) } });
    await publishSeoDraft(database.db, admin, { draftId });
    expect(await inSitemap()).toBe(false);
    expect((await siteRows(database.db)).byPath.get(PAGE)).toMatchObject({ robots: "index", canonical: "/agents/TX/round-rock", indexable: false, problems: [] });
  });
});
