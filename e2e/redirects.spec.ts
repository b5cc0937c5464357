import { expect, test } from "./support/test";
import { addStaff, staffEmail, useSignInLink } from "./pages/workspace";
import { RedirectsPage } from "./pages/redirects";

/**
 * Workspace → Redirects: an editor's rule answered by the front before any page, and a visitor's
 * 404 turned into a rule from the 404 log in one step. Paths are new to each run and project.
 */
test.describe.configure({ mode: "default" });

const fresh = (label: string, projectName: string) => `/${label}-${projectName}-${Date.now().toString(36)}`;

test("an editor adds a redirect, and the old path answers 301 to the new one", { tag: ["@journey", "@writes"] }, async ({ page, request }, testInfo) => {
  // A fresh server's first sign-in starts the staff auth (30 s and more on a loaded machine), as in workspace.spec.
  test.setTimeout(120_000);
  await useSignInLink(page, addStaff(staffEmail("redirects-editor"), "editor"));
  const redirects = new RedirectsPage(page);
  await redirects.open();
  const oldPath = fresh("old-guide", testInfo.project.name);

  const status = await redirects.addRule({ from: `${oldPath}/`, to: "/laws" });
  await expect(status).toHaveText(`Saved: ${oldPath} is answered by its rule on every instance now.`);
  await expect(redirects.ruleRow(oldPath)).toContainText("/laws");

  const answer = await request.get(`${oldPath}?from=newsletter`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe("/laws?from=newsletter");

  // A rule that would make a chain (or a loop) is refused and changes nothing.
  await redirects.addRule({ from: "/laws", to: oldPath });
  await expect(redirects.alert()).toHaveText(`That makes a loop: ${oldPath} already redirects back to /laws.`);
  expect((await request.get("/laws", { maxRedirects: 0 })).status()).toBe(200);
});

test("a visitor's 404 shows in the 404 log, and Redirect this turns it into a redirect that works", { tag: ["@journey", "@writes"] }, async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const missing = fresh("no-such-guide", testInfo.project.name);
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  expect((await visit.goto(missing))?.status()).toBe(404);

  await useSignInLink(page, addStaff(staffEmail("redirects-404"), "editor"));
  const redirects = new RedirectsPage(page);
  await redirects.open();
  await redirects.redirectThis(missing);
  await expect(await redirects.addRule({ to: "/faqs" })).toHaveText(`Saved: ${missing} is answered by its rule on every instance now.`);

  // The visitor follows the same address again: the rule sends them to the new page.
  const again = await visit.goto(missing);
  expect(again?.status()).toBe(200);
  expect(new URL(visit.url()).pathname).toBe("/faqs");
  expect((await again!.request().redirectedFrom()?.response())?.status()).toBe(301);
  await visitor.close();

  // The path leaves the 404 log.
  await page.reload();
  await expect(redirects.notFoundRows(missing)).toHaveCount(0);
});
