import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { PROPERTY_CATEGORIES } from "../contract/site";
import { agentPath, cityPath, statePath, SITEMAP_PATH } from "../contract/routes";
import { indexedSampleIds, listingPlaces } from "../db/queries/managers";
import { indexServiceAreas, samplesListed } from "../db/service-areas";

/**
 * The public pages a change to listings touches, and the rule that takes the samples off them
 * once a real listing exists. Used by the import, the removal of the samples, an approved
 * application and a manager's own edit.
 */
type Db = Kysely<Database>;

/**
 * The pages that show the listings now: their profiles, the lists of every city they serve (each
 * category tab) and those cities' states and their own, and the sitemap. Read before a change to a
 * listing's place or area and again after it: the union is what the change touches.
 */
export async function listingPagePaths(db: Db, agentIds: readonly number[]): Promise<Set<string>> {
  const paths = new Set<string>([SITEMAP_PATH]);
  const { profiles, cities } = await listingPlaces(db, { agentIds });
  for (const profile of profiles) {
    paths.add(agentPath({ state: profile.state, city_slug: profile.city_slug, agent_id: profile.id }));
    paths.add(statePath(profile.state));
  }
  for (const city of cities) {
    paths.add(statePath(city.state));
    paths.add(cityPath(city.state, city.slug));
    for (const category of PROPERTY_CATEGORIES) paths.add(cityPath(city.state, city.slug, { category: category.slug }));
  }
  return paths;
}

/**
 * Takes the sample listings out of every list once the directory has a real one (`samplesListed`):
 * their service areas, offices and coverage leave the index (the cities recounted, the ZIP counts
 * taken away), so no city page, search, match or sitemap shows them beside it, and their profiles
 * answer 404. Call it in the transaction that added real listings; it does nothing while samples
 * are listed or already out. Answers the pages that showed them, to purge.
 */
export async function withdrawSamplesBesideReal(db: Db): Promise<string[]> {
  if (await samplesListed(db)) return [];
  const ids = await indexedSampleIds(db);
  if (ids.length === 0) return [];
  const paths = await listingPagePaths(db, ids);
  await indexServiceAreas(db, { agentIds: ids });
  return [...paths];
}
