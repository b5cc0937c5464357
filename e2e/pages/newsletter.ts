import type { Locator, Page } from "@playwright/test";

/** The newsletter box ("Get Exclusive Insights Directly to Your Inbox!") a reader subscribes with. */
export class NewsletterBox {
  constructor(private readonly page: Page) {}

  get box(): Locator {
    return this.page.getByRole("region", { name: "Get Exclusive Insights Directly to Your Inbox!" });
  }

  get email(): Locator {
    return this.box.getByLabel("Email address");
  }

  async subscribe(email?: string): Promise<void> {
    if (email !== undefined) await this.email.fill(email);
    await this.box.getByRole("button", { name: "Subscribe" }).click();
  }

  /** The last "Email address" box of the page and its Subscribe button, found by name alone (the same-origin check's way). */
  async subscribeByName(email: string): Promise<void> {
    await this.page.getByRole("textbox", { name: "Email address" }).last().fill(email);
    await this.page.getByRole("button", { name: "Subscribe" }).click();
  }
}
