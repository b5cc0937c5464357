import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { runEmail } from "./support/run-key";
import { NewsletterBox } from "./pages/newsletter";
import { SitePage } from "./pages/site";
import { UnsubscribePage, mailHeader, mailTo } from "./pages/operator";

/**
 * Subscribers can leave (RFC 8058): the newsletter's email carries a link and the
 * List-Unsubscribe headers; opening the link changes nothing (mail scanners open links), its one
 * button unsubscribes at once, and a mail program's one-click POST does the same.
 */
const subscriptions = (email: string) => queryRows("select id from newsletter_subscriptions where email_lower = ?", email.toLowerCase());

/** Subscribes through the newsletter box; answers the confirmation email the outbox wrote. */
async function subscribe(page: import("@playwright/test").Page, email: string): Promise<string> {
  const site = new SitePage(page);
  await site.open("/faqs");
  await new NewsletterBox(page).subscribe(email);
  await expect(site.answerDialog).toContainText("Success!");
  return mailTo(email, "newsletter-confirmation");
}

test("a subscriber unsubscribes in one click from the email's link, and a scanner opening it changes nothing", { tag: ["@journey", "@writes"] }, async ({ page, request }) => {
  const reader = runEmail("leaving");
  const mail = await subscribe(page, reader);
  const link = /https?:\/\/\S+(\/unsubscribe\/[0-9a-f]{32}\.[A-Za-z0-9_-]{22})$/m.exec(mail);
  expect(link).not.toBeNull();
  const pagePath = link![1];

  await test.step("the email carries both RFC 8058 headers, pointing at the one-click address", async () => {
    expect(mailHeader(mail, "List-Unsubscribe")).toMatch(new RegExp(`^<https?://\\S+${pagePath.replace(".", "\\.")}/one-click>$`));
    expect(mailHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  await test.step("opening the link, as a mail scanner does, unsubscribes nobody", async () => {
    const scanned = await request.get(pagePath);
    expect(scanned.status()).toBe(200);
    expect(scanned.headers()["cache-control"]).toContain("no-store");
    expect(await scanned.text()).toContain("noindex");
    expect((await request.get(`${pagePath}/one-click`, { maxRedirects: 0 })).status()).toBe(303);
    expect(subscriptions(reader)).toHaveLength(1);
  });

  await test.step("the page's one button unsubscribes and erases the address", async () => {
    const unsubscribe = new UnsubscribePage(page);
    await page.goto(pagePath);
    await expect(unsubscribe.heading).toBeVisible();
    await unsubscribe.button.click();
    await expect(unsubscribe.done).toHaveText("This address is unsubscribed: we send it no newsletter and no notices.");
    expect(subscriptions(reader)).toEqual([]);
  });
});

test("a mail program's one-click POST (List-Unsubscribe=One-Click) unsubscribes at once; anything else changes nothing", { tag: ["@journey", "@writes"] }, async ({ page, request }) => {
  const reader = runEmail("one-click");
  const mail = await subscribe(page, reader);
  const oneClick = /^<(.+)>$/.exec(mailHeader(mail, "List-Unsubscribe") ?? "")![1];
  const path = new URL(oneClick).pathname;

  expect((await request.post(path, { form: { other: "x" } })).status()).toBe(400);
  expect((await request.post(path.replace(/\.[A-Za-z0-9_-]{22}\//, ".AAAAAAAAAAAAAAAAAAAAAA/"), { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(404);
  expect(subscriptions(reader)).toHaveLength(1);

  const answer = await request.post(path, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("Unsubscribed.\n");
  expect(subscriptions(reader)).toEqual([]);
});
