import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { queryRows } from "../support/db";
import { newestMailTo, outboxFilesMentioning } from "../support/outbox";
import { E2E_BASE_URL, E2E_DATABASE, E2E_REMOTE_URL, E2E_SITE_URL, E2E_STAFF_EMAIL } from "../support/server";
import { STAFF_SIGN_IN_LINKS_PER_DAY } from "../../lib/service/rate-limit";
import { SitePage } from "./site";
import { runEmail } from "../support/run-key";

/** The marketers' workspace as staff use it: added by the operator, signed in by an emailed link. */

export function staffEmail(label: string): string {
  return runEmail(label, { domain: "staff.example.com" });
}

/**
 * `npm run staff -- add EMAIL --role ROLE` against the end-to-end server's database, as an
 * operator would run it on the server; answers the one-time sign-in link it prints.
 */
export function addStaff(email: string, role: "admin" | "operator" | "editor" | "viewer"): string {
  const output = execFileSync("npm", ["run", "-s", "staff", "--", "add", email, "--role", role], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${E2E_DATABASE}`, SITE_URL: E2E_BASE_URL },
  });
  const link = /https?:\/\/\S+\/workspace\/sign-in\/[A-Za-z0-9]+/.exec(output)?.[0];
  if (!link) throw new Error(`npm run staff printed no sign-in link:\n${output}`);
  return link;
}

/**
 * The sign-in link of the newest staff.sign_in message the site mailed to `email` (read through
 * outbox/search), as a path: the link names the site's own origin (checked), and the run opens it
 * where it reaches the site (a deployment may be reached at 127.0.0.1 and name itself localhost).
 */
export async function signInLinkFromOutbox(email: string, { notAmong }: { notAmong?: readonly string[] } = {}): Promise<string> {
  const mail = await newestMailTo(email, "staff-sign_in", {
    timeout: 15_000,
    notAmong,
    hint: `the site mails each staff member at most ${STAFF_SIGN_IN_LINKS_PER_DAY} sign-in links a day, and none past them`,
  });
  const link = /https?:\/\/\S+\/workspace\/sign-in\/[A-Za-z0-9]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`the sign-in email to ${email} (${mail.name}) holds no sign-in link`);
  expect(new URL(link).origin, "the sign-in link names the site's own origin").toBe(new URL(E2E_SITE_URL).origin);
  return new URL(link).pathname;
}

/**
 * A staff member signed in the way staff sign in: on the sign-in page, by the link the site mails.
 * On the run's own build, a new staff member of `role` is added first, as an operator does on the
 * server (`npm run staff`); against a deployment (E2E_BASE_URL), it is E2E_STAFF_EMAIL, a staff
 * member its operator added with a role that may do what the test does, whose mail the run reads
 * through outbox/search (the step skips, saying so, without one). Answers the address.
 */
export async function signInAsStaff(page: Page, role: "admin" | "operator" | "editor" | "viewer", label: string = role): Promise<string> {
  let email: string;
  if (E2E_REMOTE_URL) {
    test.skip(!E2E_STAFF_EMAIL, `signs a staff member in on ${E2E_REMOTE_URL}: set E2E_STAFF_EMAIL to one of its staff (${role} or admin) and E2E_API_TOKEN to its API_TOKEN`);
    email = E2E_STAFF_EMAIL;
  } else {
    email = staffEmail(label);
    addStaff(email, role);
  }
  await signInByMail(page, email);
  return email;
}

/** Asks for a sign-in link on the sign-in page, reads it in the staff member's mail (outbox/search), and uses it. */
async function signInByMail(page: Page, email: string): Promise<void> {
  const signIn = new WorkspaceSignIn(page);
  await page.goto("/workspace");
  await expect(signIn.heading).toBeVisible();
  // The sign-in mail already there for this address (an earlier sign-in's, its link used) is not this one.
  const earlier = await outboxFilesMentioning(email);
  await signIn.askForLink(email);
  await expect(signIn.status()).toHaveText(/a sign-in link is on its way/);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a Playwright step named "use…", not a React hook
  await useSignInLink(page, await signInLinkFromOutbox(email, { notAmong: earlier }));
}

/**
 * Opens a sign-in link and presses the button (opening alone signs nobody in). It lands on the
 * workspace page this browser asked for when it asked for the link (`returnsTo`), else on the
 * workspace's home.
 */
export async function useSignInLink(page: Page, link: string, returnsTo?: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The first sign-in of a fresh server starts the staff auth: it took 30 s and more at a load average of 37.
  if (returnsTo) {
    await expect(page).toHaveURL((url) => url.pathname + url.search === returnsTo, { timeout: 60_000 });
    return;
  }
  await expect(page).toHaveURL(/\/workspace$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "The site's pages" })).toBeVisible();
}

/** The <title> a public page serves right now to a visitor without cookies. */
export async function publicTitle(request: APIRequestContext, pagePath: string): Promise<string> {
  const html = await (await request.get(pagePath)).text();
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return raw.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

/** A page's <lastmod> in /sitemap.xml, as it is served now (undefined: not listed, or undated). */
export async function sitemapLastmod(request: APIRequestContext, pagePath: string): Promise<string | undefined> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return new RegExp(`<loc>[^<]*${pagePath.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
}

export function revisionsOf(target: string) {
  return queryRows<{ id: number; action: string; title: string | null; published_by_email: string; published_at: string }>("SELECT id, action, title, published_by_email, published_at FROM seo_revisions WHERE target = ? ORDER BY id", target);
}

/** The drafts of a target (one staff member's, when given). */
export function draftsOf(target: string, email?: string) {
  return queryRows<{ id: number; title: string | null }>(
    "SELECT d.id, d.title FROM seo_drafts d JOIN staff_users s ON s.id = d.staff_user_id WHERE d.target = ? AND (? IS NULL OR s.email = ?) ORDER BY d.id",
    target,
    email ?? null,
    email ?? null,
  );
}

/**
 * A template's publish: "Review and publish" saves the typed words and opens the
 * confirmation, a page of its own whose heading takes the focus; nothing is published until its
 * Publish is pressed.
 */
export const templatePublish = {
  /** Types a pattern into the template's Title field and opens the confirmation. */
  async review(page: Page, kind: string, title: string) {
    await page.goto(`/workspace/templates/${kind}`);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Review and publish" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/templates/${kind}/publish$`));
    const heading = page.getByRole("heading", { level: 1, name: /^Publish the .* template\?$/ });
    await expect(heading).toBeVisible();
    return { heading };
  },
  /** The fields the confirmation's table names, in its order (what gets worse first). */
  async fields(page: Page): Promise<string[]> {
    return page.locator(".ws-effects__field").getByRole("rowheader").allTextContents();
  },
  /** One field's row: pages changed, errors now, errors after (as shown, with their links). */
  fieldRow(page: Page, field: "Title" | "Description" | "Keywords") {
    return page.locator(".ws-effects__field").filter({ has: page.getByRole("rowheader", { name: field, exact: true }) });
  },
  /** One field's cells: pages changed first, then the errors now and after. */
  fieldCells(page: Page, field: "Title" | "Description" | "Keywords") {
    return templatePublish.fieldRow(page, field).getByRole("cell");
  },
  /** One field's links to the pages it counts (those the draft changes first). */
  fieldLinks(page: Page, field: "Title" | "Description" | "Keywords") {
    return templatePublish.fieldRow(page, field).getByRole("link");
  },
  /** The "What gets worse" list above the table. */
  worse(page: Page) {
    return page.getByRole("list", { name: "What gets worse" });
  },
  lead(page: Page) {
    return page.locator(".ws-lead").first();
  },
  async cancel(page: Page, kind: string) {
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/templates/${kind}$`));
  },
  /** Presses Publish on the confirmation; answers the message the editor then shows. */
  async confirm(page: Page, kind: string) {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/templates/${kind}\\?published=\\d+`), { timeout: 60_000 });
    const message = page.getByRole("status").filter({ hasText: /^Published: / });
    await expect(message).toBeVisible();
    return message;
  },
};

