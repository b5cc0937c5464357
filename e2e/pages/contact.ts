import type { Locator, Page } from "@playwright/test";
import { SitePage } from "./site";

/** The "Get In Touch" form: on Contact Us, a message to the site; on a profile, to that manager. */
export class GetInTouchForm {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole("form", { name: "Get In Touch" });
  }

  get fullName(): Locator {
    return this.form.getByLabel("Full Name");
  }

  get email(): Locator {
    return this.form.getByLabel("Email Address");
  }

  get message(): Locator {
    return this.form.getByLabel("Message");
  }

  get submit(): Locator {
    return this.form.getByRole("button", { name: "Submit" });
  }

  /** The phone field, found as a visitor finds it in the page's main part. */
  get phone(): Locator {
    return this.page.getByRole("main").getByLabel("Phone Number");
  }

  async fill({ fullName, email, phone, message }: { fullName: string; email: string; phone?: string; message: string }): Promise<void> {
    await this.fullName.fill(fullName);
    await this.email.fill(email);
    if (phone !== undefined) await this.form.getByLabel("Phone Number").fill(phone);
    await this.message.fill(message);
  }

  /** The same form typed into by each field's accessible name alone (the same-origin check's way). */
  async fillByName({ fullName, email, phone, message }: { fullName: string; email: string; phone: string; message: string }): Promise<void> {
    await this.page.getByRole("textbox", { name: "Full Name" }).fill(fullName);
    await this.page.getByRole("textbox", { name: "Email Address", exact: true }).fill(email);
    await this.page.getByRole("textbox", { name: "Phone Number" }).fill(phone);
    await this.page.getByRole("textbox", { name: "Message" }).fill(message);
  }

  async send(): Promise<void> {
    await this.submit.click();
  }
}

/** Contact Us: who runs the site, and the form. */
export class ContactPage extends SitePage {
  get operator(): Locator {
    return this.page.getByRole("region", { name: "Who runs Managely" });
  }

  get form(): GetInTouchForm {
    return new GetInTouchForm(this.page);
  }
}
