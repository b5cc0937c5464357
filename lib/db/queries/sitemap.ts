import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";
import type { SitemapEntry } from "../../contract";
import { DIRECTORY_PAGE_SIZE, PROPERTY_CATEGORIES, categoryLabel } from "../../contract/site";
import { INDEXABLE_FIXED_PATHS, agentPath, blogPath, cityPath, lawComparePath, lawPath, statePath } from "../../contract/routes";
import { LAW_TOPICS, hasComparePage, lawCompareSummary } from "../../contract/law-topics";
import { FIXED_PAGE_RECORDS } from "../../contract/fixed-pages";
import { INDEXED_LIST_MIN, pageTarget, templateTarget, type SeoFactsOf, type SeoKind } from "../../contract/seo-text";
import { excerpt } from "../../sanitize";
import { listPathsOutOfIndex } from "./workspace";
import { listTopicComparison, statesWithLawFacts, summarizeLawTopics } from "./laws";
import { categoryBit, samplesListed } from "../service-areas";

type Db = Kysely<Database>;

/**
 * The indexable pages in a stable order, one slice at a time (a sitemap part holds at most
 * 50,000): the fixed pages, every state's law page, the 50-state law comparisons, every blog
 * post, the state hubs, the city pages of cities that managers serve (a city nobody serves is a
 * "No Record" page, marked noindex), each city's category tabs that are not empty, the later
 * pages of lists longer than a page (/agents/TX/austin/page/2, a tab's too), and every manager's
 * profile. Each kind is read only for the part of the slice that falls on it.
 *
 * One list, two readers: the sitemap takes each page's path (listSitemapEntries), the marketers'
 * workspace takes each page's kind and the facts its title and description are written from
 * (listIndexablePages, lib/contract/seo-text.ts), read in one batch per section.
 */
export type IndexablePage = { [K in SeoKind]: { kind: K; path: string; lastModified?: string; facts: SeoFactsOf[K] } }[SeoKind];

type Section<Row> = {
  kind: SeoKind;
  count(db: Db): Promise<number>;
  read(db: Db, offset: number, limit: number): Promise<Row[]>;
  entry(row: Row): SitemapEntry;
  /** The facts of each row, in order (the workspace only). */
  facts(db: Db, rows: Row[]): Promise<SeoFactsOf[SeoKind][]>;
};

const section = <Row,>(definition: Section<Row>) => definition as Section<unknown>;

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** A query of agents narrowed to the listed ones: the samples leave once a real listing exists (service-areas.ts samplesListed). */
async function listedOnly<Q extends { where(column: "agents.is_demo", op: "=", value: number): Q }>(db: Db, query: Q): Promise<Q> {
  return (await samplesListed(db)) ? query : query.where("agents.is_demo", "=", 0);
}

/** Cities with at least one manager serving them (all categories): emptyListIsNoindex's rule, in SQL. */
function servedCities(db: Db) {
  return db.selectFrom("cities").innerJoin("states", "states.id", "cities.state_id").where("cities.managers_serving", ">=", INDEXED_LIST_MIN);
}

/**
 * Cities whose tab for one category is a page of its own: it lists somebody, and fewer managers
 * than the city page (a tab listing all of them is the city page again: tabRepeatsCity's rule, in SQL).
 */
function servedCitiesFor(db: Db, categoryId: number) {
  const bit = categoryBit(categoryId);
  return servedCities(db).where(
    sql<boolean>`(select count(*) from city_coverage where city_coverage.city_id = cities.id and (city_coverage.category_mask & ${bit}) <> 0) between ${INDEXED_LIST_MIN} and cities.managers_serving - 1`,
  );
}

/**
 * A sitemap's <lastmod>: the date a page's content last changed, as an ISO date-time (SQLite
 * stores text, PostgreSQL may answer a Date); undefined when nothing records it.
 */
