import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { PROPERTY_CATEGORIES } from "../../contract/site";
import { cityPath } from "../../contract/routes";
import { sameListGroups, tabsRepeatingCity } from "../../contract/duplicate-lists";
import { listServedCityManagers } from "../../db/queries/duplicate-lists";
import { categoryBit } from "../../db/service-areas";

/**
 * The audit's duplicate lists (lib/contract/duplicate-lists.ts), from the database: the groups of
 * city pages listing the same managers, and how many category tabs repeat their city page (each
 * canonical to it and out of the sitemap by the duplicate rule). No "server-only": the
 * command-line audit (scripts/seo-audit.ts) runs it too.
 */
export async function duplicateLists(db: Kysely<Database>): Promise<{ cityGroups: string[][]; tabsRepeatingCity: number }> {
  const cities = new Map<number, { path: string; managers: number[]; serving: number; tabs: number[] }>();
  for (const row of await listServedCityManagers(db)) {
    let city = cities.get(row.city_id);
    if (!city) cities.set(row.city_id, (city = { path: cityPath(row.abbreviation, row.slug), managers: [], serving: row.managers_serving, tabs: PROPERTY_CATEGORIES.map(() => 0) }));
    city.managers.push(row.agent_id);
    PROPERTY_CATEGORIES.forEach((category, index) => {
      if (row.category_mask & categoryBit(category.id)) city.tabs[index] += 1;
    });
  }
  const all = [...cities.values()];
  return {
    cityGroups: sameListGroups(all),
    tabsRepeatingCity: tabsRepeatingCity(all.map((city) => ({ managers: city.serving, tabs: city.tabs }))),
  };
}
