import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";
import { PROPERTY_CATEGORIES } from "../../contract/site";
import { cityPath, statePath } from "../../contract/routes";
import { NOINDEX_FIXED_PAGES } from "../../contract/fixed-pages";
import { emptyListIsNoindex } from "../../contract/seo-text";
import { categoryBit } from "../service-areas";
import { recordFacts, type IndexablePage } from "./sitemap";

/**
 * The pages the site serves and keeps out of the sitemap (noindex), in the sitemap's shape: the
 * workspace's page list and its CSV show them with the reason.
 */
type Db = Kysely<Database>;

/** The fixed pages the site keeps out of the index (NOINDEX_FIXED_PAGES), with their records' facts, for the workspace's CSV. */
export async function listNoindexFixedPages(db: Db): Promise<IndexablePage[]> {
  const paths = Object.keys(NOINDEX_FIXED_PAGES);
  const facts = await recordFacts(db, paths.map((path) => NOINDEX_FIXED_PAGES[path].record));
  return paths.map((path, index) => ({ kind: "fixed", path, facts: facts[index] }));
}

/**
 * The list pages the site serves but keeps out of search engines by emptyListIsNoindex, the rule
 * its pages apply: a city nobody serves ("No Record") and each of its category tabs, a served
 * city's empty tabs, a state nobody serves. They answer 200 and are in no sitemap; the workspace's
 * CSV lists them with the reason. Same shape and order as the indexable list.
 */
export async function listEmptyListPages(db: Db): Promise<IndexablePage[]> {
  const [states, cities, ...served] = await Promise.all([
    db.selectFrom("states").select(["id", "abbreviation", "name"]).orderBy("abbreviation").execute(),
    db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.id", "cities.state_id", "states.abbreviation", "cities.slug", "cities.name", "states.name as state_name", "cities.managers_serving"])
      .orderBy("states.abbreviation")
      .orderBy("cities.population", "desc")
      .orderBy("cities.id")
      .execute(),
    // Per category, the cities whose tab lists someone.
    ...PROPERTY_CATEGORIES.map(async (category) =>
      new Set(
        (
          await db
            .selectFrom("city_coverage")
            .select("city_id")
            .distinct()
            .where(sql<boolean>`(city_coverage.category_mask & ${categoryBit(category.id)}) <> 0`)
            .execute()
        ).map((row) => Number(row.city_id)),
      ),
    ),
  ]);
  const servedCitiesOf = new Map<number, number>();
  const pages: IndexablePage[] = [];
  for (const city of cities) {
    const count = Number(city.managers_serving);
    if (!emptyListIsNoindex(count)) servedCitiesOf.set(Number(city.state_id), (servedCitiesOf.get(Number(city.state_id)) ?? 0) + 1);
    const place = { city: city.name, state: city.state_name, state_abbr: city.abbreviation, page: 1 };
    if (emptyListIsNoindex(count)) pages.push({ kind: "city", path: cityPath(city.abbreviation, city.slug), facts: { ...place, count } });
    PROPERTY_CATEGORIES.forEach((category, index) => {
      // A tab of a city nobody serves is empty too; a served city's tab only when its category has nobody.
      if (emptyListIsNoindex(count) || !served[index].has(Number(city.id))) {
        pages.push({ kind: "category", path: cityPath(city.abbreviation, city.slug, { category: category.slug }), facts: { ...place, category: category.label, count: 0 } });
      }
    });
  }
  const emptyStates = states.filter((state) => emptyListIsNoindex(servedCitiesOf.get(Number(state.id)) ?? 0));
  return [...emptyStates.map((state): IndexablePage => ({ kind: "state", path: statePath(state.abbreviation), facts: { state: state.name, state_abbr: state.abbreviation, count: 0 } })), ...pages];
}
