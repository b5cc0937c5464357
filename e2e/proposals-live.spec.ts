import { expect, test, uniqueEmail, completedSteps } from "./pages/quote";
import { acceptedTerms, decideThroughApi, eventually, mailsOfKind, ManagerProposalPage, newRequestMails, OwnerComparison, possessive, type ProposalInput } from "./pages/proposals";
import { ConfirmPage, ThankYouPage } from "./pages/request";
import { confirmPathFor } from "./support/outbox";
import { formatDollars } from "../lib/contract/fees";
import { proposalChanges } from "../lib/contract/proposal-compare";
import { proposalFirstYear } from "../lib/contract/proposals";

/**
 * The price accepted is the price seen: the owner's page is open while a manager
 * raises its proposal; the page shows the change on its own (no reload) with a notice; accepting
 * the version the owner saw first is refused (409) saying what changed; the current version is
 * accepted, and both emails carry its terms. Screenshots of three proposals at phone and desktop
 * sizes are attached.
 */
const RENT = 2500;
const EXAM = [
  { question: "What is the current or expected monthly rent?", answer: "$2,000 to $3,000" },
  { question: "Which services would you like a manager to handle?", answer: ["Rent collection", "Maintenance coordination"] },
];
const seen: ProposalInput = { management: { percent: "6" }, leasingPercent: "50", renewalFee: "150", markup: "10", contractMonths: "12", startDate: "2027-01-15", services: ["Rent collection"] };
const raised: ProposalInput = { ...seen, management: { percent: "8" }, setupFee: "300", services: [] };
const other: ProposalInput = { management: { flat: "150" }, leasingPercent: "75", contractMonths: "0", startDate: "2027-02-01", services: ["Rent collection", "Maintenance coordination"] };
const third: ProposalInput = { management: { percent: "7" }, leasingPercent: "50", contractMonths: "12", startDate: "2027-03-01", services: ["Rent collection"] };

const version = (input: ProposalInput) => ({
  management_percent: "percent" in input.management ? Number(input.management.percent) : null,
  management_flat: "flat" in input.management ? Number(input.management.flat) : null,
  leasing_percent: input.leasingPercent ? Number(input.leasingPercent) : null,
  setup_fee: input.setupFee ? Number(input.setupFee) : null,
  renewal_fee: input.renewalFee ? Number(input.renewalFee) : null,
  maintenance_markup_percent: input.markup ? Number(input.markup) : null,
  contract_months: Number(input.contractMonths),
  start_date: input.startDate,
  services: input.services.map((label) => ({ "Rent collection": "rent_collection", "Maintenance coordination": "maintenance_coordination" })[label] ?? label),
});

test("a manager raises its proposal while the owner's page is open; the old version is refused, the current one accepted", { tag: ["@journey", "@writes"] }, async ({ page, quote, request }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === "phone";
  await quote.prefill(completedSteps({ email: uniqueEmail(testInfo, "live-proposals"), exam: EXAM }));
  await page.goto("/preview");
  await quote.expectStep(5);
  // The three nearest managers are ticked once the list has loaded.
  await expect(quote.chosenRecipients()).toHaveCount(3);
  await quote.submit.click();
  await quote.expectThankYou();
  const thanks = new ThankYouPage(page);
  const reference = await thanks.reference();
  const ownerPath = await thanks.privatePath();
  await expect.poll(() => confirmPathFor(reference), { timeout: 20_000 }).toBeTruthy();
  const confirm = new ConfirmPage(page);
  await confirm.open((await confirmPathFor(reference))!);
  await confirm.confirm();
  const [a, b, c] = await eventually(() => newRequestMails(reference), (found) => found.length === 3 && found.every((mail) => mail.proposalPath));

  // The first manager proposes, from a tab of its own.
  const managerTab = await page.context().newPage();
  const manager = new ManagerProposalPage(managerTab);
  await manager.openLink(a.proposalPath);
  await manager.fill(seen);
  await manager.send(1);

  // The owner's page is open on version 1.
  await page.goto(ownerPath);
  const comparison = new OwnerComparison(page);
  const costSeen = proposalFirstYear(version(seen), RENT, 1).total;
  await expect(comparison.firstYear(a.company, { phone })).toContainText(formatDollars(costSeen));

  // The manager raises it; the owner's page shows it without a reload, with a notice.
  await manager.fill(raised);
  await manager.service("Rent collection").uncheck();
  await manager.send(2);
  await expect(comparison.notice(`${a.company} changed its proposal (version 2).`)).toBeVisible({ timeout: 30_000 });
  const costRaised = proposalFirstYear(version(raised), RENT, 1).total;
  await expect(comparison.firstYear(a.company, { phone })).toContainText(formatDollars(costRaised));
  await expect(comparison.version(2)).toHaveCount(1);

  // Accepting the version seen first is refused, saying what changed; nothing is decided.
  const token = ownerPath.split("/").pop()!;
  const matches = (await (await request.post("/api/agents/match", { data: { property_zip: "78701", property_category: 1 } })).json()).agents as { agent_id: number; company_name: string }[];
  const agentId = matches.find((match) => match.company_name === a.company)!.agent_id;
  const stale = await decideThroughApi(page, { token, agent_id: agentId, decision: "accept", revision: 1 });
  const changes = proposalChanges(version(seen), version(raised), { rent: RENT, units: 1 });
  expect(stale).toEqual({ status: 409, body: { success: false, message: `${a.company} changed its proposal after you saw it (version 1 → version 2: ${changes.join(", ")}). Nothing was accepted: look at version 2 and accept it if it still suits you.` } });

  // Two more proposals: three side by side, at a phone's and a desktop's size.
  for (const [mail, input] of [
    [b, other],
    [c, third],
  ] as const) {
    await manager.openLink(mail.proposalPath);
    await manager.fill(input);
    await manager.send(1);
  }
  await managerTab.close();
  await expect(comparison.notice(`${c.company} sent a proposal.`)).toBeVisible({ timeout: 30_000 });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await testInfo.attach(`owner-three-proposals-${size.width}x${size.height}`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  }

  // The current version is accepted; the answer names it and its price.
  await comparison.decide(a.company, "accept");
  await expect(comparison.status).toHaveText(acceptedTerms(a.company, 2, formatDollars(costRaised), formatDollars(RENT)));

  // Both emails carry the accepted terms and version.
  const [toManager] = await eventually(() => mailsOfKind(reference, "request.accepted"), (found) => found.length === 1);
  expect(toManager).toContain("The terms the owner accepted (version 2 of your proposal):");
  expect(toManager).toContain("- Management fee: 8% of collected rent");
  const [toOwner] = await eventually(() => mailsOfKind(reference, "request.accepted.owner"), (found) => found.length === 1);
  expect(toOwner).toContain(`The terms you accepted (version 2 of ${possessive(a.company)} proposal):`);
  expect(toOwner).toContain("- Setup fee: $300");
});
