import type { Route } from "@playwright/test";
import { E2E_MARK } from "../lib/contract/e2e-cleanup";
import { NETWORK_ERROR_MESSAGE, completedSteps, expect, leadsByEmail, test, uniqueEmail } from "./pages/quote";

const EXAM = [
  { question: "How many bedrooms does the home have?", answer: "3 bedrooms" },
  { question: "Which services would you like a manager to handle?", answer: ["Tenant placement", "Rent collection"] },
  { question: "Is the home currently occupied?", answer: "" },
];

test("the quote guarantee: no mobile, nothing sent; a mobile and a price save a lead of their own", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "guarantee");
  const sent: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/lead/save")) sent.push(request.postDataJSON());
  });
  await quote.prefill({ ...completedSteps({ email, category: 2, exam: EXAM }), preferred_contact_method: "", phone_no: "" });
  await page.goto("/search-four");
  await quote.expectStep(4);

  // Escape closes the modal and gives focus back to the button that opened it.
  await quote.guaranteeButton.click();
  await expect(quote.guaranteeDialog).toBeVisible();
  await expect(quote.guaranteeMobile).toBeFocused();
  await expect(quote.guaranteeTitle).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(quote.guaranteeDialog).toBeHidden();
  await expect(quote.guaranteeButton).toBeFocused();

  await quote.guaranteeButton.click();
  const modal = quote.guaranteeDialog;
  await quote.guaranteeSubmit.click();
  await quote.expectError("Please enter phone number.", { focus: quote.guaranteeMobile });
  expect(sent).toHaveLength(0);

  // The close X works too.
  await quote.guaranteeClose.click();
  await expect(modal).toBeHidden();
  await quote.guaranteeButton.click();

  const slider = quote.guaranteePrice;
  await expect(slider).toHaveValue("100");
  await expect(quote.guaranteeText("$100").first()).toBeVisible();
  await slider.focus();
  for (let step = 0; step < 25; step++) await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("125");
  await expect(quote.guaranteePriceShown).toHaveText("$125");
  await quote.guaranteeMobile.fill("(206) 555-0175");
  await expect(quote.guaranteeMobile).toHaveValue("2065550175"); // the digits, at most 10
  await quote.guaranteeSubmit.click();

  await quote.expectThankYou();
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toHaveProperty("preferred_contact_method");
  expect(sent[0]).not.toHaveProperty("exam");

  const rows = leadsByEmail(email);
  expect(rows).toHaveLength(1);
  // The guarantee's own key, the one the run put in storage (support/run-key.ts), not the request's.
  expect(rows[0].submission_key).toMatch(new RegExp(`^${E2E_MARK}guarantee-[0-9a-f]{32}$`));
  expect(rows[0]).toMatchObject({
    property_category: 2,
    property_address: "1200 Congress Ave\nSuite 4",
    property_city: "Austin",
    property_zip: "78701",
    property_price: "",
    full_name: "Dana Whitfield",
    email_address: email,
    property_number: "2065550175",
    preferred_contact_method: "",
    price: "125",
    exam: "[]",
  });
});

test("the quote guarantee is offered on step 5 as well", { tag: ["@journey"] }, async ({ page, quote }, testInfo) => {
  await quote.prefill(completedSteps({ email: uniqueEmail(testInfo, "guarantee-5") }));
  await page.goto("/preview");
  await quote.expectStep(5);
  await quote.guaranteeButton.click();
  await expect(quote.guaranteeSlider).toHaveValue("100");
  await expect(quote.guaranteeMobile).toHaveAttribute("inputmode", "tel");
});

test("a server error stays on the page with its message and keeps every value; the retry stores one lead", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "server-error");
  await quote.prefill(completedSteps({ email, exam: EXAM }));
  await page.goto("/preview");
  await quote.expectStep(5);

  const message = "Please enter a valid 5-digit ZIP code.";
  await page.route("**/api/lead/save", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ success: false, message, field: "property_zip" }) }),
  );
  await quote.submit.click();
  // No field to type in on the review: focus goes to the Edit link of the step that has it.
  await quote.expectError(message, { focus: quote.edit("Edit Address") });
  await expect(page).toHaveURL(/\/preview$/);
  await expect(quote.submit).toHaveText("Submit");
  await expect(quote.submit).toBeEnabled();
  await expect(quote.review).toContainText("Dana Whitfield");
  expect(leadsByEmail(email)).toHaveLength(0);

  await page.unroute("**/api/lead/save");
  await quote.submit.click();
  await quote.expectThankYou();
  const rows = leadsByEmail(email);
  expect(rows).toHaveLength(1);
  expect(JSON.parse(rows[0].exam)).toEqual(EXAM);
});

test("a network failure shows Error!, keeps every value across a reload, and the retry stores one lead", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "network");
  await quote.prefill(completedSteps({ email, exam: EXAM }));
  await page.goto("/preview");
  await quote.expectStep(5);

  await page.route("**/api/lead/save", (route) => route.abort("internetdisconnected"));
  await quote.submit.click();
  await quote.expectError(NETWORK_ERROR_MESSAGE);
  await expect(page).toHaveURL(/\/preview$/);
  await page.reload();
  await quote.expectStep(5);
  await expect(quote.review).toContainText(email);
  expect(leadsByEmail(email)).toHaveLength(0);

  await page.unroute("**/api/lead/save");
  await quote.submit.click();
  await quote.expectThankYou();
  expect(leadsByEmail(email)).toHaveLength(1);
});

test("an answer lost on the way back: the retry sends the same key and the lead is stored once", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "lost-answer");
  await quote.prefill(completedSteps({ email }));
  await page.goto("/preview");
  await quote.expectStep(5);

  const keys: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/lead/save")) keys.push(request.postDataJSON().submission_key);
  });
  // The service stores the lead, then the connection drops before the answer arrives.
  await page.route("**/api/lead/save", async (route: Route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
  await quote.submit.click();
  await quote.expectError(NETWORK_ERROR_MESSAGE);
  expect(leadsByEmail(email)).toHaveLength(1);

  await page.unroute("**/api/lead/save");
  await page.reload();
  await quote.expectStep(5);
  await quote.submit.click();
  await quote.expectThankYou();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(leadsByEmail(email)).toHaveLength(1);
});

test("a double click sends one lead, with Processing... and the button disabled while it is pending", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "double");
  await quote.prefill(completedSteps({ email, exam: EXAM }));
  await page.goto("/preview");
  await quote.expectStep(5);

  let calls = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/lead/save", async (route) => {
    calls += 1;
    await released; // hold the answer so the pending state can be seen
    await route.continue();
  });

  await quote.submit.dblclick();
  await expect(quote.submit).toHaveText("Processing...");
  await expect(quote.submit).toBeDisabled();
  release();
  await quote.expectThankYou();
  expect(calls).toBe(1);
  expect(leadsByEmail(email)).toHaveLength(1);
});
