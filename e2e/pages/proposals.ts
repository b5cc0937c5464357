import { expect, type Locator, type Page } from "@playwright/test";
import { mailText, outboxFilesMentioning } from "../support/outbox";
import { SitePage } from "./site";

/** The closed proposal page's sentence, one for each reason (the same page whatever the reason). */
const CLOSED = {
  withdrawn: "The owner withdrew this request, so it takes no more proposals. Please delete the owner's details.",
  accepted: "The owner accepted your proposal. Their contact details are in the message we sent you.",
  declined: "The owner decided not to go ahead with your proposal. Thank you for sending it.",
  unanswered: "The owner has decided, so this request is closed. Please delete the owner's details.",
} as const;

/** "Anna Delgado Rentals'", "Lakeshore Homes of Austin's": how the page names a company's proposal. */
export const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/** The owner's comparison after an acceptance: the version and its first-year cost at the request's rent, for 1 unit. */
export function acceptedTerms(company: string, revision: number, firstYear: string, rent: string): string {
  return `You accepted version ${revision} of ${possessive(company)} proposal: first-year cost ${firstYear} (at ${rent} rent a month for 1 unit). We are sending ${company} your contact details as you chose to give them and telling the other managers; the request is closed.`;
}

/** A proposal's fields as a manager types them. */
export type ProposalInput = {
  management: { percent: string } | { flat: string };
  leasingPercent?: string;
  setupFee?: string;
  renewalFee?: string;
  markup?: string;
  contractMonths: string;
  startDate: string;
  services: string[];
  message?: string;
};

/** A manager's message about a request, as the worker wrote it: whom it greets and the proposal link it holds. */
export type ManagerMail = { company: string; proposalPath: string; text: string };

/** The new-request messages of `reference`, one per manager, once the worker wrote them. */
export async function newRequestMails(reference: string): Promise<ManagerMail[]> {
  return (await outboxFilesMentioning(reference))
    .filter((name) => name.endsWith("-lead-new.eml"))
    .map((name) => {
      const text = mailText(name);
      return { company: /^Hello (.+),$/m.exec(text)?.[1] ?? "", proposalPath: /\/proposals\/[A-Za-z0-9_-]{22}/.exec(text)?.[0] ?? "", text };
    });
}

/** The texts of the messages of one kind about `reference` (request.accepted, request.declined, proposal.summary). */
export async function mailsOfKind(reference: string, kind: string): Promise<string[]> {
  return (await outboxFilesMentioning(reference))
    .filter((name) => name.endsWith(`-${kind.replace(".", "-")}.eml`))
    .map(mailText);
}

/** /proposals/{token}: the manager's private page and its form. */
export class ManagerProposalPage extends SitePage {
  /** Opens the link; answers the page's response headers. */
  async openLink(path: string): Promise<Record<string, string>> {
    const response = await this.page.goto(path);
    return response?.headers() ?? {};
  }

  /** A service's tick in the form. */
  service(name: string): Locator {
    return this.form.getByLabel(name, { exact: true });
  }

  get form(): Locator {
    return this.page.locator("form.proposal-form");
  }

  async fill(input: ProposalInput): Promise<void> {
    const form = this.form;
    if ("percent" in input.management) {
      await form.getByLabel("Percent of collected rent", { exact: true }).check();
      await form.getByLabel("Management fee (% of collected rent)").fill(input.management.percent);
    } else {
      await form.getByLabel("Flat amount a month, per unit", { exact: true }).check();
      await form.getByLabel("Management fee ($ a month per unit)").fill(input.management.flat);
    }
    await form.getByLabel("Leasing / placement fee (% of one month's rent)").fill(input.leasingPercent ?? "");
    await form.getByLabel("Setup fee ($, once)").fill(input.setupFee ?? "");
    await form.getByLabel("Lease renewal fee ($)").fill(input.renewalFee ?? "");
    await form.getByLabel("Maintenance markup (% on vendor invoices)").fill(input.markup ?? "");
    await form.getByLabel("Minimum contract term (months; 0 for month to month)").fill(input.contractMonths);
    await form.getByLabel("Earliest start date").fill(input.startDate);
    // Exactly these services: a first proposal starts with the listing's own ticked.
    const boxes = form.getByRole("group", { name: "Services included" }).getByRole("checkbox");
    for (const box of await boxes.all()) {
      const label = (await box.evaluate((input) => input.closest("label")?.textContent ?? "")).trim();
      await box.setChecked(input.services.includes(label));
    }
    await form.getByLabel("A short message to the owner").fill(input.message ?? "");
  }

