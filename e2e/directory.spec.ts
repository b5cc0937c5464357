import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { ComparePage, CityPage, ManagerList, ProfilePage, StateHub, expectEveryCardSample } from "./pages/directory";
import { HomePage } from "./pages/home";
import { ListingProfile, ListingSignIn } from "./pages/listing";
import { QuoteFlow } from "./pages/quote";
import { formatMoney } from "../lib/contract/fees";
import { cheapestFirstYear, firstYearCost } from "../lib/contract/first-year-cost";
import { agentPath, cityPath, statePath } from "../lib/contract/routes";
import { DIRECTORY_PAGE_SIZE } from "../lib/contract/site";
import type { Agent } from "../lib/contract";

/**
 * An owner choosing a manager: the ZIP search from the home page, with and without
 * JavaScript, the results, a profile, three managers compared for the owner's rent, the
 * category tabs, a state hub, a city nobody serves, and honest sample listings throughout.
 */

/** A town with no office within reach of its own (remote Maine coast): the "No Record" page. */
const UNSERVED = { state: "ME", city: "rockland", name: "Rockland" };
const ZIP = "78701";

/** No axe violation of any impact, and nothing wider than the screen (a phone would zoom out). */
async function expectAxeClean(page: Page, label: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - Math.min(window.innerWidth, window.screen.width)), `${label}: sideways scroll`).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
  expect(violations, label).toEqual([]);
}

