import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../schema";
import type { Agent, CategoryCount, Fees, ServingAgent } from "../../contract";
import { firstYearSortKey } from "../../contract/first-year-cost";
import { DEFAULT_DIRECTORY_SORT, DEFAULT_MONTHLY_RENT, MAX_SERVICE_RADIUS_MILES, PROPERTY_CATEGORIES, type DirectorySort, type ServiceKey } from "../../contract/site";
import { boundingBox, distanceMiles, servesPoint, type Point } from "../../contract/geo";
import { ALL_CATEGORIES_MASK, categoryBit, samplesListed } from "../service-areas";
import { FEE_COLUMNS, type FeeRow, feesOfRow, numberOrNull, publicAgents, servingAgents, withCategories } from "./agent-rows";

type Db = Kysely<Database>;

const maskFor = (categoryId: number) => (categoryId === 0 ? ALL_CATEGORIES_MASK : categoryBit(categoryId));

/**
 * A list's view: its order (lib/contract/site.ts DIRECTORY_SORTS), the services every manager must
 * offer, and the monthly rent the fee sort ranks first-year cost at (DEFAULT_MONTHLY_RENT when absent).
 */
export type ListView = { sort?: DirectorySort; services?: readonly ServiceKey[]; rent?: number };

const isDefaultView = ({ sort = DEFAULT_DIRECTORY_SORT, services = [] }: ListView) => sort === DEFAULT_DIRECTORY_SORT && services.length === 0;

/** A service key as it stands in agents.services (a JSON list of keys). */
const servicePattern = (key: ServiceKey) => `%"${key}"%`;

/**
 * The order of a sort other than distance: the chosen fact first (a manager who does not list it
 * last), then by distance, then by id, so every page of the view is stable. The fee sort is
 * ranked in code (byFirstYear), by the one first-year computation /compare shows.
 */
function orderedBy<Q extends SelectQueryBuilder<Database & { agents: Database["agents"] }, "agents", object>>(query: Q, sort: DirectorySort): Q {
  switch (sort) {
    case "fee":
      return query;
    case "years":
      return query.orderBy(sql`case when agents.year_founded is null then 1 else 0 end`).orderBy("agents.year_founded") as Q;
    case "units":
      return query.orderBy(sql`case when agents.units_managed is null then 1 else 0 end`).orderBy("agents.units_managed", "desc") as Q;
    case "distance":
      return query;
  }
}

type FeeRanked = { id: number; distance: number; fees: Fees; ownCity?: number; years?: number | null };

/**
 * The fee sort: lowest first-year cost at the owner's rent first (management for 12
 * months, leasing once, setup: lib/contract/first-year-cost.ts), a manager without every fee
 * listed last; ties as the default order (a city's own offices, nearest, longest in business, id).
 */
function byFirstYear(managers: readonly FeeRanked[], rent: number): { id: number; distance: number }[] {
  return managers
    .map((manager) => ({ ...manager, key: firstYearSortKey(manager.fees, rent) }))
    .sort(
      (a, b) =>
        compareKeys(a.key, b.key) || (b.ownCity ?? 0) - (a.ownCity ?? 0) || a.distance - b.distance || (a.years ?? 9999) - (b.years ?? 9999) || a.id - b.id,
    )
    .map(({ id, distance }) => ({ id, distance }));
}

/**
 * The managers serving a seeded city (lib/contract/geo.ts servesCity, materialised in
 * city_coverage), for one category or all (0), one page at a time. The default view is the one
 * ranking rule: the town's own offices first, then nearest, ties by years in business (longest
 * first), then id; it is read in index order, so its cost does not grow with the number of
 * managers. Another sort, or services every manager must offer, is a view an owner asks for.
 */
