import { CATEGORIES, answersFor, expect, isLeadFormKey, leadsByEmail, questionsFor, test, uniqueEmail } from "./pages/quote";
import { ThankYouPage } from "./pages/request";

/**
 * An owner goes from the home page's "Get Started Now" to /thank-you for each property type,
 * answering every question, and the lead lands in the database exactly as entered, once.
 */
for (const [index, category] of CATEGORIES.entries()) {
  test(`${category.label}: from Get Started Now to thank-you, the lead stored field by field`, { tag: ["@journey", "@smoke", "@writes"] }, async ({ page, quote, request }, testInfo) => {
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
    await expect(page).toHaveURL(/\/thank-you$/);
    const thanks = new ThankYouPage(page);
    await expect(thanks.heading).toHaveText("Thank you!");
    await expect(thanks.submitted).toBeVisible();
    await expect(thanks.goHome).toHaveAttribute("href", "/");

    const rows = leadsByEmail(email);
    expect(rows).toHaveLength(1);
    const [lead] = rows;
    expect(lead.submission_key).toMatch(/^lead-[0-9a-f]{32}$/);
    expect(lead).toMatchObject({
      property_category: category.id,
      property_address: "415 W 6th St\nUnit 2",
      property_city: "Austin",
      property_zip: "78701",
      property_price: "",
      full_name: "Jordan Ellis",
      email_address: email,
      property_number: "5125550188",
      preferred_contact_method: contact.method,
      price: "",
    });
    expect(JSON.parse(lead.exam)).toEqual(exam);

    // Thank-you clears every stored value, the phone included.
    await expect.poll(async () => Object.keys(await quote.storage()).filter(isLeadFormKey)).toEqual([]);
  });
}
