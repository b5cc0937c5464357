import { Readable } from "node:stream";
import { MANAGER_CSV_COLUMNS, type ManagerCsvRecord } from "../contract/managers-csv";
import { agentPath, SITEMAP_PATH } from "../contract/routes";
import { EMPTY_PATTERN } from "../contract/seo-text";
import { listSitemapEntries } from "../db/queries/sitemap";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, insertStaff } from "@/test-support";
import { deliveryRouting } from "./delivery/routing";
import { importManagers } from "./managers";
import { publishSeoDraft, saveSeoDraft, type StaffIdentity } from "./workspace/seo";

announcePostgres();

/**
 * The sitemap's <lastmod> follows what changes a page: an import that changes a listing moves its
 * profile and the lists it is on, an identical import moves nothing, and a workspace publish moves
 * the page it rewrote (and queues the sitemap's refresh with the page's).
 */
const routing = deliveryRouting({ smtp: false, webhook: false, purge: true });

const AUSTIN: ManagerCsvRecord = {
  external_id: "lastmod-1",
  company_name: "Test Capitol Rentals",
  contact_name: "",
  email: "capitol@lastmod.example.com",
  phone: "(512) 555-0101",
  website: "https://capitol.lastmod.example.com",
  office_address: "100 Congress Ave",
  office_city: "Austin",
  office_state: "TX",
  office_zip: "78701",
  service_zips: "78701;78702",
  categories: "single-family",
  services: "",
  management_fee: "8%",
  leasing_fee: "",
  setup_fee: "",
  renewal_fee: "",
  license_number: "",
  license_state: "",
  license_source_url: "",
  about: "A test company.",
};
// Another category, so Austin's single-family tab lists fewer managers than the city: a page of its own.
const OTHER: ManagerCsvRecord = {
  ...AUSTIN,
  external_id: "lastmod-2",
  company_name: "Test Barton Homes",
  email: "barton@lastmod.example.com",
  website: "https://barton.lastmod.example.com",
  categories: "multi-family",
};

const csv = (rows: ManagerCsvRecord[]) => [MANAGER_CSV_COLUMNS.join(","), ...rows.map((r) => MANAGER_CSV_COLUMNS.map((c) => r[c]).join(","))].join("\n") + "\n";
const source = (text: string) => () => Readable.from([Buffer.from(text)]);
/** An instant `days` from now: later than anything the seed wrote. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(databaseKinds)("the sitemap's <lastmod> after changes on %s", (kind) => {
  let database: TestDatabase;
  const editor: StaffIdentity = { id: "lastmod-editor", email: "editor@staff.example.com", role: "editor" };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const now = new Date().toISOString();
    await insertStaff(database, [editor], now);
  });
  afterAll(async () => database?.destroy());

  const lastmods = async () => new Map((await listSitemapEntries(database.db, { offset: 0, limit: 50_000 })).entries.map((entry) => [entry.path, entry.lastModified]));
  const profileOf = async (externalId: string) => {
    const listing = await database.db.selectFrom("agents").select("id").where("external_id", "=", externalId).executeTakeFirstOrThrow();
    return agentPath({ state: "TX", city_slug: "austin", agent_id: listing.id });
  };
  const run = (rows: ManagerCsvRecord[], at: string) => importManagers(database.db, { open: source(csv(rows)), dryRun: false, routing, now: () => at });

  it("moves a page's date when the workspace publishes its words, and queues the sitemap's refresh with it", async () => {
    // Before any import: the samples are listed, so Los Angeles is on the sitemap.
    const page = "/agents/CA/los-angeles";
    const before = (await lastmods()).get(page);
    const draftId = await saveSeoDraft(database.db, editor, { target: { type: "page", kind: "city", path: page }, pattern: { ...EMPTY_PATTERN, title: "Sample Los Angeles managers | {site}" } });
    await publishSeoDraft(database.db, editor, { draftId, purge: { paths: [page], delivery: routing } });
    const live = await database.db.selectFrom("seo_live").select("published_at").where("target", "=", `page:${page}`).executeTakeFirstOrThrow();
    const dates = await lastmods();
    expect(dates.get(page)).toBe(new Date(live.published_at).toISOString());
    expect(dates.get(page)! > (before ?? "")).toBe(true);
    // Another city of the kind keeps its date.
    expect(dates.get("/agents/CA/san-diego")).not.toBe(dates.get(page));

    const purged = await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "cdn.purge").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(JSON.parse(purged.payload).paths)).toEqual([page, SITEMAP_PATH]);
  });

  it("moves a profile and its lists when an import changes the listing, and nothing when the same file comes again", async () => {
    const added = daysAhead(1);
    expect(await run([AUSTIN, OTHER], added)).toMatchObject({ added: 2, applied: true });
    const [capitol, barton] = [await profileOf("lastmod-1"), await profileOf("lastmod-2")];
    let dates = await lastmods();
    expect(dates.get(capitol)).toBe(added);
    expect(dates.get("/agents/TX/austin")).toBe(added);

    // The same file again: imports are idempotent, and so are the dates.
    expect(await run([AUSTIN, OTHER], daysAhead(2))).toMatchObject({ unchanged: 2, applied: true });
    dates = await lastmods();
    expect(dates.get(capitol)).toBe(added);
    expect(dates.get(barton)).toBe(added);
    expect(dates.get("/agents/TX/austin")).toBe(added);

    // One row changed: its profile moves, the other listing's does not.
    const changed = daysAhead(3);
    expect(await run([AUSTIN, { ...OTHER, management_fee: "$120" }], changed)).toMatchObject({ changed: 1, unchanged: 1, applied: true });
    dates = await lastmods();
    expect(dates.get(barton)).toBe(changed);
    expect(dates.get(capitol)).toBe(added);
    // A list's date is the latest of its city's listings': Austin's, its tabs and its state's hub move with the change.
    expect(dates.get("/agents/TX/austin")).toBe(changed);
    expect(dates.get("/agents/TX/austin/multi-family")).toBe(changed);
    expect(dates.get("/agents/TX/austin/single-family")).toBe(changed);
    expect(dates.get("/agents/TX")).toBe(changed);
    // A city the real listings are not on: its samples left the lists with the first import, so it left the sitemap.
    expect(dates.has("/agents/CA/los-angeles")).toBe(false);
  });
});
