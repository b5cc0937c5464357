import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { queryRows } from "../support/db";
import { onlyOnTheLocalBuild } from "../support/target";
import { E2E_BASE_URL, E2E_DATABASE, E2E_OUTBOX_DIR } from "../support/server";

/** The marketers' workspace as staff use it: added by the operator, signed in by an emailed link. */

export function staffEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@staff.example.com`;
}

/**
 * `npm run staff -- add EMAIL --role ROLE` against the end-to-end server's database, as an
 * operator would run it on the server; answers the one-time sign-in link it prints.
 */
export function addStaff(email: string, role: "admin" | "editor" | "viewer"): string {
  const output = execFileSync("npm", ["run", "-s", "staff", "--", "add", email, "--role", role], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${E2E_DATABASE}`, SITE_URL: E2E_BASE_URL },
  });
  const link = /https?:\/\/\S+\/workspace\/sign-in\/[A-Za-z0-9]+/.exec(output)?.[0];
  if (!link) throw new Error(`npm run staff printed no sign-in link:\n${output}`);
  return link;
}

/** The sign-in link of the newest staff.sign_in message the server's outbox wrote for `email`. */
export async function signInLinkFromOutbox(email: string): Promise<string> {
  onlyOnTheLocalBuild("reads the staff sign-in mail the site's worker wrote");
  const dir = path.resolve(E2E_OUTBOX_DIR);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        const files = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith("-staff-sign_in.eml"))
          .sort();
        for (const name of files.reverse()) {
          const text = fs.readFileSync(path.join(dir, name), "utf8");
          if (text.includes(`To: ${email}`)) return (link = /https?:\/\/\S+\/workspace\/sign-in\/[A-Za-z0-9]+/.exec(text)?.[0]);
        }
        return undefined;
      },
      { message: `a sign-in email to ${email} in ${dir}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Opens a sign-in link and presses the button (opening alone signs nobody in). */
export async function useSignInLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole("heading", { level: 1, name: "Every indexable page" })).toBeVisible();
}

/** The <title> a public page serves right now to a visitor without cookies. */
export async function publicTitle(request: APIRequestContext, pagePath: string): Promise<string> {
  const html = await (await request.get(pagePath)).text();
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return raw.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

export function revisionsOf(target: string) {
  return queryRows<{ id: number; action: string; title: string | null; published_by_email: string }>("SELECT id, action, title, published_by_email FROM seo_revisions WHERE target = ? ORDER BY id", target);
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
 * A template's publish (issue 29, item 5): "Review and publish" saves the typed words and opens the
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

/** Bulk edit on the page list (issue 29, item 10): tick rows, choose a field, review, publish. */
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
  await page.goto(`/workspace/pages${pagePath}`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
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
export async function exportCsv(page: Page): Promise<string> {
  const status = page.locator(".ws-export").getByRole("status");
  // The file is held back until the page has said it is preparing it (a fast server answers first otherwise).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/workspace\/pages\.csv(\?|$)/, async (route) => {
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
  await page.unroute(/\/workspace\/pages\.csv(\?|$)/);
  return fs.readFileSync((await download.path())!, "utf8");
}
