import { expect, type Locator } from "@playwright/test";
import { agentPath, cityPath, comparePath } from "../../lib/contract/routes";
import { SitePage } from "./site";

/**
 * The directory as an owner walks it: a list of managers (a city page, its tabs and views, the
 * ZIP results), a state hub, a profile, and the comparison of up to three managers.
 */

/** A list of manager cards with its compare tray: a city page or the ZIP search's results. */
export class ManagerList extends SitePage {
  get cards(): Locator {
    return this.page.locator(".agent-card");
  }

  card(index: number): Locator {
    return this.cards.nth(index);
  }

  /** The card of the manager named `company`. */
  cardOf(company: string): Locator {
    return this.cards.filter({ has: this.page.getByRole("heading", { name: company, exact: true }) });
  }

  /** Each card's name (its heading). */
  get cardNames(): Locator {
    return this.cards.getByRole("heading");
  }

  /** Each card's name as its h2 reads, for a list read at once. */
  cardTitles(): Promise<string[]> {
    return this.page.locator(".agent-card h2").allTextContents();
  }

  /** The name (heading) on the card at `index`. */
  cardName(index: number): Locator {
    return this.card(index).getByRole("heading");
  }

  async nameOf(index: number): Promise<string> {
    return (await this.cardName(index).textContent())!.trim();
  }

  /** Opens the profile of the card at `index` by its name's link. */
  async openProfile(index: number): Promise<void> {
    await this.profileLink(index).click();
  }

  profileLink(index: number): Locator {
    return this.card(index).getByRole("heading").getByRole("link");
  }

  /** The link of `company` on the first card (the ZIP results' way of opening a profile). */
  firstCardLink(company: string): Locator {
    return this.cards.first().getByRole("link", { name: company, exact: true });
  }

  viewDetail(card: Locator, company: string): Locator {
    return card.getByRole("link", { name: `View Detail of ${company}` });
  }

  requestQuoteOn(card: Locator): Locator {
    return card.getByRole("link", { name: /^Request a quote from this manager/ });
  }

  /** "Sample listing" on a card. */
  sampleMark(card: Locator): Locator {
    return card.getByText("Sample listing", { exact: true });
  }

  /** The note saying what a sample listing is. */
  get sampleNote(): Locator {
    return this.page.getByRole("note").filter({ hasText: "Sample listing" });
  }

