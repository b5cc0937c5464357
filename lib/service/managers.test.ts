import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { MANAGER_CSV_COLUMNS, type ManagerCsvRecord } from "../contract/managers-csv";
import { seedDatabase } from "../db/seed";
import { listSitemapEntries } from "../db/queries/sitemap";
import { announcePostgres, callAsSite, createTestService, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { agentPath } from "../contract/routes";
import { deliveryRouting } from "./delivery/routing";
import { exportManagers, importManagers, removeSamples } from "./managers";

announcePostgres();

const EXAMPLE = path.join(__dirname, "../../docs/examples/managers.csv");
const routing = deliveryRouting({ smtp: false, webhook: false, purge: true });

const BASE: ManagerCsvRecord = {
  external_id: "t-1",
  company_name: "Test Lone Star Homes",
  contact_name: "Dana Reyes",
  email: "dana@lone-star.example.com",
  phone: "(512) 555-0142",
  website: "https://www.lone-star.example.com/",
  office_address: "400 Congress Ave",
  office_city: "Austin",
  office_state: "TX",
  office_zip: "78701",
  service_zips: "78701;78702;78745",
  categories: "single-family;Multi Family",
  services: "tenant_screening;Rent collection",
  management_fee: "8%",
  leasing_fee: "50%",
  setup_fee: "$99",
  renewal_fee: "",
  license_number: "TEST-TX-1",
  license_state: "TX",
  license_source_url: "",
  about: "A test company, with a comma.",
};
const row = (changes: Partial<ManagerCsvRecord> = {}) => ({ ...BASE, ...changes });
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: ManagerCsvRecord[]) => [MANAGER_CSV_COLUMNS.join(","), ...rows.map((r) => MANAGER_CSV_COLUMNS.map((c) => quote(r[c])).join(","))].join("\n") + "\n";
const source = (text: string) => () => Readable.from([Buffer.from(text)]);

const THREE = [
  row(),
  row({ external_id: "t-2", company_name: "Test Trinity Co", email: "sam@trinity.example.com", website: "https://trinity.example.com", office_city: "Dallas", office_zip: "75201", service_zips: "75201;75204", license_number: "TEST-TX-2", management_fee: "$99" }),
  row({ external_id: "t-3", company_name: "Test Bayou Rentals", email: "bayou@example.com", website: "", office_city: "houston", office_state: "tx", office_zip: "77002", service_zips: "77002", license_number: "", license_state: "", categories: "commercial", services: "" }),
];

