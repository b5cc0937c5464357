import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueEmail } from "./pages/quote";
import { acceptedTerms, eventually, mailsOfKind, ManagerProposalPage, newRequestMails, OwnerComparison, type ProposalInput } from "./pages/proposals";
import { ConfirmPage, ThankYouPage } from "./pages/request";
import { confirmPathFor } from "./support/outbox";
import { formatMoney } from "../lib/contract/fees";
import { DEFAULT_MONTHLY_RENT } from "../lib/contract/site";
import { profileDifferences, proposalFirstYear } from "../lib/contract/proposals";
import { formatDollars } from "../lib/contract/fees";
import type { Fees } from "../lib/contract";

/**
 * Proposals as their people live them: an owner's request reaches three managers; two open their
 * private links from the messages the worker wrote and propose (one changes theirs once); the
 * owner sees both side by side with the first-year cost at their rent, accepts one; the accepted
 * and a declined manager get their messages; every link then shows it is closed.
 */
/** What the owner's comparison says its first-year figures add up; `at` is the rent, the units and where they come from. */
const firstYearAssumption = (at: string) =>
  `First-year cost at ${at}: management for 12 months per unit, one placement per unit, and setup once; renewal and maintenance markup are not in it.`;

const SERVED = { address: "415 W 6th St", city: "Austin", zip: "78701" };

const first: ProposalInput = {
  management: { percent: "8" },
  leasingPercent: "50",
  setupFee: "100",
  renewalFee: "150",
  markup: "10",
  contractMonths: "12",
  startDate: "2027-01-15",
  services: ["Rent collection", "Tenant screening", "Property inspections"],
  message: "We manage 40 homes within two miles of yours.",
};
const firstEdited: ProposalInput = { ...first, management: { percent: "7" }, services: [] };
const second: ProposalInput = { management: { flat: "150" }, leasingPercent: "75", contractMonths: "0", startDate: "2027-02-01", services: ["Rent collection"] };

const terms = (input: ProposalInput) => ({
  management_percent: "percent" in input.management ? Number(input.management.percent) : null,
  management_flat: "flat" in input.management ? Number(input.management.flat) : null,
  leasing_percent: input.leasingPercent ? Number(input.leasingPercent) : null,
  setup_fee: input.setupFee ? Number(input.setupFee) : null,
  renewal_fee: input.renewalFee ? Number(input.renewalFee) : null,
  maintenance_markup_percent: input.markup ? Number(input.markup) : null,
});

