import type { Kysely } from "kysely";
import type { Database, NewAgent } from "../schema";

/**
 * The managers CSV's named queries (lib/service/managers-import.ts and managers.ts call them inside
 * one transaction): the places a row is checked against, the listings an import finds by its
 * external_id, license or website, writing them, reading them back for an export, and the sample
 * listings with the rows that depend on them. No "server-only": `npm run managers` runs outside
 * Next.js.
 */
type Db = Kysely<Database>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export type Places = {
  states: Map<string, { id: number; abbreviation: string }>;
  /** By `${state_id}|${slug}`. */
  cities: Map<string, { id: number; name: string; slug: string }>;
  zips: Map<string, { lat: number; lng: number }>;
};

/** The states, the directory's cities and the ZIP codes: what every row is checked against (a fixed, bounded set). */
export async function loadPlaces(db: Db): Promise<Places> {
  const [states, cities, zips] = await Promise.all([
    db.selectFrom("states").select(["id", "abbreviation"]).execute(),
    db.selectFrom("cities").select(["id", "name", "slug", "state_id"]).execute(),
    db.selectFrom("zip_codes").select(["zip", "lat", "lng"]).execute(),
  ]);
  return {
    states: new Map(states.map((row) => [row.abbreviation, row])),
    cities: new Map(cities.map((row) => [`${row.state_id}|${row.slug}`, { id: row.id, name: row.name, slug: row.slug }])),
    zips: new Map(zips.map((row) => [row.zip, { lat: Number(row.lat), lng: Number(row.lng) }])),
  };
}

const LISTING_COLUMNS = [
  "agents.id",
  "agents.external_id",
  "agents.company_name",
  "agents.contact_name",
  "agents.email",
  "agents.phone",
  "agents.website",
  "agents.address",
  "agents.zip",
  "agents.service_zips",
  "agents.services",
  "agents.management_fee_percent",
  "agents.management_fee_flat",
  "agents.leasing_fee_percent",
  "agents.setup_fee",
  "agents.renewal_fee",
  "agents.license_number",
  "agents.license_state",
  "agents.license_source_url",
  "agents.about",
  "agents.slug",
  "agents.city_id",
  "cities.name as city",
  "states.abbreviation as state",
] as const;

export type ImportedListing = {
  id: number;
  external_id: string | null;
  company_name: string;
  contact_name: string | null;
  email: string;
  phone: string;
  website: string | null;
  address: string;
  zip: string;
  service_zips: string | null;
  services: string;
  management_fee_percent: number | null;
  management_fee_flat: number | null;
  leasing_fee_percent: number | null;
  setup_fee: number | null;
  renewal_fee: number | null;
  license_number: string | null;
  license_state: string | null;
  license_source_url: string | null;
  about: string;
  slug: string;
  city_id: number;
  city: string;
  state: string;
  categories: number[];
};

async function withCategories(db: Db, rows: Omit<ImportedListing, "categories">[]): Promise<ImportedListing[]> {
  if (rows.length === 0) return [];
  const links = await db.selectFrom("agent_categories").select(["agent_id", "category_id"]).where("agent_id", "in", rows.map((row) => row.id)).execute();
  const byAgent = new Map<number, number[]>();
  for (const link of links) byAgent.set(link.agent_id, [...(byAgent.get(link.agent_id) ?? []), link.category_id]);
  return rows.map((row) => ({ ...row, categories: (byAgent.get(row.id) ?? []).sort((a, b) => a - b) }));
}

const listings = (db: Db) => db.selectFrom("agents").innerJoin("cities", "cities.id", "agents.city_id").innerJoin("states", "states.id", "agents.state_id").select(LISTING_COLUMNS);

/** The listings with these external ids. */
export async function listingsByExternalId(db: Db, { externalIds }: { externalIds: readonly string[] }): Promise<Map<string, ImportedListing>> {
  const found = new Map<string, ImportedListing>();
  for (const batch of chunks(externalIds, 500)) {
    const rows = await withCategories(db, (await listings(db).where("agents.external_id", "in", batch).execute()) as Omit<ImportedListing, "categories">[]);
    for (const row of rows) found.set(row.external_id!, row);
  }
  return found;
}

export type ListingKeys = { id: number; company_name: string; external_id: string | null; license_number: string | null; license_state: string | null; website: string | null };

/** Listings that carry one of these license numbers or websites (the caller compares the license's state). */
export async function listingsByLicenseOrWebsite(db: Db, { licenseNumbers, websites }: { licenseNumbers: readonly string[]; websites: readonly string[] }): Promise<ListingKeys[]> {
  const found: ListingKeys[] = [];
  const columns = ["id", "company_name", "external_id", "license_number", "license_state", "website"] as const;
  for (const batch of chunks(licenseNumbers, 500)) found.push(...(await db.selectFrom("agents").select(columns).where("license_number", "in", batch).execute()));
  for (const batch of chunks(websites, 500)) found.push(...(await db.selectFrom("agents").select(columns).where("website", "in", batch).execute()));
  return found;
}

export async function slugsTaken(db: Db, { slugs }: { slugs: readonly string[] }): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const batch of chunks(slugs, 500)) for (const row of await db.selectFrom("agents").select("slug").where("slug", "in", batch).execute()) taken.add(row.slug);
  return taken;
}

export async function insertImportedListing(db: Db, { agent, categories }: { agent: NewAgent; categories: readonly number[] }): Promise<number> {
  const { id } = await db.insertInto("agents").values(agent).returning("id").executeTakeFirstOrThrow();
  if (categories.length) await db.insertInto("agent_categories").values(categories.map((category_id) => ({ agent_id: id, category_id }))).execute();
  return id;
}

