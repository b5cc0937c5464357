import "server-only";
import { cache } from "react";
import { serverApi } from "./server";
import { ApiError } from "./errors";
import { lawDocumentSchema, type LawDocument } from "./contract";

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

export const getCityAgents = cache(async (state: string, city: string) =>
  orNull(api().call("agents/list", { cate_id: 1, state, city, per_page: 100 })),
);

export const getAgent = cache(async (agentId: number) => (await orNull(api().call("agent/get", { agent_id: agentId })))?.agent_data ?? null);
