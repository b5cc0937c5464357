import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { FINISHED_STEPS } from "./support/page-kinds";
import { PATHS, STEP_PATHS, agentPath, cityPath, lawComparePath, lawPath } from "../lib/contract/routes";
import { PROPERTY_CATEGORIES } from "../lib/contract/site";
import { cardAboutText } from "../components/directory/manager-facts";
import { ContactPage } from "./pages/contact";
import { HomePage } from "./pages/home";
import { LawPage } from "./pages/laws";
import { MOST_RECIPIENTS, QuoteFlow } from "./pages/quote";

/**
 * Checks of issues 17, 19 and 20 that do not depend on the screen: the raw HTML of the heaviest
 * pages, links to empty tabs, the 404's head, the operator's contact details, rent control on
 * every law page, and what a failed load in the browser says. Once, on the desktop project.
 */
test.skip(({ isMobile }) => isMobile, "Raw HTML and failure paths do not depend on the viewport: checked once.");

type Agent = { agent_id: number; state: string; city: string; city_slug: string; company_name: string; address: string; about: string };

async function cityAgents(request: APIRequestContext, state: string, city: string): Promise<{ data: Agent[]; category_counts: { category_id: number; managers: number }[] }> {
  const body = await (await request.post("/api/agents/list", { data: { state, city, cate_id: 0, per_page: 20 } })).json();
  return { data: body.agents.data, category_counts: body.category_counts };
}

/** The bytes of a page's inline flight data: the scripts that hand React the server's elements again. */
const flightBytes = (html: string) => (html.match(/<script>self\.__next_f\.push\([\s\S]*?<\/script>/g) ?? []).reduce((total, script) => total + Buffer.byteLength(script), 0);

/** The raw HTML of a page and its size in bytes. */
async function rawPage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return { html, bytes: Buffer.byteLength(html) };
}

test("the heaviest pages are light in their raw HTML, every card's content still in it (city ≤ 74 kB, flight data ≤ 52% of it, profile ≤ 45 kB)", { tag: ["@journey"] }, async ({ request }) => {
  // Full pages of 20 managers; Elk Grove Village, IL was the largest of all 2,911 served city pages
  // (68.2 kB; 84.7 kB, 12.8 kB in brotli, since each card has the spec's address, about text and
  // View Detail link again: +15.6 kB raw, +1.8 kB on the wire; then each card's "Request a
  // quote from this manager" link: Austin 92.2 kB raw, 55.5 kB of it the flight data). Since the
  // cards travel in the flight data as their fields, not their elements, and the Join our Network
  // form is no longer sent closed: Austin 69.1 kB, Elk Grove Village 72.2 kB, flight data 49%
  // (issue 42 asks for 60 kB and under 40%: docs/reports/2026-12-07-page-bytes.md says what is left).
  for (const [state, city] of [["TX", "austin"], ["IL", "elk-grove-village"], ["NJ", "franklin-township"]]) {
    const { html, bytes } = await rawPage(request, cityPath(state, city));
    // Austin's was 155 kB, about 100 kB of it the flight data repeating the cards.
    expect(bytes, city).toBeLessThanOrEqual(74_000);
    expect(flightBytes(html) / bytes, `${city}: the flight data's share`).toBeLessThanOrEqual(0.52);
    const { data } = await cityAgents(request, state, city);
    expect(data).toHaveLength(20);
    for (const agent of data) {
      expect(html, agent.company_name).toContain(`href="${agentPath(agent)}">${agent.company_name.replace(/&/g, "&amp;")}</a>`);
      // The spec's card (2.5): address with city and state, about text, and a View Detail link to the profile.
      expect(html, agent.company_name).toContain(`href="${agentPath(agent)}">View Detail<span class="visually-hidden"> of ${agent.company_name.replace(/&/g, "&amp;")}</span></a>`);
      expect(html, agent.company_name).toContain(`<p>${`${agent.address}, ${agent.city}, ${agent.state}`.replace(/&/g, "&amp;")}</p>`);
      expect(html, agent.company_name).toContain(cardAboutText(agent.about).slice(0, 40).replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    }
  }
  const first = (await cityAgents(request, "TX", "austin")).data[0];
  const profile = await rawPage(request, agentPath(first));
  expect(profile.bytes, "was 63.5 kB, then 45.5 kB").toBeLessThanOrEqual(45_000);
  expect(profile.html).toContain("Fees of ");
});

test("a city page links its category tabs only where the city has managers of that type", { tag: ["@journey"] }, async ({ request }) => {
  const cities: [string, string][] = [["AK", "juneau"], ["AK", "fairbanks"], ["TX", "austin"]];
  let sawEmpty = false;
  for (const [state, city] of cities) {
    const answer = await cityAgents(request, state, city);
    if (!answer.category_counts.some((count) => count.managers > 0)) continue;
    const { html } = await rawPage(request, cityPath(state, city));
    for (const category of PROPERTY_CATEGORIES) {
      const managers = answer.category_counts.find((count) => count.category_id === category.id)!.managers;
      const linked = html.includes(`href="${cityPath(state, city, { category: category.slug })}"`);
      expect({ city, category: category.slug, linked }).toEqual({ city, category: category.slug, linked: managers > 0 });
      if (managers === 0) sawEmpty = true;
    }
  }
  expect(sawEmpty, "one of the cities has an empty category").toBe(true);
});

test("the 404 page has its title and Open Graph data", { tag: ["@journey", "@seo"] }, async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain("<title>Page not found | Managely</title>");
  for (const property of ["og:title", "og:description", "og:image", "og:type"]) expect(head, property).toContain(`property="${property}"`);
  expect(head).toContain('name="twitter:card" content="summary_large_image"');
});