const isoDate = (value: unknown): string | undefined => {
  if (value === null || value === undefined || value === "") return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/**
 * The latest change among the managers serving the city (agents.updated_at: added, or changed by
 * an import): a city's list and its tabs show them, so they change when one does.
 */
const lastListingChangeOfCity = () =>
  sql<string | null>`(select max(agents.updated_at) from city_coverage inner join agents on agents.id = city_coverage.agent_id where city_coverage.city_id = cities.id)`;

type CityRow = { id: number; abbreviation: string; slug: string; name: string; state_name: string; managers_serving: number; last_modified?: string | null };

/** One slice of the served cities (for one category, when given), by state, largest first. */
function servedCitySlice(db: Db, { categoryId, offset, limit }: { categoryId?: number; offset: number; limit: number }): Promise<CityRow[]> {
  return (categoryId === undefined ? servedCities(db) : servedCitiesFor(db, categoryId))
    .select(["cities.id", "states.abbreviation", "cities.slug", "cities.name", "states.name as state_name", "cities.managers_serving", lastListingChangeOfCity().as("last_modified")])
    .orderBy("states.abbreviation")
    .orderBy("cities.population", "desc")
    .orderBy("cities.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How many managers serve each of these cities for one category (what its tab counts). */
async function categoryCounts(db: Db, cityIds: number[], categoryId: number): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const bit = categoryBit(categoryId);
  for (let start = 0; start < cityIds.length; start += 5_000) {
    const rows = await db
      .selectFrom("city_coverage")
      .select(["city_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where("city_id", "in", cityIds.slice(start, start + 5_000))
      .where(sql<boolean>`(city_coverage.category_mask & ${bit}) <> 0`)
      .groupBy("city_id")
      .execute();
    for (const row of rows) counts.set(Number(row.city_id), Number(row.count));
  }
  return counts;
}

/** A later page of a long list (a city's, or one category's tab): its city, the list's count, the page. */
type LaterPageRow = CityRow & { count: number; page: number };

/**
 * The later pages of every served city's list (of one category's tab when given), in the order
 * of the city sections: `count` managers make ceil(count / page size) pages.
 */
async function laterPages(db: Db, categoryId?: number): Promise<LaterPageRow[]> {
  const columns = ["cities.id", "states.abbreviation", "cities.slug", "cities.name", "states.name as state_name", "cities.managers_serving", lastListingChangeOfCity().as("last_modified")] as const;
  const ordered = <Q extends { orderBy(column: string, direction?: "desc"): Q }>(query: Q) => query.orderBy("states.abbreviation").orderBy("cities.population", "desc").orderBy("cities.id");
  let cities: Array<CityRow & { count: number | string }>;
  if (categoryId === undefined) {
    cities = await ordered(servedCities(db).where("cities.managers_serving", ">", DIRECTORY_PAGE_SIZE).select([...columns, "cities.managers_serving as count"])).execute();
  } else {
    const counts = db
      .selectFrom("city_coverage")
      .select(["city_coverage.city_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where(sql<boolean>`(city_coverage.category_mask & ${categoryBit(categoryId)}) <> 0`)
      .groupBy("city_coverage.city_id")
      .having((eb) => eb.fn.countAll(), ">", DIRECTORY_PAGE_SIZE)
      .as("counts");
    // Only a tab that is a page of its own (fewer managers than its city: tabRepeatsCity) has later pages listed.
    cities = await ordered(servedCities(db).innerJoin(counts, "counts.city_id", "cities.id").whereRef("counts.count", "<", "cities.managers_serving").select([...columns, "counts.count"])).execute();
  }
  return cities.flatMap((city) =>
    Array.from({ length: Math.ceil(Number(city.count) / DIRECTORY_PAGE_SIZE) - 1 }, (_, index) => ({ ...city, count: Number(city.count), page: index + 2 })),
  );
}

/** The 50-state comparison pages (/laws/compare/{topic}), dated by their facts' last review. */
async function comparePages(db: Db) {
  const summary = await summarizeLawTopics(db);
  return LAW_TOPICS.flatMap((topic) => {
    const facts = summary.get(topic.key);
    return facts && hasComparePage(topic, facts.states) ? [{ topic, path: lawComparePath(topic.slug), lastModified: facts.reviewedOn }] : [];
  });
}

type Fixed = (typeof INDEXABLE_FIXED_PATHS)[number];

/** The SEO fields and heading of page records, in the order of `ids` (a missing record reads empty). */
export async function recordFacts(db: Db, ids: number[]): Promise<SeoFactsOf["fixed"][]> {
  if (ids.length === 0) return [];
  const records = await db.selectFrom("pages").select(["page_id", "seo_title", "seo_description", "seo_keywords", "heading"]).where("page_id", "in", ids).execute();
  const byId = new Map(records.map((record) => [Number(record.page_id), record]));
  return ids.map((id) => {
    const record = byId.get(id);
    return { seo_title: record?.seo_title ?? "", seo_description: record?.seo_description ?? "", seo_keywords: record?.seo_keywords ?? "", heading: record?.heading ?? "" };
  });
}

const SECTIONS: Section<unknown>[] = [
  section<Fixed>({
    kind: "fixed",
    count: async () => INDEXABLE_FIXED_PATHS.length,
    read: async (_db, offset, limit) => INDEXABLE_FIXED_PATHS.slice(offset, offset + limit),
    entry: (path) => ({ path }),
    facts: (db, paths) => recordFacts(db, paths.map((path) => FIXED_PAGE_RECORDS[path])),
  }),
  section<{ slug: string; name: string; reviewed_on: string | null }>({
    kind: "law",
    count: (db) => countOf(statesWithLawFacts(db).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: (db, offset, limit) =>
      statesWithLawFacts(db)
        .select([
          "states.slug",
          "states.name",
          // The last review of the facts files the state's facts come from.
          sql<string | null>`(select max(law_fact_files.reviewed_on) from law_facts inner join law_fact_files on law_fact_files.file = law_facts.file where law_facts.state_id = states.id)`.as("reviewed_on"),
        ])
        .orderBy("states.name")
        .offset(offset)
        .limit(limit)
        .execute(),
    entry: (state) => ({ path: lawPath(state.slug), lastModified: isoDate(state.reviewed_on)?.slice(0, 10) }),
    facts: async (_db, states) => states.map((state) => ({ state: state.name })),
  }),
  section<Awaited<ReturnType<typeof comparePages>>[number]>({
    kind: "law-compare",
    count: async (db) => (await comparePages(db)).length,
    read: async (db, offset, limit) => (await comparePages(db)).slice(offset, offset + limit),
    entry: ({ path, lastModified }) => ({ path, lastModified }),
    facts: (db, pages) =>
      Promise.all(
        pages.map(async ({ topic }) => ({
          topic: topic.title,
          topic_label: topic.label.toLowerCase(),
          summary: lawCompareSummary(topic.description, await listTopicComparison(db, { topic: topic.key })),
        })),
      ),
  }),
  section<{ slug: string; post_date: string; seo_title: string; seo_description: string; seo_keywords: string; heading: string }>({
    kind: "blog",
    count: (db) => countOf(db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("count"))),
    read: (db, offset, limit) =>
      db
        .selectFrom("blogs")
        .select(["slug", "post_date", "seo_title", "seo_description", "seo_keywords", "heading"])
        .orderBy("post_date", "desc")
        .orderBy("id")
        .offset(offset)
        .limit(limit)
        .execute(),
    entry: (blog) => ({ path: blogPath(blog.slug), lastModified: blog.post_date }),
    facts: async (_db, blogs) => blogs.map(({ seo_title, seo_description, seo_keywords, heading }) => ({ seo_title, seo_description, seo_keywords, heading })),
  }),
  section<{ id: number; abbreviation: string; name: string; last_modified: string | null }>({
    // State hubs: states where managers serve at least one city.
    kind: "state",
    count: (db) => countOf(db.selectFrom("states").where((eb) => eb.exists(servedCities(db).select("cities.id").whereRef("cities.state_id", "=", "states.id"))).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: (db, offset, limit) =>
      db
        .selectFrom("states")
        // Dated by the latest change among its own listings (from the index agents_state_updated alone).
        .select(["id", "abbreviation", "name", sql<string | null>`(select max(agents.updated_at) from agents where agents.state_id = states.id)`.as("last_modified")])
        .where((eb) => eb.exists(servedCities(db).select("cities.id").whereRef("cities.state_id", "=", "states.id")))
        .orderBy("abbreviation")
        .offset(offset)
        .limit(limit)
        .execute(),
    entry: (state) => ({ path: statePath(state.abbreviation), lastModified: isoDate(state.last_modified) }),
    async facts(db, states) {
      const rows = await db
        .selectFrom("cities")
        .select(["state_id", (eb) => eb.fn.countAll<number>().as("count")])
        .where("managers_serving", ">=", INDEXED_LIST_MIN)
        .groupBy("state_id")
        .execute();
      const counts = new Map(rows.map((row) => [Number(row.state_id), Number(row.count)]));
      return states.map((state) => ({ state: state.name, state_abbr: state.abbreviation, count: counts.get(Number(state.id)) ?? 0 }));
    },
  }),
  section<CityRow>({
    kind: "city",
    count: (db) => countOf(servedCities(db).select((eb) => eb.fn.countAll<number>().as("count"))),
    read: (db, offset, limit) => servedCitySlice(db, { offset, limit }),
    entry: (city) => ({ path: cityPath(city.abbreviation, city.slug), lastModified: isoDate(city.last_modified) }),
    facts: async (_db, cities) =>
      cities.map((city) => ({ city: city.name, state: city.state_name, state_abbr: city.abbreviation, count: Number(city.managers_serving), page: 1 })),
  }),
  section<LaterPageRow>({
    kind: "city",
    count: async (db) => (await laterPages(db)).length,
    read: async (db, offset, limit) => (await laterPages(db)).slice(offset, offset + limit),
    entry: (row) => ({ path: cityPath(row.abbreviation, row.slug, { page: row.page }), lastModified: isoDate(row.last_modified) }),
    facts: async (_db, rows) => rows.map((row) => ({ city: row.name, state: row.state_name, state_abbr: row.abbreviation, count: row.count, page: row.page })),
  }),
  // A city's category tabs, one section per category, each only where it lists someone.
  ...PROPERTY_CATEGORIES.map((category) =>
    section<CityRow>({
      kind: "category",
      count: (db) => countOf(servedCitiesFor(db, category.id).select((eb) => eb.fn.countAll<number>().as("count"))),
      read: (db, offset, limit) => servedCitySlice(db, { categoryId: category.id, offset, limit }),
      entry: (city) => ({ path: cityPath(city.abbreviation, city.slug, { category: category.slug }), lastModified: isoDate(city.last_modified) }),
      async facts(db, cities) {
        const counts = await categoryCounts(db, cities.map((city) => Number(city.id)), category.id);
        return cities.map((city) => ({
          category: category.label,
          city: city.name,
          state: city.state_name,
          state_abbr: city.abbreviation,
          count: counts.get(Number(city.id)) ?? 0,
          page: 1,
        }));
      },
    }),
  ),
  // Each tab's later pages.
  ...PROPERTY_CATEGORIES.map((category) =>
    section<LaterPageRow>({
      kind: "category",
      count: async (db) => (await laterPages(db, category.id)).length,
      read: async (db, offset, limit) => (await laterPages(db, category.id)).slice(offset, offset + limit),
      entry: (row) => ({ path: cityPath(row.abbreviation, row.slug, { category: category.slug, page: row.page }), lastModified: isoDate(row.last_modified) }),
      facts: async (_db, rows) =>
        rows.map((row) => ({ category: category.label, city: row.name, state: row.state_name, state_abbr: row.abbreviation, count: row.count, page: row.page })),
    }),
  ),
  section<{ id: number; slug: string; abbreviation: string; updated_at: string }>({
    kind: "profile",
    count: async (db) => countOf(await listedOnly(db, db.selectFrom("agents").select((eb) => eb.fn.countAll<number>().as("count")))),
    read: async (db, offset, limit) =>
      (await listedOnly(db, db.selectFrom("agents")))
        .innerJoin("cities", "cities.id", "agents.city_id")
        .innerJoin("states", "states.id", "agents.state_id")
        .select(["agents.id", "cities.slug", "states.abbreviation", "agents.updated_at"])
        .orderBy("agents.id")
        .offset(offset)
        .limit(limit)
        .execute(),
    // A profile's date is its listing's last change.
    entry: (agent) => ({ path: agentPath({ state: agent.abbreviation, city_slug: agent.slug, agent_id: agent.id }), lastModified: isoDate(agent.updated_at) }),
    async facts(db, agents) {
      // Read only for the workspace: the sitemap needs no names or about texts.
      const ids = agents.map((agent) => Number(agent.id));
      const details = new Map<number, { company_name: string; about: string; city_name: string; state_name: string; demo: number | null }>();
      const categories = new Map<number, number[]>();
      for (let start = 0; start < ids.length; start += 5_000) {
        const slice = ids.slice(start, start + 5_000);
        const rows = await db
          .selectFrom("agents")
          .innerJoin("cities", "cities.id", "agents.city_id")
          .innerJoin("states", "states.id", "agents.state_id")
          .select(["agents.id", "agents.company_name", "agents.about", "agents.is_demo as demo", "cities.name as city_name", "states.name as state_name"])
          .where("agents.id", "in", slice)
          .execute();
        for (const row of rows) details.set(Number(row.id), row);
        for (const row of await db.selectFrom("agent_categories").select(["agent_id", "category_id"]).where("agent_id", "in", slice).execute()) {
          categories.set(Number(row.agent_id), [...(categories.get(Number(row.agent_id)) ?? []), Number(row.category_id)]);
        }
      }
      return agents.map((agent) => {
        const detail = details.get(Number(agent.id));
        return {
          company: detail?.company_name ?? "",
          city: detail?.city_name ?? "",
          state: detail?.state_name ?? "",
          state_abbr: agent.abbreviation,
          // The profile's own category line (lib/db/queries/agents.ts agentRowToAgent): labels by id.
          category: (categories.get(Number(agent.id)) ?? [])
            .sort((a, b) => a - b)
            .map((id) => categoryLabel(id))
            .filter(Boolean)
            .join(", "),
          about: excerpt(detail?.about ?? "", 160),
          sample: Number(detail?.demo) === 1,
        };
      });
    },
  }),
];

/** Runs `visit` on the rows of each section that fall within [offset, offset + limit). */
async function eachSlice(db: Db, { offset, limit }: { offset: number; limit: number }, visit: (section: Section<unknown>, rows: unknown[]) => Promise<void>): Promise<number> {
  const counts = await Promise.all(SECTIONS.map((entry) => entry.count(db)));
  let start = 0;
  for (const [index, entry] of SECTIONS.entries()) {
    const end = start + counts[index];
    const from = Math.max(offset, start);
    const to = Math.min(offset + limit, end);
    if (from < to) await visit(entry, await entry.read(db, from - start, to - from));
    start = end;
  }
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * When the marketers' workspace last published words for each target ("template:city",
 * "page:/agents/TX/austin"): a page's title and description are part of its content.
 */
async function publishedDates(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom("seo_live").select(["target", "published_at"]).execute();
  return new Map(rows.map((row) => [row.target, row.published_at]));
}

/** The entry with the later of its content's date and the last publish of its kind's template or its own override. */
function withPublished(entry: SitemapEntry, kind: SeoKind, published: Map<string, string>): SitemapEntry {
  const dates = [published.get(templateTarget(kind)), published.get(pageTarget(entry.path))].map(isoDate).filter((date): date is string => date !== undefined);
  const content = isoDate(entry.lastModified);
  const latest = dates.reduce<string | undefined>((newest, date) => (newest === undefined || date > newest ? date : newest), undefined);
  return latest !== undefined && (content === undefined || latest > content) ? { ...entry, lastModified: latest } : entry;
}

/** The sitemap's pages, but those the workspace keeps out of the index (listPathsOutOfIndex). */
export async function listSitemapEntries(db: Db, { offset, limit }: { offset: number; limit: number }): Promise<{ entries: SitemapEntry[]; total: number }> {
  const entries: SitemapEntry[] = [];
  const [published, outOfIndex] = await Promise.all([publishedDates(db), listPathsOutOfIndex(db)]);
  const total = await eachSlice(db, { offset, limit }, async (entry, rows) => {
    for (const row of rows) {
      const found = entry.entry(row);
      if (!outOfIndex.has(found.path)) entries.push(withPublished(found, entry.kind, published));
    }
  });
  return { entries, total };
}

/** The same pages with their kind and facts (the marketers' workspace). */
export async function listIndexablePages(db: Db, { offset = 0, limit = Number.MAX_SAFE_INTEGER }: { offset?: number; limit?: number } = {}): Promise<{ pages: IndexablePage[]; total: number }> {
  const pages: IndexablePage[] = [];
  const total = await eachSlice(db, { offset, limit }, async (entry, rows) => {
    const facts = await entry.facts(db, rows);
    rows.forEach((row, index) => pages.push({ kind: entry.kind, ...entry.entry(row), facts: facts[index] } as IndexablePage));
  });
  return { pages, total };
}