async function agentsNear(request: APIRequestContext, zip: string, category: number) {
  const response = await request.post("/api/agents/near", { data: { zip, cate_id: category, per_page: 100 } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { place: { city: string; state: string }; agents: { total: number; data: Agent[] } };
}

async function agentById(request: APIRequestContext, id: number): Promise<Agent> {
  return (await (await request.post("/api/agent/get", { data: { agent_id: id } })).json()).agent_data;
}

test("an owner searches a ZIP code from the home page, opens a profile and compares three managers for their rent", { tag: ["@journey", "@smoke"] }, async ({ page, request }) => {
  // Four pages, two axe scans and a comparison: 17 s on a quiet machine, 45 s and more at a load of 4-6.
  test.setTimeout(90_000);
  const expected = await agentsNear(request, ZIP, 1);
  const home = new HomePage(page);
  await home.open("/");
  await home.findManagers(ZIP, "Single Family");

  const results = new ManagerList(page);
  await expect(page).toHaveURL(`/managers?zip=${ZIP}&category=1`);
  await expect(results.heading).toHaveText(`${expected.agents.total} managers serve ${ZIP}`);
  await expect(results.text("Austin, TX · Single Family")).toBeVisible();
  await expect(results.cards).toHaveCount(Math.min(DIRECTORY_PAGE_SIZE, expected.agents.total));
  // The page shows the call's ranking: nearest office first, featured managers marked, not moved up.
  const shownNames = await results.cardTitles();
  expect(shownNames).toEqual(expected.agents.data.slice(0, DIRECTORY_PAGE_SIZE).map((agent) => agent.company_name));
  await expectEveryCardSample(results);
  await expectAxeClean(page, "ZIP results");

  // A profile: everything an owner decides from.
  const first = expected.agents.data[0];
  await results.firstCardLink(first.company_name).click();
  const profile = new ProfilePage(page);
  await expect(page).toHaveURL(agentPath(first));
  await expect(profile.heading).toHaveText(first.company_name);
  await expect(profile.text("Sample listing", { exact: true }).first()).toBeVisible();
  for (const row of ["Management fee", "Leasing fee", "Lease renewal fee", "Setup fee", "Maintenance markup", "Vacancy fee"]) await expect(profile.feeRow(first.company_name, row)).toBeVisible();
  await expect(profile.text(`Serves ${first.city} and places within ${first.service_area!.radius_miles} miles`).first()).toBeVisible();
  await expect(profile.text(/^License: sample data, not a real license/)).toBeVisible();
  await expectAxeClean(page, "profile");
  await page.goBack();

  // Three managers side by side; a fourth cannot be ticked.
  const names = await results.tickCompare(3);
  await expect(results.text("3 of 3 selected")).toBeVisible();
  await expect(results.compareBox(3)).toBeDisabled();
  await results.compareSelected();
  const ids = expected.agents.data.slice(0, 3).map((agent) => agent.agent_id);
  await expect(page).toHaveURL(`/compare?ids=${ids.join(",")}`);
  const compare = new ComparePage(page);
  await expectCompareCards(compare, names);
  await expectAxeClean(page, "compare");

  // The owner states a rent: the first-year cost is the server's, for that rent, the cheapest marked.
  const agents = await Promise.all(ids.map((id) => agentById(request, id)));
  await expect(compare.text(firstYearAssumption("$2,000"))).toBeVisible();
  await compare.setRent("3150");
  await expect(page).toHaveURL(`/compare?ids=${ids.join("%2C")}&rent=3150`);
  await expect(compare.text(firstYearAssumption("$3,150"))).toBeVisible();
  await expectFirstYear(compare, agents, 3150);
});

/** What /compare says its first-year figures add up, at the owner's rent. */
const firstYearAssumption = (rent: string) =>
  `First-year cost at ${rent} a month: management for 12 months, leasing once and the setup fee. The lease renewal fee is not in it: it is due when a lease renews.`;

/** The compare tray holding the most managers at once. */
const TRAY_FULL = "3 of 3 selected: the most you can compare at once. Untick one, or Clear, to choose another.";

/** One card per manager, in the order picked, each with the same rows. */
async function expectCompareCards(compare: ComparePage, names: string[]) {
  await expect(compare.cardNames).toHaveText(names);
  const labels = await compare.rowLabels(0).allTextContents();
  for (const row of ["Management fee", "Leasing fee", "Services", "License", "In business", "Units managed", "Area served", "Lease renewal fee"]) expect(labels).toContain(row);
  for (let index = 1; index < names.length; index++) await expect(compare.rowLabels(index)).toHaveText(labels);
}

/** Each card's first-year total at `rent`, and the cheapest-first-year mark exactly where it applies. */
async function expectFirstYear(compare: ComparePage, agents: Agent[], rent: number) {
  const costs = agents.map((agent) => firstYearCost({ fees: agent.fees, monthlyRent: rent }));
  await expect(compare.totals).toHaveText(costs.map((cost) => formatMoney(cost.total!)));
  const cheapest = cheapestFirstYear(agents.map((agent, index) => ({ id: agent.agent_id, total: costs[index].total })));
  expect(cheapest.ids.length).toBeGreaterThan(0);
  for (const [index, agent] of agents.entries()) {
    const mark = compare.mark(index, cheapest.complete ? "Cheapest first year" : "Cheapest first year of those listing every fee");
    await expect(mark).toHaveCount(cheapest.ids.includes(agent.agent_id) ? 1 : 0);
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the ZIP form, the compare form and the rent are plain GET forms", { tag: ["@journey"] }, async ({ page, request }) => {
    const expected = await agentsNear(request, ZIP, 2);
    const home = new HomePage(page);
    await home.open("/");
    await home.findManagers(ZIP, "Multi Family");
    const results = new ManagerList(page);
    await expect(page).toHaveURL(`/managers?zip=${ZIP}&category=2`);
    await expect(results.heading).toHaveText(`${expected.agents.total} managers serve ${ZIP}`);
    await expectEveryCardSample(results);

    await results.tickCompare(3);
    await results.compareSelected();
    const ids = expected.agents.data.slice(0, 3).map((agent) => agent.agent_id);
    await expect(page).toHaveURL(`/compare?${ids.map((id) => `ids=${id}`).join("&")}`);
    const compare = new ComparePage(page);
    await expect(compare.cards).toHaveCount(3);

    await compare.setRent("2500");
    await expect(page).toHaveURL(`/compare?ids=${ids.join("%2C")}&rent=2500`);
    await expectFirstYear(compare, await Promise.all(ids.map((id) => agentById(request, id))), 2500);
  });

  test("an unknown or malformed ZIP code says so on the results page", { tag: ["@journey"] }, async ({ page }) => {
    const results = new ManagerList(page);
    await results.open("/managers?zip=00000&category=1");
    await expect(results.alert()).toHaveText("We could not find ZIP code 00000. Please check it and try again.");
    await results.open("/managers?zip=12ab&category=1");
    await expect(results.alert()).toHaveText("Please enter a valid 5-digit ZIP code.");
    await expect(results.heading).toHaveText("Find property managers by ZIP code");
  });
});

