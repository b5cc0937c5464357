import { PostgresAdapter, sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../schema";
import type { Agent, ServingAgent } from "../../contract";
import { LICENSE_SOURCES, MAX_SERVICE_RADIUS_MILES, categoryLabel, serviceLabel, type LicenseSource, type ServiceKey } from "../../contract/site";
import { boundingBox, distanceMiles, roundMiles, servesPoint, type Point } from "../../contract/geo";
import { ALL_CATEGORIES_MASK, categoryBit } from "../service-areas";

type Db = Kysely<Database>;

/** The public columns of a manager: never email or phone. */
const PUBLIC_COLUMNS = [
  "agents.id",
  "agents.company_name",
  "agents.photo",
  "agents.featured",
  "agents.address",
  "agents.zip",
  "agents.about",
  "agents.read_more",
  "agents.is_demo",
  "agents.management_fee_percent",
  "agents.management_fee_flat",
  "agents.leasing_fee_percent",
  "agents.renewal_fee",
  "agents.setup_fee",
  "agents.maintenance_markup_percent",
  "agents.vacancy_fee",
  "agents.services",
  "agents.license_state",
  "agents.license_number",
  "agents.license_type",
  "agents.license_source",
  "agents.license_checked_on",
  "agents.office_lat",
  "agents.office_lng",
  "agents.service_radius_miles",
  "agents.units_managed",
  "agents.year_founded",
  "cities.name as city_name",
  "cities.slug as city_slug",
  "states.abbreviation as state_abbreviation",
  "states.name as state_name",
] as const;

/** A row of PUBLIC_COLUMNS: the agents table's own columns (typed by the schema) and the place's names. */
type AgentColumn<Column> = Column extends `agents.${infer Name}` ? Name : never;
type PublicAgentRow = Pick<Selectable<Database["agents"]>, AgentColumn<(typeof PUBLIC_COLUMNS)[number]>> & {
  city_name: string;
  city_slug: string;
  state_abbreviation: string;
  state_name: string;
};

/** Numbers from either driver (PostgreSQL's double precision arrives as a number, counts may not). */
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function servicesOf(text: string): ServiceKey[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed.filter((key) => typeof key === "string" && serviceLabel(key)) as ServiceKey[]) : [];
  } catch {
    return [];
  }
}

function licenseOf(row: PublicAgentRow): Agent["license"] {
  const source = row.license_source as LicenseSource | null;
  if (!row.license_number || !row.license_state || !source || !LICENSE_SOURCES.includes(source)) return null;
  return {
    state: row.license_state,
    number: row.license_number,
    type: row.license_type ?? "",
    source,
    // A check date only ever comes with a registry check.
    checked_on: source === "registry" ? row.license_checked_on : null,
  };
}

export function agentRowToAgent(row: PublicAgentRow, categoryIds: number[]): Agent {
  const sorted = [...categoryIds].sort((a, b) => a - b);
  return {
    agent_id: row.id,
    user_id: row.id,
    company_name: row.company_name,
    photo: row.photo,
    featured: row.featured,
    address: row.address,
    city: row.city_name,
    city_slug: row.city_slug,
    state: row.state_abbreviation,
    state_name: row.state_name,
    zip: row.zip,
    about: row.about,
    category: sorted.map((id) => categoryLabel(id)).filter(Boolean).join(", "),
    category_ids: sorted,
    read_more: row.read_more,
    fees: {
      management_percent: numberOrNull(row.management_fee_percent),
      management_flat: numberOrNull(row.management_fee_flat),
      leasing_percent: numberOrNull(row.leasing_fee_percent),
      renewal_fee: numberOrNull(row.renewal_fee),
      setup_fee: numberOrNull(row.setup_fee),
      maintenance_markup_percent: numberOrNull(row.maintenance_markup_percent),
      vacancy_fee: row.vacancy_fee === null ? null : Number(row.vacancy_fee) === 1,
    },
    services: servicesOf(row.services),
    license: licenseOf(row),
    service_area:
      row.office_lat !== null && row.office_lng !== null && row.service_radius_miles !== null
        ? { lat: Number(row.office_lat), lng: Number(row.office_lng), radius_miles: Number(row.service_radius_miles) }
        : null,
    units_managed: numberOrNull(row.units_managed),
    year_founded: numberOrNull(row.year_founded),
    demo: row.is_demo === 1 ? 1 : 0,
  };
}