describe.each(databaseKinds)("the managers CSV on %s", (kind) => {
  let database: TestDatabase;
  const count = async (table: "agents" | "outbox_messages" | "content_changes" | "city_coverage") =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const snapshot = async () => ({
    agents: await count("agents"),
    outbox: await count("outbox_messages"),
    changes: await count("content_changes"),
    coverage: await count("city_coverage"),
  });
  const imported = (externalId: string) =>
    database.db
      .selectFrom("agents")
      .selectAll()
      .where("external_id", "=", externalId)
      .executeTakeFirst();

  beforeAll(async () => {
    // With the sample listings: the import adds beside them, and remove-samples takes them away.
    database = await createTestDatabase(kind);
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("refuses to remove the samples while no real manager exists, and removes nothing", async () => {
    const before = await snapshot();
    const result = await removeSamples(database.db, { dryRun: false, force: false, routing });
    expect(result.refused).toMatch(/would leave the site with no managers/);
    expect(result.samples).toBeGreaterThan(1000);
    expect(await snapshot()).toEqual(before);
  });

  it("dry-runs the example file: each deliberate problem by line and column, and writes nothing", async () => {
    const before = await snapshot();
    const report = await importManagers(database.db, { open: () => fs.createReadStream(EXAMPLE), dryRun: true, routing });
    expect(report.problems.map(({ line, column }) => `${line} ${column}`)).toEqual(["6 office_state", "7 service_zips", "8 email", "9 management_fee", "10 external_id", "11 website"]);
    expect(report.problems[4].message).toBe("duplicate: line 2 has the same external_id.");
    expect(report).toMatchObject({ rows: 10, added: 4, changed: 0, unchanged: 0, applied: false });
    expect(await snapshot()).toEqual(before);
  });

  it("counts a row's line where it starts, past a quoted field over several lines", async () => {
    const bad = { email: "nope", website: "", license_number: "", license_state: "" };
    const text = csv([row(), row({ ...bad, external_id: "t-8", about: "Two\nlines" }), row({ ...bad, external_id: "t-9" })]);
    const report = await importManagers(database.db, { open: source(text), dryRun: true, routing });
    expect(report.problems.map(({ line, column }) => `${line} ${column}`)).toEqual(["3 email", "5 email"]);
  });

  it("refuses a file without the columns, and one with a duplicate of an existing listing by license or website", async () => {
    const missing = await importManagers(database.db, { open: source("external_id,company_name\nx,y\n"), dryRun: true, routing });
    expect(missing.problems).toHaveLength(1);
    expect(missing.problems[0]).toMatchObject({ line: 1, column: "file" });
    expect(missing.problems[0].message).toMatch(/lacks the columns contact_name, email/);
    const sample = await database.db.selectFrom("agents").select(["id", "license_number", "license_state"]).where("is_demo", "=", 1).where("license_number", "is not", null).executeTakeFirstOrThrow();
    const report = await importManagers(database.db, { open: source(csv([row({ license_number: sample.license_number!, license_state: sample.license_state! })])), dryRun: true, routing });
    expect(report.problems).toEqual([expect.objectContaining({ line: 2, column: "license_number", message: expect.stringContaining(`(id ${sample.id}) already has this license`) })]);
  });

  it("imports listings with their service areas in one go, refreshes their pages, and the same file again changes nothing", async () => {
    const before = await snapshot();
    expect(await importManagers(database.db, { open: source(csv(THREE)), dryRun: true, routing })).toMatchObject({ added: 3, problems: [], applied: false });
    expect(await snapshot()).toEqual(before);
    const report = await importManagers(database.db, { open: source(csv(THREE)), dryRun: false, routing });
    expect(report).toMatchObject({ rows: 3, added: 3, changed: 0, unchanged: 0, problems: [], applied: true });
    const austin = await imported("t-1");
    expect(austin).toMatchObject({ is_demo: 0, company_name: "Test Lone Star Homes", phone: "5125550142", website: "https://lone-star.example.com", management_fee_percent: 8, setup_fee: 99, license_source: "self-reported", service_zips: "78701;78702;78745" });
    expect(JSON.parse(austin!.services)).toEqual(["tenant_screening", "rent_collection"]);
    // The service area: its office indexed, on Austin's list, counted at its farthest ZIP code.
    const city = await database.db.selectFrom("city_coverage").innerJoin("cities", "cities.id", "city_coverage.city_id").select("cities.slug").where("agent_id", "=", austin!.id).execute();
    expect(city.map((c) => c.slug)).toContain("austin");
    const zip = await database.db.selectFrom("agent_areas").select("radius_miles").where("id", "=", austin!.id).executeTakeFirstOrThrow();
    expect(Number(zip.radius_miles)).toBeGreaterThanOrEqual(6);
    expect((await imported("t-3"))?.city_id).toBeDefined();
    const purge = await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "cdn.purge").orderBy("id", "desc").execute();
    const paths = purge.flatMap((m) => JSON.parse(JSON.parse(m.payload).paths) as string[]);
    expect(paths).toEqual(expect.arrayContaining([agentPath({ state: "TX", city_slug: "austin", agent_id: austin!.id }), "/agents/TX/austin", "/sitemap.xml"]));
    expect(await count("content_changes")).toBe(before.changes + 1);

    // Beside real listings the samples are listed nowhere: not on a list, a search's counts, a profile or the sitemap.
    const aSample = (await database.db.selectFrom("agents").select(["id", "city_id"]).where("is_demo", "=", 1).orderBy("id").executeTakeFirstOrThrow())!;
    const offices = await database.db.selectFrom("agent_offices").innerJoin("agents", "agents.id", "agent_offices.id").select("agents.external_id").orderBy("agents.external_id").execute();
    expect(offices.map((office) => office.external_id)).toEqual(["t-1", "t-2", "t-3"]);
    const zips = await database.db.selectFrom("zip_coverage").select((eb) => eb.fn.max<number>("managers").as("n")).where("category_id", "=", 0).executeTakeFirstOrThrow();
    expect(Number(zips.n)).toBeLessThanOrEqual(3);
    const service = createTestService(database);
    expect((await callAsSite(service, "agent/get", { agent_id: aSample.id })).status).toBe(404);
    const list = await callAsSite(service, "agents/list", { state: "TX", city: "austin", cate_id: 0 });
    expect(list.body.agents.data.map((agent: { agent_id: number }) => agent.agent_id)).toEqual([austin!.id]);
    const sitemap = (await listSitemapEntries(database.db, { offset: 0, limit: 100_000 })).entries.map((entry) => entry.path);
    expect(sitemap.filter((entry) => /^\/agent\//.test(entry))).toHaveLength(3);
    // Their pages were refreshed with the import's: a sample's profile among them.
    const samplePlace = await database.db.selectFrom("cities").innerJoin("states", "states.id", "cities.state_id").select(["cities.slug", "states.abbreviation"]).where("cities.id", "=", aSample.city_id).executeTakeFirstOrThrow();
    expect(paths).toContain(agentPath({ state: samplePlace.abbreviation, city_slug: samplePlace.slug, agent_id: aSample.id }));

    const middle = await snapshot();
    const again = await importManagers(database.db, { open: source(csv(THREE)), dryRun: false, routing });
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 3, applied: true, paths: 0 });
    expect(await snapshot()).toEqual(middle);
  });

  it("updates a changed row's listing and refreshes its pages, old and new", async () => {
    const rows = [row({ management_fee: "$120", office_city: "Dallas", office_zip: "75201", service_zips: "75201", office_address: "1 Elm St" }), ...THREE.slice(1)];
    const report = await importManagers(database.db, { open: source(csv(rows)), dryRun: false, routing });
    expect(report).toMatchObject({ added: 0, changed: 1, unchanged: 2, applied: true });
    const listing = await imported("t-1");
    expect(listing).toMatchObject({ management_fee_percent: null, management_fee_flat: 120, address: "1 Elm St", zip: "75201", service_zips: "75201" });
    const purge = await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "cdn.purge").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const paths = JSON.parse(JSON.parse(purge.payload).paths) as string[];
    expect(paths).toEqual(expect.arrayContaining([agentPath({ state: "TX", city_slug: "austin", agent_id: listing!.id }), agentPath({ state: "TX", city_slug: "dallas", agent_id: listing!.id }), "/agents/TX/austin", "/agents/TX/dallas"]));
    // Back as it was, for the tests that follow.
    expect(await importManagers(database.db, { open: source(csv(THREE)), dryRun: false, routing })).toMatchObject({ changed: 1, problems: [] });
  });

  it("changes nothing when any row of a file has a problem, however many rows were written before it", async () => {
    const before = await snapshot();
    const many = Array.from({ length: 1200 }, (_, i) => row({ external_id: `bulk-${i}`, company_name: `Test Bulk ${i}`, website: "", license_number: "", license_state: "" }));
    const report = await importManagers(database.db, { open: source(csv([...many, row({ external_id: "bulk-bad", website: "", license_number: "", management_fee: "eight" })])), dryRun: false, routing });
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ line: 1202, column: "management_fee" })]);
    expect(await snapshot()).toEqual(before);
  }, WHOLE_SEED_TIMEOUT_MS);

  it("exports the same columns back, and importing the export changes nothing", async () => {
    let text = "";
    const rows = await exportManagers(database.db, (chunk) => {
      text += chunk;
    });
    expect(rows).toBe(3);
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(MANAGER_CSV_COLUMNS.join(","));
    expect(lines[1]).toContain("t-1,Test Lone Star Homes,Dana Reyes,dana@lone-star.example.com,5125550142,https://lone-star.example.com,400 Congress Ave,Austin,TX,78701,78701;78702;78745,single-family;multi-family,tenant_screening;rent_collection,8%,50%,$99,,TEST-TX-1,TX,,");
    const report = await importManagers(database.db, { open: source(text), dryRun: true, routing });
    expect(report).toMatchObject({ rows: 3, added: 0, changed: 0, unchanged: 3, problems: [] });
  });

  it("removes every sample listing and what depends on it, leaves only the imported ones, and the seeder adds none back", async () => {
    const aSample = await database.db.selectFrom("agents").select("id").where("is_demo", "=", 1).executeTakeFirstOrThrow();
    const dry = await removeSamples(database.db, { dryRun: true, force: false, routing });
    expect(dry).toMatchObject({ real: 3, removed: 0 });
    const result = await removeSamples(database.db, { dryRun: false, force: false, routing });
    expect(result.removed).toBe(dry.samples);
    const left = await database.db.selectFrom("agents").select(["external_id", "is_demo"]).orderBy("external_id").execute();
    expect(left.map((a) => a.external_id)).toEqual(["t-1", "t-2", "t-3"]);
    // Only their own coverage, offices and ZIP counts remain.
    const orphans = await database.db.selectFrom("city_coverage").select("agent_id").where("agent_id", "not in", database.db.selectFrom("agents").select("id")).execute();
    expect(orphans).toEqual([]);
    const offices = await database.db.selectFrom("agent_offices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(offices.n)).toBe(3);
    const served = await database.db.selectFrom("cities").select((eb) => eb.fn.sum<number>("managers_serving").as("n")).executeTakeFirstOrThrow();
    expect(Number(served.n)).toBe(await count("city_coverage"));
    const zips = await database.db.selectFrom("zip_coverage").select((eb) => eb.fn.max<number>("managers").as("n")).where("category_id", "=", 0).executeTakeFirstOrThrow();
    expect(Number(zips.n)).toBeLessThanOrEqual(3);
    // What the pages read: the profile answers, the city's list and the sitemap name only the imported listings.
    const service = createTestService(database);
    const austin = (await imported("t-1"))!;
    const profile = await callAsSite(service, "agent/get", { agent_id: austin.id });
    expect(profile).toMatchObject({ status: 200, body: { agent_data: { company_name: "Test Lone Star Homes", demo: 0 } } });
    expect((await callAsSite(service, "agent/get", { agent_id: aSample.id })).status).toBe(404);
    const list = await callAsSite(service, "agents/list", { state: "TX", city: "austin", cate_id: 0 });
    expect(list.body.agents.data.map((agent: { agent_id: number }) => agent.agent_id)).toEqual([austin.id]);
    const sitemap = (await listSitemapEntries(database.db, { offset: 0, limit: 100_000 })).entries.map((entry) => entry.path);
    expect(sitemap).toContain(agentPath({ state: "TX", city_slug: "austin", agent_id: austin.id }));
    expect(sitemap.filter((entry) => entry.endsWith(`/${aSample.id}`))).toEqual([]);
    await seedDatabase(database.db, { demo: true });
    expect(await count("agents")).toBe(3);
  }, WHOLE_SEED_TIMEOUT_MS);
});
