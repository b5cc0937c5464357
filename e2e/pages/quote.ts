import type { APIRequestContext, Locator, TestInfo } from "@playwright/test";
import { test as base, expect } from "../support/test";
import { queryRows } from "../support/db";
import { runEmail, runSubmissionKeys } from "../support/run-key";
import { RECIPIENTS } from "../../lib/contract/messages";
import { SitePage } from "./site";
import { GUARANTEE_SUBMISSION_KEY, LEAD_KEYS, SELECTED_AGENTS_KEY, SUBMISSION_KEY } from "../../lib/lead-form/storage";

/** The owner quote flow (spec 2.4) as a visitor sees it: steps, dialogs and the stored lead. */

export const CATEGORIES = [
  { id: 1, label: "Single Family" },
  { id: 2, label: "Multi Family" },
  { id: 3, label: "Association" },
  { id: 8, label: "Commercial" },
] as const;

export const STEP_HEADINGS = {
  1: "What type of property do you own?",
  2: "What's the property address?",
  3: "What should managers know about your property?",
  4: "What's your contact information?",
  5: "Review & Submit",
} as const;

export type Address = { address: string; city: string; zip: string };
export type Contact = { fullName: string; email: string; phone: string; method: "Email" | "Phone" };
export type ExamEntry = { question: string; answer: string | string[] };
export type Question = {
  question: string;
  type: "single" | "multi" | "fill_blank";
  option_1: string;
  option_2: string;
  option_3: string;
  option_4: string;
  option_5: string;
  option_6: string;
  content_heading: string;
};

import type { LeadRow } from "../../lib/db/schema";

export type { LeadRow };

/** The quote flow's keys in browser storage: spec section 3's ten, the chosen managers and the two submission keys. */
export function isLeadFormKey(key: string): boolean {
  return (LEAD_KEYS as readonly string[]).includes(key) || key === SELECTED_AGENTS_KEY || key === SUBMISSION_KEY || key === GUARANTEE_SUBMISSION_KEY;
}

export const NETWORK_ERROR_MESSAGE =
  "We could not reach the server. Please check your connection and try again; nothing you typed was lost.";

/** An address no other test uses, so a lead row is found by its email alone; it carries the run's mark (support/run-key.ts). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return runEmail(`owner.${label}.${testInfo.project.name}`);
}

export function leadsByEmail(email: string): LeadRow[] {
  return queryRows<LeadRow>("SELECT * FROM leads WHERE email_address = ? ORDER BY id", email);
}

export async function questionsFor(request: APIRequestContext, category: number): Promise<Question[]> {
  const response = await request.post("/api/question/list", { data: { type: category } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).questions as Question[];
}

function optionsOf(question: Question): string[] {
  return [question.option_1, question.option_2, question.option_3, question.option_4, question.option_5, question.option_6]
    .map((option) => option.trim())
    .filter(Boolean);
}

/** A realistic answer to every question: a choice, two ticks, a sentence. */
export function answersFor(questions: Question[]): ExamEntry[] {
  return questions.map((question, index) => {
    const options = optionsOf(question);
    if (question.type === "single") return { question: question.question, answer: options[index % options.length] };
    if (question.type === "multi") return { question: question.question, answer: [options[0], options[options.length - 1]] };
    return { question: question.question, answer: `Detail ${index + 1}: new roof in 2022, gated parking.` };
  });
}

export class QuoteFlow extends SitePage {
  get next(): Locator {
    return this.page.getByRole("button", { name: "Next", exact: true });
  }

  get back(): Locator {
    return this.page.getByRole("link", { name: "Back", exact: true });
  }

  get submit(): Locator {
    return this.page.getByRole("button", { name: /^(Submit|Processing\.\.\.)$/ });
  }

  get errorDialog(): Locator {
    return this.page.getByRole("alertdialog", { name: "Error!" });
  }

  /**
   * After Submit: on /thank-you. A refusal (a 429 over the rate limit, a 400) fails with the
   * site's own words, as its dialog shows them ("refused: Too many requests…"), not only the URL.
   */
  async expectThankYou(): Promise<void> {
    const refusal = this.page.getByRole("alertdialog");
    await expect
      .poll(async () => ((await refusal.count()) > 0 && (await refusal.first().isVisible()) ? `refused: ${(await refusal.first().innerText()).replace(/\s+/g, " ").trim()}` : new URL(this.page.url()).pathname), {
        message: "the quote's Submit leads to /thank-you",
        timeout: 30_000,
      })
      .toBe("/thank-you");
  }

  get guaranteeButton(): Locator {
    return this.page.getByRole("button", { name: "No More Spam: Our Quote Guarantee" });
  }

  get guaranteeDialog(): Locator {
    return this.page.getByRole("dialog", { name: "No More Spam: Our Quote Guarantee" });
  }

