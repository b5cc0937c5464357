import "server-only";
import { getDatabase } from "../db";
import { DEFAULT_CATEGORY_ID } from "../site";

/** A sitemap file holds at most 50,000 URLs. */
export const SITEMAP_LIMIT = 50_000;

/**
 * The indexable dynamic pages: every law and blog, the city pages that list at least one
 * manager (a city without managers is a "No Record" page marked noindex) and every profile.
 * Read straight from the site's database: no service call lists them all.
 */
export async function listIndexablePaths(): Promise<{ laws: string[]; blogs: { path: string; date: string }[]; cities: string[]; agents: string[] }> {
  const { db } = await getDatabase();
  const [states, blogs, cities, agents] = await Promise.all([
    db.selectFrom("states").innerJoin("laws", "laws.state_id", "states.id").select("states.slug").orderBy("states.name").execute(),
    db.selectFrom("blogs").select(["slug", "post_date"]).orderBy("post_date", "desc").execute(),
    db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["states.abbreviation", "cities.slug"])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("agents")
            .innerJoin("agent_categories", "agent_categories.agent_id", "agents.id")
            .select("agents.id")
            .whereRef("agents.city_id", "=", "cities.id")
            .where("agent_categories.category_id", "=", DEFAULT_CATEGORY_ID),
        ),
      )
      .orderBy("states.abbreviation")
      .orderBy("cities.population", "desc")
      .execute(),
    db
      .selectFrom("agents")
      .innerJoin("cities", "cities.id", "agents.city_id")
      .innerJoin("states", "states.id", "agents.state_id")
      .select(["agents.id", "cities.slug", "states.abbreviation"])
      .orderBy("agents.id")
      .limit(SITEMAP_LIMIT)
      .execute(),
  ]);
  return {
    laws: states.map((state) => `/laws/${state.slug}`),
    blogs: blogs.map((blog) => ({ path: `/blog/${blog.slug}`, date: blog.post_date })),
    cities: cities.map((city) => `/agents/${city.abbreviation}/${city.slug}`),
    agents: agents.map((agent) => `/agent/${agent.abbreviation}/${agent.slug}/${agent.id}`),
  };
}
