import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  addStaff,
  AuditPage,
  bulkEdit,
  DraftPreview,
  draftsOf,
  exportCsv,
  historyRevision,
  PageList,
  publicTitle,
  publishPageTitle,
  revisionsOf,
  rollBackRevision,
  signInAsStaff,
  signInLinkFromOutbox,
  sitemapLastmod,
  staffEmail,
  templatePublish,
  useSignInLink,
  WordsEditor,
  WorkspaceHistory,
  WorkspaceSignIn,
} from "./pages/workspace";
import { keepARealListingInAustin } from "./pages/listing";

/**
 * The marketers' workspace, as staff use it. It runs in the "workspace" project, after
 * every other project (playwright.config.ts): its journey changes the city template that the
 * public pages' own tests read, so it must never run beside them. Desktop only: a desk tool.
 */
// One at a time: the journey's template is live for a few seconds, which the list test must not see.
test.describe.configure({ mode: "default" });
// Austin keeps a real listing whichever other workspace journey imports first, so its pages stay on the sitemap.
test.beforeAll(keepARealListingInAustin);

const CITY = "/agents/TX/austin";

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }))).toEqual([]);
}
const DEFAULT_CITY_TITLE = "Property Managers in Austin, TX | Managely";

test("an admin signs in from the outbox link, drafts a city template, previews it, publishes it, sees it live and in the history, and rolls it back", { tag: ["@journey", "@writes"] }, async ({
  page,
  request,
  browser,
}, testInfo) => {
  // The confirmation and the publish each read the whole site (24k pages) again: more than 45 s on a busy machine.
  test.setTimeout(120_000);
  const admin = staffEmail("admin");
  addStaff(admin, "admin");

  // Signed out, any workspace URL is the sign-in page.
  const signIn = new WorkspaceSignIn(page);
  await page.goto("/workspace/templates/city");
  await expect(signIn.heading).toBeVisible();
  await signIn.askForLink(admin);
  await expect(signIn.status()).toHaveText(/a sign-in link is on its way/);

  // The link arrives through the outbox; a mail scanner opening it signs nobody in.
  const link = await signInLinkFromOutbox(admin);
  const scanned = await request.get(link);
  expect(scanned.status()).toBe(200);
  expect(scanned.headers()["set-cookie"]).toBeUndefined();
  // The link's button comes back to the page asked for.
  await useSignInLink(page, link, "/workspace/templates/city");

  // A new city title, tried against the whole site before anything changes.
  const pattern = `{city}, {state_abbr}: Property Managers Compared | {site}`;
  const drafted = "Austin, TX: Property Managers Compared | Managely";
  const editor = new WordsEditor(page);
  await editor.openTemplate("city");
  await editor.draftTitle(pattern);
  await expect(editor.status("Draft saved")).toBeVisible();
  await expect(templatePublish.fieldRow(page, "Title")).toBeVisible();

  // Preview: the real page with the draft applied, for this staff member only.
  const preview = await editor.openPreview();
  await preview.waitForLoadState();
  await preview.goto(CITY);
  await expect(preview).toHaveTitle(drafted);
  expect(await publicTitle(request, CITY)).toBe(DEFAULT_CITY_TITLE);
  const stranger = await browser.newPage();
  await stranger.goto(CITY);
  await expect(stranger).toHaveTitle(DEFAULT_CITY_TITLE);
  await stranger.close();

  // Publish, through its confirmation: the public page's <title> changes within seconds on this
  // instance, which is all the message promises (the end-to-end server has no REDIS_URL).
  const revisionsBefore = revisionsOf("template:city").length;
  // The sitemap, served (and cached) before the publish, dates Austin by its listings.
  const listedBefore = await sitemapLastmod(request, CITY);
  expect(listedBefore).toBeDefined();
  await templatePublish.review(page, "city", pattern);
  const message = await templatePublish.confirm(page, "city");
  await expect(message).toContainText("This instance serves the new words from its next request. REDIS_URL is not set");
  await expect(message).toContainText("s-maxage=3600");
  const published = Date.now();
  await expect.poll(() => publicTitle(request, CITY), { timeout: 20_000, intervals: [250] }).toBe(drafted);
  testInfo.annotations.push({ type: "publish to public <title>", description: `${((Date.now() - published) / 1000).toFixed(1)} s` });
  expect(revisionsOf("template:city")).toHaveLength(revisionsBefore + 1);
  // The publish refreshes the sitemap with the pages: Austin's <lastmod> is the publish's, not an hour later.
  const publishedAt = new Date(revisionsOf("template:city").at(-1)!.published_at).toISOString();
  await expect.poll(() => sitemapLastmod(request, CITY), { timeout: 20_000, intervals: [250] }).toBe(publishedAt);

  // The history lists it, and rolling it back restores the old title.
  const history = new WorkspaceHistory(page);
  await history.open();
  const revision = history.revisionsAbout("City template").first();
  await expect(revision).toContainText(`published by ${admin}`);
  await expect(revision).toContainText(pattern);
  // A template's rollback is confirmed like its publish: what it does first, nothing changed yet.
  const rollback = await history.openTemplateRollback(revision);
  await expect(rollback.lead).toContainText(/^Nothing changes until you press Roll back\. It puts the template's earlier words back on the [\d,]+ pages? it governs and changes the title of [\d,]+ pages?\.$/);
  await expect(rollback.pattern("Title")).toHaveText(`${pattern} → {managers} in {city}, {state_abbr}{page} | {site}`);
  expect(await publicTitle(request, CITY)).toBe(drafted);
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`rollback-confirmation-${size.width}.png`), fullPage: true });
  }
  await rollback.confirm();
  await expect(rollback.status("Rolled back")).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => publicTitle(request, CITY), { timeout: 20_000, intervals: [250] }).toBe(DEFAULT_CITY_TITLE);
  const revisions = revisionsOf("template:city");
  expect(revisions.at(-1)).toMatchObject({ action: "rollback", title: null, published_by_email: admin });

  await preview.goto("/workspace/preview/exit");
  await preview.close();
});

