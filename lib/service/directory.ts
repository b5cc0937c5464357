import type { AnyCallResponse, AnyParsedRequest } from "../contract";
import { ApiError } from "../contract/errors";
import { NOT_FOUND } from "../contract/messages";
import { NEARBY_LIMIT, NEARBY_RADIUS_MILES, NEAREST_CITIES_LIMIT } from "../contract/site";
import { chosenManagersAtPoint, cityCategoryCounts, companyNames, listCityAgents, managersServingPoint, managersWithOfficeNear } from "../db/queries/agents";
import { findCity, findState, getCityPoint, nearestCitiesWithManagers } from "../db/queries/places";
import { getZipPlace } from "../db/queries/zips";
import type { ServiceContext } from "./context";

/**
 * The directory's calls: a city's managers and the ZIP search, in the one ranking rule
 * (nearest office first, a town's own offices first on its page; featured managers marked, never
 * moved up) or a view the owner chose (sort, services); and for a place nobody serves, the
 * nearest cities that have managers. Plus what the request pages need to be true about sample
 * listings: which recipients are companies that do not exist.
 */

type Call<C extends "agents/list" | "agents/near" | "agents/match"> = (input: AnyParsedRequest<C>, context: ServiceContext) => Promise<AnyCallResponse<C>>;

const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

export const listCityManagers: Call<"agents/list"> = async ({ cate_id, state: stateKey, city: cityKey, page, per_page, sort, services, rent }, { db }) => {
  const state = await findState(db, { key: stateKey });
  if (!state) throw new ApiError(404, NOT_FOUND.stateByKey(stateKey));
  const city = await findCity(db, { stateId: state.id, key: cityKey });
  if (!city) throw new ApiError(404, NOT_FOUND.city(cityKey, state.state));
  const [{ agents, total }, categoryCounts] = await Promise.all([
    listCityAgents(db, { cityId: city.id, categoryId: cate_id, page, perPage: per_page, sort, services, rent }),
    cityCategoryCounts(db, { cityId: city.id }),
  ]);
  // A city nobody serves (in any category) is no dead end: the offices within 60 miles, and the
  // nearest cities that have managers, in any state.
  const unserved = categoryCounts.every((count) => count.managers === 0);
  const point = unserved ? await getCityPoint(db, { cityId: city.id }) : undefined;
  const [nearby, nearestCities] = point
    ? await Promise.all([
        managersWithOfficeNear(db, { point, radiusMiles: NEARBY_RADIUS_MILES, limit: NEARBY_LIMIT }),
        nearestCitiesWithManagers(db, { point, limit: NEAREST_CITIES_LIMIT, excludeCityId: city.id }),
      ])
    : [[], []];
  return {
    success: true,
    state,
    city,
    agents: { data: agents, total, page, per_page, last_page: lastPage(total, per_page) },
    nearby,
    category_counts: categoryCounts,
    nearest_cities: nearestCities,
  };
};

export const listManagersNear: Call<"agents/near"> = async ({ zip, cate_id, page, per_page, sort, services, rent }, { db }) => {
  const place = await getZipPlace(db, { zip });
  if (!place) throw new ApiError(404, NOT_FOUND.zip(zip));
  const { agents, total } = await managersServingPoint(db, { point: place, categoryId: cate_id, page, perPage: per_page, sort, services, rent });
  const nobody = total === 0 && services.length === 0;
  const nearestCities = nobody ? await nearestCitiesWithManagers(db, { point: place, limit: NEAREST_CITIES_LIMIT }) : [];
  return { success: true, place, agents: { data: agents, total, page, per_page, last_page: lastPage(total, per_page) }, nearest_cities: nearestCities };
};

/**
 * agents/match with the managers the owner chose before (on /compare): those who serve the ZIP
 * for the category join the list (in distance order, like the rest), and those who do not are
 * named, so the flow can say so.
 */
export function withChosenManagers(match: Call<"agents/match">): Call<"agents/match"> {
  return async (input, context) => {
    const answer = await match(input, context);
    const chosen = input.agent_ids ?? [];
    if (chosen.length === 0 || !answer.place) return answer.place || chosen.length === 0 ? answer : { ...answer, not_serving: await namesOf(context, chosen) };
    const serving = await chosenManagersAtPoint(context.db, { point: answer.place, categoryId: input.property_category, ids: chosen });
    const listed = new Set(answer.agents.map((agent) => agent.agent_id));
    const agents = [...answer.agents, ...serving.filter((agent) => !listed.has(agent.agent_id))].sort((a, b) => a.distance_miles - b.distance_miles || a.agent_id - b.agent_id);
    const servingIds = new Set(serving.map((agent) => agent.agent_id));
    return { ...answer, agents, not_serving: await namesOf(context, chosen.filter((id) => !servingIds.has(id))) };
  };
}

async function namesOf({ db }: ServiceContext, ids: readonly number[]): Promise<{ agent_id: number; company_name: string }[]> {
  const names = await companyNames(db, { ids });
  return ids.flatMap((id) => (names.has(id) ? [{ agent_id: id, company_name: names.get(id)! }] : []));
}

