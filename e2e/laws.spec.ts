import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { ComparePage, ProfilePage } from "./pages/directory";
import { LawPage } from "./pages/laws";
import { lawComparePath, lawPath } from "../lib/contract/routes";
import { checkedAgainstText, lawTopic, sourceHost } from "../lib/contract/law-topics";

/**
 * An owner comparing landlord-tenant law across states: the comparison tables, a state page's
 * facts with their statutes and sources, the notice that none of it is legal advice, and the
 * license line on a manager's profile. Facts come from the service, never from this file.
 */

type Row = { state: string; slug: string; abbreviation: string; value: string | null; citation: string | null; source_url: string | null };
type Topic = { topic: string; slug: string; title: string; states: number; compare: boolean };

async function comparisons(request: APIRequestContext): Promise<Topic[]> {
  const { topics } = await (await request.post("/api/laws/topics", { data: {} })).json();
  return (topics as Topic[]).filter((topic) => topic.compare);
}

async function comparison(request: APIRequestContext, slug: string): Promise<{ topic: Topic; rows: Row[] }> {
  return (await request.post("/api/laws/compare", { data: { topic: slug } })).json();
}

/** The notice sits before the page's first section and after its last table. */
async function expectNoticeAtTopAndEnd(laws: LawPage, endNotice: "end" | "state page") {
  await expect(laws.topNotice).toContainText("General information, not legal advice.");
  await expect(laws.endNotice(endNotice)).toContainText(/not legal advice/i);
  expect(await laws.noticeOrder(endNotice)).toEqual({ topFirst: true, endLast: true });
}

test("a comparison page lists every state with its rule, statute, source and state page, with no accessibility violation", { tag: ["@journey"] }, async ({ page, request }) => {
  const { topic, rows } = await comparison(request, "security-deposit-limits");
  const laws = new LawPage(page);
  await laws.open(lawComparePath(topic.slug));
  await expect(laws.heading).toHaveText(topic.title);

  const table = laws.table(new RegExp(topic.title));
  const bodyRows = laws.bodyRows(table);
  await expect(bodyRows).toHaveCount(51);
  for (const row of [rows[0], rows.find((entry) => entry.abbreviation === "TX")!, rows[rows.length - 1]]) {
    const line = laws.stateRow(table, row.state);
    await expect(laws.linkIn(line, row.state, { exact: true })).toHaveAttribute("href", lawPath(row.slug));
    await expect(line).toContainText(row.value!);
    if (row.citation) await expect(line).toContainText(row.citation);
    await expect(laws.linkIn(line, new RegExp(sourceHost(row.source_url!).replace(/\./g, "\\.")))).toHaveAttribute("href", row.source_url!);
  }
  await expectNoticeAtTopAndEnd(laws, "end");

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 3) }))).toEqual([]);
});

test("an extra topic's table marks the states not yet covered instead of guessing", { tag: ["@journey"] }, async ({ page, request }) => {
  const { topic, rows } = await comparison(request, "property-manager-licensing");
  const missing = rows.filter((row) => row.value === null);
  expect(missing.length).toBe(51 - topic.states);
  const laws = new LawPage(page);
  await laws.open(lawComparePath(topic.slug));
  const table = laws.table(new RegExp(topic.title));
  await expect(laws.bodyRows(table)).toHaveCount(51);
  await expect(laws.textIn(table, "Not yet covered")).toHaveCount(missing.length);
  await expect(laws.stateRow(table, missing[0].state)).toContainText("Not yet covered");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test("filtering by state name narrows the table without leaving the page", { tag: ["@journey"] }, async ({ page, request }) => {
  const { topic, rows } = await comparison(request, "late-fees");
  const laws = new LawPage(page);
  await laws.open(lawComparePath(topic.slug));
  const table = laws.table(new RegExp(topic.title));
  const filter = laws.stateFilter;
  await expect(laws.status()).toHaveText("Showing all 51 states");

  await filter.fill("new");
  const expected = rows.filter((row) => row.state.toLowerCase().includes("new")).map((row) => row.state);
  await expect(laws.shownStates(table)).toHaveText(expected);
  await expect(laws.status()).toHaveText(`Showing ${expected.length} of 51 states`);
  await expect(page).toHaveURL(new RegExp(`${lawComparePath(topic.slug)}$`));

  await filter.fill("TX");
  await expect(laws.shownStates(table)).toHaveText(["Texas"]);
  await filter.fill("Atlantis");
  await expect(laws.shownRows(table)).toHaveCount(0);
  await expect(laws.status()).toHaveText('No state matches "Atlantis".');
  await filter.fill("");
  await expect(laws.shownRows(table)).toHaveCount(51);
});

test("at 320px the page never scrolls sideways: the table scrolls inside its own box", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of [lawComparePath("nonpayment-eviction-notice"), lawPath("texas"), "/laws"]) {
    await page.goto(path);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page, path).toBeLessThanOrEqual(widths.viewport);
  }
  const laws = new LawPage(page);
  await laws.open(lawComparePath("nonpayment-eviction-notice"));
  const box = laws.region(/Eviction Notice for Unpaid Rent by State/);
  const scroll = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
});

