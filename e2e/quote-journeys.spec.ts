import { CATEGORIES, answersFor, expect, isLeadFormKey, questionsFor, test, uniqueEmail } from "./pages/quote";
import { RequestPage, ThankYouPage } from "./pages/request";
import { newestMailTo, outboxMessagesMentioning } from "./support/outbox";
import { MASKED_RUN_EMAIL } from "./support/run-key";

/**
 * An owner goes from the home page's "Get Started Now" to /thank-you for each property type,
 * answering every question, and the lead is stored exactly as entered, once: read back as a
 * deployment shows it (the owner's private page and mailbox), never from the site's database.
 */
for (const [index, category] of CATEGORIES.entries()) {
  test(`${category.label}: from Get Started Now to thank-you, the lead stored field by field`, { tag: ["@journey", "@smoke", "@writes"] }, async ({ page, quote, request }, testInfo) => {
    // Five steps, the owner's private page and their mailbox: 34 s at rest, over 45 s at a load average of 17.
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, `journey-${category.id}`);
    const questions = await questionsFor(request, category.id);
    expect(questions.length).toBeGreaterThan(0);
    const exam = answersFor(questions);
    const byPhone = index % 2 === 0;
    const contact = { fullName: "Jordan Ellis", email, phone: "5125550188", method: byPhone ? "Phone" : "Email" } as const;

    await quote.startFromHome();
    await expect.poll(async () => (await quote.storage()).property_category).toBe("1"); // stored on entry
    // Single Family is chosen unless the owner picks another type.
    await expect(quote.category("Single Family")).toBeChecked();
    await quote.chooseCategory(category.label);
    await quote.next.click();

    await quote.expectStep(2);
    await quote.fillAddress({ address: "415 W 6th St\nUnit 2", city: "Austin", zip: "78701" });
    await quote.next.click();

    await quote.expectStep(3);
    // The panel's lead text; the step's question stays the page's first heading, its h1.
    await expect(quote.panelText(questions[0].content_heading)).toBeVisible();
    await quote.answer(questions, exam);
    await quote.next.click();

    await quote.expectStep(4);
    await expect(quote.guaranteeButton).toBeVisible();
    await quote.fillContact(contact);
    await quote.next.click();

    await quote.expectStep(5);
    const review = quote.review;
    await expect(review).toContainText(category.label);
    await expect(review).toContainText("415 W 6th St");
    await expect(review).toContainText("78701");
    for (const entry of exam) {
      await expect(quote.reviewAnswer(entry.question)).toHaveText(Array.isArray(entry.answer) ? entry.answer.join(", ") : entry.answer);
    }
    await expect(review).toContainText("Jordan Ellis");
    await expect(review).toContainText(email);
    await expect(review).toContainText("5125550188");
    await expect(review).toContainText(contact.method);
    await expect(quote.guaranteeButton).toBeVisible();

    await quote.submit.click();
    await quote.expectThankYou();
    const thanks = new ThankYouPage(page);
    await expect(thanks.heading).toHaveText("Thank you!");
    await expect(thanks.submitted).toBeVisible();
    await expect(thanks.goHome).toHaveAttribute("href", "/");

    // Thank-you clears every stored value, the phone included.
    await expect.poll(async () => Object.keys(await quote.storage()).filter(isLeadFormKey)).toEqual([]);

    // What the site stored, field by field, as the owner sees it on their private page: what any deployment shows.
    const reference = await thanks.reference();
    const requestPage = new RequestPage(page);
    await requestPage.open(await thanks.privatePath());
    await expect(requestPage.heading).toHaveText(`Your request ${reference}`);
    const shown: Record<string, string> = {
      "Property type": category.label,
      Address: "415 W 6th St\nUnit 2",
      City: "Austin",
      "ZIP Code": "78701",
      "Full Name": "Jordan Ellis",
      Email: MASKED_RUN_EMAIL,
      Phone: "•••-•••-0188",
      "Preferred Contact Method": contact.method,
    };
    for (const entry of exam) shown[entry.question] = Array.isArray(entry.answer) ? entry.answer.join(", ") : entry.answer;
    for (const [term, value] of Object.entries(shown)) await expect(requestPage.detail(term), term).toHaveText(value);

    // Stored once: the owner's mailbox holds one confirmation email, about this request.
    const mail = await newestMailTo(email, "lead-confirmation");
    expect(mail.text).toContain(reference);
    expect((await outboxMessagesMentioning(email)).filter((message) => message.name.endsWith("-lead-confirmation.eml"))).toHaveLength(1);
  });
}
