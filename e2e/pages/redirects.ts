import { expect, type Locator, type Page } from "@playwright/test";
import { REDIRECTS_WORKSPACE_PATH } from "../../lib/contract/redirects";

/** Workspace → Redirects as an editor uses it: a rule by hand, the 404 log and its "Redirect this". */
export class RedirectsPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly fromField: Locator;
  readonly toField: Locator;
  readonly statusField: Locator;
  readonly notFoundLog: Locator;
  readonly rules: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Redirects", level: 1 });
    this.form = page.getByRole("form", { name: "Add a rule" });
    this.fromField = this.form.getByLabel("From path");
    this.toField = this.form.getByLabel("To");
    this.statusField = this.form.getByLabel("Answer");
    this.notFoundLog = page.getByRole("table", { name: "404 log" });
    this.rules = page.getByRole("region", { name: /^Rules/ }).getByRole("table");
  }

  async open() {
    await this.page.goto(REDIRECTS_WORKSPACE_PATH);
    await expect(this.heading).toBeVisible();
  }

  /** Fills the form and saves; answers the form's status line. */
  async addRule({ from, to, status = "301" }: { from?: string; to: string; status?: "301" | "302" | "410" }) {
    if (from !== undefined) await this.fromField.fill(from);
    await this.statusField.selectOption(status);
    await this.toField.fill(to);
    await this.form.getByRole("button", { name: "Save rule" }).click();
    return this.form.getByRole("status");
  }

  /** The form's refusal. */
  alert(): Locator {
    return this.form.getByRole("alert");
  }

  /**
   * A path's text in a table, by its end: on a phone each cell's accessible name starts with its
   * column's label (styles/workspace.css), so a cell's name is not the path alone.
   */
  private textOf(path: string): Locator {
    return this.page.getByText(new RegExp(`(^|\\s)${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }

  /** The 404 log's rows of a path (none once a rule answers it). */
  notFoundRows(path: string): Locator {
    return this.notFoundLog.getByRole("row").filter({ has: this.textOf(path) });
  }

  /** The rules table's row of a from-path. */
  ruleRow(from: string): Locator {
    return this.rules.getByRole("row").filter({ has: this.textOf(from) });
  }

  /** The 404 log's row of a path: the log is written every few seconds, so the page is read again until it shows. */
  async notFoundRow(path: string): Promise<Locator> {
    const row = this.notFoundLog.getByRole("row").filter({ has: this.textOf(path) });
    await expect(async () => {
      await this.page.reload();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    return row;
  }

  /** "Redirect this" on a 404 log row: the form, filled with its path. */
  async redirectThis(path: string) {
    await (await this.notFoundRow(path)).getByRole("link", { name: `Redirect ${path}` }).click();
    await expect(this.fromField).toHaveValue(path);
  }
}