/** Bulk edit on the page list: tick rows, choose a field, review, publish. */
export const bulkEdit = {
  async tick(page: Page, paths: string[]) {
    for (const path of paths) await page.getByRole("checkbox", { name: `Select ${path}`, exact: true }).check();
  },
  /** Fills the bulk form (set `value`, or clear when it is null) and opens its confirmation. */
  async review(page: Page, { field, value, scope = "selected" }: { field: "Title" | "Description" | "Keywords"; value: string | null; scope?: "selected" | "filter" }) {
    const form = page.getByRole("form", { name: "Bulk edit" });
    if (scope === "filter") await form.getByRole("radio", { name: /^Every row of this filter/ }).check();
    await form.getByLabel("Field").selectOption({ label: field });
    if (value === null) await form.getByRole("radio", { name: /^Clear each page's own words/ }).check();
    else await form.getByLabel(/^New words/).fill(value);
    await form.getByRole("button", { name: "Review bulk edit" }).click();
    await expect(page).toHaveURL(/\/workspace\/bulk\?/);
    const heading = page.getByRole("heading", { level: 1, name: /^(Set|Clear) the .* of \d+ pages?\?$/ });
    await expect(heading).toBeVisible();
    return { heading };
  },
  /** The list of pages a count links to on the confirmation itself (the link's target, opened). */
  async followCount(page: Page, link: Locator) {
    const target = (await link.getAttribute("href"))!;
    await link.click();
    const list = page.locator(target);
    await expect(list).toBeInViewport();
    return list.getByRole("link");
  },
  /** Presses Publish on the confirmation; answers the message the list then shows. */
  async confirm(page: Page) {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/workspace(\?.*)?[?&]published=\d+$/, { timeout: 60_000 });
    const message = page.getByRole("status").filter({ hasText: /^Published: / });
    await expect(message).toBeVisible();
    return message;
  },
};

/** Saves a page's own title as a draft in its editor and publishes it (one click for a single page). */
export async function publishPageTitle(page: Page, pagePath: string, title: string) {
  const editor = new WordsEditor(page);
  await editor.openPage(pagePath);
  await editor.draftTitle(title);
  await expect(editor.status("Draft saved")).toBeVisible();
  await editor.publish();
  await expect(editor.status("Published")).toBeVisible();
}

/** One revision on /workspace/history (its list item is named "Revision N", ", live now" when it is). */
export function historyRevision(page: Page, id: number) {
  const item = page.getByRole("listitem", { name: new RegExp(`^Revision ${id}(, live now)?$`) });
  return {
    item,
    /** A field's words before or after the revision (no accessible name: a label would make it one more "Title" field). */
    side: (field: "title" | "description" | "keywords", side: "before" | "after") => item.locator(`[data-field="${field}"] [data-side="${side}"]`),
    liveMark: item.getByText("Live now", { exact: true }),
    rollBack: item.getByRole("button", { name: "Roll back this change" }),
    nothingToRollBack: item.getByText("Rolling this back would change nothing: its earlier words are live."),
  };
}

/** Rolls a revision back from the history and waits for the answer. */
export async function rollBackRevision(page: Page, id: number) {
  await historyRevision(page, id).rollBack.click();
  await expect(page.getByRole("status").filter({ hasText: "Rolled back" })).toBeVisible();
}

/**
 * Presses "Export CSV" on the list: the page says it is preparing the file, then that it is
 * ready; answers the downloaded file's text.
 */
export async function exportCsv(page: Page, file: RegExp = /\/workspace\/pages\.csv(\?|$)/): Promise<string> {
  const status = page.locator(".ws-export").getByRole("status");
  // The file is held back until the page has said it is preparing it (a fast server answers first otherwise).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await held;
    await route.continue();
  });
  const downloaded = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(status).toHaveText("Preparing the CSV…");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  release();
  const download = await downloaded;
  await expect(status).toHaveText(/^The CSV is ready: [\d,]+ rows, downloaded\.$/);
  await page.unroute(file);
  return fs.readFileSync((await download.path())!, "utf8");
}