  /** Step 1's radio of a property type. */
  category(label: string): Locator {
    return this.page.getByRole("radio", { name: label, exact: true });
  }

  get address(): Locator {
    return this.page.getByLabel("Address", { exact: true });
  }

  get city(): Locator {
    return this.page.getByLabel("City", { exact: true });
  }

  get zip(): Locator {
    return this.page.getByLabel("ZIP Code", { exact: true });
  }

  get fullName(): Locator {
    return this.page.getByLabel("Full Name");
  }

  get email(): Locator {
    return this.page.getByRole("main").getByLabel("Email Address");
  }

  get phone(): Locator {
    return this.page.getByLabel("Phone No.");
  }

  get contactMethod(): Locator {
    return this.page.getByLabel("Preferred Contact Method");
  }

  /** Step 3's answer fields, by question: a choice, a group of ticks, a sentence. */
  singleAnswer(question: string): Locator {
    return this.page.getByRole("combobox", { name: question, exact: true });
  }

  multiAnswer(question: string, choice: string): Locator {
    return this.page.getByRole("group", { name: question }).getByRole("checkbox", { name: choice, exact: true });
  }

  textAnswer(question: string): Locator {
    return this.page.getByRole("textbox", { name: question, exact: true });
  }

  /** Step 3's lead text in the side panel (the step's question stays the page's h1). */
  panelText(words: string): Locator {
    return this.page.getByRole("banner").getByText(words, { exact: true });
  }

  /** The side panel's heading, naming the step it stands beside. */
  get panelHeading(): Locator {
    return this.page.locator(".quote-intro__heading");
  }

  /** The review (step 5) or any step's main part. */
  get review(): Locator {
    return this.page.getByRole("main");
  }

  /** The review's answer to `question`. */
  reviewAnswer(question: string): Locator {
    return this.review
      .locator(".review__item")
      .filter({ has: this.page.getByRole("term").filter({ hasText: question }) })
      .getByRole("definition");
  }

  /** The review's Edit links ("Edit Address"…). */
  edit(name: string): Locator {
    return this.page.getByRole("link", { name, exact: true });
  }

  get close(): Locator {
    return this.page.getByRole("link", { name: "Close", exact: true });
  }

  get logo(): Locator {
    return this.page.getByRole("link", { name: "Managely home" });
  }

  /** The last step's "Who should receive your request?" (in the guarantee modal when given). */
  recipients(within?: Locator): Locator {
    return within ? within.getByRole("group", { name: RECIPIENTS.heading }) : this.page.getByRole("group", { name: RECIPIENTS.heading });
  }

  recipient(company: string, within?: Locator): Locator {
    return this.recipients(within).getByRole("checkbox", { name: company, exact: true });
  }

  /** The ticked recipients. */
  chosenRecipients(within?: Locator): Locator {
    return this.recipients(within).getByRole("checkbox", { checked: true });
  }

  recipientBoxes(within?: Locator): Locator {
    return this.recipients(within).getByRole("checkbox");
  }

  get recipientsHeading(): Locator {
    return this.page.getByRole("heading", { name: RECIPIENTS.heading });
  }

  /** The recipients' region, holding the choice or why it could not load. */
  get recipientsRegion(): Locator {
    return this.page.getByRole("region", { name: RECIPIENTS.heading });
  }

  /** Every checkbox of the page (the recipients' on the last step). */
  get checkboxes(): Locator {
    return this.page.getByRole("checkbox");
  }

  /** The sentence naming who receives the request (in the guarantee modal when given). */
  consentLine(within?: Locator): Locator {
    return within ? within.locator(".consent-line") : this.page.locator(".consent-line");
  }

  /** The guarantee modal's parts. */
  get guaranteeMobile(): Locator {
    return this.guaranteeDialog.getByLabel("Mobile Number");
  }

  get guaranteePrice(): Locator {
    return this.guaranteeDialog.getByRole("slider", { name: "Monthly price" });
  }

  get guaranteeSlider(): Locator {
    return this.guaranteeDialog.getByRole("slider");
  }

  get guaranteePriceShown(): Locator {
    return this.guaranteeDialog.locator("output");
  }

  guaranteeText(words: string): Locator {
    return this.guaranteeDialog.getByText(words, { exact: true });
  }

  get guaranteeTitle(): Locator {
    return this.guaranteeDialog.getByRole("heading", { name: "Name Your Price" });
  }

  get guaranteeSubmit(): Locator {
    return this.guaranteeDialog.getByRole("button", { name: "Submit" });
  }

  get guaranteeClose(): Locator {
    return this.guaranteeDialog.getByRole("button", { name: "Close" });
  }