function publicAgents(db: Db) {
  return db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(PUBLIC_COLUMNS);
}

async function withCategories(db: Db, rows: PublicAgentRow[]): Promise<Agent[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("agent_categories")
    .select(["agent_id", "category_id"])
    .where("agent_id", "in", rows.map((row) => row.id))
    .execute();
  const byAgent = new Map<number, number[]>();
  for (const link of links) byAgent.set(link.agent_id, [...(byAgent.get(link.agent_id) ?? []), link.category_id]);
  return rows.map((row) => agentRowToAgent(row, byAgent.get(row.id) ?? []));
}

/** Managers by id, in the order given, each with its distance; unknown ids are left out. */
async function servingAgents(db: Db, ranked: readonly { id: number; distance: number }[]): Promise<ServingAgent[]> {
  if (ranked.length === 0) return [];
  const rows = await publicAgents(db)
    .where("agents.id", "in", ranked.map((entry) => entry.id))
    .execute();
  const byId = new Map((await withCategories(db, rows)).map((agent) => [agent.agent_id, agent]));
  return ranked.flatMap(({ id, distance }) => {
    const agent = byId.get(id);
    return agent ? [{ ...agent, distance_miles: roundMiles(distance) }] : [];
  });
}

const maskFor = (categoryId: number) => (categoryId === 0 ? ALL_CATEGORIES_MASK : categoryBit(categoryId));

/**
 * The managers serving a seeded city (lib/contract/geo.ts servesCity, materialised in
 * city_coverage), for one category or all (0): featured first, then nearest, one page at a time.
 * The page is read in index order, so its cost does not grow with the number of managers.
 */