test("a viewer cannot publish or preview: refused (a 403 page for the preview), and nothing changes", { tag: ["@journey", "@writes"] }, async ({ page }) => {
  const editor = staffEmail("demoted");
  const pagePath = "/laws/vermont";
  await useSignInLink(page, addStaff(editor, "editor"));
  const words = new WordsEditor(page);

  await words.openPage(pagePath);
  await words.draftTitle("Vermont landlord law, in plain words | {site}");
  await expect(words.publishButton).toBeVisible();

  // An admin makes them a viewer while the editor is open: the server checks the role itself.
  addStaff(editor, "viewer");
  await words.publish();
  await expect(words.alert("Your role")).toHaveText("Your role (viewer) cannot publish pages. Nothing was changed.");
  expect(revisionsOf(`page:${pagePath}`)).toHaveLength(0);

  // As a viewer: everything to see, nothing to change.
  await words.openPage(pagePath);
  await expect(words.headingNamed("Live", { level: 2 })).toBeVisible();
  await expect(words.saveDraftButton).toHaveCount(0);
  await expect(words.publishButton).toHaveCount(0);
  const draftId = draftsOf(`page:${pagePath}`, editor)[0].id;
  const previewed = await page.request.get(`/workspace/preview/${draftId}`, { maxRedirects: 0 });
  expect(previewed.status()).toBe(403);
  expect(previewed.headers()["content-type"]).toContain("text/html");
  expect(await previewed.text()).toContain("Your role (viewer) cannot preview pages. Nothing was changed.");
});

