import { expect, type Locator, type Page } from "@playwright/test";
import { newestMailTo } from "../support/outbox";

/**
 * The operator's tasks as staff do them (Applications, Messages, Subscribers in the workspace),
 * the unsubscribe page as a reader uses it, and the mail the outbox wrote for each.
 */

/** A workspace page's answer to a form: the status line (success) or the alert (refusal). */
const answer = (page: Page) => page.getByRole("main").getByRole("status").or(page.getByRole("main").getByRole("alert"));

export class ApplicationsList {
  constructor(private readonly page: Page) {}

  async open(filter: { status?: string } = {}) {
    await this.page.goto(`/workspace/applications${filter.status ? `?status=${filter.status}` : ""}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  }

  /** The note that a role only reads the applications. */
  readOnlyNote(role: string): Locator {
    return this.page.getByText(`Your role (${role}) reads these; admins and operators decide them.`);
  }

  /** The link of one application in the list, by company. */
  application(company: string): Locator {
    return this.page.getByRole("table").getByRole("link", { name: company, exact: true });
  }

  async openApplication(company: string): Promise<ApplicationPage> {
    await this.application(company).click();
    const page = new ApplicationPage(this.page);
    await expect(page.heading(company)).toBeVisible();
    return page;
  }
}

/** The listing an application becomes, as the approval form asks for it. */
export type ListingFields = {
  contactName: string;
  officeAddress: string;
  officeCity: string;
  officeState: string;
  officeZip: string;
  serviceZips: string;
  categories: string[];
  managementFee?: string;
  about?: string;
};

export class ApplicationPage {
  constructor(private readonly page: Page) {}

  heading(company: string): Locator {
    return this.page.getByRole("heading", { level: 1, name: `Application from ${company}` });
  }

  get duplicatesHeading(): Locator {
    return this.page.getByRole("heading", { level: 2, name: "Listings that may be this company" });
  }

  get approveForm(): Locator {
    return this.page.getByRole("form", { name: "Approve: create its listing" });
  }

  get declineForm(): Locator {
    return this.page.getByRole("form", { name: "Decline" });
  }

  get status(): Locator {
    return answer(this.page);
  }

  /** The status fact of the application ("New", "Approved"…). */
  statusFact(): Locator {
    return this.page.getByRole("definition").filter({ has: this.page.locator(".ws-badge") });
  }

  async approve(fields: ListingFields) {
    const form = this.approveForm;
    await form.getByLabel("Contact name").fill(fields.contactName);
    await form.getByLabel("Office address").fill(fields.officeAddress);
    await form.getByLabel("Office city").fill(fields.officeCity);
    await form.getByLabel("Office state").fill(fields.officeState);
    await form.getByLabel("Office ZIP code").fill(fields.officeZip);
    await form.getByLabel("Service ZIP codes").fill(fields.serviceZips);
    for (const category of fields.categories) await form.getByRole("checkbox", { name: category }).check();
    if (fields.managementFee) await form.getByLabel("Management fee").fill(fields.managementFee);
    if (fields.about) await form.getByLabel("About").fill(fields.about);
    await form.getByRole("button", { name: "Approve and publish the listing" }).click();
  }

  /** The listing's public address the page links to once approved. */
  listingLink(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: /^\/agent\// });
  }

  async decline(reason: string) {
    await this.declineForm.getByLabel("Reason", { exact: true }).fill(reason);
    await this.declineForm.getByRole("button", { name: "Decline and email the applicant" }).click();
  }
}

export class MessagesList {
  constructor(private readonly page: Page) {}

  async open(filter: { status?: string } = {}) {
    await this.page.goto(`/workspace/messages${filter.status ? `?status=${filter.status}` : ""}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  }

  async openMessage(name: string): Promise<MessagePage> {
    await this.page.getByRole("table").getByRole("link", { name, exact: true }).first().click();
    await expect(this.page.getByRole("heading", { level: 1, name: `Message from ${name}` })).toBeVisible();
    return new MessagePage(this.page);
  }
}

export class MessagePage {
  constructor(private readonly page: Page) {}

  get replyForm(): Locator {
    return this.page.getByRole("form", { name: "Reply by email" });
  }

  get status(): Locator {
    return answer(this.page);
  }

  /** The replies already sent, oldest first. */
  get thread(): Locator {
    return this.page.getByRole("region", { name: "Replies" }).getByRole("listitem");
  }

  async reply(text: string) {
    await this.replyForm.getByLabel("Reply", { exact: true }).fill(text);
    await this.replyForm.getByRole("button", { name: "Send the reply" }).click();
  }

  async close() {
    await this.page.getByRole("button", { name: "Close without replying" }).click();
  }
}

export class SubscribersList {
  constructor(private readonly page: Page) {}

  async open(search?: string) {
    await this.page.goto(`/workspace/subscribers${search ? `?q=${encodeURIComponent(search)}` : ""}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  }

  row(email: string): Locator {
    return this.page.getByRole("row").filter({ hasText: email });
  }

  get refusal(): Locator {
    return this.page.getByRole("main").locator(".ws-notice--error");
  }

  async remove(email: string) {
    await this.row(email).getByRole("button", { name: `Remove ${email}` }).click();
  }

  /** What the list says after a removal. */
  get notice(): Locator {
    return this.page.getByRole("main").locator(".ws-notice--ok");
  }
}

/** The workspace home's line of new tasks. */
/** Workspace → Managers: a CSV's dry run, then Apply (admins). */
export class ManagersImportPage {
  constructor(private readonly page: Page) {}

  /** From the workspace's navigation, as an admin reaches it. */
  async openFromNavigation() {
    await this.page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Managers" }).click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Managers" })).toBeVisible();
  }

  /** Chooses a file (a path, or a named buffer) and asks for its dry run. */
  async check(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
    await this.page.getByRole("button", { name: "Check this file (dry run)" }).click();
  }

  heading(name: string): Locator {
    return this.page.getByRole("heading", { name });
  }

  text(text: string): Locator {
    return this.page.getByText(text);
  }

  get apply(): Locator {
    return this.page.getByRole("button", { name: "Apply this import" });
  }

  /** What the page says once an import is applied. */
  applied(text: string): Locator {
    return this.page.getByRole("status").filter({ hasText: text });
  }
}

export function newTasks(page: Page): Locator {
  return page.getByLabel("The network's tasks");
}

/** The newsletter's confirmation page (the link of its email): one button. */
export async function confirmSubscription(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  return page.getByRole("main").getByRole("status");
}

/** The page an unsubscribe link opens: one button. */
export class UnsubscribePage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Unsubscribe" });
  }

  get button(): Locator {
    return this.page.getByRole("button", { name: "Unsubscribe" });
  }

  get done(): Locator {
    return this.page.getByRole("main").getByRole("status");
  }
}

/**
 * The newest message the site mailed of a kind ("contact-reply", "newsletter-confirmation",
 * "application-approved") to `email`, once it is there: its text, headers and body (outbox/search).
 */
export async function mailTo(email: string, kind: string): Promise<string> {
  return (await newestMailTo(email, kind)).text;
}

/** A header's value in an .eml file. */
export function mailHeader(eml: string, name: string): string | undefined {
  const head = eml.slice(0, eml.indexOf("\n\n"));
  return new RegExp(`^${name}: (.*)$`, "m").exec(head)?.[1];
}
