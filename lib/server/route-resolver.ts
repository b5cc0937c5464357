import { matchDynamicRoute, slugify, type DynamicRoute } from "../contract/routes";
import { findLawTopic } from "../contract/law-topics";
import { PAGE_TABLE, cityListRequest, lastListPage, pageDecision, type Resolution } from "../contract/page-table";
import { parseRecordId } from "../contract/record-id";
import { ROUTE_RESOLUTION_LIMIT, ROUTE_RESOLUTION_MS } from "../contract/cache-policy";

/**
 * Every dynamic route family (states, cities, their category tabs and later pages, profiles and
 * their share images, laws, law comparisons, blog posts and their share images) is checked here
 * before anything is rendered or stored: a URL that names nothing real (an unknown state, city,
 * category, id or slug, a page past a list's last, a share image of nothing) is answered 404 by
 * the production server, from Next.js's static not-found page, so it never reaches a render or
 * any cache; another spelling of a real page (`/agents/tx/AUSTIN`, `/laws/TX`,
 * `/agents/TX/austin/page/1`) is redirected to its canonical address with one Location. The check
 * is a read call to the site's own service; a known page is remembered for a minute, an unknown
 * one not at all, so a manager added a moment ago is found at once.
 */
export type { Resolution } from "../contract/page-table";

/** Calls the site's own service in this process; answers the status and the parsed body. */
export type ServiceCall = (call: string, body: unknown) => Promise<{ status: number; body: unknown }>;

type Answer = Record<string, Record<string, unknown>>;
type Lookup = { call: string; body: unknown; canonical(answer: Answer): string | null };

/**
 * States and law pages are checked against the list of states (one cheap call, its answer
 * remembered like every resolution), by abbreviation or slug, as the service finds a state.
 */
const STATE_LIST = { call: "state/code/list", body: { type: "Featured", length: "Full" } } as const;
function stateIn(answer: Answer, key: string) {
  const states = (answer as unknown as { states: Array<{ abbreviation: string; slug: string }> }).states;
  return states.find((item) => item.abbreviation === key.trim().toUpperCase() || item.slug === slugify(key)) ?? null;
}

/** The call that finds a route's record, and its canonical address by the page table; null: cannot exist. */
function lookupFor(route: DynamicRoute): Lookup | null {
  switch (route.route) {
    case "state":
      return { ...STATE_LIST, canonical: (answer) => PAGE_TABLE.state(stateIn(answer, route.state)) };
    case "city": {
      const request = cityListRequest(route);
      if (!request) return null;
      return {
        call: "agents/list",
        body: { state: route.state, city: route.city, cate_id: request.category?.id ?? 0, per_page: 1 },
        canonical: ({ state, city, agents }) =>
          PAGE_TABLE.city(request, { state: String(state.abbreviation), city_slug: String(city.slug), last_page: lastListPage(Number(agents.total)) }),
      };
    }
    case "agent": {
      const id = parseRecordId(route.id);
      if (id === null || route.image === null) return null;
      return {
        call: "agent/get",
        body: { agent_id: id },
        canonical: ({ agent_data: agent }) => PAGE_TABLE.agent({ state: String(agent.state), city_slug: String(agent.city_slug), agent_id: Number(agent.agent_id) }, route.image ?? undefined),
      };
    }
    case "law":
      // Every state has a law page (the page itself says 404 should one ever lack its facts).
      return { ...STATE_LIST, canonical: (answer) => PAGE_TABLE.law(stateIn(answer, route.slug)) };
    case "lawCompare":
      return {
        call: "laws/topics",
        body: {},
        canonical: (answer) => {
          const wanted = findLawTopic(route.topic);
          return PAGE_TABLE.lawCompare((answer as unknown as { topics: Array<{ topic: string; slug: string; compare: boolean }> }).topics.find((item) => item.topic === wanted?.key));
        },
      };
    case "blog":
      if (route.image === null) return null;
      return { call: "blog/get", body: { slug: route.slug }, canonical: ({ blog }) => PAGE_TABLE.blog({ slug: String(blog.slug) }, route.image ?? undefined) };
  }
}

/** The decoded segments of a path, or null when one does not decode or the path ends in "/". */
function segmentsOf(rawPath: string): string[] | null {
  const parts = rawPath.split("/").slice(1);
  if (parts.some((part) => part === "")) return null;
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

/** The first letter of Next.js's internal page names; no page of the site's begins with it. */
const INTERNAL_PAGE_PREFIX = "_";

export function createRouteResolver(callService: ServiceCall) {
  const known = new Map<string, { resolution: Resolution; until: number }>();

  async function resolve(rawPath: string, now = Date.now()): Promise<Resolution> {
    const segments = segmentsOf(rawPath);
    // Next.js's own pages (/_not-found, /_global-error…) are no visitor's address: answered 404
    // like any unknown address, never rendered for it nor kept.
    if (segments?.[0]?.startsWith(INTERNAL_PAGE_PREFIX)) return { kind: "missing" };
    const route = segments && matchDynamicRoute(segments);
    if (!route) return { kind: "page" };
    const remembered = known.get(rawPath);
    if (remembered && remembered.until > now) return remembered.resolution;

    const lookup = lookupFor(route);
    if (!lookup) return { kind: "missing" };
    let answer: { status: number; body: unknown };
    try {
      answer = await callService(lookup.call, lookup.body);
    } catch {
      return { kind: "page" }; // the service is unreachable: let the page say so
    }
    if (answer.status === 400 || answer.status === 404) return { kind: "missing" };
    if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null) return { kind: "page" };
    const resolution = pageDecision(rawPath, lookup.canonical(answer.body as Answer));
    if (resolution.kind === "missing") return resolution;
    if (known.size >= ROUTE_RESOLUTION_LIMIT) known.delete(known.keys().next().value!);
    known.set(rawPath, { resolution, until: now + ROUTE_RESOLUTION_MS });
    return resolution;
  }

  return { resolve, forget: () => known.clear() };
}