test("the compare tray is on screen from the first tick: three managers reach /compare without scrolling, and Clear unticks them", { tag: ["@journey"] }, async ({ page, request }) => {
  const city = new CityPage(page);
  await city.openCity("TX", "austin");
  const tray = city.tray;
  const names: string[] = [];
  for (let index = 0; index < 3; index++) {
    await city.card(index).scrollIntoViewIfNeeded();
    names.push(await city.nameOf(index));
    await city.compareBox(index).check();
    // Fixed to the bottom of the screen wherever the list is scrolled, with the count and the names.
    await expect(tray).toBeInViewport();
    await expect(tray).toContainText(`${index + 1} of 3 selected`);
    await expect(tray).toContainText(names[index]);
  }
  // The limit is said, and the fourth box waits greyed out.
  await expect(tray).toContainText(TRAY_FULL);
  await expect(city.compareBox(3)).toBeDisabled();

  await city.clearTray();
  await expect(tray).not.toContainText("selected.");
  for (let index = 0; index < 4; index++) await expect(city.compareBox(index)).not.toBeChecked();
  await expect(city.compareBox(3)).toBeEnabled();

  for (let index = 0; index < 3; index++) await city.compareBox(index).check();
  const scrolled = await page.evaluate(() => window.scrollY);
  await city.compareSelected({ fromTray: true });
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+$/);
  expect(scrolled).toBeGreaterThan(0);
  // Cards with the same rows; the cheapest first year marked where it applies.
  const compare = new ComparePage(page);
  await expectCompareCards(compare, names);
  const ids = new URL(page.url()).searchParams.get("ids")!.split(",").map(Number);
  await expectFirstYear(compare, await Promise.all(ids.map((id) => agentById(request, id))), 2000);
});