test("signed out, every workspace URL and server action is the sign-in page", { tag: ["@journey", "@smoke"] }, async ({ page, request, context }) => {
  for (const url of ["/workspace", "/workspace/pages/agents/TX/austin", "/workspace/templates", "/workspace/templates/city", "/workspace/audit", "/workspace/history", "/workspace/staff"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(401);
    expect(await response.text(), url).toContain("Sign in to the workspace");
  }
  const csv = await request.get("/workspace/pages.csv");
  expect(csv.status()).toBe(401);
  expect(csv.headers()["content-type"]).toContain("text/plain");
  const preview = await request.get("/workspace/preview/1", { maxRedirects: 0 });
  expect(preview.status()).toBe(303);
  expect(preview.headers().location).toMatch(/\/workspace\/sign-in$/);

  // A server action sent after the session is gone: the sign-in page, and nothing saved.
  // A sign-in by mail (the first of a fresh server starts the staff auth): over 45 s at a load average of 17.
  test.setTimeout(150_000);
  await signInAsStaff(page, "editor", "expired");
  const session = await context.cookies();
  const words = new WordsEditor(page);
  await words.openPage("/laws/maine");
  const before = await words.title.inputValue();
  const typed = `Signed out before saving ${Date.now()} | {site}`;
  await words.title.fill(typed);
  await context.clearCookies();
  await words.saveDraft();
  await expect(new WorkspaceSignIn(page).heading).toBeVisible();
  // The session back (its cookies, not a second link: a deployment mails a staff member only a few
  // a day, and this test runs in every smoke run), the editor holds what it held before: no draft of the typed words.
  await context.addCookies(session);
  await words.openPage("/laws/maine");
  await expect(words.title).toHaveValue(before);
});

test("the list finds every indexable page of the sitemap, filters it, and exports it as CSV", { tag: ["@journey", "@slow"] }, async ({ page, request, browser }, testInfo) => {
  // It also publishes one page's words (to have a problem to follow): more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  const viewer = staffEmail("viewer");
  await useSignInLink(page, addStaff(viewer, "viewer"));
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const inSitemap = (sitemap.match(/<loc>/g) ?? []).length;
  const list = new PageList(page);
  await expect(list.lead).toContainText(`The ${inSitemap.toLocaleString("en-US")} pages of the sitemap`);

  await list.filter({ kind: "city", state: "TX" });
  await expect(list.pageLink(CITY)).toBeVisible();
  await expect(list.rowsOf(CITY).first()).toContainText(DEFAULT_CITY_TITLE);

  // The export keeps the filter, says it is preparing the file, and writes a crawler's columns.
  const lines = (await exportCsv(page)).replace(/^\ufeff/, "").trim().split("\r\n");
  expect(lines[0]).toBe(
    "type,url,status,indexable,indexability_reason,title,title_chars,title_px,description,description_chars,description_px,h1,keywords,canonical,robots,og_title,og_description,og_image,og_image_alt,title_from,description_from,problems",
  );
  expect(lines.slice(1).every((line) => line.startsWith("city,"))).toBe(true);
  const austin = lines.find((line) => line.includes(`${CITY},`))!;
  expect(austin).toContain(`${CITY},200,yes,"index: in the sitemap, canonical to itself","${DEFAULT_CITY_TITLE}",${DEFAULT_CITY_TITLE.length},`);
  // Its h1, as the page renders it.
  expect(austin).toContain(',"Property Managers in Austin, TX",');
  // The noindex pages come after the indexable rows, with their reason: here, Alaska's cities nobody serves.
  const alaska = await page.request.get("/workspace/pages.csv?kind=city&state=AK");
  expect(alaska.headers()["content-type"]).toContain("text/csv");
  const noindex = (await alaska.text()).split("\r\n").filter((line) => line.includes(",200,no,noindex: empty list (no managers serve it),"));
  expect(noindex.length).toBeGreaterThan(0);
  expect(noindex.every((line) => line.includes(',"noindex, follow",'))).toBe(true);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`export-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await expectNoAxeViolations(page);

  // The words the workspace lists are the words the public page serves.
  const editor = new WordsEditor(page);
  await editor.openPage(CITY);
  await expect(editor.facts).toContainText(DEFAULT_CITY_TITLE);
  await expect(editor.text("BreadcrumbList").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The seed's own pages have no over-long title: an editor publishes one to have a problem to follow.
  const writer = await browser.newPage();
  await useSignInLink(writer, addStaff(staffEmail("long-title"), "editor"));
  const writing = new WordsEditor(writer);
  await writing.openPage("/laws/north-dakota");
  await writing.draftTitle("North Dakota Landlord Tenant Law: Deposits, Entry, Notices and Late Fees, Explained | {site}");
  // Warned before Publish: the draft gives the audit an error it did not have.
  await expect(writing.warning).toHaveText("Publishing this draft gives the audit new errors: Title over 580 px (1 page). Publish anyway, or change the draft first.");
  await writing.publish();
  await expect(writing.status("Published")).toBeVisible({ timeout: 60_000 });
  await writer.close();

  // The audit: counts per problem, each linking to its pages (after its progress, if it was running).
  const audit = new AuditPage(page);
  await audit.open();
  const overLong = audit.problemRow(/^Title over 580 px/);
  await expect(overLong).toBeVisible({ timeout: 30_000 });
  // Grouped by cause: a law page's own override makes it, and its count leads to exactly those pages.
  const cause = audit.causeRow("Title over 580 px", "Each page's own override");
  await expect(cause).toContainText("State law");
  await expect(audit.causeCount(cause)).toHaveAttribute("href", "/workspace?kind=law&problem=title-too-long&source=override");
  await expect(audit.mendLink(cause, "Edit these pages one by one")).toBeVisible();
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`audit-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await audit.openPagesOf(overLong);
  await expect(page).toHaveURL(/\/workspace\?problem=title-too-long$/);
  await expect(list.problemCells("Title over 580 px").first()).toBeVisible();
});

test("an editor's draft: the results and cards redraw at every keystroke with no request, and its preview shows a bar on desktop and phone until Exit preview", { tag: ["@journey", "@writes"] }, async ({ page, context }, testInfo) => {
  const editor = staffEmail("preview");
  await useSignInLink(page, addStaff(editor, "editor"));
  const pagePath = "/laws/south-dakota";
  const words = new WordsEditor(page);
  await words.openPage(pagePath);
  const live = words.live;
  const desktop = words.resultTitle("desktop");
  const phone = words.resultTitle("phone");
  await expect(desktop).toHaveText("Landlord Tenant Laws in South Dakota | Managely");
  // The phone result names the page by its breadcrumb after the domain, as the served page's BreadcrumbList says.
  await expect(words.resultPath("desktop")).toHaveText(/^https?:\/\/[^ ]+ › laws › south-dakota$/);
  await expect(words.resultPath("phone")).toHaveText(/^[^ /]+ › Laws › South Dakota$/);

  // Typing: both results follow each keystroke, drawn in the browser; nothing is asked of the server.
  // The calls counted are the page's own (fetch and XHR); the menu's links prefetching their pages
  // as they come into view (Next's router, marked by its prefetch header) are not the editor's.
  const requests: string[] = [];
  page.on("request", (request) => {
    const prefetch = request.headers()["next-router-prefetch"] !== undefined || request.headers()["next-router-segment-prefetch"] !== undefined;
    if (["fetch", "xhr"].includes(request.resourceType()) && !prefetch) requests.push(request.url());
  });
  const title = words.title;
  await title.pressSequentially("South Dakota renters' rights");
  await expect(desktop).toHaveText("South Dakota renters' rights");
  await expect(phone).toHaveText("South Dakota renters' rights");
  await title.pressSequentially(", deposits and notices, explained for landlords and tenants | {site}");
  // Too wide for one desktop line: cut with the ellipsis; the phone wraps it to two lines.
  await expect(desktop).toHaveText(/^South Dakota renters' rights, deposits and notices, .* \.\.\.$/);
  await expect(words.resultTitleLines("phone")).toHaveCount(2);
  await expect(words.cardTitles.first()).toHaveText("South Dakota renters' rights, deposits and notices, explained for landlords and tenants | Managely");
  // A social title of its own: the cards take it, the search results keep theirs, X cuts it at 70 characters.
  const social = "Renting in South Dakota: the rules on deposits, entry, notices and late fees";
  await words.socialTitle.pressSequentially(social);
  await expect(words.cardTitles).toHaveText([social, social]);
  await expect(desktop).toHaveText(/^South Dakota renters' rights, deposits and notices, .* \.\.\.$/);
  await expect(words.xCardTitle).toHaveText(/^Renting in South Dakota: the rules on deposits, entry, notices and…$/);
  expect(requests).toEqual([]);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    // Drawn smaller on a phone's screen, never cut by it or scrolled sideways.
    await expect.poll(() => words.resultsOverflowing(), { message: `results at ${size.width} px` }).toEqual([]);
    await live.screenshot({ path: testInfo.outputPath(`live-preview-${size.width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`editor-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Saved, then previewed on the real page: a bar says which draft and whose, on a desktop and on a phone.
  await words.draftTitle("South Dakota renters' rights | {site}");
  await expect(words.status("Draft saved")).toBeVisible();
  const preview = await words.openPreview();
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(new RegExp(`${pagePath}$`));
  await expect(preview).toHaveTitle("South Dakota renters' rights | Managely");
  const drafted = new DraftPreview(preview);
  await expect(drafted.ogTitle).toHaveAttribute("content", social);
  const bar = drafted.bar;
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await preview.setViewportSize(size);
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(`by ${editor}`);
    await expect(bar).toContainText("this page's own words");
    await expect(drafted.backToEditor).toHaveAttribute("href", `/workspace/pages${pagePath}`);
    await expect(drafted.exitLink).toBeInViewport();
    await preview.screenshot({ path: testInfo.outputPath(`preview-bar-${size.width}.png`) });
  }
  // Draft mode lasts no longer than the staff session: both cookies expire with it.
  const session = (await context.cookies()).find((cookie) => cookie.name.startsWith("managely") && cookie.path === "/workspace");
  for (const name of ["__prerender_bypass", "managely_preview_draft"]) {
    const cookie = (await context.cookies()).find((each) => each.name === name);
    expect(cookie, name).toBeDefined();
    expect(cookie!.expires, name).toBeGreaterThan(Date.now() / 1000);
    if (session && session.expires > 0) expect(Math.abs(cookie!.expires - session.expires), name).toBeLessThan(120);
  }

  // Exit preview: back on the page as visitors see it, without the bar, and out of draft mode.
  await drafted.exit();
  await expect(preview).toHaveURL(new RegExp(`${pagePath}$`));
  await expect(preview).toHaveTitle("Landlord Tenant Laws in South Dakota | Managely");
  await expect(drafted.ogTitle).toHaveAttribute("content", "Landlord Tenant Laws in South Dakota | Managely");
  await expect(drafted.bar).toHaveCount(0);
  expect((await context.cookies()).filter((cookie) => ["__prerender_bypass", "managely_preview_draft"].includes(cookie.name))).toEqual([]);
  await preview.close();
});

test("a site-wide publish first shows a confirmation that names each field's effect, worse first; Cancel changes nothing", { tag: ["@journey", "@a11y"] }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const admin = staffEmail("confirm");
  await useSignInLink(page, addStaff(admin, "admin"));
  const lawPage = "/laws/texas";
  const titleBefore = await publicTitle(request, lawPage);
  const revisionsBefore = revisionsOf("template:law").length;

  // A title too wide for every law page: the confirmation names the title, and says it gets worse.
  const { heading } = await templatePublish.review(page, "law", "Landlord and Tenant Laws of {state}: Deposits, Notices, Repairs and Evictions | {site}");
  await expect(heading).toBeFocused();
  expect(await templatePublish.fields(page)).toEqual(["Title", "Description", "Keywords"]);
  await expect(templatePublish.lead(page)).toContainText(/changes the title of [\d,]+ pages\.$/);
  await expect(templatePublish.worse(page)).toHaveText(/^Title: [\d,]+ pages? gets? an audit error(?: and [\d,]+ lose theirs| and 1 loses its)? \(pages with one: [\d,]+ now, [\d,]+ after\)\.$/);
  const title = templatePublish.fieldRow(page, "Title");
  await expect(title).toContainText("worse");
  await expect(templatePublish.fieldCells(page, "Description").first()).toHaveText("0");
  await expectNoAxeViolations(page);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`publish-confirmation-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing is published yet.
  expect(revisionsOf("template:law")).toHaveLength(revisionsBefore);
  expect(await publicTitle(request, lawPage)).toBe(titleBefore);

  // Its counts lead to the pages: those whose title the draft changes, as the draft would make them.
  await templatePublish.fieldLinks(page, "Title").first().click();
  await expect(page).toHaveURL(/\/workspace\?kind=law&changed=title&draft=\d+$/);
  const list = new PageList(page);
  await expect(list.text("Shown as your draft of the State law template would make them")).toBeVisible();
  await expect(list.rowsOf(lawPage).first()).toContainText("Landlord and Tenant Laws of Texas: Deposits");
  await page.goBack();

  // Cancel: back to the editor, the draft kept, nothing published.
  await templatePublish.cancel(page, "law");
  expect(revisionsOf("template:law")).toHaveLength(revisionsBefore);
  expect(draftsOf("template:law", admin)).toHaveLength(1);
  expect(await publicTitle(request, lawPage)).toBe(titleBefore);
});

test("a bulk edit of 3 rows: the same confirmation as a template, then each page's own title, then cleared again", { tag: ["@journey", "@writes"] }, async ({ page, request }, testInfo) => {
  // Two bulk publishes, each tried against the whole site first: more than 45 s on a busy machine.
  test.setTimeout(120_000);
  await useSignInLink(page, addStaff(staffEmail("bulk"), "editor"));
  const paths = ["/laws/new-jersey", "/laws/new-mexico", "/laws/new-york"];
  const revisionsBefore = paths.map((path) => revisionsOf(`page:${path}`).length);
  await page.goto("/workspace?kind=law&q=%2Flaws%2Fnew-");
  await bulkEdit.tick(page, paths);
  const { heading } = await bulkEdit.review(page, { field: "Title", value: "Landlord and tenant law in {state}, made plain | {site}" });
  await expect(heading).toHaveText("Set the title of 3 pages?");
  await expect(heading).toBeFocused();
  expect(await templatePublish.fields(page)).toEqual(["Title", "Description", "Keywords"]);
  await expect(templatePublish.fieldCells(page, "Title").first()).toHaveText("3");
  await expect(templatePublish.lead(page)).toHaveText("Nothing is published until you press Publish. It governs 3 pages and changes the title of 3 pages.");
  // Each count links to its pages, listed on the confirmation itself (a bulk edit has no draft for the list to show).
  const changed = await bulkEdit.followCount(page, templatePublish.fieldLinks(page, "Title").first());
  await expect(changed).toHaveText(paths);
  expect(paths.map((path) => revisionsOf(`page:${path}`).length)).toEqual(revisionsBefore);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`bulk-confirmation-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const message = await bulkEdit.confirm(page);
  await expect(message).toContainText("Published: 3 pages' words change.");
  expect(paths.map((path) => revisionsOf(`page:${path}`).length)).toEqual(revisionsBefore.map((count) => count + 1));
  await expect.poll(() => publicTitle(request, "/laws/new-mexico"), { timeout: 20_000, intervals: [250] }).toBe("Landlord and tenant law in New Mexico, made plain | Managely");

  // Cleared again, as every row of the same filter: back to the template's words.
  await bulkEdit.review(page, { field: "Title", value: null, scope: "filter" });
  await bulkEdit.confirm(page);
  await expect.poll(() => publicTitle(request, "/laws/new-mexico"), { timeout: 20_000, intervals: [250] }).toBe("Landlord Tenant Laws in New Mexico | Managely");
});

test("without JavaScript, a template's publish still goes through its confirmation, and Cancel changes nothing", { tag: ["@journey", "@a11y"] }, async ({ browser, page: signedIn }) => {
  // Signed in with JavaScript (the sign-in link's page sends no referrer, not even its origin), then the same session without it.
  const admin = staffEmail("no-js");
  await useSignInLink(signedIn, addStaff(admin, "admin"));
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.context().storageState() });
  const page = await context.newPage();
  const revisionsBefore = revisionsOf("template:blog").length;
  await templatePublish.review(page, "blog", "{heading}: a guide | {site}");
  expect(await templatePublish.fields(page)).toContain("Title");
  await templatePublish.cancel(page, "blog");
  expect(revisionsOf("template:blog")).toHaveLength(revisionsBefore);
  expect(draftsOf("template:blog", admin)).toHaveLength(1);
  await context.close();
});

test("the history shows each change's words before and after, marks the live revision, and offers no rollback that would change nothing", { tag: ["@journey", "@writes"] }, async ({ page }, testInfo) => {
  await useSignInLink(page, addStaff(staffEmail("history"), "editor"));
  const pagePath = "/laws/rhode-island";
  const target = `page:${pagePath}`;
  const run = Date.now().toString(36);
  const [first, second] = [`Rhode Island landlord law, first words ${run}`, `Rhode Island landlord law, second words ${run}`];
  // What the page served before this test: the template's words, unless an earlier run left its own.
  const before = revisionsOf(target).at(-1)?.title ?? "the template's words";
  await publishPageTitle(page, pagePath, first);
  await publishPageTitle(page, pagePath, second);
  const [firstId, secondId] = revisionsOf(target).slice(-2).map((revision) => revision.id);

  // Both sides: the second replaced the first's words; the first replaced the template's.
  await page.goto("/workspace/history");
  const older = historyRevision(page, firstId);
  const newer = historyRevision(page, secondId);
  await expect(newer.side("title", "before")).toHaveText(first);
  await expect(newer.side("title", "after")).toHaveText(second);
  await expect(older.side("title", "before")).toHaveText(before);
  await expect(older.side("title", "after")).toHaveText(first);
  await expect(newer.liveMark).toBeVisible();
  await expect(older.liveMark).toHaveCount(0);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`history-${size.width}.png`) });
    await newer.item.screenshot({ path: testInfo.outputPath(`history-revision-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Rolled back, the second's earlier words are live again: rolling it back once more would change nothing.
  await rollBackRevision(page, secondId);
  const undone = revisionsOf(target).at(-1)!.id;
  await page.goto("/workspace/history");
  await expect(historyRevision(page, undone).liveMark).toBeVisible();
  await expect(historyRevision(page, undone).side("title", "after")).toHaveText(first);
  await expect(newer.liveMark).toHaveCount(0);
  await expect(newer.rollBack).toHaveCount(0);
  await expect(newer.nothingToRollBack).toBeVisible();

  // Rolling back the first puts the earlier words back: the page ends as it started.
  await rollBackRevision(page, firstId);
  expect(revisionsOf(target).at(-1)).toMatchObject({ action: "rollback", title: before === "the template's words" ? null : before });
});

test("an editor sets a page noindex: the live page's robots meta says so and it leaves the sitemap; rolling back brings both back", { tag: ["@journey", "@writes"] }, async ({ page, request }, testInfo) => {
  const LAW = "/laws/vermont";
  const robotsOf = async () => /<meta name="robots" content="([^"]*)"/.exec(await (await request.get(LAW)).text())?.[1];
  const inSitemap = async () => (await (await request.get("/sitemap.xml")).text()).includes(`${LAW}</loc>`);
  expect(await robotsOf()).toBe("index, follow");
  expect(await inSitemap()).toBe(true);

  await signInAsStaff(page, "editor", "robots");
  const editor = new WordsEditor(page);
  await editor.openPage(LAW);
  // Another site's address is refused, saying why.
  await editor.canonicalAddress.fill("https://elsewhere.example.com/laws/vermont");
  await editor.saveDraft();
  await expect(editor.alert("The canonical address must be a path on this site (/agents/TX/austin) or an address on")).toBeVisible();
  await editor.canonicalAddress.fill("");
  await editor.noindex.check();
  // The result as you type says at once that no search engine will show it.
  await expect(editor.resultNote).toHaveText(
    "This page will not appear in search results: it tells search engines noindex, and it leaves the sitemap.",
  );
  await editor.saveDraft();
  await expect(editor.status("Draft saved")).toBeVisible();
  await expect(editor.says("Publishing this draft takes the page out of search results and out of the sitemap.")).toBeVisible();
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`robots-editor-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await editor.publish();
  await expect(editor.status("Published")).toBeVisible({ timeout: 60_000 });

  await expect.poll(robotsOf, { timeout: 20_000, intervals: [250] }).toBe("noindex, follow");
  await expect.poll(inSitemap, { timeout: 20_000, intervals: [250] }).toBe(false);

  // The list shows it and finds it by its robots.
  await page.goto("/workspace?robots=noindex&kind=law");
  await expect(new PageList(page).pageLink(LAW)).toBeVisible();

  // History: the revision says what it changed, and rolling it back puts the page back.
  await editor.openPage(LAW);
  const revision = editor.liveRevision;
  await expect(editor.revisionAfter(revision, "robots")).toHaveText("noindex");
  await editor.rollBack(revision);
  await expect(editor.status("Rolled back")).toBeVisible();
  await expect.poll(robotsOf, { timeout: 20_000, intervals: [250] }).toBe("index, follow");
  await expect.poll(inSitemap, { timeout: 20_000, intervals: [250] }).toBe(true);
});
