import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { STEP_PATHS, cityPath, cityViewPath, comparePath, lawComparePath } from "../lib/contract/routes";
import { PAGE_KINDS, pathOf } from "./support/page-kinds";
import { JoinNetworkPopup, SitePage } from "./pages/site";

/**
 * pa11y's engine (HTML_CodeSniffer, the build pa11y runs), WCAG 2 AA: the errors it finds on the
 * page as it stands. Evaluated through the debugging protocol, which the page's CSP does not govern.
 */
const HTMLCS_SOURCE = fs.readFileSync(require.resolve("@pa11y/html_codesniffer/build/HTMLCS.js"), "utf8");
async function pa11yErrors(page: Page): Promise<{ code: string; element: string }[]> {
  await page.evaluate(HTMLCS_SOURCE);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        type Message = { type: number; code: string; element: Element };
        const htmlcs = (window as unknown as { HTMLCS: { process(standard: string, root: Document, done: () => void): void; getMessages(): Message[] } }).HTMLCS;
        htmlcs.process("WCAG2AA", document, () =>
          resolve(htmlcs.getMessages().filter((message) => message.type === 1).map((message) => ({ code: message.code, element: message.element.outerHTML.slice(0, 160) }))),
        );
      }),
  );
}

/**
 * Every kind of page (e2e/support/page-kinds.ts), on a desktop and a phone: no axe-core violation
 * of any impact (minor and moderate included), and a heading outline that starts with the
 * page's one h1 and never skips a level; on the desktop also no pa11y (WCAG 2 AA) error.
 */
type Outline = { level: number; text: string }[];

function outlineProblems(outline: Outline): string[] {
  const problems: string[] = [];
  if (outline[0]?.level !== 1) problems.push(`the first heading is h${outline[0]?.level} "${outline[0]?.text}", not the page's h1`);
  const ones = outline.filter((heading) => heading.level === 1);
  if (ones.length !== 1) problems.push(`${ones.length} h1 headings`);
  outline.forEach((heading, index) => {
    const previous = outline[index - 1];
    if (previous && heading.level > previous.level + 1) problems.push(`h${previous.level} "${previous.text}" is followed by h${heading.level} "${heading.text}"`);
  });
  return problems;
}

for (const kind of PAGE_KINDS) {
  test(`axe, pa11y and headings: ${kind.name}`, { tag: ["@a11y"] }, async ({ page, request, isMobile }) => {
    const path = await pathOf(kind, request);
    if (kind.leadValues) {
      await page.goto(STEP_PATHS[1]);
      await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), kind.leadValues);
    }
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(kind.status ?? 200);
    // The page as a visitor reads it: nothing still loading (aria-busy), no form still waiting for
    // its stored values (a quote step's fieldset is disabled until then), before the checkers run.
    await expect(new SitePage(page).stillLoading, "nothing on the page is still loading").toHaveCount(0);
    expect(new URL(page.url()).pathname, "the page stayed (no entry guard sent the visitor elsewhere)").toBe(new URL(path, page.url()).pathname);

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }))).toEqual([]);
    expect(outlineProblems(await new SitePage(page).headingOutline())).toEqual([]);
    // pa11y's default viewport is a desktop one; once is enough.
    if (!isMobile) expect(await pa11yErrors(page)).toEqual([]);
  });
}

test("axe: the open Join our Network popup", { tag: ["@a11y"] }, async ({ page }) => {
  const site = new SitePage(page);
  await site.open("/faqs");
  const popup = await site.openJoinNetwork();
  await expect(popup.dialog).toBeVisible();
  const results = await new AxeBuilder({ page }).include(JoinNetworkPopup.openDialog).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test("the menu and its dropdown work from the keyboard", { tag: ["@a11y"] }, async ({ page, isMobile }) => {
  test.skip(isMobile, "The desktop menu is hidden on phones; the phone menu is checked in the journeys.");
  // The small header keeps Laws, Blog and FAQs in the Resources dropdown (the details header lists them on top).
  const site = new SitePage(page);
  await site.open("/acceptable-use-policy");
  const resources = site.menuDropdown("Resources");
  await resources.focus();
  await page.keyboard.press("Enter");
  const laws = site.menuLink("Laws").first();
  await expect(laws).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(laws).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(resources).toBeFocused();
});

test("no page scrolls sideways on a 320px phone: compare, the law comparison, city pages and their views among them", { tag: ["@a11y"] }, async ({ browser, request, isMobile }) => {
  test.skip(!isMobile, "A 320px screen is a phone's: checked once, in the phone project.");
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const ids = ((await (await request.post("/api/agents/list", { data: { state: "TX", city: "austin", cate_id: 0 } })).json()).agents.data as { agent_id: number }[]).slice(0, 3).map((agent) => agent.agent_id);
  const paths = ["/", "/laws/texas", cityPath("TX", "austin"), cityViewPath("TX", "austin", { sort: "fee" }), cityPath("AK", "nome"), comparePath(ids), lawComparePath("rent-control"), "/contact-us", "/resources"];
  for (const path of paths) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
  await context.close();
});
