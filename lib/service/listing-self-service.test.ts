import { Readable } from "node:stream";
import { MANAGER_CSV_COLUMNS, type ManagerCsvRecord } from "../contract/managers-csv";
import { agentPath } from "../contract/routes";
import { listingEditSchema, listingSignInPath, type ListingEditInput } from "../contract/listing-self-service";
import { announcePostgres, createTestDatabase, databaseKinds, failure, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import type { StaffIdentity } from "./workspace/seo";
import { deliveryRouting } from "./delivery/routing";
import { renderMessage } from "./delivery/render";
import { hashToken } from "./delivery/tokens";
import { importManagers } from "./managers";
import {
  closeListingSession,
  listingChangesPage,
  listingFields,
  listingOfCookie,
  listingOfLink,
  openListingSession,
  ownProposalToken,
  ownRequests,
  requestListingLink,
  revertListingChange,
  saveListingEdit,
} from "./listing-self-service";

announcePostgres();

const routing = deliveryRouting({ smtp: false, webhook: false, purge: true });
const HOUR = 60 * 60_000;

const BASE: ManagerCsvRecord = {
  external_id: "self-1",
  company_name: "Self Service Homes",
  contact_name: "Dana Reyes",
  email: "dana@self-service.example.com",
  phone: "(512) 555-0142",
  website: "https://self-service.example.com",
  office_address: "400 Congress Ave",
  office_city: "Austin",
  office_state: "TX",
  office_zip: "78701",
  service_zips: "78701;78702",
  categories: "single-family",
  services: "tenant_screening",
  management_fee: "8%",
  leasing_fee: "50%",
  setup_fee: "$99",
  renewal_fee: "",
  license_number: "",
  license_state: "",
  license_source_url: "",
  about: "A family firm.",
};
const csv = (rows: ManagerCsvRecord[]) => [MANAGER_CSV_COLUMNS.join(","), ...rows.map((r) => MANAGER_CSV_COLUMNS.map((c) => r[c]).join(","))].join("\n") + "\n";

const FORM: ListingEditInput = {
  management_fee: "8%",
  leasing_fee: "50%",
  setup_fee: "$99",
  renewal_fee: "",
  categories: ["1"],
  services: ["tenant_screening"],
  about: "A family firm.",
  service_zips: "78701;78702",
};
const edit = (changes: Partial<ListingEditInput> = {}) => listingEditSchema.parse({ ...FORM, ...changes });

describe.each(databaseKinds)("a manager's own listing on %s", (kind) => {
  let database: TestDatabase;
  let own: number;
  let other: number;
  let sample: number;

  const outboxOf = (agentId: number) => database.db.selectFrom("outbox_messages").selectAll().where("kind", "=", "listing.sign_in").where("agent_id", "=", agentId).orderBy("id").execute();
  const agent = (id: number) => database.db.selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const revisions = (id: number) => database.db.selectFrom("listing_revisions").selectAll().where("agent_id", "=", id).orderBy("id").execute();

  /** Asks for a link at `now` and opens it: the session's cookie. */
  async function signIn(agentId: number, now: number): Promise<string> {
    await requestListingLink(database.db, { agentId, routing, now });
    const [row] = (await outboxOf(agentId)).slice(-1);
    const session = await openListingSession(database.db, { token: JSON.parse(row.payload).token, now });
    return session!.cookie;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const report = await importManagers(database.db, {
      open: () => Readable.from([Buffer.from(csv([BASE, { ...BASE, external_id: "self-2", company_name: "Other Homes", email: "other@other.example.com", website: "https://other.example.com" }]))]),
      dryRun: false,
      routing,
    });
    expect(report).toMatchObject({ added: 2, applied: true });
    const ids = await database.db.selectFrom("agents").select(["id", "external_id"]).where("external_id", "in", ["self-1", "self-2"]).execute();
    own = ids.find((row) => row.external_id === "self-1")!.id;
    other = ids.find((row) => row.external_id === "self-2")!.id;
    sample = (await database.db.selectFrom("agents").select("id").where("is_demo", "=", 1).executeTakeFirstOrThrow()).id;
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => database?.destroy());

  it("mails a one-time link to the email on the listing only, keeps its hash, and answers the masked address; a sample or an unknown listing gets none", async () => {
    const now = Date.parse("2026-12-07T10:00:00Z");
    expect(await requestListingLink(database.db, { agentId: own, routing, now })).toEqual({ masked: "d•••@self-service.example.com", sent: true });
    const [row] = await outboxOf(own);
    const token = JSON.parse(row.payload).token as string;
    const link = await database.db.selectFrom("listing_links").selectAll().where("agent_id", "=", own).executeTakeFirstOrThrow();
    expect(link.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
    const mail = await renderMessage(database.db, row, { siteUrl: "https://site.example" });
    expect(mail?.email.to).toBe("dana@self-service.example.com");
    expect(mail?.email.text).toContain(`https://site.example${listingSignInPath(token)}`);

    expect((await failure(requestListingLink(database.db, { agentId: sample, routing, now }))).status).toBe(409);
    expect((await failure(requestListingLink(database.db, { agentId: 999_999_999, routing, now }))).status).toBe(404);
    expect((await failure(requestListingLink(database.db, { agentId: -1, routing, now }))).status).toBe(404);
    expect(await outboxOf(sample)).toEqual([]);
  });

  it("sends a listing a few links an hour: past that nothing is sent and the answer is the same", async () => {
    const now = Date.parse("2026-12-08T10:00:00Z");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestListingLink(database.db, { agentId: other, routing, now: now + i * 1000 }));
    expect(answers.map((answer) => answer.sent)).toEqual([true, true, true, false, false]);
    expect(new Set(answers.map((answer) => answer.masked)).size).toBe(1);
    expect(await outboxOf(other)).toHaveLength(3);
    // An hour later the listing may be sent a link again.
    expect((await requestListingLink(database.db, { agentId: other, routing, now: now + HOUR + 5000 })).sent).toBe(true);
  });

  it("opens a session once per link, never after it expires; the cookie is signed, scoped to its listing, and ends at sign-out", async () => {
    const now = Date.parse("2026-12-09T10:00:00Z");
    await requestListingLink(database.db, { agentId: own, routing, now });
    const token = JSON.parse((await outboxOf(own)).slice(-1)[0].payload).token as string;
    expect((await listingOfLink(database.db, { token, now }))?.id).toBe(own);
    const session = await openListingSession(database.db, { token, now });
    expect(session?.agentId).toBe(own);
    expect(await openListingSession(database.db, { token, now })).toBeNull();
    expect(await listingOfLink(database.db, { token, now })).toBeNull();
    expect(await listingOfCookie(database.db, { cookie: session!.cookie, now })).toBe(own);

    // Another listing's number in the cookie breaks its signature.
    const [, rest] = /^\d+\.(.*)$/.exec(session!.cookie)!;
    expect(await listingOfCookie(database.db, { cookie: `${other}.${rest}`, now })).toBeNull();
    expect(await listingOfCookie(database.db, { cookie: "garbage", now })).toBeNull();
    // The session lasts its hours, no more.
    expect(await listingOfCookie(database.db, { cookie: session!.cookie, now: now + 9 * HOUR })).toBeNull();

    await requestListingLink(database.db, { agentId: own, routing, now: now + 2 * HOUR });
    const late = JSON.parse((await outboxOf(own)).slice(-1)[0].payload).token as string;
    expect(await openListingSession(database.db, { token: late, now: now + 2 * HOUR + 31 * 60_000 })).toBeNull();

    await closeListingSession(database.db, { cookie: session!.cookie });
    expect(await listingOfCookie(database.db, { cookie: session!.cookie, now })).toBeNull();
  });

  it("saves a change as a revision: the row, its updated_at, its area and its pages in one go; nothing on bad input or no change", async () => {
    const now = Date.now();
    const cookie = await signIn(own, now);
    const before = await agent(own);

    const zipRefused = await failure(saveListingEdit(database.db, { cookie, agentId: own, edit: edit({ management_fee: "6%", service_zips: "78701;00001" }), routing, now }));
    expect(zipRefused).toMatchObject({ status: 400, field: "service_zips" });
    expect(await agent(own)).toEqual(before);
    expect(listingEditSchema.safeParse({ ...FORM, management_fee: "eight" }).success).toBe(false);

    expect(await saveListingEdit(database.db, { cookie, agentId: own, edit: edit(), routing, now })).toMatchObject({ changed: false });
    expect(await revisions(own)).toEqual([]);

    const change = await saveListingEdit(database.db, { cookie, agentId: own, edit: edit({ management_fee: "$120", services: ["tenant_screening", "rent_collection"], service_zips: "78701;78745" }), routing, now: now + 1000 });
    expect(change.changed).toBe(true);
    const after = await agent(own);
    expect(after).toMatchObject({ management_fee_percent: null, management_fee_flat: 120, service_zips: "78701;78745", updated_at: new Date(now + 1000).toISOString() });
    expect(JSON.parse(after.services)).toEqual(["tenant_screening", "rent_collection"]);
    expect(Number(after.service_radius_miles)).toBeGreaterThan(Number(before.service_radius_miles));
    const area = await database.db.selectFrom("agent_areas").select("radius_miles").where("id", "=", own).executeTakeFirstOrThrow();
    expect(Number(area.radius_miles)).toBe(Number(after.service_radius_miles));
    const profile = agentPath({ state: "TX", city_slug: "austin", agent_id: own });
    expect(change.paths).toEqual(expect.arrayContaining([profile, "/agents/TX/austin", "/sitemap.xml"]));
    const purge = await database.db.selectFrom("outbox_messages").select("payload").where("kind", "=", "cdn.purge").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(JSON.parse(purge.payload).paths)).toContain(profile);

    const [revision] = await revisions(own);
    expect(revision).toMatchObject({ by_kind: "manager", by_email: "dana@self-service.example.com", reverts_id: null });
    expect(JSON.parse(revision.before)).toMatchObject({ management_fee_percent: 8, management_fee_flat: null });
    expect(JSON.parse(revision.after)).toMatchObject({ management_fee_percent: null, management_fee_flat: 120 });
  });

  it("refuses another listing: its fields, its requests and its proposals are out of reach of this session", async () => {
    const now = Date.now();
    const cookie = await signIn(own, now);
    const otherBefore = await agent(other);
    expect((await failure(saveListingEdit(database.db, { cookie, agentId: other, edit: edit({ management_fee: "1%" }), routing, now }))).status).toBe(403);
    expect(await agent(other)).toEqual(otherBefore);
    expect((await failure(ownRequests(database.db, { cookie, agentId: other }))).status).toBe(403);
    expect((await failure(ownRequests(database.db, { cookie: undefined, agentId: own }))).status).toBe(401);

    // Two requests: one sent to this listing, one to the other only.
    const at = new Date(now).toISOString();
    const newLead = async (reference: string, agentId: number) => {
      const { id } = await database.db
        .insertInto("leads")
        .values({
          submission_key: null, submission_hash: null, property_category: 1, property_address: "1 Main St", property_city: "Austin", property_zip: "78701", property_price: "", full_name: "Owner",
          email_address: "owner@example.com", property_number: "", preferred_contact_method: "Email", price: "", exam: "[]", created_at: at, reference, withdrawn_at: null,
          awaiting_match_since: null, email_confirmed_at: at, decided_at: null, proposals_told_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto("lead_recipients")
        .values({ lead_id: id, agent_id: agentId, company_name: "x", consent_version: "v1", consent_text: "yes", consented_at: at, decision: null, decided_at: null })
        .execute();
      return id;
    };
    const mine = await newLead("MG-SELF-0001", own);
    const theirs = await newLead("MG-SELF-0002", other);
    expect((await ownRequests(database.db, { cookie, agentId: own })).map((request) => request.reference)).toEqual(["MG-SELF-0001"]);
    const token = await ownProposalToken(database.db, { cookie, agentId: own, leadId: mine });
    expect(await database.db.selectFrom("proposal_tokens").select(["lead_id", "agent_id"]).where("token_hash", "=", hashToken(token)).executeTakeFirst()).toEqual({ lead_id: mine, agent_id: own });
    expect((await failure(ownProposalToken(database.db, { cookie, agentId: own, leadId: theirs }))).status).toBe(404);
    expect((await failure(ownProposalToken(database.db, { cookie, agentId: other, leadId: theirs }))).status).toBe(403);
  });

  it("lets admins and operators revert a change (a revision of its own, logged); editors and viewers only read", async () => {
    const [change] = await revisions(own);
    const viewer: StaffIdentity = { id: "viewer-1", email: "viewer@staff.example.com", role: "viewer" };
    const editor: StaffIdentity = { id: "editor-1", email: "editor@staff.example.com", role: "editor" };
    const operator: StaffIdentity = { id: "operator-1", email: "operator@staff.example.com", role: "operator" };
    for (const staff of [viewer, editor]) {
      const refused = await failure(revertListingChange(database.db, staff, { revisionId: change.id, routing }));
      expect(refused.status).toBe(403);
      expect(refused.message).toBe(`Your role (${staff.role}) cannot revert a listing's change, so nothing was changed: ask an admin or an operator.`);
    }
    expect((await failure(revertListingChange(database.db, operator, { revisionId: 999_999, routing }))).status).toBe(404);

    const reverted = await revertListingChange(database.db, operator, { revisionId: change.id, routing });
    expect(reverted).toMatchObject({ changed: true, company: "Self Service Homes" });
    expect(await listingFields(database.db, { agentId: own })).toEqual(JSON.parse(change.before));
    const list = await listingChangesPage(database.db, { page: 1 });
    expect(list.rows[0]).toMatchObject({ agent_id: own, by_kind: "staff", by_email: "operator@staff.example.com", reverts_id: change.id, company_name: "Self Service Homes" });
    const logged = await database.db.selectFrom("staff_audit_log").select(["action", "staff_email"]).where("target", "=", `listing-revision:${change.id}`).execute();
    expect(logged).toEqual([{ action: "listing.reverted", staff_email: "operator@staff.example.com" }]);
  });
});
