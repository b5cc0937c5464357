import type { Kysely } from "kysely";
import type { CityRow, Database, StateRow } from "../schema";
import type { City, CityListItem, NearestCity, State } from "../../contract";
import { distanceMiles, roundMiles, type Point } from "../../contract/geo";
import { slugify } from "../../contract/routes";

type Db = Kysely<Database>;

function stateRowToState(row: Pick<StateRow, "id" | "abbreviation" | "name" | "slug">): State {
  return { id: row.id, abbreviation: row.abbreviation, state: row.name, slug: row.slug };
}

function cityRowToCity(row: Pick<CityRow, "id" | "name" | "slug" | "state_id">): City {
  return { id: row.id, city: row.name, slug: row.slug, state_id: row.state_id };
}

/**
 * States with the featured ones first (largest first), then the rest by name. `limit` keeps
 * only the first featured states (the "Half" list).
 */
export async function listStates(db: Db, { featuredLimit }: { featuredLimit?: number } = {}): Promise<State[]> {
  let query = db
    .selectFrom("states")
    .select(["id", "abbreviation", "name", "slug"])
    .orderBy((eb) => eb.case().when("featured_rank", "is", null).then(1).else(0).end())
    .orderBy("featured_rank")
    .orderBy("name");
  if (featuredLimit !== undefined) query = query.where("featured_rank", "is not", null).limit(featuredLimit);
  return (await query.execute()).map(stateRowToState);
}

/** A state by abbreviation ("TX"), slug ("texas") or name ("Texas"), in any case. */
export async function findState(db: Db, { key }: { key: string }): Promise<State | undefined> {
  const trimmed = key.trim();
  const row = await db
    .selectFrom("states")
    .select(["id", "abbreviation", "name", "slug"])
    .where((eb) => eb.or([eb("abbreviation", "=", trimmed.toUpperCase()), eb("slug", "=", slugify(trimmed))]))
    .executeTakeFirst();
  return row && stateRowToState(row);
}

export async function getStateById(db: Db, { id }: { id: number }): Promise<State | undefined> {
  const row = await db.selectFrom("states").select(["id", "abbreviation", "name", "slug"]).where("id", "=", id).executeTakeFirst();
  return row && stateRowToState(row);
}

function cityRowToCityListItem(row: Pick<CityRow, "id" | "name" | "slug" | "state_id" | "managers_serving">): CityListItem {
  return { ...cityRowToCity(row), managers: Number(row.managers_serving) };
}

/**
 * A state's cities: those with managers serving them first, each part largest first, and how
 * many cities the state has in all. `servedOnly` leaves out the cities nobody serves.
 */
export async function listCities(db: Db, { stateId, limit, servedOnly = false }: { stateId: number; limit?: number; servedOnly?: boolean }) {
  let query = db
    .selectFrom("cities")
    .select(["id", "name", "slug", "state_id", "managers_serving"])
    .where("state_id", "=", stateId)
    .orderBy((eb) => eb.case().when("managers_serving", ">", 0).then(0).else(1).end())
    .orderBy("population", "desc")
    .orderBy("name");
  if (servedOnly) query = query.where("managers_serving", ">", 0);
  if (limit !== undefined) query = query.limit(limit);
  const [rows, total] = await Promise.all([
    query.execute(),
    db
      .selectFrom("cities")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("state_id", "=", stateId)
      .executeTakeFirstOrThrow(),
  ]);
  return { cities: rows.map(cityRowToCityListItem), count: Number(total.count) };
}

/** A city of a state by slug ("new-york") or name ("New York"), in any case. */
export async function findCity(db: Db, { stateId, key }: { stateId: number; key: string }): Promise<City | undefined> {
  const row = await db
    .selectFrom("cities")
    .select(["id", "name", "slug", "state_id"])
    .where("state_id", "=", stateId)
    .where("slug", "=", slugify(key))
    .executeTakeFirst();
  return row && cityRowToCity(row);
}

/** A seeded city's point, for the distance to managers nearby. */
export async function getCityPoint(db: Db, { cityId }: { cityId: number }): Promise<{ lat: number; lng: number } | undefined> {
  const row = await db.selectFrom("cities").select(["lat", "lng"]).where("id", "=", cityId).executeTakeFirst();
  return row && { lat: Number(row.lat), lng: Number(row.lng) };
}

/** A state's largest cities that list at least one manager: the links of its law page. */
export async function listCitiesWithManagers(db: Db, { stateId, limit }: { stateId: number; limit: number }): Promise<City[]> {
  const rows = await db
    .selectFrom("cities")
    .select(["id", "name", "slug", "state_id"])
    .where("state_id", "=", stateId)
    .where((eb) => eb.exists(eb.selectFrom("agents").select("agents.id").whereRef("agents.city_id", "=", "cities.id")))
    .orderBy("population", "desc")
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map(cityRowToCity);
}

/** How many of the nearest cities with managers are weighed against each other. */
const NEAREST_CANDIDATES = 40;
/** A city this close to a more populous candidate is that candidate's suburb: the metro stands for it. */
const SUBURB_MILES = 25;

/**
 * The cities with managers serving them where an owner in a place nobody serves can look instead,
 * in any state: of the nearest NEAREST_CANDIDATES, the most populous are kept first and
 * a city within SUBURB_MILES of one kept is its suburb (Fairbanks stands for College and Badger); the
 * metros are ranked by distance weighed by how many managers serve them (distance ÷ (1 + log10 of
 * the count): a place with several managers a little farther before a lone one a little nearer).
 * Reads the few thousand seeded cities' points; a place nobody serves is a rare, cached page.
 */
export async function nearestCitiesWithManagers(db: Db, { point, limit, excludeCityId }: { point: Point; limit: number; excludeCityId?: number }): Promise<NearestCity[]> {
  let query = db
    .selectFrom("cities")
    .innerJoin("states", "states.id", "cities.state_id")
    .select(["cities.id", "cities.name", "cities.slug", "cities.lat", "cities.lng", "cities.population", "cities.managers_serving", "states.abbreviation", "states.name as state_name"])
    .where("cities.managers_serving", ">", 0);
  if (excludeCityId !== undefined) query = query.where("cities.id", "<>", excludeCityId);
  const candidates = (await query.execute())
    .map((row) => ({ row, at: { lat: Number(row.lat), lng: Number(row.lng) }, distance: distanceMiles(point, { lat: Number(row.lat), lng: Number(row.lng) }) }))
    .sort((a, b) => a.distance - b.distance || a.row.id - b.row.id)
    .slice(0, NEAREST_CANDIDATES);
  // Most populous first: a city within SUBURB_MILES of a metro already kept is its suburb.
  const metros: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => Number(b.row.population) - Number(a.row.population) || a.row.id - b.row.id)) {
    if (!metros.some((metro) => distanceMiles(metro.at, candidate.at) <= SUBURB_MILES)) metros.push(candidate);
  }
  const weighed = (candidate: (typeof candidates)[number]) => candidate.distance / (1 + Math.log10(Number(candidate.row.managers_serving)));
  return metros
    .sort((a, b) => weighed(a) - weighed(b) || a.row.id - b.row.id)
    .slice(0, limit)
    .map(({ row, distance }) => ({
      state: row.abbreviation,
      state_name: row.state_name,
      city: row.name,
      slug: row.slug,
      managers: Number(row.managers_serving),
      distance_miles: roundMiles(distance),
    }));
}
