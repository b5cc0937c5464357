import "server-only";
import type { Kysely } from "kysely";
import type { CityRow, Database, StateRow } from "../schema";
import type { City, State } from "../../api/contract";
import { slugify } from "../seed/demo-agents";

type Db = Kysely<Database>;

export function stateRowToState(row: Pick<StateRow, "id" | "abbreviation" | "name" | "slug">): State {
  return { id: row.id, abbreviation: row.abbreviation, state: row.name, slug: row.slug };
}

export function cityRowToCity(row: Pick<CityRow, "id" | "name" | "slug" | "state_id">): City {
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

/** A state's cities, largest first, and how many it has in all. */
export async function listCities(db: Db, { stateId, limit }: { stateId: number; limit?: number }) {
  let query = db
    .selectFrom("cities")
    .select(["id", "name", "slug", "state_id"])
    .where("state_id", "=", stateId)
    .orderBy("population", "desc")
    .orderBy("name");
  if (limit !== undefined) query = query.limit(limit);
  const [rows, total] = await Promise.all([
    query.execute(),
    db
      .selectFrom("cities")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("state_id", "=", stateId)
      .executeTakeFirstOrThrow(),
  ]);
  return { cities: rows.map(cityRowToCity), count: Number(total.count) };
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

export async function getLaw(db: Db, { stateId }: { stateId: number }): Promise<string | undefined> {
  const row = await db.selectFrom("laws").select("laws").where("state_id", "=", stateId).executeTakeFirst();
  return row?.laws;
}
