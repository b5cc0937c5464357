import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { ListingFields } from "../../contract/listing-self-service";
import type { ServiceKey } from "../../contract/site";

/**
 * A manager's own listing as named queries (lib/service/listing-self-service.ts calls them inside
 * its transactions): the links and sessions (their tokens' hashes only), the listing's editable
 * fields, its revisions, and its own requests and proposals. No "server-only": the outbox worker
 * reads a link's listing outside Next.js.
 */
type Db = Kysely<Database>;

/** What the sign-in pages need of a listing: its name, the address a link goes to, whether it is a sample, where its profile is. */
export type SelfServiceListing = { id: number; company_name: string; email: string; is_demo: number; state: string; city_slug: string };

export async function selfServiceListing(db: Db, { agentId }: { agentId: number }): Promise<SelfServiceListing | undefined> {
  const row = await db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(["agents.id", "agents.company_name", "agents.email", "agents.is_demo", "cities.slug as city_slug", "states.abbreviation as state"])
    .where("agents.id", "=", agentId)
    .executeTakeFirst();
  return row && { ...row, is_demo: Number(row.is_demo) };
}

// ---------------------------------------------------------------------------------------------
// Links and sessions

export async function insertListingLink(db: Db, link: { token_hash: string; agent_id: number; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto("listing_links").values({ ...link, used_at: null }).execute();
}

/** Marks a link used if it is unused and unexpired: the listing it opens, or undefined (a second use opens nothing). */
export async function useListingLink(db: Db, { tokenHash, now }: { tokenHash: string; now: string }): Promise<number | undefined> {
  const row = await db
    .updateTable("listing_links")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("agent_id")
    .executeTakeFirst();
  return row?.agent_id;
}

/** Whether a link is still unused and unexpired (the sign-in page shows its button only then). */
export async function listingLinkOpen(db: Db, { tokenHash, now }: { tokenHash: string; now: string }): Promise<number | undefined> {
  const row = await db.selectFrom("listing_links").select("agent_id").where("token_hash", "=", tokenHash).where("used_at", "is", null).where("expires_at", ">", now).executeTakeFirst();
  return row?.agent_id;
}

export async function insertListingSession(db: Db, session: { token_hash: string; agent_id: number; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto("listing_sessions").values(session).execute();
}

/** The listing of a live session, or undefined. */
export async function listingOfSession(db: Db, { tokenHash, now }: { tokenHash: string; now: string }): Promise<number | undefined> {
  const row = await db.selectFrom("listing_sessions").select("agent_id").where("token_hash", "=", tokenHash).where("expires_at", ">", now).executeTakeFirst();
  return row?.agent_id;
}

export async function deleteListingSession(db: Db, { tokenHash }: { tokenHash: string }): Promise<void> {
  await db.deleteFrom("listing_sessions").where("token_hash", "=", tokenHash).execute();
}

// ---------------------------------------------------------------------------------------------
// The listing's fields

/** The office and the fields a manager may change; undefined when the listing does not exist. */
export async function listingFieldsRow(db: Db, { agentId }: { agentId: number }): Promise<(ListingFields & { office_lat: number | null; office_lng: number | null }) | undefined> {
  const row = await db
    .selectFrom("agents")
    .select([
      "management_fee_percent",
      "management_fee_flat",
      "leasing_fee_percent",
      "setup_fee",
      "renewal_fee",
      "services",
      "about",
      "service_zips",
      "service_radius_miles",
      "office_lat",
      "office_lng",
    ])
    .where("id", "=", agentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const categories = await db.selectFrom("agent_categories").select("category_id").where("agent_id", "=", agentId).orderBy("category_id").execute();
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    management_fee_percent: number(row.management_fee_percent),
    management_fee_flat: number(row.management_fee_flat),
    leasing_fee_percent: number(row.leasing_fee_percent),
    setup_fee: number(row.setup_fee),
    renewal_fee: number(row.renewal_fee),
    categories: categories.map((category) => Number(category.category_id)),
    services: parseServices(row.services),
    about: row.about,
    service_zips: row.service_zips,
    service_radius_miles: number(row.service_radius_miles),
    office_lat: number(row.office_lat),
    office_lng: number(row.office_lng),
  };
}

function parseServices(text: string): ServiceKey[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((key): key is ServiceKey => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** Writes the fields to the listing (its categories replaced) and moves its updated_at. */
export async function writeListingFields(db: Db, { agentId, fields, at }: { agentId: number; fields: ListingFields; at: string }): Promise<void> {
  await db
    .updateTable("agents")
    .set({
      management_fee_percent: fields.management_fee_percent,
      management_fee_flat: fields.management_fee_flat,
      leasing_fee_percent: fields.leasing_fee_percent,
      setup_fee: fields.setup_fee,
      renewal_fee: fields.renewal_fee,
      services: JSON.stringify(fields.services),
      about: fields.about,
      service_zips: fields.service_zips,
      service_radius_miles: fields.service_radius_miles,
      updated_at: at,
    })
    .where("id", "=", agentId)
    .execute();
  await db.deleteFrom("agent_categories").where("agent_id", "=", agentId).execute();
  if (fields.categories.length) await db.insertInto("agent_categories").values(fields.categories.map((category_id) => ({ agent_id: agentId, category_id }))).execute();
}

// ---------------------------------------------------------------------------------------------
// Revisions

export type ListingRevisionRecord = {
  id: number;
  agent_id: number;
  by_kind: "manager" | "staff";
  by_email: string;
  before: ListingFields;
  after: ListingFields;
  reverts_id: number | null;
  created_at: string;
  company_name: string | null;
  state: string | null;
  city_slug: string | null;
};

export async function insertListingRevision(
  db: Db,
  revision: { agent_id: number; by_kind: "manager" | "staff"; by_email: string; before: ListingFields; after: ListingFields; reverts_id: number | null; created_at: string },
): Promise<number> {
  const { id } = await db
    .insertInto("listing_revisions")
    .values({ ...revision, before: JSON.stringify(revision.before), after: JSON.stringify(revision.after) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

function revisionQuery(db: Db) {
  return db
    .selectFrom("listing_revisions")
    .leftJoin("agents", "agents.id", "listing_revisions.agent_id")
    .leftJoin("cities", "cities.id", "agents.city_id")
    .leftJoin("states", "states.id", "agents.state_id")
    .select([
      "listing_revisions.id",
      "listing_revisions.agent_id",
      "listing_revisions.by_kind",
      "listing_revisions.by_email",
      "listing_revisions.before",
      "listing_revisions.after",
      "listing_revisions.reverts_id",
      "listing_revisions.created_at",
      "agents.company_name",
      "cities.slug as city_slug",
      "states.abbreviation as state",
    ]);
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof revisionQuery>["executeTakeFirstOrThrow"]>>;
const revisionRecord = (row: RevisionRow): ListingRevisionRecord => ({
  ...row,
  id: Number(row.id),
  agent_id: Number(row.agent_id),
  by_kind: row.by_kind === "staff" ? "staff" : "manager",
  before: JSON.parse(row.before) as ListingFields,
  after: JSON.parse(row.after) as ListingFields,
  reverts_id: row.reverts_id === null ? null : Number(row.reverts_id),
});

/** Revisions newest first, a page at a time, with the total. */
export async function listListingRevisions(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: ListingRevisionRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    revisionQuery(db).orderBy("listing_revisions.id", "desc").limit(limit).offset(offset).execute(),
    db.selectFrom("listing_revisions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(revisionRecord), total: Number(count.n) };
}

export async function getListingRevision(db: Db, { id }: { id: number }): Promise<ListingRevisionRecord | undefined> {
  const row = await revisionQuery(db).where("listing_revisions.id", "=", id).executeTakeFirst();
  return row && revisionRecord(row);
}

// ---------------------------------------------------------------------------------------------
// The listing's own requests and proposals

export type ManagerRequestRecord = {
  lead_id: number;
  reference: string | null;
  created_at: string;
  property_city: string;
  property_zip: string;
  property_category: number;
  withdrawn_at: string | null;
  decision: "accepted" | "declined" | null;
  proposal_revision: number | null;
};

/** The requests owners sent to this listing, newest first, with its proposal's version (if any). */
export async function managerRequests(db: Db, { agentId, limit }: { agentId: number; limit: number }): Promise<ManagerRequestRecord[]> {
  const rows = await db
    .selectFrom("lead_recipients")
    .innerJoin("leads", "leads.id", "lead_recipients.lead_id")
    .leftJoin("proposals", (join) => join.onRef("proposals.lead_id", "=", "lead_recipients.lead_id").onRef("proposals.agent_id", "=", "lead_recipients.agent_id"))
    .select([
      "leads.id as lead_id",
      "leads.reference",
      "leads.created_at",
      "leads.property_city",
      "leads.property_zip",
      "leads.property_category",
      "leads.withdrawn_at",
      "lead_recipients.decision",
      "proposals.revision as proposal_revision",
    ])
    .where("lead_recipients.agent_id", "=", agentId)
    .orderBy("leads.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, lead_id: Number(row.lead_id), property_category: Number(row.property_category), proposal_revision: row.proposal_revision === null ? null : Number(row.proposal_revision) }));
}

/** Whether a request was sent to this listing. */
export async function isRecipient(db: Db, { agentId, leadId }: { agentId: number; leadId: number }): Promise<boolean> {
  return (await db.selectFrom("lead_recipients").select("lead_id").where("lead_id", "=", leadId).where("agent_id", "=", agentId).executeTakeFirst()) !== undefined;
}
