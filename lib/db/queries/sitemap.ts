import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";
import type { SitemapEntry } from "../../contract";
import { DIRECTORY_PAGE_SIZE, PROPERTY_CATEGORIES, type PropertyCategorySlug } from "../../contract/site";
import { INDEXABLE_FIXED_PATHS, agentPath, blogPath, cityPath, lawComparePath, lawPath, statePath } from "../../contract/routes";
import { LAW_TOPICS, hasComparePage } from "../../contract/law-topics";
import { statesWithLawFacts, summarizeLawTopics } from "./laws";
import { categoryBit } from "../service-areas";

type Db = Kysely<Database>;

/**
 * The indexable pages in a stable order, one slice at a time (a sitemap part holds at most
 * 50,000): the fixed pages, every state's law page, the 50-state law comparisons, every blog
 * post, the state hubs, the city pages of cities that managers serve (a city nobody serves is a
 * "No Record" page, marked noindex), each city's category tabs that are not empty, the later
 * pages of lists longer than a page (/agents/TX/austin/page/2, a tab's too), and every manager's
 * profile. Each kind is read only for the part of the slice that falls on it.
 */
type Section = {
  count(db: Db): Promise<number>;
  read(db: Db, offset: number, limit: number): Promise<SitemapEntry[]>;
};

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** Cities with at least one manager serving them (all categories). */
function servedCities(db: Db) {
  return db.selectFrom("cities").innerJoin("states", "states.id", "cities.state_id").where("cities.managers_serving", ">", 0);
}

/** Cities with at least one manager serving them for one category: its tab is not empty. */
function servedCitiesFor(db: Db, categoryId: number) {
  const bit = categoryBit(categoryId);
  return servedCities(db).where((eb) =>
    eb.exists(
      eb
        .selectFrom("city_coverage")
        .select("city_coverage.agent_id")
        .whereRef("city_coverage.city_id", "=", "cities.id")
        .where(sql<boolean>`(city_coverage.category_mask & ${bit}) <> 0`),
    ),
  );
}