test("a state page shows each fact with its statute and source right under it, and links to the comparisons", { tag: ["@journey", "@smoke"] }, async ({ page, request }) => {
  const { facts } = await (await request.post("/api/law/facts", { data: { state: "arizona" } })).json();
  const laws = new LawPage(page);
  await laws.open(lawPath("arizona"));
  const license = facts.find((fact: { topic: string }) => fact.topic === "property_manager_license");
  const block = laws.fact(lawTopic("property_manager_license").question("Arizona"));
  await expect(block).toContainText(license.value);
  const citation = laws.citationOf(block);
  await expect(citation).toContainText(`Statute: ${license.citation}`);
  // The statute first, then the page it was checked against, named for what it is.
  await expect(citation).toContainText(new RegExp(`^Statute: ${license.citation.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(laws.linkIn(citation, checkedAgainstText(license.source_url))).toHaveAttribute("href", license.source_url);
  await expect(laws.linkIn(citation, /Compare property manager license rules in every state/)).toHaveAttribute(
    "href",
    lawComparePath("property-manager-licensing"),
  );
  await expect(laws.headingNamed("Property Manager Licensing", { level: 2 })).toBeVisible();
  await expect(laws.text(/Last reviewed:/)).toBeVisible();

  // The Code / Description table keeps "--" for facts that are the absence of a statute, with a caption.
  const statutes = laws.table(/statute behind each rule/);
  await expect(laws.columnHeader("Code", statutes)).toBeVisible();
  await expectNoticeAtTopAndEnd(laws, "state page");
  await expect(laws.lastSection).toHaveAttribute("id", "important-notice");

  // Where the data has no extra topic, the page shows nothing for it.
  await laws.open(lawPath("alabama"));
  await expect(laws.headingNamed("Property Manager Licensing")).toHaveCount(0);
  await expect(laws.text(/not yet covered/i)).toHaveCount(0);
});

test("the laws index links to every comparison, and the comparisons are in the sitemap with a Dataset", { tag: ["@journey", "@seo"] }, async ({ page, request }) => {
  const topics = await comparisons(request);
  expect(topics.length).toBe(9);
  const laws = new LawPage(page);
  await laws.open("/laws");
  await expect(laws.text("not legal advice").first()).toBeVisible();
  await expect(laws.endNotice("end")).toContainText("General information, not legal advice.");
  for (const topic of topics) {
    await expect(laws.link(topic.title, { exact: true })).toHaveAttribute("href", lawComparePath(topic.slug));
  }
  await laws.link(topics[0].title, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${lawComparePath(topics[0].slug)}$`));

  const xml = await (await request.get("/sitemap.xml")).text();
  for (const topic of topics) expect(xml).toContain(`${lawComparePath(topic.slug)}</loc>`);

  const html = await (await request.get(lawComparePath("late-fees"))).text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]));
  expect(jsonLd.map((item) => item["@type"])).toEqual(expect.arrayContaining(["BreadcrumbList", "Dataset"]));
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/laws\/compare\/late-fees"/);
});

test("an unknown topic, or one without enough states, is a real 404", { tag: ["@journey"] }, async ({ request }) => {
  for (const path of [lawComparePath("pets"), lawComparePath("rent-increase-notice")]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
});

test("a manager's profile shows the state's license rule as information, linked to the law page", { tag: ["@journey"] }, async ({ page, request }) => {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin" } })).json();
  const agent = agents.data[0];
  const profile = new ProfilePage(page);
  await profile.open(`/agent/TX/${agent.city_slug}/${agent.agent_id}`);
  const line = profile.licenseRule;
  await expect(line).toContainText(lawTopic("property_manager_license").question("Texas"));
  await expect(line).toContainText("not a check of this manager");
  await expect(profile.licenseRuleLink(/Texas's licensing rule in full/)).toHaveAttribute("href", `${lawPath("texas")}#property-manager-licensing`);

  const alabama = (await (await request.post("/api/agents/list", { data: { state: "AL", city: "birmingham" } })).json()).agents.data[0];
  await profile.open(`/agent/AL/${alabama.city_slug}/${alabama.agent_id}`);
  await expect(profile.heading).toHaveText(alabama.company_name);
  await expect(profile.licenseRule).toHaveCount(0);

  // The compare view states each state's rule once, under the table, and says where the data has none.
  const compare = new ComparePage(page);
  await compare.openCompare([agent.agent_id, alabama.agent_id]);
  await expect(compare.licenseRow).toHaveCount(0);
  const rules = compare.licenseRules;
  await expect(compare.licenseRuleLines).toHaveCount(1);
  await expect(compare.licenseRuleLines).toContainText(lawTopic("property_manager_license").question("Texas"));
  await expect(rules).toContainText("Alabama: not yet covered by our law summaries.");
});