test("a profile's Add to compare puts the manager in the tray a city list shows; a full tray says so", { tag: ["@journey"] }, async ({ page, request }) => {
  const agents = (await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin", cate_id: 0, per_page: 4 } })).json()).agents.data as Agent[];
  const [first, second, third, fourth] = agents;
  const profile = new ProfilePage(page);
  for (const agent of [first, second, third]) {
    await profile.openProfile(agent);
    await profile.addToCompare.click();
    await expect(profile.removeFromCompare).toBeVisible();
  }
  await expect(profile.text("In your compare list (3 of 3).")).toBeVisible();
  // A fourth profile: the tray is full, so it says so and offers the comparison instead.
  await profile.openProfile(fourth);
  await expect(profile.text("Your compare list holds 3 managers, the most at once: compare them, or remove one from a list's compare tray.")).toBeVisible();
  await expect(profile.addToCompare).toHaveCount(0);
  // The city list shows the tray: the three ticked, named, the others waiting.
  const city = new CityPage(page);
  await city.openCity("TX", "austin");
  const tray = city.tray;
  await expect(tray).toContainText(TRAY_FULL);
  for (const agent of [first, second, third]) await expect(tray).toContainText(agent.company_name);
  await expect(city.compareBoxOf(first.company_name)).toBeChecked();
  await city.compareSelected({ fromTray: true });
  await expect(page).toHaveURL(`/compare?ids=${[first, second, third].map((agent) => agent.agent_id).join(",")}`);
});

test("category tabs list every manager serving the city for that type, page by page", { tag: ["@journey"] }, async ({ page }) => {
  // Two pages of cards and two axe scans (each with its 320px check): 45 s and more at a load of 16 on two cores.
  test.setTimeout(90_000);
  const [austin] = queryRows<{ id: number; managers_serving: number }>(
    "select cities.id, cities.managers_serving from cities join states on states.id = cities.state_id where states.abbreviation = 'TX' and cities.slug = 'austin'",
  );
  const multi = queryRows<{ agent_id: number }>("select agent_id from city_coverage where city_id = ? and (category_mask & 2) <> 0", austin.id);

  const city = new CityPage(page);
  await city.openCity("TX", "austin");
  await expect(city.text(`${austin.managers_serving} managers serve Austin`)).toBeVisible();
  await expect(city.tab()).toHaveText(["All Property Managers", "Single Family", "Multi Family", "Association", "Commercial"]);
  await expectEveryCardSample(city);
  await expectAxeClean(page, "city page");

  await city.tab("Multi Family").click();
  await expect(page).toHaveURL(cityPath("TX", "austin", { category: "multi-family" }));
  await expect(city.tab("Multi Family")).toHaveAttribute("aria-current", "page");
  await expect(city.heading).toHaveText("Multi Family Property Managers in Austin, TX");
  await expect(city.text(`${multi.length} managers serve Austin for multi family property`)).toBeVisible();
  const seen: string[] = [];
  for (;;) {
    for (const card of await city.cards.allTextContents()) expect(card).toContain("Multi Family");
    seen.push(...(await city.profileHrefs()));
    const next = city.nextPage;
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(/\/agents\/TX\/austin\/multi-family\/page\/\d+$/);
  }
  expect(seen.map((href) => Number(href.split("/").pop())).sort((a, b) => a - b)).toEqual(multi.map((row) => row.agent_id).sort((a, b) => a - b));
  await expectAxeClean(page, "category tab");
});

test("a state hub lists the state's cities that have managers, with counts, and its law page", { tag: ["@journey"] }, async ({ page }) => {
  const cities = queryRows<{ name: string; managers_serving: number }>(
    "select cities.name, cities.managers_serving from cities join states on states.id = cities.state_id where states.abbreviation = 'ME' and cities.managers_serving > 0 order by cities.population desc, cities.name",
  );
  const hub = new StateHub(page);
  await hub.open("/agents/me");
  await expect(page).toHaveURL(statePath("ME"));
  await expect(hub.heading).toHaveText("Property Managers in Maine");
  const list = hub.cityList(/Portland/);
  await expect(hub.linkIn(list)).toHaveText(cities.map((city) => `${city.name}${city.managers_serving} ${city.managers_serving === 1 ? "manager" : "managers"}`));
  // A town nobody serves is not linked from its hub.
  await expect(hub.link(new RegExp(`^${UNSERVED.name}`))).toHaveCount(0);
  await expect(hub.link("Read Maine's landlord-tenant law")).toHaveAttribute("href", "/laws/maine");
  await expectAxeClean(page, "state hub");

  // The state crumb of a city page leads back here.
  await hub.link(/^Portland/).click();
  await expect(page).toHaveURL(cityPath("ME", "portland"));
  await hub.crumb("Maine").click();
  await expect(page).toHaveURL(statePath("ME"));
});

test("a city nobody serves says No Record, then shows the nearest managers and its one call to action", { tag: ["@journey"] }, async ({ page }) => {
  const city = new CityPage(page);
  await city.openCity(UNSERVED.state, UNSERVED.city);
  await expect(city.heading).toHaveText(`Property Managers in ${UNSERVED.name}, ${UNSERVED.state}`);
  await expect(city.text("No Record", { exact: true })).toBeVisible();
  await expect(city.text("We are working hard to onboard property managers for this region. Please check back soon.")).toBeVisible();
  await expect(city.headingNamed(`Managers with an office near ${UNSERVED.name}`, { level: 2 })).toBeVisible();
  const distances = await city.distances();
  expect(distances.length).toBeGreaterThan(0);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  for (const miles of distances) expect(miles).toBeLessThanOrEqual(60);
  await expect(city.leaveRequest(UNSERVED.name)).toHaveAttribute("href", "/search");
  await expect(city.getFreeQuotes).toHaveCount(0);
  await expect(city.robots).toHaveAttribute("content", "noindex, follow");
  await expectEveryCardSample(city);
  await expectAxeClean(page, "city nobody serves");
});

test("Get free quotes carries the city and the tab's property type into the quote flow", { tag: ["@journey"] }, async ({ page }) => {
  const flow = new QuoteFlow(page);
  const city = new CityPage(page);
  await city.openCity("TX", "austin", { category: "association" });
  await city.getFreeQuotes.click();
  await flow.expectStep(1);
  await expect(flow.category("Association")).toBeChecked();
  await flow.next.click();
  await flow.expectStep(2);
  await expect(flow.city).toHaveValue("Austin");
});

test("quote step 2: a known ZIP code fills an empty City field, and never replaces a typed one", { tag: ["@journey"] }, async ({ page }) => {
  const flow = new QuoteFlow(page);
  await flow.startFromHome();
  await flow.next.click();
  await flow.expectStep(2);
  const city = flow.city;
  const zip = flow.zip;
  await zip.fill("00000");
  await zip.fill("60601");
  await expect(city).toHaveValue("Chicago");
  expect(await page.evaluate(() => localStorage.getItem("property_city"))).toBe("Chicago");

  await city.fill("Evanston");
  // No lookup while a city is there: the typed city stays.
  const lookups: string[] = [];
  page.on("request", (request) => void (request.url().endsWith("/api/zip/get") && lookups.push(request.postDataJSON()?.zip)));
  await zip.fill("60602");
  await expect(zip).toHaveValue("60602");
  await expect(city).toHaveValue("Evanston");
  // The City field emptied, the next ZIP code is looked up. Each ZIP code's lookup is decided in
  // order, so once this one answered, one for 60602 would have been sent before it: none was.
  await city.fill("");
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/zip/get"));
  await zip.fill("60601");
  await answered;
  await expect(city).toHaveValue("Chicago");
  expect(lookups).toEqual(["60601"]);
});

test("no new directory page scrolls sideways on a 320px phone", { tag: ["@journey", "@a11y"] }, async ({ browser, request }) => {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin", cate_id: 0 } })).json();
  const ids = agents.data.slice(0, 3).map((agent: Agent) => agent.agent_id).join(",");
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  for (const path of ["/agents/TX", "/agents/TX/austin/multi-family", "/agents/TX/austin/page/2", `/managers?zip=${ZIP}`, `/compare?ids=${ids}`, agentPath(agents.data[0]), cityPath(UNSERVED.state, UNSERVED.city)]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
  await context.close();
});

test("a sample listing's update link says nobody can sign in to it, and offers no link", { tag: ["@journey"] }, async ({ page }) => {
  // On a site of samples, the first profile of Austin's list is one.
  const city = new CityPage(page);
  await city.openCity("TX", "austin");
  await expectEveryCardSample(city);
  const [profilePath] = await city.profileHrefs();
  const profile = new ListingProfile(page);
  const signIn = new ListingSignIn(page);
  await profile.open(profilePath);
  await profile.updateLink.click();
  await expect(signIn.heading("This is a sample listing")).toBeVisible();
  await expect(signIn.askButton).toHaveCount(0);
});