/** One slice of the served cities (for one category, when given), by state, largest first. */
function servedCitySlice(db: Db, { categoryId, offset, limit }: { categoryId?: number; offset: number; limit: number }) {
  return (categoryId === undefined ? servedCities(db) : servedCitiesFor(db, categoryId))
    .select(["states.abbreviation", "cities.slug"])
    .orderBy("states.abbreviation")
    .orderBy("cities.population", "desc")
    .orderBy("cities.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A list's pages after the first: `count` managers make ceil(count / page size) pages. */
const laterPages = (count: number) => Math.max(0, Math.ceil(count / DIRECTORY_PAGE_SIZE) - 1);

/**
 * The later pages of the served cities' lists (of one category's tab when given), in the order of
 * the city sections: each city with more managers than a page holds, with its managers' count.
 */
async function citiesWithLaterPages(db: Db, categoryId?: number): Promise<Array<{ abbreviation: string; slug: string; count: number }>> {
  if (categoryId === undefined) {
    const rows = await servedCities(db)
      .where("cities.managers_serving", ">", DIRECTORY_PAGE_SIZE)
      .select(["states.abbreviation", "cities.slug", "cities.managers_serving as count"])
      .orderBy("states.abbreviation")
      .orderBy("cities.population", "desc")
      .orderBy("cities.id")
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }
  const bit = categoryBit(categoryId);
  const counts = db
    .selectFrom("city_coverage")
    .select(["city_coverage.city_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where(sql<boolean>`(city_coverage.category_mask & ${bit}) <> 0`)
    .groupBy("city_coverage.city_id")
    .having((eb) => eb.fn.countAll(), ">", DIRECTORY_PAGE_SIZE)
    .as("counts");
  const rows = await servedCities(db)
    .innerJoin(counts, "counts.city_id", "cities.id")
    .select(["states.abbreviation", "cities.slug", "counts.count"])
    .orderBy("states.abbreviation")
    .orderBy("cities.population", "desc")
    .orderBy("cities.id")
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** A section of the later pages of every long list (of one category's tab when given). */
function laterPagesSection(category?: { id: number; slug: PropertyCategorySlug }): Section {
  const paths = async (db: Db) =>
    (await citiesWithLaterPages(db, category?.id)).flatMap((city) =>
      Array.from({ length: laterPages(city.count) }, (_, index) => ({ path: cityPath(city.abbreviation, city.slug, { category: category?.slug, page: index + 2 }) })),
    );
  return { count: async (db) => (await paths(db)).length, read: async (db, offset, limit) => (await paths(db)).slice(offset, offset + limit) };
}

/** The 50-state comparison pages (/laws/compare/{topic}), dated by their facts' last review. */
async function comparePages(db: Db): Promise<SitemapEntry[]> {
  const summary = await summarizeLawTopics(db);
  return LAW_TOPICS.flatMap((topic) => {
    const facts = summary.get(topic.key);
    return facts && hasComparePage(topic, facts.states) ? [{ path: lawComparePath(topic.slug), lastModified: facts.reviewedOn }] : [];
  });
}

const SECTIONS: Section[] = [
  {
    count: async () => INDEXABLE_FIXED_PATHS.length,
    read: async (_db, offset, limit) => INDEXABLE_FIXED_PATHS.slice(offset, offset + limit).map((path) => ({ path })),
  },
  {
    count: (db) => countOf(statesWithLawFacts(db).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: async (db, offset, limit) =>
      (await statesWithLawFacts(db).select("states.slug").orderBy("states.name").offset(offset).limit(limit).execute()).map((state) => ({
        path: lawPath(state.slug),
      })),
  },
  {
    count: async (db) => (await comparePages(db)).length,
    read: async (db, offset, limit) => (await comparePages(db)).slice(offset, offset + limit),
  },
  {
    count: (db) => countOf(db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("count"))),
    read: async (db, offset, limit) =>
      (await db.selectFrom("blogs").select(["slug", "post_date"]).orderBy("post_date", "desc").orderBy("id").offset(offset).limit(limit).execute()).map(
        (blog) => ({ path: blogPath(blog.slug), lastModified: blog.post_date }),
      ),
  },
  {
    // State hubs: states where managers serve at least one city.
    count: (db) => countOf(db.selectFrom("states").where((eb) => eb.exists(servedCities(db).select("cities.id").whereRef("cities.state_id", "=", "states.id"))).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: async (db, offset, limit) =>
      (
        await db
          .selectFrom("states")
          .select("abbreviation")
          .where((eb) => eb.exists(servedCities(db).select("cities.id").whereRef("cities.state_id", "=", "states.id")))
          .orderBy("abbreviation")
          .offset(offset)
          .limit(limit)
          .execute()
      ).map((state) => ({ path: statePath(state.abbreviation) })),
  },
  {
    count: (db) => countOf(servedCities(db).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: async (db, offset, limit) => (await servedCitySlice(db, { offset, limit })).map((city) => ({ path: cityPath(city.abbreviation, city.slug) })),
  },
  // A city's category tabs, one section per category, each only where it lists someone.
  ...PROPERTY_CATEGORIES.map(
    (category): Section => ({
      count: (db) => countOf(servedCitiesFor(db, category.id).select((eb) => eb.fn.countAll<number>().as("count"))),
      read: async (db, offset, limit) =>
        (await servedCitySlice(db, { categoryId: category.id, offset, limit })).map((city) => ({ path: cityPath(city.abbreviation, city.slug, { category: category.slug }) })),
    }),
  ),
  laterPagesSection(),
  ...PROPERTY_CATEGORIES.map((category) => laterPagesSection(category)),
  {
    count: (db) => countOf(db.selectFrom("agents").select((eb) => eb.fn.countAll<number>().as("count"))),
    read: async (db, offset, limit) =>
      (
        await db
          .selectFrom("agents")
          .innerJoin("cities", "cities.id", "agents.city_id")
          .innerJoin("states", "states.id", "agents.state_id")
          .select(["agents.id", "cities.slug", "states.abbreviation"])
          .orderBy("agents.id")
          .offset(offset)
          .limit(limit)
          .execute()
      ).map((agent) => ({ path: agentPath({ state: agent.abbreviation, city_slug: agent.slug, agent_id: agent.id }) })),
  },
];

export async function listSitemapEntries(db: Db, { offset, limit }: { offset: number; limit: number }): Promise<{ entries: SitemapEntry[]; total: number }> {
  const counts = await Promise.all(SECTIONS.map((section) => section.count(db)));
  const entries: SitemapEntry[] = [];
  let start = 0;
  for (const [index, section] of SECTIONS.entries()) {
    const end = start + counts[index];
    const from = Math.max(offset, start);
    const to = Math.min(offset + limit, end);
    if (from < to) entries.push(...(await section.read(db, from - start, to - from)));
    start = end;
  }
  return { entries, total: counts.reduce((sum, count) => sum + count, 0) };
}
