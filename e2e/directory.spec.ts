import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { queryRows } from "./support/db";
import { QuoteFlow } from "./pages/quote";
import { formatMoney } from "../lib/contract/fees";
import { firstYearCost } from "../lib/contract/first-year-cost";
import { agentPath, cityPath, statePath } from "../lib/contract/routes";
import { DIRECTORY_PAGE_SIZE } from "../lib/contract/site";
import type { Agent } from "../lib/contract";

/**
 * An owner choosing a manager (issue 10): the ZIP search from the home page, with and without
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

/** Every card shows "Sample listing" (every seeded manager is one) and the page says what that means. */
async function expectEveryCardSample(page: Page) {
  const cards = page.locator(".agent-card");
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) await expect(cards.nth(index).getByText("Sample listing", { exact: true })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Sample listing" })).toContainText("examples");
}

async function agentsNear(request: APIRequestContext, zip: string, category: number) {
  const response = await request.post("/api/agents/near", { data: { zip, cate_id: category, per_page: 100 } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { place: { city: string; state: string }; agents: { total: number; data: Agent[] } };
}

async function agentById(request: APIRequestContext, id: number): Promise<Agent> {
  return (await (await request.post("/api/agent/get", { data: { agent_id: id } })).json()).agent_data;
}

async function tickCompare(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const card = page.locator(".agent-card").nth(index);
    names.push((await card.getByRole("heading").textContent())!.trim());
    await card.getByRole("checkbox", { name: /^Compare/ }).check();
  }
  return names;
}

test("an owner searches a ZIP code from the home page, opens a profile and compares three managers for their rent", async ({ page, request }) => {
  const expected = await agentsNear(request, ZIP, 1);
  await page.goto("/");
  const search = page.getByRole("form", { name: "Find property managers by ZIP code" });
  await search.getByLabel("ZIP code").fill(ZIP);
  await search.getByLabel("Property type").selectOption("Single Family");
  await search.getByRole("button", { name: "Find managers" }).click();

  await expect(page).toHaveURL(`/managers?zip=${ZIP}&category=1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${expected.agents.total} managers serve ${ZIP}`);
  await expect(page.getByText("Austin, TX · Single Family")).toBeVisible();
  await expect(page.locator(".agent-card")).toHaveCount(Math.min(DIRECTORY_PAGE_SIZE, expected.agents.total));
  // The page shows the call's ranking: nearest office first, featured managers marked, not moved up.
  const shownNames = await page.locator(".agent-card h2").allTextContents();
  expect(shownNames).toEqual(expected.agents.data.slice(0, DIRECTORY_PAGE_SIZE).map((agent) => agent.company_name));
  await expectEveryCardSample(page);
  await expectAxeClean(page, "ZIP results");

  // A profile: everything an owner decides from.
  const first = expected.agents.data[0];
  await page.locator(".agent-card").first().getByRole("link", { name: first.company_name, exact: true }).click();
  await expect(page).toHaveURL(agentPath(first));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.company_name);
  await expect(page.getByText("Sample listing", { exact: true }).first()).toBeVisible();
  const fees = page.getByRole("table", { name: `Fees of ${first.company_name}` });
  for (const row of ["Management fee", "Leasing fee", "Lease renewal fee", "Setup fee", "Maintenance markup", "Vacancy fee"]) await expect(fees.getByRole("rowheader", { name: row })).toBeVisible();
  await expect(page.getByText(`Serves ${first.city} and places within ${first.service_area!.radius_miles} miles`).first()).toBeVisible();
  await expect(page.getByText(/^License: sample data, not a real license/)).toBeVisible();
  await expectAxeClean(page, "profile");
  await page.goBack();

  // Three managers side by side; a fourth cannot be ticked.
  const names = await tickCompare(page, 3);
  await expect(page.getByText("3 of 3 selected")).toBeVisible();
  await expect(page.locator(".agent-card").nth(3).getByRole("checkbox", { name: /^Compare/ })).toBeDisabled();
  await page.getByRole("button", { name: "Compare selected" }).click();
  const ids = expected.agents.data.slice(0, 3).map((agent) => agent.agent_id);
  await expect(page).toHaveURL(`/compare?ids=${ids.join(",")}`);
  const facts = page.getByRole("table", { name: "Fees, services, license and area of each manager" });
  await expect(facts.getByRole("columnheader")).toHaveText(names.map((name) => new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))));
  for (const row of ["Management fee", "Leasing fee", "Services", "License", "In business", "Units managed", "Area served"]) await expect(facts.getByRole("rowheader", { name: row, exact: true })).toBeVisible();
  await expectAxeClean(page, "compare");

  // The owner types a rent: the first-year cost follows, computed as the server computes it.
  const agents = await Promise.all(ids.map((id) => agentById(request, id)));
  const costs = page.getByRole("table", { name: /First year at/ });
  await expect(costs.getByRole("caption")).toHaveText("First year at $2,000 a month: management × 12 + leasing + setup");
  await page.getByLabel("Monthly rent ($)").fill("3150");
  await expect(costs.getByRole("caption")).toHaveText("First year at $3,150 a month: management × 12 + leasing + setup");
  const totals = costs.getByRole("row", { name: /First-year total/ }).getByRole("cell");
  await expect(totals).toHaveText(agents.map((agent) => formatMoney(firstYearCost({ fees: agent.fees, monthlyRent: 3150 }).total!)));
  const renewals = costs.getByRole("row", { name: /Renewal fee/ }).getByRole("cell");
  await expect(renewals).toHaveText(agents.map((agent) => formatMoney(agent.fees.renewal_fee!)));
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(`/compare?ids=${ids.join(",")}&rent=3150`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the ZIP form, the compare form and the rent are plain GET forms", async ({ page, request }) => {
    const expected = await agentsNear(request, ZIP, 2);
    await page.goto("/");
    const search = page.getByRole("form", { name: "Find property managers by ZIP code" });
    await search.getByLabel("ZIP code").fill(ZIP);
    await search.getByLabel("Property type").selectOption("Multi Family");
    await search.getByRole("button", { name: "Find managers" }).click();
    await expect(page).toHaveURL(`/managers?zip=${ZIP}&category=2`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${expected.agents.total} managers serve ${ZIP}`);
    await expectEveryCardSample(page);

    await tickCompare(page, 3);
    await page.getByRole("button", { name: "Compare selected" }).click();
    const ids = expected.agents.data.slice(0, 3).map((agent) => agent.agent_id);
    await expect(page).toHaveURL(`/compare?${ids.map((id) => `ids=${id}`).join("&")}`);
    await expect(page.getByRole("table", { name: "Fees, services, license and area of each manager" }).getByRole("columnheader")).toHaveCount(3);

    await page.getByLabel("Monthly rent ($)").fill("2500");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(`/compare?ids=${ids.join("%2C")}&rent=2500`);
    const agents = await Promise.all(ids.map((id) => agentById(request, id)));
    await expect(page.getByRole("row", { name: /First-year total/ }).getByRole("cell")).toHaveText(agents.map((agent) => formatMoney(firstYearCost({ fees: agent.fees, monthlyRent: 2500 }).total!)));
  });

  test("an unknown or malformed ZIP code says so on the results page", async ({ page }) => {
    await page.goto("/managers?zip=00000&category=1");
    await expect(page.getByRole("alert")).toHaveText("We could not find ZIP code 00000. Please check it and try again.");
    await page.goto("/managers?zip=12ab&category=1");
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid 5-digit ZIP code.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find property managers by ZIP code");
  });
});

test("the compare tray is on screen from the first tick: three managers reach /compare without scrolling, and Clear unticks them", async ({ page }) => {
  await page.goto(cityPath("TX", "austin"));
  const cards = page.locator(".agent-card");
  const tray = page.locator(".compare-bar");
  const names: string[] = [];
  for (let index = 0; index < 3; index++) {
    const card = cards.nth(index);
    await card.scrollIntoViewIfNeeded();
    names.push((await card.getByRole("heading").textContent())!.trim());
    await card.getByRole("checkbox", { name: /^Compare/ }).check();
    // Fixed to the bottom of the screen wherever the list is scrolled, with the count and the names.
    await expect(tray).toBeInViewport();
    await expect(tray).toContainText(`${index + 1} of 3 selected`);
    await expect(tray).toContainText(names[index]);
  }
  await expect(tray).toContainText("Untick one to choose another.");
  await expect(cards.nth(3).getByRole("checkbox", { name: /^Compare/ })).toBeDisabled();

  await tray.getByRole("button", { name: "Clear" }).click();
  await expect(tray).not.toContainText("selected.");
  for (let index = 0; index < 4; index++) await expect(cards.nth(index).getByRole("checkbox", { name: /^Compare/ })).not.toBeChecked();
  await expect(cards.nth(3).getByRole("checkbox", { name: /^Compare/ })).toBeEnabled();

  for (let index = 0; index < 3; index++) await cards.nth(index).getByRole("checkbox", { name: /^Compare/ }).check();
  const scrolled = await page.evaluate(() => window.scrollY);
  await tray.getByRole("button", { name: "Compare selected" }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+$/);
  expect(scrolled).toBeGreaterThan(0);
});

test("category tabs list every manager serving the city for that type, page by page", async ({ page }) => {
  const [austin] = queryRows<{ id: number; managers_serving: number }>(
    "select cities.id, cities.managers_serving from cities join states on states.id = cities.state_id where states.abbreviation = 'TX' and cities.slug = 'austin'",
  );
  const multi = queryRows<{ agent_id: number }>("select agent_id from city_coverage where city_id = ? and (category_mask & 2) <> 0", austin.id);

  await page.goto(cityPath("TX", "austin"));
  await expect(page.getByText(`${austin.managers_serving} managers serve Austin`)).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Property types" });
  await expect(tabs.getByRole("link")).toHaveText(["All Property Managers", "Single Family", "Multi Family", "Association", "Commercial"]);
  await expectEveryCardSample(page);
  await expectAxeClean(page, "city page");

  await tabs.getByRole("link", { name: "Multi Family" }).click();
  await expect(page).toHaveURL(cityPath("TX", "austin", { category: "multi-family" }));
  await expect(tabs.getByRole("link", { name: "Multi Family" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Multi Family Property Managers in Austin, TX");
  await expect(page.getByText(`${multi.length} managers serve Austin for multi family property`)).toBeVisible();
  const seen: string[] = [];
  for (;;) {
    const cards = page.locator(".agent-card");
    for (const card of await cards.allTextContents()) expect(card).toContain("Multi Family");
    seen.push(...(await cards.locator("h2 a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!))));
    const next = page.getByRole("navigation", { name: "Pages of managers" }).getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(/\/agents\/TX\/austin\/multi-family\/page\/\d+$/);
  }
  expect(seen.map((href) => Number(href.split("/").pop())).sort((a, b) => a - b)).toEqual(multi.map((row) => row.agent_id).sort((a, b) => a - b));
  await expectAxeClean(page, "category tab");
});

test("a state hub lists the state's cities that have managers, with counts, and its law page", async ({ page }) => {
  const cities = queryRows<{ name: string; managers_serving: number }>(
    "select cities.name, cities.managers_serving from cities join states on states.id = cities.state_id where states.abbreviation = 'ME' and cities.managers_serving > 0 order by cities.population desc, cities.name",
  );
  await page.goto("/agents/me");
  await expect(page).toHaveURL(statePath("ME"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Property Managers in Maine");
  const list = page.getByRole("list").filter({ has: page.getByRole("link", { name: /Portland/ }) });
  await expect(list.getByRole("link")).toHaveText(cities.map((city) => `${city.name}${city.managers_serving} ${city.managers_serving === 1 ? "manager" : "managers"}`));
  // A town nobody serves is not linked from its hub.
  await expect(page.getByRole("link", { name: new RegExp(`^${UNSERVED.name}`) })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Read Maine's landlord-tenant law" })).toHaveAttribute("href", "/laws/maine");
  await expectAxeClean(page, "state hub");

  // The state crumb of a city page leads back here.
  await page.getByRole("link", { name: /^Portland/ }).click();
  await expect(page).toHaveURL(cityPath("ME", "portland"));
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Maine" }).click();
  await expect(page).toHaveURL(statePath("ME"));
});

test("a city nobody serves says No Record, then shows the nearest managers and its one call to action", async ({ page }) => {
  await page.goto(cityPath(UNSERVED.state, UNSERVED.city));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Property Managers in ${UNSERVED.name}, ${UNSERVED.state}`);
  await expect(page.getByText("No Record", { exact: true })).toBeVisible();
  await expect(page.getByText("We are working hard to onboard property managers for this region. Please check back soon.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: `Managers with an office near ${UNSERVED.name}` })).toBeVisible();
  const distances = (await page.locator(".agent-card > p:first-of-type").allTextContents()).map((text) => Number(text.match(/([\d.]+) miles away/)![1]));
  expect(distances.length).toBeGreaterThan(0);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  for (const miles of distances) expect(miles).toBeLessThanOrEqual(60);
  await expect(page.getByRole("link", { name: `Leave a request for ${UNSERVED.name}` })).toHaveAttribute("href", "/search");
  await expect(page.getByRole("link", { name: "Get free quotes" })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expectEveryCardSample(page);
  await expectAxeClean(page, "city nobody serves");
});

test("Get free quotes carries the city and the tab's property type into the quote flow", async ({ page }) => {
  const flow = new QuoteFlow(page);
  await page.goto(cityPath("TX", "austin", { category: "association" }));
  await page.getByRole("link", { name: "Get free quotes" }).click();
  await flow.expectStep(1);
  await expect(page.getByRole("radio", { name: "Association", exact: true })).toBeChecked();
  await flow.next.click();
  await flow.expectStep(2);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Austin");
});

test("quote step 2: a known ZIP code fills an empty City field, and never replaces a typed one", async ({ page }) => {
  const flow = new QuoteFlow(page);
  await flow.startFromHome();
  await flow.next.click();
  await flow.expectStep(2);
  const city = page.getByLabel("City", { exact: true });
  const zip = page.getByLabel("ZIP Code", { exact: true });
  await zip.fill("00000");
  await zip.fill("60601");
  await expect(city).toHaveValue("Chicago");
  expect(await page.evaluate(() => localStorage.getItem("property_city"))).toBe("Chicago");

  await city.fill("Evanston");
  // No lookup while a city is there: the typed city stays.
  let lookups = 0;
  page.on("request", (request) => void (request.url().endsWith("/api/zip/get") && lookups++));
  await zip.fill("60602");
  await expect(zip).toHaveValue("60602");
  await page.waitForLoadState("networkidle");
  await expect(city).toHaveValue("Evanston");
  expect(lookups).toBe(0);
});

test("no new directory page scrolls sideways on a 320px phone", async ({ browser, request }) => {
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
