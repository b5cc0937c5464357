import type { APIRequestContext } from "@playwright/test";
import { CONTENT_PAGE_PATHS, PATHS, STEP_PATHS, agentPath, blogPath, cityPath, cityViewPath, comparePath, lawComparePath, lawPath, managersNearPath, statePath } from "../../lib/contract/routes";

/**
 * One page of each kind the site serves, for the checks that must hold on every kind: the W3C
 * HTML checker (html-validation.spec.ts), axe and the heading outline (accessibility.spec.ts).
 * A new kind of page gets one entry here, and every one of those checks covers it.
 */
export type PageKind = {
  name: string;
  /** A path of this kind, or how to find one in the seeded data. */
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** The HTTP status the page answers with (200 unless said). */
  status?: number;
  /**
   * Browser storage the page needs before it shows its own content in a browser: the later
   * quote steps send a visitor without the earlier answers back to step 1.
   */
  leadValues?: Record<string, string>;
};

/** Stored values of an owner who finished steps 1-4 (spec section 3's keys). */
export const FINISHED_STEPS: Record<string, string> = {
  property_category: "1",
  property_address: "1200 Congress Ave",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "300",
  full_name: "Dana Whitfield",
  email_address: "dana.whitfield@example.com",
  phone_no: "5125550147",
  preferred_contact_method: "Phone",
  question_answer: "[]",
};

async function firstBlogPath(request: APIRequestContext): Promise<string> {
  const { blogs } = await (await request.post("/api/blogs/list", { data: { type: "All" } })).json();
  return blogPath(blogs[0].slug);
}

async function columbusManagers(request: APIRequestContext): Promise<{ agent_id: number; state: string; city_slug: string }[]> {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "OH", city: "columbus", cate_id: 0 } })).json();
  return agents.data;
}

async function firstProfilePath(request: APIRequestContext): Promise<string> {
  return agentPath((await columbusManagers(request))[0]);
}

async function comparePagePath(request: APIRequestContext): Promise<string> {
  return comparePath((await columbusManagers(request)).slice(0, 3).map((agent) => agent.agent_id));
}

export const PAGE_KINDS: PageKind[] = [
  { name: "home", path: PATHS.home },
  ...CONTENT_PAGE_PATHS.map((path) => ({ name: `content page ${path}`, path })),
  { name: "contact", path: PATHS.contact },
  { name: "FAQs", path: PATHS.faqs },
  { name: "blogs", path: PATHS.blogs },
  { name: "blog post", path: firstBlogPath },
  { name: "laws index", path: PATHS.laws },
  { name: "law page", path: lawPath("texas") },
  { name: "resources", path: PATHS.resources },
  { name: "state hub", path: statePath("TX") },
  { name: "city page", path: cityPath("TX", "austin") },
  { name: "city category tab", path: cityPath("TX", "austin", { category: "multi-family" }) },
  { name: "city list, page 2", path: cityPath("TX", "austin", { page: 2 }) },
  { name: "city nobody serves", path: cityPath("ME", "rockland") },
  { name: "city view, sorted and filtered", path: cityViewPath("TX", "austin", { sort: "fee", services: ["evictions"] }) },
  { name: "profile", path: firstProfilePath },
  { name: "ZIP search results", path: managersNearPath({ zip: "78701", category: 1 }) },
  { name: "compare", path: comparePagePath },
  { name: "law comparison", path: lawComparePath("security-deposit-limits") },
  { name: "quote step 1", path: STEP_PATHS[1] },
  { name: "quote step 2", path: STEP_PATHS[2], leadValues: FINISHED_STEPS },
  { name: "quote step 3", path: STEP_PATHS[3], leadValues: FINISHED_STEPS },
  { name: "quote step 4", path: STEP_PATHS[4], leadValues: FINISHED_STEPS },
  { name: "quote step 5", path: STEP_PATHS[5], leadValues: FINISHED_STEPS },
  { name: "thank-you", path: PATHS.thankYou },
  { name: "404", path: "/no-such-page", status: 404 },
];

export async function pathOf(kind: PageKind, request: APIRequestContext): Promise<string> {
  return typeof kind.path === "string" ? kind.path : kind.path(request);
}