test("the footer and the contact page say who runs the site and how to reach them", { tag: ["@journey"] }, async ({ page }) => {
  const contact = new ContactPage(page);
  await contact.open(PATHS.contact);
  const operator = contact.operator;
  await expect(contact.linkIn(operator, "hello@managely.example.com")).toHaveAttribute("href", "mailto:hello@managely.example.com");
  await expect(operator).toContainText("Managely sample site, 100 Example Street");
  await expect(contact.footerLink("hello@managely.example.com")).toBeVisible();
  await expect(contact.footer).toContainText(`© ${new Date().getFullYear()} Managely`);
});

test("rent control on every state page and in a 50-state table; an unconfirmed statute says so, and each source is named for what it is", { tag: ["@journey"] }, async ({ page, request }) => {
  for (const slug of ["alabama", "wyoming", "new-york"]) {
    const { html } = await rawPage(request, lawPath(slug));
    expect(html, slug).toMatch(/Does [A-Za-z ]+ have rent control\?/);
    expect(html, slug).toContain("Checked against");
  }
  const laws = new LawPage(page);
  await laws.open(lawPath("new-york"));
  await expect(laws.section("rent-control")).toContainText("rent stabilization");
  await laws.open(lawComparePath("rent-control"));
  const table = laws.table(/Rent Control by State/);
  await expect(laws.rows(table)).toHaveCount(52);
  await expect(laws.columnHeader("Checked against", table)).toBeVisible();
  const texas = laws.rowOf(table, "TX");
  await expect(texas).toContainText("Statute not confirmed: Tex. Local Gov't Code § 214.902");
  await expect(texas).toContainText("secondary source");
  await expect(laws.rowOf(table, "AL")).toContainText("official site");
});

test("a load in the browser that fails says so and tries again: the home page's state picker, the testimonial, /preview's recipients", { tag: ["@journey"] }, async ({ page }) => {
  const home = new HomePage(page);
  await home.open(PATHS.home);
  await page.route("**/api/city/list", (route) => route.abort());
  await home.pickState("TX");
  const failed = home.alert("We could not load the cities of Texas.");
  await expect(failed).toBeVisible();
  await expect(home.text("Loading...")).toHaveCount(0);
  await page.unroute("**/api/city/list");
  await home.buttonIn(failed, "Try again").click();
  await expect(home.city("Houston")).toBeVisible();

  await page.route("**/api/testimonial/get", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"success":false,"message":"Down"}' }));
  const dialog = await home.openFirstTestimonial();
  await expect(home.alertIn(dialog)).toHaveText(/We could not load this testimonial\./);
  await page.unroute("**/api/testimonial/get");
  await home.buttonIn(dialog, "Try again").click();
  await expect(home.buttonIn(dialog, /Next|Previous/).first()).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(STEP_PATHS[1]);
  await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), FINISHED_STEPS);
  await page.route("**/api/agents/match", (route) => route.abort());
  const quote = new QuoteFlow(page);
  await quote.open(STEP_PATHS[5]);
  const recipients = quote.recipientsRegion;
  await expect(quote.alertIn(recipients)).toContainText("We could not load the managers who serve your ZIP. Please try again in a moment.");
  await page.unroute("**/api/agents/match");
  await quote.buttonIn(recipients, "Try again").click();
  await expect(quote.chosenRecipients()).toHaveCount(MOST_RECIPIENTS);
});
