import { expect, type Locator } from "@playwright/test";
import { SitePage } from "./site";

/**
 * After the owner sends a request: the thank-you page's receipt, the confirmation link of the
 * owner's mail, and the private request page that follows the delivery and withdraws it.
 */

const PRIVATE_LINK = "See your request, follow its delivery or withdraw it";

/** /thank-you: "Thank you!", the receipt with the reference, the recipients and the private link. */
export class ThankYouPage extends SitePage {
  get submitted(): Locator {
    return this.page.getByText("Your form submitted successfully");
  }

  get goHome(): Locator {
    return this.page.getByRole("link", { name: "Go To Home" });
  }

  get receipt(): Locator {
    return this.page.getByRole("region", { name: /^Your request MG-/ });
  }

  /** The receipt as the home-to-request journey names it (its region's name anywhere in it). */
  get receiptAnywhere(): Locator {
    return this.page.getByRole("region", { name: /Your request MG-/ });
  }

  recipients(receipt: Locator = this.receipt): Locator {
    return receipt.getByRole("listitem");
  }

  async reference(receipt: Locator = this.receipt): Promise<string> {
    return (await receipt.locator(".receipt__reference").textContent())!.trim();
  }

  /** The private page's link, anywhere on the page. */
  get privateLink(): Locator {
    return this.page.getByRole("link", { name: PRIVATE_LINK });
  }

  /** The private page's link inside the receipt. */
  get receiptPrivateLink(): Locator {
    return this.receipt.getByRole("link", { name: PRIVATE_LINK });
  }

  async privatePath(): Promise<string> {
    return (await this.receiptPrivateLink.getAttribute("href"))!;
  }
}

/** A sample listing as the receipt and the request page describe it (after its name). */
export const SAMPLE_RECIPIENT = "Sample listing: this company does not exist, so nobody will contact you from it.";

/** The private page of a request its owner has not confirmed yet. */
export const UNCONFIRMED_NOT_WITHDRAWN =
  "Nobody has received this request: it waits for a confirmation from the link we emailed to its address. That email's page can send it or erase it; otherwise it is erased after 7 days.";

/** Names as the pages write them in a sentence: "A", "A and B", "A, B and C". */
export function inProse(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The page the owner's mail links to: each waiting request with a tick (none ticked: the owner
 * ticks their own), "Not mine" to erase one, and one button that sends the ticked ones.
 */
export class ConfirmPage extends SitePage {
  /** The button, named for the managers of what is ticked (`names`), or any "Send my request to …". */
  sendButton(names?: string[]): Locator {
    return this.page.getByRole("button", { name: names ? (names.length ? `Send my request to ${inProse(names)}` : "Confirm my email address") : /^Send my request to / });
  }

  /** The button as it reads with `count` requests ticked (disabled at none). */
  tickedButton(count: number, names: string[]): Locator {
    return this.page.getByRole("button", {
      name: count === 0 ? "Send the ticked requests" : names.length ? `Send ${count === 1 ? "my request" : `my ${count} requests`} to ${inProse(names)}` : "Confirm my email address",
    });
  }

  /** Each request's "This is my request" tick, or the one of `reference`. */
  tick(reference?: string): Locator {
    return this.page.getByRole("checkbox", { name: reference ? `This is my request: send ${reference}` : /^This is my request: send / });
  }

  eraseButton(reference: string): Locator {
    return this.page.getByRole("button", { name: `Not mine: erase ${reference}` });
  }

  /** When and from where a request was saved. */
  savedAt(reference: string): Locator {
    return this.page.getByRole("region", { name: `Request ${reference}` }).getByText(/^Saved /);
  }

  /** Ticks every request the page lists as the owner's, then presses the button. */
  async confirm(names?: string[]): Promise<void> {
    for (const box of await this.tick().all()) await box.check();
    await this.sendButton(names).click();
    await expect(this.status()).toContainText(/Thank you! Your email address is confirmed/);
  }

  requestPageLink(reference: string): Locator {
    return this.page.getByRole("link", { name: `See request ${reference}, follow its delivery or withdraw it` });
  }
}

/** /requests/{token}: the owner's private page. */
export class RequestPage extends SitePage {
  /** Each recipient's row, with its delivery. */
  get recipientRows(): Locator {
    return this.page.locator(".request__recipient");
  }

  deliveryOf(row: Locator): Locator {
    return row.locator(".request__delivery");
  }

  get waitingRecipients(): Locator {
    return this.page.getByRole("region", { name: "Who receives it once you confirm" }).getByRole("listitem");
  }

  get whoReceived(): Locator {
    return this.page.getByRole("region", { name: "Who received it" });
  }

  receivedBy(company?: string): Locator {
    const items = this.whoReceived.getByRole("listitem");
    return company === undefined ? items : items.filter({ hasText: company });
  }

  get contactDetails(): Locator {
    return this.page.getByRole("region", { name: "Your contact details" });
  }

  get withdrawButton(): Locator {
    return this.page.getByRole("button", { name: "Withdraw my request" });
  }

  /** A line of "Your request" or "Your contact details", by its term ("Address", a question…): the value shown. */
  detail(term: string): Locator {
    return this.main
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
      .locator("xpath=following-sibling::dd[1]");
  }

  /** Withdraw, then "Yes, withdraw it". */
  async withdraw(): Promise<void> {
    await this.withdrawButton.click();
    await this.page.getByRole("button", { name: "Yes, withdraw it" }).click();
  }
}
