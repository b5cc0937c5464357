import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { E2E_BASE_URL } from "./support/server";
import { cityPath } from "../lib/contract/routes";
import { DIRECTORY_PAGE_SIZE } from "../lib/contract/site";

/**
 * Every manager of a city's list is reachable from it. Walks city pages as a crawler would (plain
 * HTTP, following the pagination's rel="next" links) and checks that the profiles linked equal the
 * managers the database lists as serving the city, and that each page's ItemList lists exactly the
 * managers it shows and counts the whole list.
 *
 * Which cities: every city whose list size sits on an edge of the pagination (none, one, a full
 * page, a full page and one, two pages and one, the longest list), and every fourth of the rest in
 * id order, a spread over every state and size. Every city is one query and one template, so a
 * quarter of the 3,001 (about 1,300 list pages, rendered cold) finds what all 5,000 would, in a
 * quarter of the time.
 */
test.skip(({ isMobile }) => isMobile, "Request-level walk: the HTML is the same for every device, so it runs once (desktop).");
test.setTimeout(20 * 60_000);

/** Plain fetch (keep-alive) rather than Playwright's request context: 5,000+ pages go through it. */
async function get(path: string) {
  const response = await fetch(`${E2E_BASE_URL}${path}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

type City = { id: number; state: string; slug: string; managers_serving: number };

const PROFILE_LINK = /href="(\/agent\/[A-Z]{2}\/[a-z0-9-]+\/(\d+))(?:#about)?"/g;

async function walk(city: City) {
  const reached = new Set<number>();
  let path: string | undefined = cityPath(city.state, city.slug);
  let pages = 0;
  while (path) {
    const { status, html }: { status: number; html: string } = await get(path);
    expect(status, path).toBe(200);
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    const shown = new Set([...main.matchAll(PROFILE_LINK)].map((match) => Number(match[2])));
    const lists = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]))
      .filter((data) => data["@type"] === "ItemList");
    if (city.managers_serving > 0) {
      expect(lists, path).toHaveLength(1);
      // numberOfItems is the whole list's size on every page of it; the page's items are those it shows.
      expect(lists[0].numberOfItems, path).toBe(city.managers_serving);
      expect(lists[0].itemListElement, path).toHaveLength(shown.size);
      expect(lists[0].itemListElement.map((item: { url: string }) => Number(item.url.split("/").pop())).sort(), path).toEqual([...shown].sort());
      for (const id of shown) reached.add(id);
    } else {
      // Nobody serves it: "No Record", noindex, and no ItemList (the managers nearby are not its list).
      expect(main, path).toContain("No Record");
      expect(html, path).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(lists, path).toHaveLength(0);
    }
    pages++;
    path = html.match(/<a [^>]*href="([^"]+)"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="([^"]+)"/)?.slice(1).find(Boolean);
  }
  return { reached, pages };
}

/** The cities walked: the pagination's edge cases, and every fourth city of the rest. */
function citiesToWalk(cities: City[]): City[] {
  const longest = Math.max(...cities.map((city) => city.managers_serving));
  const edges = new Set([0, 1, DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE + 1, 2 * DIRECTORY_PAGE_SIZE + 1, longest]);
  return cities.filter((city, index) => edges.has(city.managers_serving) || index % 4 === 0);
}

test("city pages, followed page by page, reach every manager the database lists as serving them", { tag: ["@journey", "@slow"] }, async () => {
  const all = queryRows<City>(
    "select cities.id, states.abbreviation as state, cities.slug, cities.managers_serving from cities join states on states.id = cities.state_id order by cities.id",
  );
  const coverage = new Map<number, number[]>();
  for (const row of queryRows<{ city_id: number; agent_id: number }>("select city_id, agent_id from city_coverage")) {
    coverage.set(row.city_id, [...(coverage.get(row.city_id) ?? []), row.agent_id]);
  }
  expect(all).toHaveLength(3001);
  const cities = citiesToWalk(all);
  // Every state and every edge of the pagination are in the walk.
  expect(new Set(cities.map((city) => city.state)).size).toBe(new Set(all.map((city) => city.state)).size);
  for (const size of [0, 1, DIRECTORY_PAGE_SIZE + 1]) expect(cities.some((city) => city.managers_serving === size), `a city of ${size}`).toBe(true);

  let pages = 0;
  const queue = [...cities];
  const failures: string[] = [];
  // A few requests at a time: most pages are rendered for the first time here.
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let city = queue.shift(); city; city = queue.shift()) {
        const walked = await walk(city);
        pages += walked.pages;
        const expected = (coverage.get(city.id) ?? []).sort((a, b) => a - b);
        const reached = [...walked.reached].sort((a, b) => a - b);
        if (JSON.stringify(reached) !== JSON.stringify(expected) || expected.length !== city.managers_serving) {
          failures.push(`${city.state}/${city.slug}: reached ${reached.length} of ${expected.length}`);
        }
      }
    }),
  );
  expect(failures).toEqual([]);
  console.log(`[crawl] ${cities.length} of ${all.length} cities, ${pages} list pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
});