/** The managers serving the ZIP for single-family homes, as the last step lists them (the first three are ticked), with their profiles' fees. */
async function matchesFor(request: APIRequestContext): Promise<{ agent_id: number; company_name: string; fees: Fees }[]> {
  const response = await request.post("/api/agents/match", { data: { property_zip: SERVED.zip, property_category: 1 } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).agents;
}

test("managers propose through their private links; the owner compares, accepts one, and every link closes", { tag: ["@journey", "@writes"] }, async ({ page, quote, request }, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === "phone";
  const email = uniqueEmail(testInfo, "proposals");

  // The owner's request to the three managers ticked by default, confirmed by mail.
  await quote.startFromHome();
  await quote.chooseCategory("Single Family");
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
  const matches = await matchesFor(request);
  await quote.submit.click();
  await quote.expectThankYou();
  const thanks = new ThankYouPage(page);
  const reference = await thanks.reference();
  const ownerPath = await thanks.privatePath();
  await expect.poll(() => confirmPathFor(reference), { timeout: 20_000 }).toBeTruthy();
  const confirm = new ConfirmPage(page);
  await confirm.open((await confirmPathFor(reference))!);
  await confirm.confirm();

  // Each manager's message holds a private link of its own.
  const mails = await eventually(() => newRequestMails(reference), (found) => found.length === 3 && found.every((mail) => mail.proposalPath));
  expect(new Set(mails.map((mail) => mail.proposalPath)).size).toBe(3);
  const [a, b, c] = mails;

  // Two managers propose; the first changes theirs once.
  const manager = new ManagerProposalPage(page);
  // Private like the owner's page: never stored by a cache, never indexed, sending no referrer.
  const headers = await manager.openLink(a.proposalPath);
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  await expect(manager.robots).toHaveAttribute("content", /noindex/);
  await expect(manager.heading).toHaveText(`Your proposal for request ${reference}`);
  await manager.fill(first);
  await manager.send(1);
  await manager.fill(firstEdited);
  for (const service of first.services) await manager.service(service).uncheck();
  await manager.send(2);
  await manager.openLink(b.proposalPath);
  await expect(manager.main).not.toContainText(a.company); // never another manager's name or price
  await manager.fill(second);
  await manager.send(1);

  // The owner: both side by side, the first-year cost at the assumed rent, then at their own.
  await page.goto(ownerPath);
  const comparison = new OwnerComparison(page);
  await expect(comparison.section).toContainText(firstYearAssumption(`${formatMoney(DEFAULT_MONTHLY_RENT)} rent a month for 1 unit (an assumption: your answers did not give it)`));
  await expect(comparison.section).toContainText(
    "Sample listings are companies that do not exist: they will not answer on their own, so no proposal will come from them unless someone uses the link we sent to their example address.",
  );
  const costA = proposalFirstYear(terms(firstEdited), DEFAULT_MONTHLY_RENT, 1).total;
  const costB = proposalFirstYear(terms(second), DEFAULT_MONTHLY_RENT, 1).total;
  await expect(comparison.firstYear(a.company, { phone })).toContainText(formatMoney(costA));
  await expect(comparison.firstYear(phone ? b.company : a.company, { phone })).toContainText(formatMoney(costB));
  // Only the layout of this screen is shown (the other is hidden): one mark each.
  await expect(comparison.marked(a.company, "Cheapest first year", { phone })).toBeVisible();
  await expect(comparison.shown("Cheapest first year", { exact: true })).toHaveCount(1);
  // The owner asked for no services: "most services" counts only asked ones, so nobody is marked.
  await expect(comparison.shown("Most services asked for", { exact: true })).toHaveCount(0);
  await expect(comparison.shown(/^Version 2, changed /)).toHaveCount(1);
  const differences = profileDifferences(matches.find((match) => match.company_name === a.company)!.fees, terms(firstEdited));
  if (differences.length) await expect(comparison.shown(`differs from the profile: profile says ${differences[0].profile}`).first()).toBeVisible();
  await comparison.setFigures({ rent: "2500", units: "2" });
  await expect(comparison.firstYear(a.company, { phone })).toContainText(formatMoney(proposalFirstYear(terms(firstEdited), 2500, 2).total));
  await expect(comparison.section).toContainText(firstYearAssumption(`${formatMoney(2500)} rent a month for 2 units (your figures)`));
  await testInfo.attach("owner-comparison", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  await comparison.decide(a.company, "accept");
  // The answer names the version accepted and its first-year cost at the request's own figures.
  await expect(comparison.status).toHaveText(acceptedTerms(a.company, 2, formatDollars(costA), formatMoney(DEFAULT_MONTHLY_RENT)));
  await expect(comparison.decision(b.company, "accept")).toHaveCount(0);

  // The accepted manager gets the owner's chosen contact (the phone); the others a polite note.
  const [accepted] = await eventually(() => mailsOfKind(reference, "request.accepted"), (found) => found.length === 1);
  expect(accepted).toContain(`Hello ${a.company},`);
  expect(accepted).toContain("Phone: 5125550188");
  const declined = await eventually(() => mailsOfKind(reference, "request.declined"), (found) => found.length === 2);
  for (const other of [b, c]) expect(declined.some((text) => text.includes(`Hello ${other.company},`))).toBe(true);
  for (const text of declined) expect(text).not.toContain("Jordan Ellis");

  // Every link is closed now, and says why.
  await manager.openLink(a.proposalPath);
  await manager.expectClosed("accepted");
  await manager.openLink(b.proposalPath);
  await manager.expectClosed("declined");
  await manager.openLink(c.proposalPath);
  await manager.expectClosed("unanswered"); // it sent nothing: not thanked for sending
});