  /** Every card's profile link, as the list links it. */
  profileHrefs(): Promise<string[]> {
    return this.cards.locator("h2 a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  }

  /** Whether each card says Featured, in the list's order. */
  featuredMarks(): Promise<boolean[]> {
    return this.cards.evaluateAll((items) => items.map((item) => item.textContent?.includes("Featured") ?? false));
  }

  /** The first three cards' heights and where each one's name ends, from its top. */
  firstCardSizes(): Promise<{ height: number; name: number }[]> {
    return this.cards.evaluateAll((items) =>
      items.slice(0, 3).map((item) => ({ height: item.getBoundingClientRect().height, name: item.querySelector("h2")!.getBoundingClientRect().bottom - item.getBoundingClientRect().top })),
    );
  }

  /** The distance each card states first ("12.3 miles away"), in the list's order. */
  async distances(): Promise<number[]> {
    return (await this.page.locator(".agent-card > p:first-of-type").allTextContents()).map((text) => Number(text.match(/([\d.]+) miles away/)![1]));
  }

  compareBox(index: number): Locator {
    return this.card(index).getByRole("checkbox", { name: /^Compare/ });
  }

  compareBoxOf(company: string): Locator {
    return this.page.getByRole("checkbox", { name: `Compare ${company}` });
  }

  /** Ticks the first `count` cards' Compare boxes; answers their names. */
  async tickCompare(count: number): Promise<string[]> {
    const names: string[] = [];
    for (let index = 0; index < count; index++) {
      names.push(await this.nameOf(index));
      await this.compareBox(index).check();
    }
    return names;
  }

  get tray(): Locator {
    return this.page.locator(".compare-bar");
  }

  /** "Compare selected": in the tray on a city page, the form's button without JavaScript. */
  async compareSelected({ fromTray = false }: { fromTray?: boolean } = {}): Promise<void> {
    const button = fromTray ? this.tray.getByRole("button", { name: "Compare selected" }) : this.page.getByRole("button", { name: "Compare selected" });
    await button.click();
  }

  async clearTray(): Promise<void> {
    await this.tray.getByRole("button", { name: "Clear" }).click();
  }
}

/** A city page (/agents/{state}/{city}), its property-type tabs, its sort-and-filter view and its pages. */
export class CityPage extends ManagerList {
  async openCity(state: string, city: string, options?: Parameters<typeof cityPath>[2]) {
    return this.open(cityPath(state, city, options));
  }

  get tabs(): Locator {
    return this.page.getByRole("navigation", { name: "Property types" });
  }

  /** A tab by its property type, or every tab. */
  tab(name?: string): Locator {
    return name === undefined ? this.tabs.getByRole("link") : this.tabs.getByRole("link", { name });
  }

  get nextPage(): Locator {
    return this.page.getByRole("navigation", { name: "Pages of managers" }).getByRole("link", { name: "Next page" });
  }

  get getFreeQuotes(): Locator {
    return this.page.getByRole("link", { name: "Get free quotes" });
  }

  /** The page's call to action where nobody serves the place. */
  leaveRequest(place: string): Locator {
    return this.main.getByRole("link", { name: `Leave a request for ${place}` });
  }

  /** The main part's buttons (a link styled as one included). */
  get mainButtons(): Locator {
    return this.main.locator(".button");
  }

  /** "Cities near {place} with managers": where nobody serves the place. */
  nearestCities(place: string): Locator {
    return this.page.getByRole("region", { name: `The nearest cities with property managers, by distance from ${place}` });
  }

  /** The sort and filter form above the cards. */
  get controls(): Locator {
    return this.page.getByRole("form", { name: "Sort and filter managers" });
  }

  get sort(): Locator {
    return this.controls.getByLabel("Sort");
  }

  get propertyType(): Locator {
    return this.controls.getByLabel("Property type");
  }

  get rent(): Locator {
    return this.controls.getByLabel("Your monthly rent ($)");
  }

  /** The folded list of services ("Offers: …"). */
  get services(): Locator {
    return this.controls.locator("details");
  }

  /** Unfolds the services by their summary, which names the chosen ones. */
  async unfoldServices(summary: string): Promise<void> {
    await this.services.getByText(summary).click();
  }

  service(name: string): Locator {
    return this.services.getByLabel(name);
  }

  async apply(): Promise<void> {
    await this.controls.getByRole("button", { name: "Apply" }).click();
  }
}

/** A state hub (/agents/{state}): its cities with managers, and its law page. */
export class StateHub extends SitePage {
  /** The list of the state's cities (the one that names `city`). */
  cityList(city: RegExp): Locator {
    return this.page.getByRole("list").filter({ has: this.page.getByRole("link", { name: city }) });
  }
}

/** A manager's profile (/agent/{state}/{city}/{id}). */
export class ProfilePage extends SitePage {
  async openProfile(agent: Parameters<typeof agentPath>[0]) {
    return this.open(agentPath(agent));
  }

  fees(company: string): Locator {
    return this.page.getByRole("table", { name: `Fees of ${company}` });
  }

  feeRow(company: string, row: string): Locator {
    return this.fees(company).getByRole("rowheader", { name: row });
  }

  get addToCompare(): Locator {
    return this.page.getByRole("button", { name: "Add to compare" });
  }

  get removeFromCompare(): Locator {
    return this.page.getByRole("button", { name: "Remove from compare" });
  }

  get requestQuote(): Locator {
    return this.page.getByRole("link", { name: "Request a quote from this manager" });
  }

  /** The state's license rule, stated as information. */
  get licenseRule(): Locator {
    return this.page.locator(".license-rule");
  }

  licenseRuleLink(name: RegExp): Locator {
    return this.licenseRule.getByRole("link", { name });
  }
}

/** /compare: up to three managers side by side, their first-year cost at the owner's rent. */
export class ComparePage extends SitePage {
  async openCompare(ids: number[]) {
    return this.open(comparePath(ids));
  }

  get cards(): Locator {
    return this.page.locator(".compare-card");
  }

  get cardNames(): Locator {
    return this.cards.getByRole("heading", { level: 2 });
  }

  /** The row labels of the card at `index`. */
  rowLabels(index: number): Locator {
    return this.cards.nth(index).locator("dt");
  }

  get totals(): Locator {
    return this.cards.locator(".compare-card__total");
  }

  mark(index: number, words: string): Locator {
    return this.cards.nth(index).getByText(words, { exact: true });
  }

  async setRent(rent: string): Promise<void> {
    await this.page.getByLabel("Your monthly rent ($)").fill(rent);
    await this.page.getByRole("button", { name: "Update" }).click();
  }

  get requestQuotes(): Locator {
    return this.page.getByRole("link", { name: "Request quotes from these managers" });
  }

  /** The table row that would state a license rule per manager (none: it is said once, below). */
  get licenseRow(): Locator {
    return this.page.getByRole("row", { name: /State's license rule/ });
  }

  get licenseRules(): Locator {
    return this.page.getByRole("region", { name: "The states' license rules" });
  }

  get licenseRuleLines(): Locator {
    return this.licenseRules.locator(".license-rule");
  }
}

/** Every card shows "Sample listing" (every seeded manager is one) and the page says what that means. */
export async function expectEveryCardSample(list: ManagerList): Promise<void> {
  const count = await list.cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) await expect(list.sampleMark(list.card(index))).toBeVisible();
  await expect(list.sampleNote).toContainText("examples");
}
