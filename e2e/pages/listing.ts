import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { MANAGER_CSV_COLUMNS } from "../../lib/contract/managers-csv";
import { E2E_BASE_URL, E2E_DATABASE, E2E_REMOTE_URL } from "../support/server";
import { onlyOnTheLocalBuild } from "../support/target";

/**
 * A manager's own listing as its manager uses it: the profile's "Update this listing" link, the
 * page that mails the sign-in link, the link's button, and the manager's form.
 */

/**
 * Adds a real listing to the run's database with the operator's own command (`npm run managers --
 * import`), as `addStaff` adds staff: the e2e database holds only sample listings.
 */
export function importRealListing(listing: { externalId: string; company: string; email: string }): void {
  onlyOnTheLocalBuild("imports a listing into the run's database");
  importListingRow(listing);
}

/**
 * On the run's own build, the same one real listing in Austin however often it runs: from then on
 * the site runs on real listings, whatever the order of the journeys that add others (the first
 * real listing takes every sample off the lists). Against a deployment it does nothing: the
 * deployment's listings are what they are.
 */
export function keepARealListingInAustin(): void {
  if (E2E_REMOTE_URL) return;
  importListingRow({ externalId: "e2e-austin-real", company: "Congress Avenue Homes", email: "congress-avenue@example.com" });
}

function importListingRow(listing: { externalId: string; company: string; email: string }): void {
  const row: Record<string, string> = {
    external_id: listing.externalId,
    company_name: listing.company,
    contact_name: "Dana Reyes",
    email: listing.email,
    // Its own phone number (area code 737: no other journey's listing or the example CSV uses it): approvals match listings by phone.
    phone: `(737) 555-${listing.externalId.replace(/\D/g, "").slice(-4).padStart(4, "0")}`,
    website: "",
    office_address: "400 Congress Ave",
    office_city: "Austin",
    office_state: "TX",
    office_zip: "78701",
    service_zips: "78701;78702",
    categories: "single-family",
    services: "tenant_screening;rent_collection",
    management_fee: "8%",
    leasing_fee: "50%",
    setup_fee: "$99",
    renewal_fee: "",
    license_number: "",
    license_state: "",
    license_source_url: "",
    about: "A family firm that answers the phone.",
  };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "listing-")), "managers.csv");
  fs.writeFileSync(file, `${MANAGER_CSV_COLUMNS.join(",")}\n${MANAGER_CSV_COLUMNS.map((column) => row[column]).join(",")}\n`);
  execFileSync("npm", ["run", "-s", "managers", "--", "import", file], { encoding: "utf8", env: { ...process.env, DATABASE_URL: `file:${E2E_DATABASE}`, SITE_URL: E2E_BASE_URL } });
}

export class ListingProfile {
  constructor(private readonly page: Page) {}

  async open(profilePath: string) {
    await this.page.goto(profilePath);
  }

  get updateLink(): Locator {
    return this.page.getByRole("link", { name: "Is this your company? Update this listing" });
  }

  /** The management fee's row of the profile's fee table. */
  managementFee(): Locator {
    return this.page.getByRole("table", { name: /^Fees of / }).getByRole("row", { name: /Management/ });
  }
}

export class ListingSignIn {
  constructor(private readonly page: Page) {}

  async askForLink() {
    await this.page.getByRole("button", { name: "Email me a sign-in link" }).click();
  }

  get answer(): Locator {
    return this.page.getByRole("main").getByRole("status").or(this.page.getByRole("main").getByRole("alert"));
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole("heading", { level: 1, name });
  }

  text(text: string): Locator {
    return this.page.getByText(text);
  }

  get askButton(): Locator {
    return this.page.getByRole("button", { name: "Email me a sign-in link" });
  }

  /** Opens the mailed link and presses its button: the manager's page. */
  async useLink(linkPath: string) {
    await this.page.goto(linkPath);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await expect(this.page).toHaveURL(/\/your-listing\/\d+\/edit$/);
  }
}

export class ListingEditor {
  constructor(private readonly page: Page) {}

  async setManagementFee(value: string) {
    await this.page.getByLabel("Management fee", { exact: true }).fill(value);
  }

  async save() {
    await this.page.getByRole("button", { name: "Save changes" }).click();
  }

  get answer(): Locator {
    return this.page.getByRole("main").getByRole("status").or(this.page.getByRole("main").getByRole("alert"));
  }

  fieldError(field: string): Locator {
    return this.page.locator(`#${field}-error`);
  }

  get profileLink(): Locator {
    return this.page.getByRole("link", { name: "View your profile" });
  }

  get requestsHeading(): Locator {
    return this.page.getByRole("heading", { name: "Requests sent to you" });
  }

  async signOut() {
    await this.page.getByRole("button", { name: "Sign out" }).click();
  }

  /** What a page says when it refuses (another listing's page: 403). */
  get refusal(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "You cannot open this page" });
  }
}

/** The sign-in link's path in the newest listing.sign_in mail to `email`. */
export function signInPathIn(mail: string): string {
  const link = /\/your-listing\/sign-in\/[A-Za-z0-9_-]{22}/.exec(mail);
  if (!link) throw new Error("the mail holds no sign-in link");
  return link[0];
}
