import fc from "fast-check";
import { listingDraftSchema, parseServiceZips, parseTypedFee, radiusForServiceZips, type ListingDraftInput } from "../../contract/operator";
import type { OutboxKind, OutboxRow } from "../../db/schema";
import { announcePostgres, createTestDatabase, databaseKinds, WHOLE_SEED_TIMEOUT_MS, type TestDatabase, failure } from "@/test-support";
import { FILES_ONLY, deliveryRouting } from "../delivery/routing";
import { renderMessage } from "../delivery/render";
import {
  approveApplication,
  changeMessageStatus,
  declineApplication,
  linkApplication,
  possibleDuplicates,
  removeSubscriber,
  replyToMessage,
  subscriberCsvLine,
  type Delivery,
} from "./network";
import type { StaffIdentity } from "./seo";

announcePostgres();

const DRAFT: ListingDraftInput = {
  company_name: "Lone Star Rentals",
  contact_name: "Dana Reyes",
  email: "dana@lonestar-rentals.example.com",
  phone: "(512) 555-0142",
  office_address: "400 Congress Ave",
  office_city: "Austin",
  office_state: "tx",
  office_zip: "78701",
  service_zips: "78701; 78702, 78745",
  categories: ["1", "2"],
  management_fee: "8%",
  leasing_fee: "50%",
  setup_fee: "$99",
  renewal_fee: "",
  about: "A family firm.",
};
const draft = (changes: Partial<ListingDraftInput> = {}) => listingDraftSchema.parse({ ...DRAFT, ...changes });

describe("the listing form's rules", () => {
  it("reads a fee as a percent or dollars, and nothing else", () => {
    expect(parseTypedFee("8%")).toEqual({ kind: "percent", value: 8 });
    expect(parseTypedFee("$1,200")).toEqual({ kind: "flat", value: 1200 });
    expect(parseTypedFee("99")).toEqual({ kind: "flat", value: 99 });
    expect(parseTypedFee("  ")).toBe("empty");
    for (const text of ["8 percent", "101%", "$-5", "abc", "8%%"]) expect(parseTypedFee(text)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const value = Number(`${whole}.${String(cents).padStart(2, "0")}`);
        const percent = parseTypedFee(`${whole}.${String(cents).padStart(2, "0")}%`);
        return value > 100 ? percent === null : JSON.stringify(percent) === JSON.stringify({ kind: "percent", value });
      }),
    );
  });

  it("reads service ZIP codes whatever separates them, and names what is not one", () => {
    expect(parseServiceZips("78701;78702, 78745\n78701 78703-1234")).toEqual({ zips: ["78701", "78702", "78745", "78703"], invalid: [] });
    expect(parseServiceZips("78701; 7870; Austin")).toEqual({ zips: ["78701"], invalid: ["7870", "Austin"] });
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^\d{5}$/), { minLength: 1, maxLength: 30 }), fc.constantFrom(";", ",", " ", "\n", "; "), (zips, separator) => {
        const parsed = parseServiceZips(zips.join(separator));
        return parsed.invalid.length === 0 && JSON.stringify(parsed.zips) === JSON.stringify([...new Set(zips)]);
      }),
    );
  });

  it("makes the service radius reach the farthest ZIP code, rounded up, within 100 miles", () => {
    expect(radiusForServiceZips([0, 3.2, 11.01])).toBe(12);
    expect(radiusForServiceZips([0])).toBe(1);
    expect(radiusForServiceZips([100])).toBe(100);
    expect(radiusForServiceZips([100.5])).toBeNull();
    fc.assert(fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true })), (distances) => distances.every((distance) => distance <= radiusForServiceZips(distances)!)));
  });

  it("refuses a draft by its first problem, in words that name the field", () => {
    const problem = (changes: Partial<ListingDraftInput>) => listingDraftSchema.safeParse({ ...DRAFT, ...changes }).error?.issues[0];
    expect(problem({ email: "not an address" })).toMatchObject({ path: ["email"], message: "Email must be one plain address, like name@example.com." });
    expect(problem({ categories: [] })).toMatchObject({ path: ["categories"], message: "Choose at least one property category." });
    expect(problem({ leasing_fee: "$300" })).toMatchObject({ path: ["leasing_fee"], message: "Leasing fee must be a percent, like 50%, or empty." });
    expect(problem({ service_zips: "" })).toMatchObject({ path: ["service_zips"] });
    expect(problem({ company_name: "Line\nbreak" })).toMatchObject({ path: ["company_name"] });
    expect(draft()).toMatchObject({ office_state: "TX", phone: "5125550142", service_zips: ["78701", "78702", "78745"], categories: [1, 2], renewal_fee: null });
  });

  it("quotes a subscriber's CSV cell when it must, and defuses a spreadsheet formula", () => {
    expect(subscriberCsvLine({ email_address: "a@example.com", created_at: "2026-12-01", confirmed_at: "2026-12-02" })).toBe("a@example.com,2026-12-01,2026-12-02");
    expect(subscriberCsvLine({ email_address: "=cmd@example.com", created_at: "x,y", confirmed_at: 'a"b' })).toBe(`'=cmd@example.com,"x,y","a""b"`);
  });
});

