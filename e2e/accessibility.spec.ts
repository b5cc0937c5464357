import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { STEP_PATHS } from "../lib/contract/routes";
import { PAGE_KINDS, pathOf } from "./support/page-kinds";

/**
 * Every kind of page (e2e/support/page-kinds.ts), on a desktop and a phone: no axe-core violation
 * of any impact (minor and moderate included), and a heading outline that starts with the
 * page's one h1 and never skips a level.
 */
type Outline = { level: number; text: string }[];

/** The headings a screen reader lists, in document order (closed dialogs and hidden parts left out). */
function headingOutline(page: Page): Promise<Outline> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6"))
      .filter((heading) => !heading.closest("dialog:not([open]), [hidden], [aria-hidden='true']") && heading.checkVisibility())
      .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: (heading.textContent ?? "").trim().slice(0, 60) })),
  );
}

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
  test(`axe and headings: ${kind.name}`, async ({ page, request }) => {
    const path = await pathOf(kind, request);
    if (kind.leadValues) {
      await page.goto(STEP_PATHS[1]);
      await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), kind.leadValues);
    }
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(kind.status ?? 200);
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).pathname, "the page stayed (no entry guard sent the visitor elsewhere)").toBe(new URL(path, page.url()).pathname);

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }))).toEqual([]);
    expect(outlineProblems(await headingOutline(page))).toEqual([]);
  });
}

test("axe: the open Join our Network popup", async ({ page }) => {
  await page.goto("/faqs");
  const toggle = page.getByLabel("Menu");
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole("button", { name: "Join Our Network" }).filter({ visible: true }).first().click();
  await expect(page.getByRole("dialog", { name: "Join our Network" })).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
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