export async function updateImportedListing(db: Db, { id, agent, categories }: { id: number; agent: Partial<NewAgent>; categories: readonly number[] }): Promise<void> {
  await db.updateTable("agents").set(agent).where("id", "=", id).execute();
  await db.deleteFrom("agent_categories").where("agent_id", "=", id).execute();
  if (categories.length) await db.insertInto("agent_categories").values(categories.map((category_id) => ({ agent_id: id, category_id }))).execute();
}

/** Every imported listing (those with an external_id), a batch at a time, in id order: what an export writes. */
export async function* importedListingBatches(db: Db, { batch = 1000 }: { batch?: number } = {}): AsyncGenerator<ImportedListing[]> {
  let after = 0;
  for (;;) {
    const rows = (await listings(db).where("agents.external_id", "is not", null).where("agents.id", ">", after).orderBy("agents.id").limit(batch).execute()) as Omit<ImportedListing, "categories">[];
    if (rows.length === 0) return;
    yield withCategories(db, rows);
    after = rows[rows.length - 1].id;
  }
}

/** Profile path parts of listings and the cities whose lists show them: the pages an import or a removal changes. */
export async function listingPlaces(db: Db, { agentIds }: { agentIds: readonly number[] }) {
  const profiles: { id: number; state: string; city_slug: string }[] = [];
  const cities = new Map<string, { state: string; slug: string }>();
  for (const batch of chunks(agentIds, 500)) {
    profiles.push(
      ...(await db
        .selectFrom("agents")
        .innerJoin("cities", "cities.id", "agents.city_id")
        .innerJoin("states", "states.id", "agents.state_id")
        .select(["agents.id", "states.abbreviation as state", "cities.slug as city_slug"])
        .where("agents.id", "in", batch)
        .execute()),
    );
    const covered = await db
      .selectFrom("city_coverage")
      .innerJoin("cities", "cities.id", "city_coverage.city_id")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["states.abbreviation as state", "cities.slug as slug"])
      .distinct()
      .where("city_coverage.agent_id", "in", batch)
      .execute();
    for (const city of covered) cities.set(`${city.state}/${city.slug}`, city);
  }
  return { profiles, cities: [...cities.values()] };
}

export async function countListings(db: Db): Promise<{ samples: number; real: number }> {
  const rows = await db.selectFrom("agents").select(["is_demo", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("is_demo").execute();
  const of = (demo: number) => Number(rows.find((row) => Number(row.is_demo) === demo)?.n ?? 0);
  return { samples: of(1), real: of(0) };
}

export async function sampleIds(db: Db): Promise<number[]> {
  return (await db.selectFrom("agents").select("id").where("is_demo", "=", 1).orderBy("id").execute()).map((row) => row.id);
}

/** Sample listings still in the service-area index (lib/service/listing-pages.ts takes them out beside a real one). */
export async function indexedSampleIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("agent_offices").innerJoin("agents", "agents.id", "agent_offices.id").select("agents.id").where("agents.is_demo", "=", 1).orderBy("agents.id").execute();
  return rows.map((row) => row.id);
}

/** Takes listings out of the service-area index's reach (indexServiceAreas then drops their rows). */
export async function unlocate(db: Db, { agentIds }: { agentIds: readonly number[] }): Promise<void> {
  for (const batch of chunks(agentIds, 500)) await db.updateTable("agents").set({ service_radius_miles: null }).where("id", "in", batch).execute();
}

/**
 * Deletes listings and what only they need: their categories, the requests' copies addressed to
 * them and the proposals on them; their messages not sent yet are cancelled (the rows stay, for
 * the counts, as after a withdrawal). Answers how many rows went, per table.
 */
export async function deleteListings(db: Db, { agentIds }: { agentIds: readonly number[] }): Promise<Record<string, number>> {
  const deleted: Record<string, number> = { agents: 0, lead_recipients: 0, proposals: 0, proposal_tokens: 0, outbox_cancelled: 0 };
  const n = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);
  for (const batch of chunks(agentIds, 500)) {
    deleted.outbox_cancelled += n(
      await db.updateTable("outbox_messages").set({ status: "cancelled", payload: "{}" }).where("agent_id", "in", batch).where("status", "in", ["pending", "sending"]).executeTakeFirst(),
    );
    deleted.proposals += n(await db.deleteFrom("proposals").where("agent_id", "in", batch).executeTakeFirst());
    deleted.proposal_tokens += n(await db.deleteFrom("proposal_tokens").where("agent_id", "in", batch).executeTakeFirst());
    deleted.lead_recipients += n(await db.deleteFrom("lead_recipients").where("agent_id", "in", batch).executeTakeFirst());
    await db.deleteFrom("agent_categories").where("agent_id", "in", batch).execute();
    deleted.agents += n(await db.deleteFrom("agents").where("id", "in", batch).executeTakeFirst());
  }
  return deleted;
}

/** The workspace setting that says the samples were removed: the seeder adds them no more. */
const SAMPLES_REMOVED_SETTING = "samples.removed_at";

export async function markSamplesRemoved(db: Db, { at }: { at: string }): Promise<void> {
  await db
    .insertInto("workspace_settings")
    .values({ key: SAMPLES_REMOVED_SETTING, value: at })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: at }))
    .execute();
}

export async function samplesRemoved(db: Db): Promise<boolean> {
  return (await db.selectFrom("workspace_settings").select("key").where("key", "=", SAMPLES_REMOVED_SETTING).executeTakeFirst()) !== undefined;
}

export async function noteContentChange(db: Db, { source, summary, at }: { source: string; summary: string; at: string }): Promise<void> {
  await db.insertInto("content_changes").values({ source, summary, changed_at: at }).execute();
}
