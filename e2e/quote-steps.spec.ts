import { STEP_HEADINGS, answersFor, completedSteps, expect, questionsFor, test, uniqueEmail } from "./pages/quote";
import { runEmail } from "./support/run-key";

test("each validation message, in order, in the Error! dialog; closing it focuses the field to fix", { tag: ["@journey"] }, async ({ page, quote }) => {
  await page.goto("/search");
  await quote.next.click();

  // Step 2: address, then city, then zip; only the first failure is shown.
  await quote.expectStep(2);
  const { address, city, zip } = quote;
  await quote.next.click();
  await quote.expectError("Please enter address.", { focus: address });
  await address.fill("88 Harbor Rd");
  await quote.next.click();
  await quote.expectError("Please enter city.", { focus: city });
  await city.fill("Portland");
  await quote.next.click();
  await quote.expectError("Please enter zip.", { focus: zip });
  await zip.fill("9720112");
  await expect(zip).toHaveValue("972011"); // at most 6 characters
  await quote.next.click();

  // Step 3 has no rules: unanswered questions are fine.
  await quote.expectStep(3);
  await quote.next.click();

  // Step 4: name, email, contact method, then the phone only when the method is Phone.
  await quote.expectStep(4);
  await quote.next.click();
  await quote.expectError("Please enter full name.", { focus: quote.fullName });
  await quote.fillContact({ fullName: "Sam Rivera" });
  await quote.next.click();
  await quote.expectError("Please enter email address.", { focus: quote.email });
  await quote.fillContact({ email: runEmail("sam.rivera") });
  await quote.next.click();
  await quote.expectError("Please select preferred contact method.", { focus: quote.contactMethod });
  await quote.fillContact({ method: "Phone" });
  await quote.next.click();
  await quote.expectError("Please enter phone number.", { focus: quote.phone });
  await quote.fillContact({ phone: "50355501234" });
  await expect(quote.phone).toHaveValue("5035550123"); // at most 10 characters
  await quote.next.click();
  await quote.expectStep(5);
  // The left panel names the step it stands beside, not the contact step before it.
  await expect(quote.panelHeading).toHaveText(STEP_HEADINGS[5]);
});

test("a reload at every step keeps everything entered, in the spec's storage format", { tag: ["@journey"] }, async ({ page, quote, request }) => {
  const questions = await questionsFor(request, 3);
  const exam = answersFor(questions);

  await page.goto("/search");
  await quote.chooseCategory("Association");
  await page.reload();
  await expect(quote.category("Association")).toBeChecked();
  await quote.next.click();

  await quote.fillAddress({ address: "9 Lakeview Ter", city: "Madison", zip: "53703" });
  await page.reload();
  await expect(quote.address).toHaveValue("9 Lakeview Ter");
  await expect(quote.city).toHaveValue("Madison");
  await expect(quote.zip).toHaveValue("53703");
  await quote.next.click();

  await quote.expectStep(3);
  await quote.answer(questions, exam);
  await page.reload();
  await quote.expectStep(3);
  const single = questions.findIndex((question) => question.type === "single");
  const multi = questions.findIndex((question) => question.type === "multi");
  const text = questions.findIndex((question) => question.type === "fill_blank");
  await expect(quote.singleAnswer(questions[single].question)).toHaveValue(exam[single].answer as string);
  for (const choice of exam[multi].answer as string[]) {
    await expect(quote.multiAnswer(questions[multi].question, choice)).toBeChecked();
  }
  await expect(quote.textAnswer(questions[text].question)).toHaveValue(exam[text].answer as string);
  await quote.next.click();

  await quote.expectStep(4);
  const email = runEmail("lee.park");
  await quote.fillContact({ fullName: "Lee Park", email, phone: "6085550110", method: "Email" });
  await page.reload();
  await expect(quote.fullName).toHaveValue("Lee Park");
  await expect(quote.email).toHaveValue(email);
  await expect(quote.phone).toHaveValue("6085550110");
  await expect(quote.contactMethod).toHaveValue("Email");
  await quote.next.click();

  await quote.expectStep(5);
  await page.reload();
  await quote.expectStep(5);
  await expect(quote.review).toContainText("Lee Park");

  const stored = await quote.storage();
  expect(stored).toMatchObject({
    property_category: "3",
    property_address: "9 Lakeview Ter",
    property_city: "Madison",
    property_zip: "53703",
    property_price: "300",
    full_name: "Lee Park",
    email_address: email,
    phone_no: "6085550110",
    preferred_contact_method: "Email",
  });
  expect(JSON.parse(stored.question_answer ?? "")).toEqual(exam);
});

test("a later step opened directly sends the visitor to the first incomplete step", { tag: ["@journey"] }, async ({ page, quote }) => {
  await page.goto("/preview");
  await quote.expectStep(1);

  await quote.next.click(); // stores the default category
  await page.goto("/search-four");
  await quote.expectStep(2);

  await quote.fillAddress({ address: "3 Pine St", city: "Boise", zip: "83702" });
  await page.goto("/preview");
  await quote.expectStep(4);

  await page.goto("/search-three");
  await quote.expectStep(3);
});

test("the Edit links, the back arrow, close and the logo", { tag: ["@journey"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "edit");
  await quote.prefill(completedSteps({ email, category: 8 }));
  await page.goto("/preview");
  await quote.expectStep(5);
  await expect(quote.review).toContainText("Commercial");
  await expect(quote.review).toContainText("No details given");

  const edits = [
    { name: "Edit Property Type", step: 1 },
    { name: "Edit Address", step: 2 },
    { name: "Edit Property Details", step: 3 },
    { name: "Edit Contact Info", step: 4 },
  ] as const;
  for (const { name, step } of edits) {
    await quote.edit(name).click();
    await quote.expectStep(step);
    await page.goto("/preview");
    await quote.expectStep(5);
  }

  // An edit shows the saved value and comes back changed.
  await quote.edit("Edit Address").click();
  await expect(quote.city).toHaveValue("Austin");
  await quote.city.fill("Round Rock");
  for (const step of [3, 4, 5] as const) {
    await quote.next.click();
    await quote.expectStep(step);
  }
  await expect(quote.review).toContainText("Round Rock");

  await quote.back.click();
  await quote.expectStep(3);
  await quote.back.click();
  await quote.expectStep(2);
  await quote.back.click();
  await quote.expectStep(1);
  await expect(quote.category("Commercial")).toBeChecked();

  await quote.close.click();
  await expect(page).toHaveURL(/\/$/);

  await quote.prefill(completedSteps({ email }));
  await page.goto("/preview");
  await quote.logo.click();
  await expect(page).toHaveURL(/\/$/);
});

test("every step passes axe, fits a 320px screen and has touch targets of at least 44px", { tag: ["@journey", "@a11y"] }, async ({ page, quote }, testInfo) => {
  // axe on every step, twice over: 40 s on a quiet runner, against a 45 s timeout.
  test.slow();
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.setViewportSize({ width: 320, height: 640 });
  await quote.prefill(completedSteps({ email: uniqueEmail(testInfo, "a11y") }));
  for (const step of [1, 2, 3, 4, 5] as const) {
    await page.goto(["", "/search", "/search-two", "/search-three", "/search-four", "/preview"][step]);
    await quote.expectStep(step);
    await expect(quote.heading).toBeFocused();

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    expect(await quote.smallTouchTargets()).toEqual([]);
  }
});