export async function listCityAgents(
  db: Db,
  { cityId, categoryId, page, perPage, sort = DEFAULT_DIRECTORY_SORT, services = [], rent = DEFAULT_MONTHLY_RENT }: { cityId: number; categoryId: number; page: number; perPage: number } & ListView,
): Promise<{ agents: ServingAgent[]; total: number }> {
  const mask = maskFor(categoryId);
  let base = db
    .selectFrom("city_coverage")
    .innerJoin("agents", "agents.id", "city_coverage.agent_id")
    .where("city_coverage.city_id", "=", cityId)
    .where(sql<boolean>`(city_coverage.category_mask & ${mask}) <> 0`);
  for (const key of services) base = base.where("agents.services", "like", servicePattern(key));
  if (sort === "fee") {
    // Every manager of the view is read to rank it by first-year cost: a view an owner asks for.
    const rows = await base.select(["city_coverage.agent_id", "city_coverage.distance_miles", "city_coverage.own_city", "agents.year_founded", ...FEE_COLUMNS]).execute();
    const ranked = byFirstYear(
      rows.map((row) => ({ id: row.agent_id, distance: Number(row.distance_miles), ownCity: Number(row.own_city), years: numberOrNull(row.year_founded), fees: feesOfRow(row) })),
      rent,
    );
    const start = (page - 1) * perPage;
    return { agents: await servingAgents(db, ranked.slice(start, start + perPage)), total: ranked.length };
  }
  const ranked = orderedBy(base.select(["city_coverage.agent_id", "city_coverage.distance_miles"]), sort)
    .orderBy("city_coverage.own_city", "desc")
    .orderBy("city_coverage.distance_miles")
    .orderBy(sql`coalesce(agents.year_founded, 9999)`)
    .orderBy("city_coverage.agent_id");
  const [rows, total] = await Promise.all([
    ranked
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    // Every category, default view: the city's stored count; otherwise counted along the city's rows.
    categoryId === 0 && services.length === 0
      ? db.selectFrom("cities").select("managers_serving as count").where("id", "=", cityId).executeTakeFirstOrThrow()
      : base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { agents: await servingAgents(db, rows.map((row) => ({ id: row.agent_id, distance: Number(row.distance_miles) }))), total: Number(total.count) };
}

/** How many managers serve a city for each property category: its tabs show only those with some. */
export async function cityCategoryCounts(db: Db, { cityId }: { cityId: number }): Promise<CategoryCount[]> {
  const row = await db
    .selectFrom("city_coverage")
    .select(
      PROPERTY_CATEGORIES.map((category) =>
        sql<number>`coalesce(sum(case when (category_mask & ${categoryBit(category.id)}) <> 0 then 1 else 0 end), 0)`.as(`c${category.id}`),
      ),
    )
    .where("city_id", "=", cityId)
    .executeTakeFirst();
  const counts = (row ?? {}) as Record<string, number | string | null>;
  return PROPERTY_CATEGORIES.map((category) => ({ category_id: category.id, managers: Number(counts[`c${category.id}`] ?? 0) }));
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
 * category or all (0), nearest office first, ties by id (featured managers are marked, never
 * moved up); one page of them and how many there are in all. The total comes from zip_coverage;
 * the page from a nearest-first search that stops once the page is full, so the cost follows the
 * page, not the number of managers. Another sort or a services filter reads every manager serving
 * the point (a view an owner asks for, never cached). `agents/near` answers with it.
 */
export async function managersServingPoint(
  db: Db,
  { point: place, categoryId, page, perPage, ...view }: { point: Point & { zip: string }; categoryId: number; page: number; perPage: number } & ListView,
): Promise<{ agents: ServingAgent[]; total: number }> {
  if (!isDefaultView(view)) return managersServingPointView(db, { point: place, categoryId, page, perPage, ...view });
  const counts = await db.selectFrom("zip_coverage").select(["managers"]).where("zip", "=", place.zip).where("category_id", "=", categoryId).executeTakeFirst();
  const total = Number(counts?.managers ?? 0);
  const start = (page - 1) * perPage;
  const end = Math.min(start + perPage, total);
  if (start >= end) return { agents: [], total };
  const ranked = await nearestOffices(db, { point: place, maxMiles: MAX_SERVICE_RADIUS_MILES, mask: maskFor(categoryId), keep: (office) => servesPoint(office, place), count: end });
  return { agents: await servingAgents(db, ranked.slice(start)), total };
}

/** managersServingPoint for a sort other than distance, or with services every manager must offer. */
async function managersServingPointView(
  db: Db,
  { point, categoryId, page, perPage, sort = DEFAULT_DIRECTORY_SORT, services = [], rent = DEFAULT_MONTHLY_RENT }: { point: Point; categoryId: number; page: number; perPage: number } & ListView,
): Promise<{ agents: ServingAgent[]; total: number }> {
  const areas = await servingAreas(db, { point, categoryId });
  if (areas.length === 0) return { agents: [], total: 0 };
  const distances = new Map(areas.map((area) => [area.id, area.distance]));
  let query = db.selectFrom("agents").select(["agents.id", "agents.year_founded", "agents.units_managed", ...FEE_COLUMNS]);
  for (const key of services) query = query.where("agents.services", "like", servicePattern(key));
  const rows: (SortRow & FeeRow & { id: number })[] = [];
  for (const batch of chunked([...distances.keys()], 5_000)) rows.push(...(await orderedBy(query.where("agents.id", "in", batch), sort).execute()));
  const key = sortKey(sort);
  const ranked =
    sort === "fee"
      ? byFirstYear(rows.map((row) => ({ id: row.id, distance: distances.get(row.id)!, fees: feesOfRow(row) })), rent)
      : rows
          .map((row) => ({ id: row.id, distance: distances.get(row.id)!, key: key(row) }))
          .sort((a, b) => compareKeys(a.key, b.key) || a.distance - b.distance || a.id - b.id);
  const start = (page - 1) * perPage;
  return { agents: await servingAgents(db, ranked.slice(start, start + perPage)), total: ranked.length };
}

type SortRow = { year_founded?: number | null; units_managed?: number | null };

/** The same orders as orderedBy, for rows already read (batches of ids are merged here); the fee sort is byFirstYear. */
function sortKey(sort: DirectorySort): (row: SortRow) => number | null {
  switch (sort) {
    case "fee":
      return () => 0;
    case "years":
      return (row) => (row.year_founded === null || row.year_founded === undefined ? null : Number(row.year_founded));
    case "units":
      return (row) => (row.units_managed === null || row.units_managed === undefined ? null : -Number(row.units_managed));
    case "distance":
      return () => 0;
  }
}

/** Smaller first; an unknown value (null) last. */
const compareKeys = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

function chunked<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
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
 * The managers a lead at a point may go to (agents/match): the same "who serves this
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

/** Of `ids`, the managers serving the point for the category, nearest office first, each with its distance. */
export async function chosenManagersAtPoint(db: Db, { point, categoryId, ids }: { point: Point; categoryId: number; ids: readonly number[] }): Promise<ServingAgent[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  return servingAgents(db, (await servingAreas(db, { point, categoryId })).filter((area) => wanted.has(area.id)).sort(byDistance));
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

/** Company names of managers by id, each with `demo` 1 for a sample listing (unknown ids are left out). Public data only. */
export async function recipientListings(db: Db, { ids }: { ids: readonly number[] }): Promise<Map<number, { company_name: string; demo: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("agents").select(["id", "company_name", "is_demo"]).where("id", "in", [...ids]).execute();
  return new Map(rows.map((row) => [row.id, { company_name: row.company_name, demo: Number(row.is_demo) === 1 ? 1 : 0 }]));
}

/** Managers whose office is within `radiusMiles` of a point, nearest first (a city nobody serves). */
export async function managersWithOfficeNear(db: Db, { point, radiusMiles, limit }: { point: Point; radiusMiles: number; limit: number }): Promise<ServingAgent[]> {
  return servingAgents(db, await nearestOffices(db, { point, count: limit, maxMiles: radiusMiles, mask: ALL_CATEGORIES_MASK, keep: () => true }));
}

/** A manager by id, sample or real, as a request or a proposal made to it shows it. */
export async function getAgent(db: Db, { id }: { id: number }): Promise<Agent | undefined> {
  const row = await publicAgents(db).where("agents.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [agent] = await withCategories(db, [row]);
  return agent;
}

/** A manager the directory lists (its profile, /compare, a message to it): a sample only while samples are listed. */
export async function getListedAgent(db: Db, { id }: { id: number }): Promise<Agent | undefined> {
  const agent = await getAgent(db, { id });
  return agent && (agent.demo === 0 || (await samplesListed(db))) ? agent : undefined;
}
