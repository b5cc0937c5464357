import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { FINISHED_STEPS } from "./support/page-kinds";
import { GetInTouchForm } from "./pages/contact";
import { QuoteFlow } from "./pages/quote";
import { SitePage } from "./pages/site";

/**
 * Every phone field of the site (quote step 4, the quote-guarantee modal, Contact Us, a
 * profile's Get In Touch, Join our Network), on a desktop and a phone: the phone keypad and
 * national-number autofill, and a typed, pasted or formatted number kept as its 10 digits.
 */
const FORMATTED = ["(512) 555-0142", "+1 512 555 0142", "1-512-555-0142"];

type PhoneField = { name: string; open: (page: Page) => Promise<Locator> };

const FIELDS: PhoneField[] = [
  {
    name: "quote step 4",
    open: async (page) => {
      await page.goto("/search");
      await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), FINISHED_STEPS);
      await page.goto("/search-four");
      return new QuoteFlow(page).phone;
    },
  },
  {
    name: "the quote-guarantee modal",
    open: async (page) => {
      await page.goto("/search");
      await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)), FINISHED_STEPS);
      await page.goto("/search-four");
      const quote = new QuoteFlow(page);
      await quote.guaranteeButton.click();
      return quote.guaranteeMobile;
    },
  },
  {
    name: "Contact Us",
    open: async (page) => {
      await page.goto("/contact-us");
      return new GetInTouchForm(page).phone;
    },
  },
  {
    name: "a profile's Get In Touch",
    open: async (page) => {
      const { agents } = await (await page.request.post("/api/agents/list", { data: { state: "TX", city: "austin" } })).json();
      await page.goto(`/agent/TX/austin/${agents.data[0].agent_id}`);
      return new GetInTouchForm(page).phone;
    },
  },
  {
    name: "Join our Network",
    open: async (page) => {
      const site = new SitePage(page);
      await site.open("/faqs");
      return (await site.openJoinNetwork()).mobile;
    },
  },
];

for (const field of FIELDS) {
  test(`phone field of ${field.name}: phone keypad, national-number autofill, the digits of any format`, { tag: ["@journey"] }, async ({ page, context }) => {
    const input = await field.open(page);
    await expect(input).toBeVisible();
    // A text control (the HTML standard allows tel-national there, not on type=tel) with the phone keypad.
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveAttribute("inputmode", "tel");
    await expect(input).toHaveAttribute("autocomplete", "tel-national");

    for (const number of FORMATTED) {
      await input.fill(number);
      await expect(input, `filled ${number}`).toHaveValue("5125550142");
      await input.fill("");
      await input.pressSequentially(number);
      await expect(input, `typed ${number}`).toHaveValue("5125550142");
      await input.fill("");
    }

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate((text) => navigator.clipboard.writeText(text), "+1 (512) 555-0142");
    await input.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(input, "pasted").toHaveValue("5125550142");

    await input.pressSequentially("999");
    await expect(input, "never more than 10 characters").toHaveValue("5125550142");
    if (field.name === "quote step 4") expect(await page.evaluate(() => localStorage.getItem("phone_no"))).toBe("5125550142");
  });
}
