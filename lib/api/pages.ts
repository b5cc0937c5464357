import "server-only";
import { cache } from "react";
import { serverApi } from "./server";
import { ApiError } from "../contract/errors";
import { lawDocumentSchema, type LawDocument } from "../contract";
import { DIRECTORY_PAGE_SIZE, type DirectorySort, type ServiceKey } from "../contract/site";

/**
 * The reads pages make, each wrapped in React's cache so a page and its generateMetadata share
 * one call per render. Lookups that can miss answer null on 404 so the page can call notFound().
 */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

const api = () => serverApi();

export const getPageRecord = cache(async (pageId: number) => (await api().call("page/get", { page_id: pageId })).pageData);

export const getTestimonials = cache(async () => (await api().call("testimonial/list", { type: "Featured" })).testimonials);

export const getBlogs = cache(async (type: "Featured" | "All") => (await api().call("blogs/list", { type })).blogs);

export const getBlog = cache(async (slug: string) => (await orNull(api().call("blog/get", { slug })))?.blog ?? null);

export const getFaqs = cache(async () => (await api().call("faq/list", { type: "Featured" })).faqs);

export const getStates = cache(async (length?: "Half" | "Full") => api().call("state/code/list", { type: "Featured", ...(length ? { length } : {}) }));

export const getCities = cache(async (stateId: number, length?: "Half" | "Full") =>
  api().call("city/list", { state_id: stateId, ...(length ? { length } : {}) }),
);

export type StateLaw = { id: number; state: string; abbreviation: string; slug: string; document: LawDocument };

export const getStateLaw = cache(async (slug: string): Promise<StateLaw | null> => {
  const answer = await orNull(api().call("law/get", { state: slug }));
  if (!answer) return null;
  const { laws, ...state } = answer.stateData;
  const parsed = lawDocumentSchema.safeParse(JSON.parse(laws));
  return { ...state, document: parsed.success ? parsed.data : { scrapedData: [] } };
});

type CategoryOrAll = 0 | 1 | 2 | 3 | 8;

/** The services of a view as one string ("evictions,inspections"): cache() tells arrays apart by identity. */
export const servicesKey = (services: readonly ServiceKey[]) => services.join(",");
const servicesOf = (key: string) => (key ? (key.split(",") as ServiceKey[]) : []);

/**
 * One page of the managers serving a city, for one category or all (0), in the default order or
 * the sort, services (servicesKey) and, for the fee sort, the rent an owner chose; null for an unknown place.
 */
export const getCityListing = cache(async (state: string, city: string, categoryId: CategoryOrAll, page: number, sort?: DirectorySort, services = "", rent?: number) =>
  orNull(api().call("agents/list", { cate_id: categoryId, state, city, page, per_page: DIRECTORY_PAGE_SIZE, sort, services: servicesOf(services), rent })),
);
export type CityListing = NonNullable<Awaited<ReturnType<typeof getCityListing>>>;

/** A state (by abbreviation or slug, any case) and its cities that have managers, with counts. */
export const getStateHub = cache(async (key: string) => {
  const { states } = await getStates("Full");
  const wanted = key.trim().toLowerCase();
  const state = states.find((item) => item.abbreviation.toLowerCase() === wanted || item.slug === wanted);
  if (!state) return null;
  const { cities } = await getCities(state.id, "Full");
  return { state, cities: cities.filter((city) => city.managers > 0) };
});

/**
 * The ZIP search (not cached: every query differs): the place and one page of the managers
 * serving it, or the message to show for a ZIP code that is malformed or unknown.
 */
export async function searchManagersNear(zip: string, categoryId: CategoryOrAll, page: number, sort?: DirectorySort, services: readonly ServiceKey[] = [], rent?: number) {
  try {
    return { result: await api().call("agents/near", { zip, cate_id: categoryId, page, per_page: DIRECTORY_PAGE_SIZE, sort, services: [...services], rent }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return { error: error.message };
    throw error;
  }
}

export const getAgent = cache(async (agentId: number) => (await orNull(api().call("agent/get", { agent_id: agentId })))?.agent_data ?? null);

/**
 * Every law topic, with how many states have a fact on it and whether it has a comparison page.
 * An external service without the call (404) simply has no comparisons.
 */
const getLawTopics = cache(async () => (await orNull(api().call("laws/topics", {})))?.topics ?? []);

/** The topics that have a 50-state comparison page, in page order. */
export const getLawComparisons = cache(async () => (await getLawTopics()).filter((topic) => topic.compare));

/** One topic across the 51 jurisdictions; null for a topic without a comparison page. */
export const getLawComparison = cache(async (topic: string) => orNull(api().call("laws/compare", { topic })));

export type StateLicenseRule = { state: string; abbreviation: string; slug: string; value: string; citation: string | null };

/**
 * A state's rule on licensing property managers, where the data has one: information about the
 * state's law for the manager profile and the compare view, never a check of a manager. It is a
 * secondary line on those pages, so any failure to read it leaves the line out instead of the page.
 */
export const getStateLicenseRule = cache(async (stateAbbreviation: string): Promise<StateLicenseRule | null> => {
  try {
    const { state, facts } = await api().call("law/facts", { state: stateAbbreviation, topic: "property_manager_license" });
    const fact = facts[0];
    return fact ? { state: state.state, abbreviation: state.abbreviation, slug: state.slug, value: fact.value, citation: fact.citation } : null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
});