/** The sign-in page every workspace URL shows to a visitor without a session. */
export class WorkspaceSignIn extends SitePage {
  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Sign in to the workspace" });
  }

  /** Types a work email and asks for a sign-in link by mail. */
  async askForLink(email: string): Promise<void> {
    await this.page.getByLabel("Work email").fill(email);
    await this.page.getByRole("button", { name: "Email me a sign-in link" }).click();
  }
}

/** /workspace: every indexable page, its filters, its rows and the CSV export. */
export class PageList extends SitePage {
  /** The sentence under the h1 ("The N pages of the sitemap…"). */
  get lead(): Locator {
    return this.page.locator(".ws-lead").first();
  }

  /** Picks a page type and a state, then presses Filter. */
  async filter({ kind, state }: { kind: string; state: string }): Promise<void> {
    await this.page.getByLabel("Type").selectOption(kind);
    await this.page.getByLabel("State").selectOption(state);
    await this.page.getByRole("button", { name: "Filter" }).click();
  }

  /** A page's link in the list, named by its path. */
  pageLink(pagePath: string): Locator {
    return this.link(pagePath, { exact: true });
  }

  /** The rows that mention `pagePath` (a page's row, with its words). */
  rowsOf(pagePath: string): Locator {
    return this.page.getByRole("row").filter({ hasText: pagePath });
  }