  /** Sends the form and waits for the page to say it is saved as version `revision`. */
  async send(revision: number): Promise<void> {
    await this.form.getByRole("button", { name: revision === 1 ? "Send my proposal" : "Update my proposal" }).click();
    await expect(this.form.getByRole("status")).toHaveText(
      revision === 1 ? "Your proposal is saved. The owner will see it on their request page." : `Your proposal is updated (version ${revision}). The owner will see the change.`,
    );
    await expect(this.page.getByRole("heading", { name: new RegExp(`^Your proposal, version ${revision}, saved `) })).toBeVisible();
  }

  async expectClosed(reason: keyof typeof CLOSED): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText("This request is closed");
    await expect(this.page.getByRole("status")).toHaveText(CLOSED[reason]);
    await expect(this.form).toHaveCount(0);
  }
}

/** The owner's comparison on /requests/{token}: a table on a wide screen, a card each on a phone. */
export class OwnerComparison {
  constructor(private readonly page: Page) {}

  get section(): Locator {
    return this.page.getByRole("region", { name: "Proposals" });
  }

  /** Where one manager's first-year cost is shown, whichever layout is visible. */
  firstYear(company: string, { phone }: { phone: boolean }): Locator {
    if (phone) return this.section.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name: company }) }).locator(".proposals__total");
    const table = this.section.getByRole("table");
    return table.getByRole("row", { name: /^First-year cost/ });
  }

  /** A manager's mark ("Cheapest first year", "Most services"): in its column's heading, or on its card. */
  marked(company: string, mark: string, { phone }: { phone: boolean }): Locator {
    const where = phone
      ? this.section.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name: company }) })
      : this.section.getByRole("columnheader", { name: new RegExp(`^${company.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    return where.getByText(mark, { exact: true });
  }

  /** Words of the comparison shown on this screen (the other layout is hidden). */
  shown(words: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.section.getByText(words, options).filter({ visible: true });
  }

  /** The owner's own rent and number of units, for the first-year cost. */
  async setFigures({ rent, units }: { rent: string; units: string }): Promise<void> {
    await this.section.getByLabel("Monthly rent per unit ($)").fill(rent);
    await this.section.getByLabel("Units").fill(units);
  }

  get status(): Locator {
    return this.section.getByRole("status");
  }

  /** The button accepting or declining `company`'s proposal. */
  decision(company: string, decision: "accept" | "decline"): Locator {
    return this.section.getByRole("button", { name: decision === "accept" ? `Accept ${possessive(company)} proposal` : `Decline ${company}` });
  }

  /** A notice the live page shows (a toast) when a proposal arrives or changes. */
  notice(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** The version line of a proposal shown on this screen ("Version 2, changed …"). */
  version(revision: number): Locator {
    return this.shown(new RegExp(`^Version ${revision}, changed `));
  }

  async decide(company: string, decision: "accept" | "decline"): Promise<void> {
    await this.decision(company, decision).click();
    await this.section.getByRole("button", { name: decision === "accept" ? "Yes, accept" : "Yes, decline" }).click();
  }
}

/** Polls until `read` gives what the test needs (the worker writes files on its own time). */
export async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  await expect.poll(async () => ok((last = await read())), { timeout: 30_000 }).toBe(true);
  return last as T;
}

/**
 * request/decide as the owner's page sends it (POST /api/request/decide from the site's origin):
 * the status and the answer, so a journey can try a stale version the way a second tab would.
 */
export async function decideThroughApi(page: Page, body: { token: string; agent_id: number; decision: "accept" | "decline"; revision?: number }): Promise<{ status: number; body: { success: boolean; message: string } }> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/api/request/decide", { data: body, headers: { origin } });
  return { status: response.status(), body: await response.json() };
}
