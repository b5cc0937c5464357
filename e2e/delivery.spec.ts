import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { CATEGORIES, QuoteFlow, completedSteps, expect, isLeadFormKey, leadsByEmail, test, uniqueEmail } from "./pages/quote";
import { ConfirmPage, RequestPage, SAMPLE_RECIPIENT, ThankYouPage, UNCONFIRMED_NOT_WITHDRAWN, inProse } from "./pages/request";
import { queryRows } from "./support/db";
import { confirmPathFor, mailText, outboxFilesMentioning } from "./support/outbox";
import { E2E_API_TOKEN } from "./support/server";
import { MASKED_RUN_EMAIL, runEmail } from "./support/run-key";
import { onlyOnTheLocalBuild } from "./support/target";

/**
 * Delivery as an owner lives it: on /preview the owner sees who serves the ZIP, chooses who
 * receives the request (unticking one), reads the one sentence naming them, submits; the
 * thank-you page gives the reference, the recipients and the private link; the request page
 * shows the delivery and withdraws the request. Also the quote-guarantee modal, a ZIP nobody
 * serves, and the request page's privacy.
 */
type Match = { agent_id: number; company_name: string; demo: number };

const SERVED = { address: "415 W 6th St\nUnit 2", city: "Austin", zip: "78701" };
const UNSERVED = { address: "1230 Agvik St", city: "Utqiagvik", zip: "99723" };