  /** The cells naming a problem (the list filtered by that problem). */
  problemCells(problem: string): Locator {
    return this.page.getByRole("cell").getByText(problem);
  }
}

/** A page's or a template's editor: its words, the live results and cards, draft, publish, preview. */
export class WordsEditor extends SitePage {
  async openPage(pagePath: string): Promise<void> {
    await this.page.goto(`/workspace/pages${pagePath}`);
  }

  async openTemplate(kind: string): Promise<void> {
    await this.page.goto(`/workspace/templates/${kind}`);
  }

  get title(): Locator {
    return this.page.getByLabel("Title", { exact: true });
  }

  /** The page's own settings: its canonical address and its noindex switch. */
  get canonicalAddress(): Locator {
    return this.page.getByLabel("Canonical address");
  }

  get noindex(): Locator {
    return this.page.getByLabel("Keep this page out of search results (noindex)");
  }

  /** The note under the result as you type (a page kept out of search results says so). */
  get resultNote(): Locator {
    return this.region("Search result as you type").getByRole("note");
  }

  /** A sentence the editor shows (the publish warning of a noindex draft). */
  says(text: string): Locator {
    return this.page.getByText(text);
  }

  /** The revision live now in the page's history. */
  get liveRevision(): Locator {
    return this.page.getByRole("listitem", { name: /^Revision \d+, live now$/ });
  }

  /** What a revision set a field to ("robots": its value after the change). */
  revisionAfter(revision: Locator, field: string): Locator {
    return revision.locator(`[data-field="${field}"] [data-side="after"]`);
  }

  async rollBack(revision: Locator): Promise<void> {
    await revision.getByRole("button", { name: "Roll back this change" }).click();
  }

  /** The share cards' own title: empty, they say what the search result says. */
  get socialTitle(): Locator {
    return this.page.getByLabel("Social title", { exact: true });
  }

  get saveDraftButton(): Locator {
    return this.page.getByRole("button", { name: "Save draft" });
  }

  get publishButton(): Locator {
    return this.page.getByRole("button", { name: "Publish" });
  }

  async saveDraft(): Promise<void> {
    await this.saveDraftButton.click();
  }

  /** Writes new title words and presses Save draft (the answer is the caller's to wait for). */
  async draftTitle(words: string): Promise<void> {
    await this.title.fill(words);
    await this.saveDraft();
  }

  /** What the editor warns of before a publish (the audit errors the draft adds). */
  get warning(): Locator {
    return this.page.locator(".ws-notice--warning");
  }

  /** Publishes the saved draft (one click for a single page). */
  async publish(): Promise<void> {
    await this.publishButton.click();
  }

  /** "Preview on the real page": answers the tab it opens. */
  async openPreview(): Promise<Page> {
    const [preview] = await Promise.all([this.page.waitForEvent("popup"), this.link("Preview on the real page").click()]);
    return preview;
  }

  /** The facts about the live page (its words, its structured data). */
  get facts(): Locator {
    return this.page.locator(".ws-facts").first();
  }

  /** The live results and cards, redrawn as the words are typed. */
  get live(): Locator {
    return this.page.locator(".ws-live");
  }

  /** The search result's title as a desktop or a phone shows it. */
  resultTitle(device: "desktop" | "phone"): Locator {
    return this.live.locator(`[data-device="${device}"] .ws-serp__title`);
  }

  /** The line above a search result's title: the address on a desktop, the domain and breadcrumb names on a phone. */
  resultPath(device: "desktop" | "phone"): Locator {
    return this.live.locator(`[data-device="${device}"] .ws-serp__url`);
  }