  /**
   * The main part's controls shorter than 44px (radios and ticks, whose label is the target, a
   * label without its own control, and the honeypot and closed dialogs left out).
   */
  smallTouchTargets(): Promise<string[]> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("main a, main button, main input, main select, main textarea, main label"))
        .filter((element) => !element.closest(".form-trap, dialog") && element.getClientRects().length > 0)
        .filter((element) => !(element instanceof HTMLInputElement && ["radio", "checkbox"].includes(element.type)))
        .filter((element) => !(element instanceof HTMLLabelElement && !element.querySelector("input")))
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
  }

  /** The way owners arrive: the home page's "Get Started Now". */
  async startFromHome(): Promise<void> {
    await this.page.goto("/");
    await this.page.getByRole("link", { name: "Get Started Now" }).first().click();
    await this.expectStep(1);
  }

  async expectStep(step: keyof typeof STEP_HEADINGS): Promise<void> {
    const paths = { 1: "/search", 2: "/search-two", 3: "/search-three", 4: "/search-four", 5: "/preview" };
    await expect(this.page).toHaveURL(new RegExp(`${paths[step]}$`));
    await expect(this.heading).toHaveText(STEP_HEADINGS[step]);
    await expect(this.page.getByText(`STEP ${step}/5`)).toBeVisible();
    const progress = this.page.getByRole("progressbar", { name: "Quote request progress" });
    await expect(progress).toHaveAttribute("aria-valuenow", String(step));
    await expect(progress).toHaveAttribute("aria-valuetext", `Step ${step} of 5`);
    await expect(this.heading).toHaveAccessibleDescription(`Step ${step} of 5`);
  }

  async chooseCategory(label: string): Promise<void> {
    await this.category(label).check();
  }

  async fillAddress({ address, city, zip }: Address): Promise<void> {
    await this.address.fill(address);
    await this.city.fill(city);
    await this.zip.fill(zip);
  }

  async answer(questions: Question[], answers: ExamEntry[]): Promise<void> {
    for (const [index, question] of questions.entries()) {
      const answer = answers[index].answer;
      if (question.type === "single") {
        await this.page.getByRole("combobox", { name: question.question, exact: true }).selectOption(answer as string);
      } else if (question.type === "multi") {
        const group = this.page.getByRole("group", { name: question.question, exact: true });
        for (const choice of answer as string[]) await group.getByRole("checkbox", { name: choice, exact: true }).check();
      } else {
        await this.page.getByRole("textbox", { name: question.question, exact: true }).fill(answer as string);
      }
    }
  }

  async fillContact({ fullName, email, phone, method }: Partial<Contact>): Promise<void> {
    if (fullName !== undefined) await this.fullName.fill(fullName);
    if (email !== undefined) {
      await this.email.fill(email);
      await this.markSubmission();
    }
    if (phone !== undefined) await this.phone.fill(phone);
    if (method !== undefined) await this.contactMethod.selectOption(method);
  }

  /** The run's marked submission keys in browser storage, where the flow has made none yet (support/run-key.ts). */
  async markSubmission(): Promise<void> {
    await this.page.evaluate((keys) => {
      for (const [key, value] of Object.entries(keys)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    }, runSubmissionKeys());
  }

  /** The "Error!" dialog shows `message`; OK closes it, and focus lands on `focus` when given. */
  async expectError(message: string, { focus }: { focus?: Locator } = {}): Promise<void> {
    await expect(this.errorDialog).toBeVisible();
    await expect(this.errorDialog).toContainText(message);
    await this.errorDialog.getByRole("button", { name: "OK" }).click();
    await expect(this.errorDialog).toBeHidden();
    if (focus) await expect(focus).toBeFocused();
  }

  /**
   * Puts a finished steps 1-4 into browser storage, as the steps would have left it, for tests
   * about what happens after them.
   */
  async prefill(values: Record<string, string>): Promise<void> {
    await this.page.goto("/search");
    await expect(this.next).toBeEnabled();
    await this.page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, values);
  }

  storage(): Promise<Record<string, string | null>> {
    return this.page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])));
  }
}

/** Stored values of an owner who finished steps 1-4, with the run's marked submission keys. */
export function completedSteps({ email, category = 1, exam = [] }: { email: string; category?: number; exam?: ExamEntry[] }) {
  return {
    ...runSubmissionKeys(),
    property_category: String(category),
    property_address: "1200 Congress Ave\nSuite 4",
    property_city: "Austin",
    property_zip: "78701",
    property_price: "300",
    full_name: "Dana Whitfield",
    email_address: email,
    phone_no: "5125550147",
    preferred_contact_method: "Phone",
    question_answer: JSON.stringify(exam),
  };
}

export const test = base.extend<{ quote: QuoteFlow }>({
  // Named `provide`, not `use`: the React hooks lint rule would read `use` as React's hook.
  quote: async ({ page }, provide) => {
    await provide(new QuoteFlow(page));
  },
});

export { expect };
