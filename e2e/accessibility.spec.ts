import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** An axe-core scan of each page kind: no serious or critical violation, on a desktop and a phone. */
const PAGES = ["/", "/about-us", "/contact-us", "/faqs", "/blogs", "/laws", "/laws/texas", "/resources", "/agents/TX/austin", "/agents/TX/mission", "/acceptable-use-policy"];

for (const path of PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
    expect(blocking).toEqual([]);
  });
}

test("axe: a profile, a blog post and the open Join our Network popup", async ({ page, request }) => {
  const { agents } = await (await request.post("/api/agents/list", { data: { state: "OH", city: "columbus" } })).json();
  const { blogs } = await (await request.post("/api/blogs/list", { data: {} })).json();
  for (const path of [`/agent/OH/columbus/${agents.data[0].agent_id}`, `/blog/${blogs[0].slug}`]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id), path).toEqual([]);
  }
  await page.goto("/faqs");
  const toggle = page.getByLabel("Menu");
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole("button", { name: "Join Our Network" }).filter({ visible: true }).first().click();
  await expect(page.getByRole("dialog", { name: "Join our Network" })).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("the menu and its dropdown work from the keyboard", async ({ page, isMobile }) => {
  test.skip(isMobile, "The desktop menu is hidden on phones; the phone menu is checked in the journeys.");
  await page.goto("/about-us");
  const resources = page.getByRole("navigation", { name: "Main" }).getByText("Resources");
  await resources.focus();
  await page.keyboard.press("Enter");
  const laws = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Laws" }).first();
  await expect(laws).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(laws).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(resources).toBeFocused();
});

test("no page scrolls sideways on a 320px phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  for (const path of ["/", "/laws/texas", "/agents/TX/austin", "/contact-us", "/resources"]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
  await context.close();
});