  /**
   * The search results drawn wider than their box or cut by it (each result's own cuts aside):
   * "desktop: 412 px in 300 px", empty when every result fits the screen it is drawn on.
   */
  async resultsOverflowing(): Promise<string[]> {
    return this.live.locator(".ws-serp").evaluateAll((figures) =>
      figures.flatMap((figure) => {
        const result = figure.querySelector(".ws-serp__result")!;
        const title = figure.querySelector(".ws-serp__title")!;
        const box = figure.getBoundingClientRect();
        const drawn = result.getBoundingClientRect();
        const device = figure.getAttribute("data-device");
        const problems: string[] = [];
        if (drawn.right > box.right + 0.5 || figure.scrollWidth > figure.clientWidth) problems.push(`${device}: ${Math.round(drawn.width)} px in ${Math.round(box.width)} px`);
        if (title.scrollWidth > title.clientWidth + 1) problems.push(`${device}: title cut by its box`);
        return problems;
      }),
    );
  }

  /** The lines a search result's title wraps to. */
  resultTitleLines(device: "desktop" | "phone"): Locator {
    return this.resultTitle(device).locator(".ws-serp__line");
  }

  /** The share cards' titles (Facebook's, then LinkedIn's). */
  get cardTitles(): Locator {
    return this.live.locator(".ws-card__title");
  }

  /** The title X draws over the card's image, cut at X's 70 characters. */
  get xCardTitle(): Locator {
    return this.live.locator(".ws-card--x .ws-card__overlay");
  }
}

/** A public page opened by "Preview on the real page": the draft applied, under a bar that says so. */
export class DraftPreview extends SitePage {
  get bar(): Locator {
    return this.page.getByRole("complementary", { name: "Draft preview" });
  }

  get backToEditor(): Locator {
    return this.bar.getByRole("link", { name: "Back to the editor" });
  }

  get exitLink(): Locator {
    return this.bar.getByRole("link", { name: "Exit preview" });
  }

  /** The Open Graph title the page declares (what a share card shows). */
  get ogTitle(): Locator {
    return this.page.locator('meta[property="og:title"]');
  }

  async exit(): Promise<void> {
    await this.exitLink.click();
  }
}

/** /workspace/history: every published change, newest first, each with its rollback. */
export class WorkspaceHistory extends SitePage {
  async open(path = "/workspace/history") {
    return super.open(path);
  }

  /** The revisions whose words mention `hasText` ("City template"). */
  revisionsAbout(hasText: string): Locator {
    return this.page.locator(".ws-revision").filter({ hasText });
  }

  /** A template's revision: opens its rollback's confirmation (what it does, field by field). */
  async openTemplateRollback(revision: Locator): Promise<RollbackConfirmation> {
    await revision.getByRole("link", { name: "Roll back this change…" }).click();
    const confirmation = new RollbackConfirmation(this.page);
    await expect(confirmation.heading).toBeVisible();
    return confirmation;
  }
}

/** /workspace/templates/<kind>/rollback/<revision>: what rolling a template back does, then Roll back or Cancel. */
export class RollbackConfirmation extends SitePage {
  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: /^Roll back revision \d+ of the [a-z ]+ template\?$/ });
  }

  get lead(): Locator {
    return this.page.locator(".ws-lead");
  }

  /** The pattern a field goes back to, as "live → restored". */
  pattern(label: string): Locator {
    return this.page.locator(".ws-facts div").filter({ has: this.page.getByRole("term").filter({ hasText: label }) }).getByRole("definition");
  }

  async confirm(): Promise<void> {
    await this.page.getByRole("button", { name: "Roll back", exact: true }).click();
  }
}

/** /workspace/audit: a count per problem, each linking to its pages. */
export class AuditPage extends SitePage {
  async open(path = "/workspace/audit") {
    return super.open(path);
  }

  /** A problem's row of "Problems found", by the start of its name ("What causes them" names the same problems). */
  problemRow(name: RegExp): Locator {
    return this.region("Problems found").getByRole("row").filter({ has: this.page.getByRole("rowheader", { name }) });
  }

  /** Follows a problem's count to the list of its pages. */
  async openPagesOf(row: Locator): Promise<void> {
    await row.getByRole("link").first().click();
  }

  /** A row of "What causes them": one problem, on one type of page, from one source of words. */
  causeRow(problem: string, source: string): Locator {
    return this.region("What causes them").getByRole("row").filter({ hasText: problem }).filter({ hasText: source });
  }

  /** A cause's count, a link to exactly its pages. */
  causeCount(cause: Locator): Locator {
    return cause.getByRole("link", { name: /^[\d,]+$/ });
  }

  /** What a cause offers to mend it. */
  mendLink(cause: Locator, name: string): Locator {
    return cause.getByRole("link", { name });
  }
}
