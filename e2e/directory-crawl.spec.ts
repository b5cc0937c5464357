import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { E2E_BASE_URL } from "./support/server";
import { cityPath } from "../lib/contract/routes";

/**
 * Issue 14 item 1: every manager of a city's list is reachable from it. Walks every seeded
 * city's page as a crawler would (plain HTTP, following the pagination's rel="next" links) and
 * checks that the profiles linked equal the managers the database lists as serving the city, and
 * that each page's ItemList lists exactly the managers it shows and counts the whole list.
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

test("every city page, followed page by page, reaches every manager the database lists as serving it", { tag: ["@journey", "@slow"] }, async () => {
  const cities = queryRows<City>(
    "select cities.id, states.abbreviation as state, cities.slug, cities.managers_serving from cities join states on states.id = cities.state_id order by cities.id",
  );
  const coverage = new Map<number, number[]>();
  for (const row of queryRows<{ city_id: number; agent_id: number }>("select city_id, agent_id from city_coverage")) {
    coverage.set(row.city_id, [...(coverage.get(row.city_id) ?? []), row.agent_id]);
  }
  expect(cities).toHaveLength(3001);

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
  console.log(`[crawl] ${cities.length} cities, ${pages} list pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
});