export async function listCityAgents(
  db: Db,
  { cityId, categoryId, page, perPage }: { cityId: number; categoryId: number; page: number; perPage: number },
): Promise<{ agents: ServingAgent[]; total: number }> {
  const mask = maskFor(categoryId);
  const inCategory = sql<boolean>`(city_coverage.category_mask & ${mask}) <> 0`;
  const [rows, total] = await Promise.all([
    db
      .selectFrom("city_coverage")
      .select(["agent_id", "distance_miles"])
      .where("city_id", "=", cityId)
      .where(inCategory)
      .orderBy("featured", "desc")
      .orderBy("distance_miles")
      .orderBy("agent_id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    // Every category: the city's stored count; one category: counted along the city's index range.
    categoryId === 0
      ? db.selectFrom("cities").select("managers_serving as count").where("id", "=", cityId).executeTakeFirstOrThrow()
      : db
          .selectFrom("city_coverage")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("city_id", "=", cityId)
          .where(inCategory)
          .executeTakeFirstOrThrow(),
  ]);
  return { agents: await servingAgents(db, rows.map((row) => ({ id: row.agent_id, distance: Number(row.distance_miles) }))), total: Number(total.count) };
}

type Office = { id: number; featured: number; lat: number; lng: number; radius_miles: number };
type Box = { min_lat: number; max_lat: number; min_lng: number; max_lng: number };

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
/** The R*Tree stores 32-bit floats, rounded outward: a hair of margin keeps an edge point in. */
const INDEX_MARGIN_DEGREES = 1e-4;
/** The first ring of a nearest-first search; each next one doubles. */
const FIRST_RING_MILES = 4;

/**
 * Offices inside a box, through the spatial index (SQLite's R*Tree on the point and the
 * featured flag; PostgreSQL's GiST index on point(lng, lat)), of one featured flag when given.
 */
async function officesIn(db: Db, box: Box, { featured, mask }: { featured?: 0 | 1; mask: number }): Promise<Office[]> {
  const padded = {
    min_lat: box.min_lat - INDEX_MARGIN_DEGREES,
    max_lat: box.max_lat + INDEX_MARGIN_DEGREES,
    min_lng: box.min_lng - INDEX_MARGIN_DEGREES,
    max_lng: box.max_lng + INDEX_MARGIN_DEGREES,
  };
  let query = db
    .selectFrom("agent_offices")
    .select(["id", "min_featured", "lat", "lng", "radius_miles"])
    .where(sql<boolean>`(agent_offices.category_mask & ${mask}) <> 0`);
  if (featured !== undefined) query = query.where("min_featured", ">=", featured).where("max_featured", "<=", featured);
  query = isPostgres(db)
    ? query.where(sql<boolean>`point(lng, lat) <@ box(point(${padded.min_lng}, ${padded.min_lat}), point(${padded.max_lng}, ${padded.max_lat}))`)
    : query.where("min_lat", ">=", padded.min_lat).where("max_lat", "<=", padded.max_lat).where("min_lng", ">=", padded.min_lng).where("max_lng", "<=", padded.max_lng);
  return (await query.execute()).map((row) => ({ id: row.id, featured: Number(row.min_featured), lat: Number(row.lat), lng: Number(row.lng), radius_miles: Number(row.radius_miles) }));
}

type Ranked = { id: number; distance: number };
const byDistance = (a: Ranked, b: Ranked) => a.distance - b.distance || a.id - b.id;

/**
 * The `count` nearest offices around a point that pass `keep`, nearest first (then by id): rings
 * of 4, 8, 16… miles up to `maxMiles`, each read through the spatial index, until one holds
 * enough. Any office not yet read lies beyond the ring, so the ones found are the nearest: the
 * cost follows the page asked for, not the number of managers.
 */
async function nearestOffices(
  db: Db,
  { point, count, maxMiles, featured, mask, keep }: { point: Point; count: number; maxMiles: number; featured?: 0 | 1; mask: number; keep: (office: Office) => boolean },
): Promise<Ranked[]> {
  if (count <= 0) return [];
  for (let ring = FIRST_RING_MILES; ; ring *= 2) {
    const reach = Math.min(ring, maxMiles);
    const found = (await officesIn(db, boundingBox({ ...point, radius_miles: reach }), { featured, mask }))
      .map((office) => ({ office, ranked: { id: office.id, distance: distanceMiles(office, point) } }))
      .filter(({ office, ranked }) => ranked.distance <= reach && keep(office))
      .map(({ ranked }) => ranked)
      .sort(byDistance);
    if (found.length >= count || reach >= maxMiles) return found.slice(0, count);
  }
}

/**
 * The managers serving a point (a ZIP code's place: lib/contract/geo.ts servesPoint) for one
 * category or all (0), ranked: featured first, then nearest, then by id; one page of them and
 * how many there are in all. The total comes from zip_coverage; the page from nearest-first
 * searches, one among the featured and one among the others, that stop once the page is full,
 * so the cost follows the page, not the number of managers. `agents/near` answers with it.
 */
export async function managersServingPoint(
  db: Db,
  { point: place, categoryId, page, perPage }: { point: Point & { zip: string }; categoryId: number; page: number; perPage: number },
): Promise<{ agents: ServingAgent[]; total: number }> {
  const counts = await db.selectFrom("zip_coverage").select(["managers", "featured"]).where("zip", "=", place.zip).where("category_id", "=", categoryId).executeTakeFirst();
  const total = Number(counts?.managers ?? 0);
  const featuredTotal = Number(counts?.featured ?? 0);
  const start = (page - 1) * perPage;
  const end = Math.min(start + perPage, total);
  if (start >= end) return { agents: [], total };

  const search = { point: place, maxMiles: MAX_SERVICE_RADIUS_MILES, mask: maskFor(categoryId), keep: (office: Office) => servesPoint(office, place) };
  const ranked: Ranked[] = [];
  if (start < featuredTotal) ranked.push(...(await nearestOffices(db, { ...search, featured: 1, count: Math.min(end, featuredTotal) })).slice(start));
  if (end > featuredTotal) ranked.push(...(await nearestOffices(db, { ...search, featured: 0, count: end - featuredTotal })).slice(Math.max(0, start - featuredTotal)));
  return { agents: await servingAgents(db, ranked), total };
}

type ServingArea = { id: number; featured: number; distance: number };

/**
 * Service areas whose box meets the given box, through the spatial index: SQLite's R*Tree reads
 * the four bounds, PostgreSQL's GiST index the box expression of the migration.
 */
async function areasMeeting(db: Db, box: { min_lat: number; max_lat: number; min_lng: number; max_lng: number }, mask: number): Promise<Office[]> {
  let query = db.selectFrom("agent_areas").select(["id", "featured", "lat", "lng", "radius_miles"]).where(sql<boolean>`(agent_areas.category_mask & ${mask}) <> 0`);
  query = isPostgres(db)
    ? query.where(sql<boolean>`box(point(min_lng, min_lat), point(max_lng, max_lat)) && box(point(${box.min_lng}, ${box.min_lat}), point(${box.max_lng}, ${box.max_lat}))`)
    : query.where("max_lat", ">=", box.min_lat).where("min_lat", "<=", box.max_lat).where("max_lng", ">=", box.min_lng).where("min_lng", "<=", box.max_lng);
  return (await query.execute()).map((row) => ({ id: row.id, featured: Number(row.featured), lat: Number(row.lat), lng: Number(row.lng), radius_miles: Number(row.radius_miles) }));
}

/** Who serves a point for a category (0: any): the spatial index narrows, lib/contract/geo.ts decides. */
async function servingAreas(db: Db, { point, categoryId }: { point: Point; categoryId: number }): Promise<ServingArea[]> {
  const candidates = await areasMeeting(db, { min_lat: point.lat, max_lat: point.lat, min_lng: point.lng, max_lng: point.lng }, maskFor(categoryId));
  return candidates.filter((area) => servesPoint(area, point)).map((area) => ({ id: area.id, featured: area.featured, distance: distanceMiles(area, point) }));
}

/**
 * The managers a lead at a point may go to (agents/match, issue 11): the same "who serves this
 * point" as managersServingPoint, ranked by distance alone, nearest office first (featured
 * managers are marked by the caller, not moved up); the first `limit` and how many in all.
 */
export async function matchManagersAtPoint(
  db: Db,
  { point, categoryId, limit }: { point: Point; categoryId: number; limit: number },
): Promise<{ agents: ServingAgent[]; total: number }> {
  const ranked = (await servingAreas(db, { point, categoryId })).sort(byDistance);
  return { agents: await servingAgents(db, ranked.slice(0, limit)), total: ranked.length };
}

/** Which of `ids` serve the point for the category (the check of a lead's chosen managers). */
export async function idsServingPoint(db: Db, { point, categoryId, ids }: { point: Point; categoryId: number; ids: readonly number[] }): Promise<Set<number>> {
  const wanted = new Set(ids);
  return new Set((await servingAreas(db, { point, categoryId })).map((area) => area.id).filter((id) => wanted.has(id)));
}

/** How many managers serve the point for the category. */
export async function countManagersServingPoint(db: Db, { point, categoryId }: { point: Point; categoryId: number }): Promise<number> {
  return (await servingAreas(db, { point, categoryId })).length;
}

/** Company names of managers by id (unknown ids are left out). Public data only. */
export async function companyNames(db: Db, { ids }: { ids: readonly number[] }): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("agents").select(["id", "company_name"]).where("id", "in", [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.company_name]));
}

/** Managers whose office is within `radiusMiles` of a point, nearest first (a city nobody serves). */
export async function managersWithOfficeNear(db: Db, { point, radiusMiles, limit }: { point: Point; radiusMiles: number; limit: number }): Promise<ServingAgent[]> {
  return servingAgents(db, await nearestOffices(db, { point, count: limit, maxMiles: radiusMiles, mask: ALL_CATEGORIES_MASK, keep: () => true }));
}

export async function getAgent(db: Db, { id }: { id: number }): Promise<Agent | undefined> {
  const row = await publicAgents(db).where("agents.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [agent] = await withCategories(db, [row]);
  return agent;
}