describe.each(databaseKinds)("the operator's tasks on %s", (kind) => {
  let database: TestDatabase;
  const staff: Record<"admin" | "operator" | "editor" | "viewer", StaffIdentity> = {
    admin: { id: "admin-1", email: "admin@staff.example.com", role: "admin" },
    operator: { id: "operator-1", email: "operator@staff.example.com", role: "operator" },
    editor: { id: "editor-1", email: "editor@staff.example.com", role: "editor" },
    viewer: { id: "viewer-1", email: "viewer@staff.example.com", role: "viewer" },
  };
  const delivery: Delivery = { routing: deliveryRouting({ smtp: false, webhook: false, purge: true }), replyTo: "team@operator.example.com" };
  const siteUrl = "https://www.managely.test";

  const newApplication = async (company = "Lone Star Rentals", email = "dana@lonestar-rentals.example.com") =>
    (
      await database.db
        .insertInto("agent_applications")
        .values({ company_name: company, email, mobile: "5125550142", country_code: 1, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const application = (id: number) => database.db.selectFrom("agent_applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const outbox = (kinds: OutboxKind[]) => database.db.selectFrom("outbox_messages").selectAll().where("kind", "in", kinds).orderBy("id").execute();
  const auditOf = (target: string) => database.db.selectFrom("staff_audit_log").select(["action", "staff_email", "detail"]).where("target", "=", target).orderBy("id").execute();
  const render = (row: OutboxRow) => renderMessage(database.db, row, { siteUrl });

  beforeAll(async () => {
    // The places (states, cities, ZIP codes) without the sample listings: the listings here are the tests' own.
    database = await createTestDatabase(kind, { demo: false });
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("lets editors and viewers read but not decide: each refusal is one sentence, and nothing changes", async () => {
    const id = await newApplication();
    for (const member of [staff.editor, staff.viewer]) {
      const refusals = [
        await failure(approveApplication(database.db, member, { applicationId: id, draft: draft(), allowDuplicates: true, delivery })),
        await failure(declineApplication(database.db, member, { applicationId: id, reason: "No", delivery })),
        await failure(linkApplication(database.db, member, { applicationId: id, agentId: 1, delivery })),
      ];
      expect(refusals.map((error) => [error.status, error.message])).toEqual([
        [403, `Your role (${member.role}) cannot decide applications, so nothing was changed: ask an admin or an operator.`],
        [403, `Your role (${member.role}) cannot decide applications, so nothing was changed: ask an admin or an operator.`],
        [403, `Your role (${member.role}) cannot decide applications, so nothing was changed: ask an admin or an operator.`],
      ]);
      expect((await failure(replyToMessage(database.db, member, { messageId: 1, body: "Hi", delivery }))).status).toBe(403);
      expect((await failure(removeSubscriber(database.db, member, { subscriberId: 1 }))).status).toBe(403);
    }
    expect(await application(id)).toMatchObject({ status: "new", agent_id: null });
    expect(await auditOf(`application:${id}`)).toEqual([]);
  });

  it("approves an application into a real listing that serves its ZIP codes, emails the applicant its profile, purges its pages and logs it", async () => {
    const id = await newApplication();
    const decision = await approveApplication(database.db, staff.operator, { applicationId: id, draft: draft(), allowDuplicates: false, delivery });
    const listing = await database.db.selectFrom("agents").selectAll().where("id", "=", decision.agentId).executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ company_name: "Lone Star Rentals", is_demo: 0, email: "dana@lonestar-rentals.example.com", phone: "5125550142", zip: "78701", management_fee_percent: 8, leasing_fee_percent: 50, setup_fee: 99 });
    expect(Number(listing.service_radius_miles)).toBeGreaterThanOrEqual(1);
    // Its profile's <lastmod>, and its lists': the listing was last changed when it was made.
    expect(listing.updated_at).toBe(listing.created_at);
    expect(decision.path).toBe(`/agent/TX/austin/${decision.agentId}`);
    expect(decision.paths).toEqual(expect.arrayContaining(["/agents/TX", "/agents/TX/austin", "/agents/TX/austin/multi-family", "/sitemap.xml"]));
    // The directory's own indexes: Austin's list and the ZIP search find it.
    const coverage = await database.db.selectFrom("city_coverage").innerJoin("cities", "cities.id", "city_coverage.city_id").select("cities.slug").where("agent_id", "=", decision.agentId).execute();
    expect(coverage.map((row) => row.slug)).toContain("austin");
    expect(await database.db.selectFrom("agent_offices").select("id").where("id", "=", decision.agentId).executeTakeFirst()).toBeDefined();

    expect(await application(id)).toMatchObject({ status: "approved", agent_id: decision.agentId, decided_by: staff.operator.email, contact_name: "Dana Reyes" });
    const [mail] = await outbox(["application.approved"]);
    const rendered = (await render(mail))!;
    expect(rendered.email).toMatchObject({ to: "dana@lonestar-rentals.example.com", replyTo: "team@operator.example.com", subject: "Your listing on Managely is live" });
    expect(rendered.email.text).toContain(`Hello Dana Reyes,`);
    expect(rendered.email.text).toContain(`${siteUrl}/agent/TX/austin/${decision.agentId}\n`);
    expect(JSON.parse((await outbox(["cdn.purge"]))[0].payload).paths).toContain(`/agent/TX/austin/${decision.agentId}`);
    expect(await auditOf(`application:${id}`)).toEqual([{ action: "application.approved", staff_email: staff.operator.email, detail: `agent:${decision.agentId} Lone Star Rentals` }]);
    // The content journal moves, so every server's pages and the workspace's list of pages read the new listing.
    const journal = await database.db.selectFrom("content_changes").select(["source", "summary"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(journal).toEqual({ source: "application", summary: `agent ${decision.agentId} added from application ${id}` });

    // Decided once: a second decision (another operator, a second click) changes nothing.
    expect((await failure(declineApplication(database.db, staff.admin, { applicationId: id, reason: "Late", delivery }))).status).toBe(409);
    expect(await application(id)).toMatchObject({ status: "approved" });
  });

  it("refuses a duplicate of an existing listing unless told, and links to it instead", async () => {
    const existing = await database.db.selectFrom("agents").select(["id", "email", "company_name"]).where("company_name", "=", "Lone Star Rentals").executeTakeFirstOrThrow();
    const id = await newApplication("LONE STAR RENTALS", "office@other.example.com");
    const before = Number((await database.db.selectFrom("agents").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const matches = await possibleDuplicates(database.db, { email: "office@other.example.com", phone: "", companyName: "lone star rentals" });
    expect(matches.map((match) => [match.id, match.matched])).toEqual([[existing.id, ["name"]]]);

    const refused = await failure(approveApplication(database.db, staff.admin, { applicationId: id, draft: draft({ email: "office@other.example.com" }), allowDuplicates: false, delivery }));
    expect([refused.status, refused.message]).toEqual([409, `1 listing already matches this company's email, phone or name: link the application to it, or tick "Create a new listing anyway".`]);
    expect(Number((await database.db.selectFrom("agents").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)).toBe(before);
    expect(await application(id)).toMatchObject({ status: "new" });

    const linked = await linkApplication(database.db, staff.admin, { applicationId: id, agentId: existing.id, delivery });
    expect(linked.path).toBe(`/agent/TX/austin/${existing.id}`);
    expect(await application(id)).toMatchObject({ status: "approved", agent_id: existing.id });
    const mails = await outbox(["application.approved"]);
    expect((await render(mails.at(-1)!))!.email.text).toContain("Your application is joined to the listing Lone Star Rentals already had:");
  });

  it("refuses an office the directory cannot place, naming the field, and keeps the application new", async () => {
    const id = await newApplication("Nowhere Homes", "hello@nowhere.example.com");
    const cases: [Partial<ListingDraftInput>, string, string][] = [
      [{ office_state: "ZZ" }, "office_state", "Office state ZZ is not a state of the directory."],
      [{ office_city: "Atlantis" }, "office_city", "Atlantis is not a city the directory lists in TX: choose the nearest listed city."],
      [{ office_zip: "00000" }, "office_zip", "ZIP code 00000 is not in the site's ZIP data."],
      [{ service_zips: "78701 99501" }, "service_zips", "A service ZIP code lies more than 100 miles from the office: the directory serves a circle of at most 100 miles around it."],
    ];
    for (const [changes, field, message] of cases) {
      const error = await failure(approveApplication(database.db, staff.operator, { applicationId: id, draft: draft({ ...changes, company_name: "Nowhere Homes", email: "hello@nowhere.example.com", phone: "5125550199" }), allowDuplicates: false, delivery }));
      expect([error.status, error.field, error.message]).toEqual([400, field, message]);
    }
    expect(await application(id)).toMatchObject({ status: "new", agent_id: null });
    expect(await database.db.selectFrom("agents").select("id").where("company_name", "=", "Nowhere Homes").execute()).toEqual([]);
  });

  it("declines with the reason the applicant is emailed", async () => {
    const id = await newApplication("Fly By Night LLC", "owner@flybynight.example.com");
    await declineApplication(database.db, staff.operator, { applicationId: id, reason: "We could not confirm a property management license in Texas.", delivery });
    expect(await application(id)).toMatchObject({ status: "declined", decline_reason: "We could not confirm a property management license in Texas." });
    const rendered = (await render((await outbox(["application.declined"])).at(-1)!))!;
    expect(rendered.email).toMatchObject({ to: "owner@flybynight.example.com", replyTo: "team@operator.example.com" });
    expect(rendered.email.text).toContain("We decided not to list Fly By Night LLC, for this reason:\n\nWe could not confirm a property management license in Texas.\n");
    expect(await auditOf(`application:${id}`)).toEqual([expect.objectContaining({ action: "application.declined" })]);
  });

  it("answers a message by email through the outbox, Reply-To the operator, keeps the reply with it and marks it answered; closing needs no reply", async () => {
    const { id } = await database.db
      .insertInto("contact_messages")
      .values({ name: "Sam Owner", email: "sam@example.org", mobile: "", message: "Do you list managers in Round Rock?\nThanks", agent_id: 0, created_at: "2026-12-01T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replyToMessage(database.db, staff.operator, { messageId: id, body: "Yes: see the Round Rock page.", delivery: { ...delivery, routing: FILES_ONLY } });
    const replies = await database.db.selectFrom("contact_replies").selectAll().where("contact_id", "=", id).execute();
    expect(replies).toEqual([expect.objectContaining({ body: "Yes: see the Round Rock page.", staff_email: staff.operator.email, reply_to: "team@operator.example.com" })]);
    expect(await database.db.selectFrom("contact_messages").select("status").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: "answered" });
    const [row] = (await outbox(["contact.reply"])).filter((entry) => entry.contact_id === id);
    expect(row.channel).toBe("file");
    const rendered = (await render(row))!;
    expect(rendered.email).toMatchObject({ to: "sam@example.org", replyTo: "team@operator.example.com", subject: "Re: your message to Managely" });
    expect(rendered.email.text).toMatch(/^Hello Sam Owner,\n\nYes: see the Round Rock page\.\n\nYou wrote on .+ UTC:\n> Do you list managers in Round Rock\?\n> Thanks$/);
    expect(rendered.email.unsubscribe).toBeUndefined();

    await changeMessageStatus(database.db, staff.admin, { messageId: id, status: "closed" });
    expect(await database.db.selectFrom("contact_messages").select("status").where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: "closed" });
    expect((await auditOf(`message:${id}`)).map((entry) => entry.action)).toEqual(["message.replied", "message.status_changed"]);
  });
});

describe.each(databaseKinds)("the first approved listing on a site of samples on %s", (kind) => {
  let database: TestDatabase;
  const operator: StaffIdentity = { id: "operator-1", email: "operator@staff.example.com", role: "operator" };
  const delivery: Delivery = { routing: deliveryRouting({ smtp: false, webhook: false, purge: true }), replyTo: "team@operator.example.com" };
  const indexedSamples = () =>
    database.db.selectFrom("agent_offices").innerJoin("agents", "agents.id", "agent_offices.id").select("agents.id").where("agents.is_demo", "=", 1).execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("takes every sample off the lists beside it, and purges the pages that showed them", async () => {
    expect((await indexedSamples()).length).toBeGreaterThan(1000);
    const sample = await database.db.selectFrom("city_coverage").innerJoin("cities", "cities.id", "city_coverage.city_id").select("cities.slug").where("cities.slug", "=", "los-angeles").executeTakeFirstOrThrow();
    const applicationId = (
      await database.db
        .insertInto("agent_applications")
        .values({ company_name: "Lone Star Rentals", email: "dana@lonestar-rentals.example.com", mobile: "7375550142", country_code: 1, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const decision = await approveApplication(database.db, operator, { applicationId, draft: draft({ phone: "(737) 555-0142" }), allowDuplicates: true, delivery });
    expect(await indexedSamples()).toEqual([]);
    expect(await database.db.selectFrom("city_coverage").select("agent_id").distinct().execute()).toEqual([{ agent_id: decision.agentId }]);
    expect(decision.paths).toContain(`/agents/CA/${sample.slug}`);
  });
});