async function matchesFor(request: APIRequestContext, zip: string, category: number): Promise<Match[]> {
  const response = await request.post("/api/agents/match", { data: { property_zip: zip, property_category: category } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).agents as Match[];
}

/** The consent sentence next to Submit when every chosen manager is a sample listing (every seeded one is). */
function samplesConsent(chosen: readonly Match[]): string {
  expect(chosen.every((match) => match.demo === 1), "every seeded manager is a sample listing").toBe(true);
  const names = inProse(chosen.map((match) => match.company_name));
  const clause = chosen.length === 1
    ? `${names} is a sample listing, a company that does not exist, so nobody will contact you from it`
    : `${names} are sample listings, companies that do not exist, so nobody will contact you from them`;
  return `${clause}. Nobody else will receive your details, and we never sell them.`;
}

/** The lead's recipient rows, in the order they were chosen. */
function recipientRows(leadId: number) {
  return queryRows<{ agent_id: number; company_name: string; consent_text: string; consent_version: string }>(
    "SELECT agent_id, company_name, consent_text, consent_version FROM lead_recipients WHERE lead_id = ? ORDER BY agent_id",
    leadId,
  );
}

function outboxRows(leadId: number) {
  return queryRows<{ kind: string; channel: string; agent_id: number | null; status: string }>("SELECT kind, channel, agent_id, status FROM outbox_messages WHERE lead_id = ? ORDER BY id", leadId);
}


/** The owner opens the link of the mail about `reference` and presses its button. */
async function confirmByMail(page: Page, reference: string) {
  await expect.poll(() => confirmPathFor(reference), { timeout: 20_000 }).toBeTruthy();
  const confirm = new ConfirmPage(page);
  await confirm.open((await confirmPathFor(reference))!);
  await confirm.confirm();
}

async function goToPreviewThroughTheSteps(quote: QuoteFlow, category: (typeof CATEGORIES)[number], email: string) {
  await quote.startFromHome();
  await quote.chooseCategory(category.label);
  await quote.next.click();
  await quote.expectStep(2);
  await quote.fillAddress(SERVED);
  await quote.next.click();
  await quote.expectStep(3);
  await quote.next.click();
  await quote.expectStep(4);
  await quote.fillContact({ fullName: "Jordan Ellis", email, phone: "5125550188", method: "Phone" });
  await quote.next.click();
  await quote.expectStep(5);
}

for (const category of CATEGORIES) {
  test(`${category.label}: the owner chooses who receives the request, sees it delivered, and withdraws it`, { tag: ["@journey", "@writes"] }, async ({ page, quote, request }, testInfo) => {
    // Eight pages and the owner's mail: a long journey on a busy machine.
    test.slow();
    const email = uniqueEmail(testInfo, `delivery-${category.id}`);
    const matches = await matchesFor(request, SERVED.zip, category.id);
    expect(matches.length).toBeGreaterThanOrEqual(3);
    await goToPreviewThroughTheSteps(quote, category, email);

    // Who should receive your request? The matches, the first three ticked, at most three.
    await expect(quote.recipientsHeading).toBeVisible();
    const group = quote.recipients();
    const boxes = quote.recipientBoxes();
    await expect(boxes).toHaveCount(matches.length);
    for (const [index, match] of matches.entries()) {
      const box = quote.recipient(match.company_name);
      if (index < 3) await expect(box).toBeChecked();
      else {
        await expect(box).not.toBeChecked();
        await expect(box).toBeDisabled(); // three are ticked already
      }
    }
    await expect(group).toContainText(
      `The closest managers who serve ${category.label} properties at ZIP ${SERVED.zip}, nearest office first; featured managers are marked, not moved up.`,
    );
    if (matches.some((match) => match.demo === 1)) await expect(quote.textIn(group, "Sample listing").first()).toBeVisible();
    await expect(group).toContainText("License:");
    await expect(quote.consentLine()).toHaveText(samplesConsent(matches.slice(0, 3)));

    // The owner unticks the second: the sentence names the two left, and a fourth may be ticked.
    const [first, second, third] = matches;
    await quote.recipient(second.company_name).click();
    await expect(quote.recipient(second.company_name)).not.toBeChecked();
    const chosen = [first, third];
    const sentence = samplesConsent(chosen);
    await expect(quote.consentLine()).toHaveText(sentence);
    if (matches[3]) await expect(quote.recipient(matches[3].company_name)).toBeEnabled();
    await expect.poll(async () => JSON.parse((await quote.storage()).selected_agents ?? "null")).toEqual(chosen.map((match) => match.agent_id));
    await expect(quote.submit).toHaveAccessibleDescription(sentence);

    await quote.submit.click();
    await quote.expectThankYou();
    const thanks = new ThankYouPage(page);
    await expect(thanks.heading).toHaveText("Thank you!");
    await expect(thanks.submitted).toBeVisible();
    const receipt = thanks.receipt;
    await expect(receipt).toBeVisible();
    const reference = await thanks.reference();
    expect(reference).toMatch(/^MG-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Every seeded manager is a sample listing: the receipt names each as a company that does not exist.
    await expect(thanks.recipients()).toHaveText(chosen.map((match) => `${match.company_name}${SAMPLE_RECIPIENT}`));
    await expect(receipt).toContainText("Nobody will contact you about this request: every company you chose is a sample listing.");
    await expect.poll(async () => Object.keys(await quote.storage()).filter(isLeadFormKey)).toEqual([]);

    // Stored: the lead, its two recipients with the sentence the owner saw, and their messages.
    const [lead] = leadsByEmail(email);
    expect(lead).toMatchObject({ reference, property_category: category.id, full_name: "Jordan Ellis" });
    const rows = recipientRows(lead.id);
    expect(rows.map((row) => row.agent_id)).toEqual(chosen.map((match) => match.agent_id).sort((a, b) => a - b));
    for (const row of rows) expect(row).toMatchObject({ consent_text: sentence, consent_version: "2026-11-27" });
    // Nothing goes to the managers before the owner confirms the email address.
    const names = chosen.map((match) => match.company_name);
    await expect(receipt).toContainText(`Check your email to send your request to ${inProse(names)}.`);
    expect(outboxRows(lead.id).filter((row) => row.kind === "lead.new")).toEqual([]);
    const privatePath = await thanks.privatePath();
    const requestPage = new RequestPage(page);
    await requestPage.open(privatePath);
    await expect(requestPage.status()).toContainText(`Check your email to send your request to ${inProse(names)}.`);
    await expect(requestPage.waitingRecipients).toHaveCount(2);
    await expect(requestPage.main).toContainText(UNCONFIRMED_NOT_WITHDRAWN);
    await expect(requestPage.withdrawButton).toHaveCount(0);

    // The owner's mail: only what the site wrote (the reference, the managers, the links), then one click.
    await expect.poll(() => confirmPathFor(reference), { timeout: 20_000 }).toBeTruthy();
    const [confirmation] = await outboxFilesMentioning(reference);
    expect(mailText(confirmation)).not.toContain("Jordan Ellis");
    const confirm = new ConfirmPage(page);
    await confirm.open((await confirmPathFor(reference))!);
    // Nothing ticked for the owner: the button sends nothing until the owner ticks the request as theirs.
    await expect(confirm.tick(reference)).not.toBeChecked();
    await expect(confirm.savedAt(reference)).toContainText("Saved ");
    await expect(confirm.tickedButton(0, [])).toBeDisabled();
    expect(outboxRows(lead.id).filter((row) => row.kind === "lead.new")).toEqual([]); // opening the link sends nothing
    await confirm.confirm(names);
    expect(outboxRows(lead.id).filter((row) => row.kind === "lead.new").map((row) => row.agent_id).sort()).toEqual(rows.map((row) => row.agent_id));
    expect(outboxRows(lead.id).some((row) => row.agent_id === second.agent_id)).toBe(false);

    // The private request page: delivered by the server's worker (to files here).
    await confirm.requestPageLink(reference).click();
    await expect(page).toHaveURL(/\/requests\/[A-Za-z0-9_-]{22}$/);
    await expect(requestPage.heading).toHaveText(`Your request ${reference}`);
    await expect(requestPage.receivedBy()).toHaveCount(2);
    // Delivered by the worker (its copies are files here), and shown as what they are: sample companies.
    await expect
      .poll(() => outboxRows(lead.id).filter((row) => row.kind === "lead.new").every((row) => row.status === "sent"), { timeout: 20_000 })
      .toBe(true);
    await page.reload();
    for (const match of chosen) await expect(requestPage.receivedBy(match.company_name)).toContainText(SAMPLE_RECIPIENT);
    const contact = requestPage.contactDetails;
    await expect(contact).toContainText(MASKED_RUN_EMAIL);
    await expect(contact).toContainText("•••-•••-0188");
    await expect(requestPage.main).not.toContainText(email);
    await expect(requestPage.main).not.toContainText("5125550188");
    expect((await outboxFilesMentioning(reference)).length).toBeGreaterThanOrEqual(3); // two managers and the owner's confirmation

    // Withdraw: asked twice, then the managers are told and the owner's details erased.
    await requestPage.withdraw();
    await expect(requestPage.main).toContainText("You withdrew this request");
    await expect(requestPage.withdrawButton).toHaveCount(0);
    const erased = queryRows<{ full_name: string; email_address: string; property_number: string; property_address: string; withdrawn_at: string | null }>(
      "SELECT full_name, email_address, property_number, property_address, withdrawn_at FROM leads WHERE id = ?",
      lead.id,
    )[0];
    expect(erased).toMatchObject({ full_name: "", email_address: "", property_number: "", property_address: "" });
    expect(erased.withdrawn_at).not.toBeNull();
    expect(outboxRows(lead.id).filter((row) => row.kind === "lead.withdrawn").map((row) => row.agent_id).sort()).toEqual(rows.map((row) => row.agent_id));
    // Its copies went with it (row L3): no file under the outbox folder holds the owner's address.
    await expect.poll(() => outboxFilesMentioning(email)).toEqual([]);
  });
}

test("the quote guarantee: the owner chooses its recipients in the modal, and the named price goes to them", { tag: ["@journey", "@writes"] }, async ({ page, quote, request }, testInfo) => {
  const email = uniqueEmail(testInfo, "guarantee-recipients");
  const matches = await matchesFor(request, SERVED.zip, 2);
  await quote.prefill({ ...completedSteps({ email, category: 2 }), preferred_contact_method: "", phone_no: "" });
  await page.goto("/search-four");
  await quote.expectStep(4);
  await quote.guaranteeButton.click();
  const modal = quote.guaranteeDialog;
  await expect(quote.recipient(matches[0].company_name, modal)).toBeChecked();
  await quote.recipient(matches[0].company_name, modal).click();
  const chosen = matches.slice(1, 3);
  // The modal asks for no contact method; every chosen manager is a sample listing, so nobody contacts the owner.
  const sentence = samplesConsent(chosen);
  await expect(quote.consentLine(modal)).toHaveText(sentence);

  const slider = quote.guaranteePrice;
  await slider.focus();
  for (let step = 0; step < 20; step++) await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("120");
  await quote.guaranteeMobile.fill("2065550175");
  await quote.guaranteeSubmit.click();

  await quote.expectThankYou();
  await expect(new ThankYouPage(page).recipients()).toHaveText(chosen.map((match) => `${match.company_name}${SAMPLE_RECIPIENT}`));
  const [lead] = leadsByEmail(email);
  expect(lead).toMatchObject({ price: "120", property_number: "2065550175", preferred_contact_method: "" });
  expect(recipientRows(lead.id).map((row) => row.agent_id)).toEqual(chosen.map((match) => match.agent_id).sort((a, b) => a - b));
  for (const row of recipientRows(lead.id)) expect(row.consent_text).toBe(sentence);

  // Once the owner confirms, the managers' copies name the price.
  await confirmByMail(page, lead.reference!);
  await expect.poll(async () => (await outboxFilesMentioning(lead.reference!)).filter((name) => name.includes("lead-new")).length, { timeout: 20_000 }).toBe(2);
  for (const name of (await outboxFilesMentioning(lead.reference!)).filter((file) => file.includes("lead-new"))) {
    expect(mailText(name)).toContain("Named price (quote guarantee): $120 a month");
  }
});

test("a ZIP no manager serves: the owner is told, the request is still accepted, and nobody receives it", { tag: ["@journey", "@writes"] }, async ({ page, quote }, testInfo) => {
  const email = uniqueEmail(testInfo, "no-match");
  await quote.prefill({ ...completedSteps({ email, category: 1 }), property_address: UNSERVED.address, property_city: UNSERVED.city, property_zip: UNSERVED.zip });
  await page.goto("/preview");
  await quote.expectStep(5);
  const status = quote.status("No property manager serves");
  await expect(status).toContainText(`No property manager serves ZIP ${UNSERVED.zip} for Single Family properties yet.`);
  await expect(status).toContainText(`You can still send your request: we will keep it and email you at ${email} when a manager serves your ZIP, so you can choose who receives it.`);
  await expect(quote.checkboxes).toHaveCount(0);

  await quote.submit.click();
  await quote.expectThankYou();
  const thanks = new ThankYouPage(page);
  await expect(thanks.receipt).toContainText(`No property manager serves ZIP ${UNSERVED.zip} for Single Family properties yet.`);
  const [lead] = leadsByEmail(email);
  expect(recipientRows(lead.id)).toEqual([]);
  expect(outboxRows(lead.id).map((row) => row.kind)).toEqual(["lead.confirmation"]);
  const waiting = queryRows<{ awaiting_match_since: string | null }>("SELECT awaiting_match_since FROM leads WHERE id = ?", lead.id)[0];
  expect(waiting.awaiting_match_since).not.toBeNull();

  await thanks.receiptPrivateLink.click();
  await expect(new RequestPage(page).whoReceived).toContainText(`Nobody yet: no property manager serves ZIP ${UNSERVED.zip}`);
});

test("the request page is private: no-store, noindex, no referrer, and a wrong token is a plain 404", { tag: ["@journey", "@writes"] }, async ({ page, quote, request }, testInfo) => {
  const email = uniqueEmail(testInfo, "private");
  await quote.prefill(completedSteps({ email }));
  await page.goto("/preview");
  await expect(quote.recipientBoxes().first()).toBeChecked();
  await quote.submit.click();
  await quote.expectThankYou();
  const href = await new ThankYouPage(page).privateLink.getAttribute("href");
  expect(href).toMatch(/^\/requests\/[A-Za-z0-9_-]{22}$/);

  const found = await request.get(href!);
  expect(found.status()).toBe(200);
  expect(found.headers()["cache-control"]).toContain("no-store");
  const html = await found.text();
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  expect(html).toMatch(/<meta name="referrer" content="no-referrer"/);
  expect(html).not.toContain(email);

  for (const wrong of ["/requests/AAAAAAAAAAAAAAAAAAAAAA", `${href!.slice(0, -1)}${href!.endsWith("A") ? "B" : "A"}`, "/requests/x"]) {
    const missing = await request.get(wrong);
    expect(missing.status(), wrong).toBe(404);
    expect(await missing.text()).not.toContain("MG-");
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/requests/");

  // axe on the request page and on /preview's choice.
  await page.goto(href!);
  const onRequest = await new AxeBuilder({ page }).analyze();
  expect(onRequest.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("axe: /preview with the recipients' choice, and no sideways scroll at 320px", { tag: ["@journey", "@a11y"] }, async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 720 } });
  const page = await context.newPage();
  await page.goto("/search");
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, completedSteps({ email: runEmail("axe.owner"), category: 2 }));
  await page.goto("/preview");
  await expect(new QuoteFlow(page).recipientBoxes().first()).toBeChecked();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();
});

test("GET /healthz answers the database and the outbox backlog", { tag: ["@journey"] }, async ({ request }) => {
  // Without the API token only the status; the details (as a monitor sees them) with it.
  expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
  onlyOnTheLocalBuild("uses the site's API token");
  const response = await request.get("/healthz", { headers: { authorization: `Bearer ${E2E_API_TOKEN}` } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const health = await response.json();
  expect(health).toMatchObject({ status: "ok", database: { ok: true, dialect: "sqlite" }, redis: null });
  expect(health.outbox).toEqual({ backlog: expect.any(Number), oldest_pending_seconds: expect.any(Number), failed: expect.any(Number) });
});
