import type { Locator, Page, Response } from "@playwright/test";

/**
 * What every public page has, as a visitor meets it: the page's title (its h1), its words, the
 * site's answers (the Success!/Error! dialog, a status line, an alert), the breadcrumb, the
 * footer, the header's menu and what a crawler reads in the head. The page objects of e2e/pages/
 * extend it; a journey spec reads the page through them and writes no selector of its own.
 */
export class SitePage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<Response | null> {
    return this.page.goto(path);
  }

  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** Words the page shows, as the spec or the contract fixes them. */
  text(words: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.page.getByText(words, options);
  }

  /** A heading anywhere on the page, by its name (any level unless given). */
  headingNamed(name: string | RegExp, { level }: { level?: number } = {}): Locator {
    return this.page.getByRole("heading", { name, ...(level ? { level } : {}) });
  }

  link(name: string | RegExp, { exact }: { exact?: boolean } = {}): Locator {
    return this.page.getByRole("link", { name, exact });
  }

  button(name: string | RegExp, { exact }: { exact?: boolean } = {}): Locator {
    return this.page.getByRole("button", { name, exact });
  }

  get main(): Locator {
    return this.page.getByRole("main");
  }

  get footer(): Locator {
    return this.page.getByRole("contentinfo");
  }

  get breadcrumb(): Locator {
    return this.page.getByRole("navigation", { name: "Breadcrumb" });
  }

  /** A link of the breadcrumb, or all of them. */
  crumb(name?: string): Locator {
    return name === undefined ? this.breadcrumb.getByRole("link") : this.breadcrumb.getByRole("link", { name });
  }

  /** A link inside `where` (a region, a row, a card), by its name; all of them without one. */
  linkIn(where: Locator, name?: string | RegExp, { exact }: { exact?: boolean } = {}): Locator {
    return name === undefined ? where.getByRole("link") : where.getByRole("link", { name, exact });
  }

  /** An alert inside `where` (a dialog, a region). */
  alertIn(where: Locator): Locator {
    return where.getByRole("alert");
  }

  /** The header's main menu, its dropdowns and links. */
  get mainMenu(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  /** The toggle of a main-menu dropdown ("More in Resources"). */
  menuDropdown(name: string): Locator {
    return this.mainMenu.getByLabel(`More in ${name}`);
  }

  menuLink(name: string): Locator {
    return this.mainMenu.getByRole("link", { name });
  }

  /** A button inside `where`, by its name. */
  buttonIn(where: Locator, name: string | RegExp): Locator {
    return where.getByRole("button", { name });
  }

  /** Words inside `where`. */
  textIn(where: Locator, words: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return where.getByText(words, options);
  }

  /** A link of the footer, by its name. */
  footerLink(name: string): Locator {
    return this.footer.getByRole("link", { name });
  }

  /** A named part of the page (a `<section aria-labelledby>`). */
  /**
   * What is still loading: anything aria-busy, and a form still waiting for its stored values (a
   * quote step's fieldset is disabled until then).
   */
  get stillLoading(): Locator {
    return this.page.locator('[aria-busy="true"], fieldset:disabled');
  }

  region(name: string | RegExp): Locator {
    return this.page.getByRole("region", { name });
  }

  /** The site's Success!/Error! dialog. */
  get answerDialog(): Locator {
    return this.page.getByRole("alertdialog");
  }

  async closeAnswer(): Promise<void> {
    await this.answerDialog.getByRole("button", { name: "OK" }).click();
  }

  /** A status line (the page's own, or the one holding `hasText`). */
  status(hasText?: string): Locator {
    const status = this.page.getByRole("status");
    return hasText === undefined ? status : status.filter({ hasText });
  }

  alert(hasText?: string): Locator {
    const alert = this.page.getByRole("alert");
    return hasText === undefined ? alert : alert.filter({ hasText });
  }

  /** A dialog (a modal popup), by its title when given. */
  dialog(name?: string): Locator {
    return this.page.getByRole("dialog", name === undefined ? {} : { name });
  }

  get robots(): Locator {
    return this.page.locator('meta[name="robots"]');
  }

  get canonical(): Locator {
    return this.page.locator('link[rel="canonical"]');
  }

  /** The phone header folds its menu behind a button: opens it when it is there. */
  async openMenuIfPhone(): Promise<void> {
    const toggle = this.page.getByLabel("Menu");
    if (await toggle.isVisible()) await toggle.click();
  }

  /** The header's Join Our Network (the phone's menu opened first). */
  async openJoinNetwork(): Promise<JoinNetworkPopup> {
    await this.openMenuIfPhone();
    await this.page.getByRole("button", { name: "Join Our Network" }).filter({ visible: true }).first().click();
    return new JoinNetworkPopup(this.page);
  }

  /** The footer's Join our Network. */
  async openJoinNetworkFromFooter(): Promise<JoinNetworkPopup> {
    await this.footer.getByRole("button", { name: "Join our Network" }).click();
    return new JoinNetworkPopup(this.page);
  }

  /** The headings a screen reader lists, in document order (closed dialogs and hidden parts left out). */
  headingOutline(): Promise<{ level: number; text: string }[]> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6"))
        .filter((heading) => !heading.closest("dialog:not([open]), [hidden], [aria-hidden='true']") && heading.checkVisibility())
        .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: (heading.textContent ?? "").trim().slice(0, 60) })),
    );
  }
}

/** The Join our Network popup: a manager applies to be listed. */
export class JoinNetworkPopup {
  /** The open popup, for a checker given a CSS scope (axe's include). */
  static readonly openDialog = "dialog[open]";

  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole("dialog", { name: "Join our Network" });
  }

  get mobile(): Locator {
    return this.dialog.getByLabel("Mobile Number");
  }

  async apply({ company, email, countryCode, mobile }: { company: string; email: string; countryCode: string; mobile: string }): Promise<void> {
    await this.dialog.getByLabel("Company Name").fill(company);
    await this.dialog.getByLabel("Email Address").fill(email);
    await this.dialog.getByLabel("Country Code").selectOption(countryCode);
    await this.mobile.fill(mobile);
    await this.dialog.getByRole("button", { name: "Submit" }).click();
  }
}
