// No "server-only" import: scripts/seo-audit.ts reads this outside Next.js.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { INDEXED_LIST_MIN } from "../../contract/seo-text";

/** Each indexable city page's managers (every category), with their category bits, by city. */
export async function listServedCityManagers(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("city_coverage")
    .innerJoin("cities", "cities.id", "city_coverage.city_id")
    .innerJoin("states", "states.id", "cities.state_id")
    .where("cities.managers_serving", ">=", INDEXED_LIST_MIN)
    .select(["cities.id as city_id", "states.abbreviation", "cities.slug", "cities.managers_serving", "city_coverage.agent_id", "city_coverage.category_mask"])
    .orderBy("cities.id")
    .execute();
  return rows.map((row) => ({ ...row, city_id: Number(row.city_id), managers_serving: Number(row.managers_serving), agent_id: Number(row.agent_id), category_mask: Number(row.category_mask) }));
}
