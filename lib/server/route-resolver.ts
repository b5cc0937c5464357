import { agentPath, blogPath, cityPath, lawPath } from "../contract/routes";

/**
 * Dynamic pages are checked before anything is rendered or cached: an unknown state, city, slug
 * or id is answered 404 by the production server itself (Next.js would render a 404 for each
 * made-up address and keep it in its cache, on disk, for an hour), and another spelling of a
 * known page (`/agents/tx/AUSTIN`, `/laws/TX`) is redirected to the canonical one with a single
 * Location. The check is a read call to the site's own service; a known page is remembered for a
 * minute, an unknown one not at all, so a manager added a moment ago is found at once.
 */
export type Resolution = { kind: "page" } | { kind: "missing" } | { kind: "redirect"; location: string };

/** Calls the site's own service (POST /api/<call>); answers the status and the parsed body. */
export type ServiceCall = (call: string, body: unknown) => Promise<{ status: number; body: unknown }>;

type Route = {
  pattern: RegExp;
  /** The call that finds the page's record, from the decoded path segments; null: cannot exist. */
  lookup(segments: string[]): { call: string; body: unknown } | null;
  canonical(answer: Record<string, unknown>): string;
};

type Answer = Record<string, Record<string, unknown>>;

const ROUTES: Route[] = [
  {
    pattern: /^\/agents\/([^/]+)\/([^/]+)$/,
    lookup: ([state, city]) => ({ call: "agents/list", body: { state, city, per_page: 1 } }),
    canonical: (answer) => {
      const { state, city } = answer as Answer;
      return cityPath(String(state.abbreviation), String(city.slug));
    },
  },
  {
    pattern: /^\/agent\/([^/]+)\/([^/]+)\/([^/]+)$/,
    lookup: ([, , id]) => (/^[1-9]\d{0,8}$/.test(id) ? { call: "agent/get", body: { agent_id: Number(id) } } : null),
    canonical: (answer) => {
      const agent = (answer as Answer).agent_data;
      return agentPath({ state: String(agent.state), city_slug: String(agent.city_slug), agent_id: Number(agent.agent_id) });
    },
  },
  {
    pattern: /^\/laws\/([^/]+)$/,
    lookup: ([slug]) => ({ call: "law/get", body: { state: slug } }),
    canonical: (answer) => lawPath(String((answer as Answer).stateData.slug)),
  },
  {
    pattern: /^\/blog\/([^/]+)$/,
    lookup: ([slug]) => ({ call: "blog/get", body: { slug } }),
    canonical: (answer) => blogPath(String((answer as Answer).blog.slug)),
  },
];

const KNOWN_FOR_MS = 60_000;
const MAX_REMEMBERED = 20_000;

export function createRouteResolver(callService: ServiceCall) {
  const known = new Map<string, { resolution: Resolution; until: number }>();

  async function resolve(rawPath: string, now = Date.now()): Promise<Resolution> {
    const route = ROUTES.find((candidate) => candidate.pattern.test(rawPath));
    if (!route) return { kind: "page" };
    const remembered = known.get(rawPath);
    if (remembered && remembered.until > now) return remembered.resolution;

    const segments = (route.pattern.exec(rawPath) ?? []).slice(1).map((segment) => decodeURIComponent(segment));
    const lookup = route.lookup(segments);
    if (!lookup) return { kind: "missing" };
    let answer: { status: number; body: unknown };
    try {
      answer = await callService(lookup.call, lookup.body);
    } catch {
      return { kind: "page" }; // the service is unreachable: let the page say so
    }
    if (answer.status === 400 || answer.status === 404) return { kind: "missing" };
    if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null) return { kind: "page" };
    const canonical = route.canonical(answer.body as Record<string, unknown>);
    const resolution: Resolution = canonical === rawPath ? { kind: "page" } : { kind: "redirect", location: canonical };
    if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value!);
    known.set(rawPath, { resolution, until: now + KNOWN_FOR_MS });
    return resolution;
  }

  return { resolve, forget: () => known.clear() };
}
