import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { MASKED_RUN_EMAIL, runEmail } from "./support/run-key";
import { agentPath } from "../lib/contract/routes";
import { mailTo } from "./pages/operator";
import { ListingEditor, ListingProfile, ListingSignIn, importRealListing, signInPathIn } from "./pages/listing";

/**
 * A manager keeps its listing true: from its profile's link it asks for a sign-in link, which
 * goes to the email on the listing; it signs in, changes its management fee, and the profile
 * shows it at once. Another listing's page stays closed to its session.
 */
// It imports a listing, waits for the outbox worker and renders a profile twice: more than the default on a busy machine.
test.describe.configure({ mode: "default", timeout: 150_000 });

test("a manager signs in from its profile's link and changes its fee, and the profile shows it", { tag: ["@journey", "@writes"] }, async ({ page }, testInfo) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e3)}`;
  const email = runEmail(`listing.${stamp}`);
  const company = `Self Serve Homes ${stamp} ${testInfo.project.name}`;
  importRealListing({ externalId: `e2e-self-${stamp}`, company, email });
  const [listing] = queryRows<{ agent_id: number; state: string; city_slug: string }>(
    "select a.id as agent_id, s.abbreviation as state, c.slug as city_slug from agents a join cities c on c.id = a.city_id join states s on s.id = a.state_id where a.external_id = ?",
    `e2e-self-${stamp}`,
  );
  const profilePath = agentPath(listing);
  const profile = new ListingProfile(page);
  const signIn = new ListingSignIn(page);
  const editor = new ListingEditor(page);

  await test.step("the profile's link asks for a sign-in link, which goes to the email on the listing", async () => {
    await profile.open(profilePath);
    await expect(profile.managementFee()).toContainText("8% of collected rent");
    await profile.updateLink.click();
    await expect(signIn.heading(`Update ${company}`)).toBeVisible();
    await signIn.askForLink();
    await expect(signIn.answer).toContainText(`A sign-in link is on its way to ${MASKED_RUN_EMAIL}`);
  });

  const mail = await mailTo(email, "listing-sign_in");
  await test.step("the mailed link signs in, once", async () => {
    await signIn.useLink(signInPathIn(mail));
    await expect(signIn.heading(`Your listing: ${company}`)).toBeVisible();
    await expect(editor.requestsHeading).toBeVisible();
  });

  await test.step("a fee not understood is refused beside its field, and nothing changes", async () => {
    await editor.setManagementFee("eight");
    await editor.save();
    await expect(editor.answer).toContainText("Nothing was saved");
    await expect(editor.fieldError("management_fee")).toContainText("Management fee must be a percent (8%) or a dollar amount ($99), or empty.");
  });

  await test.step("the new fee is saved, and the profile shows it at once", async () => {
    await editor.setManagementFee("6.5%");
    await editor.save();
    await expect(editor.answer).toContainText("Saved. Your profile shows the change now.");
    await editor.profileLink.click();
    await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
    await expect(profile.managementFee()).toContainText("6.5% of collected rent");
    await page.reload();
    await expect(profile.managementFee()).toContainText("6.5% of collected rent");
  });

  await test.step("another listing's page is closed to this session", async () => {
    const [other] = queryRows<{ id: number }>("select id from agents where id <> ? order by id limit 1", listing.agent_id);
    await page.goto(`/your-listing/${other.id}/edit`);
    await expect(editor.refusal).toBeVisible();
  });

  await test.step("the link works once; signing out ends the session", async () => {
    await page.goto(signInPathIn(mail));
    await expect(signIn.text("This sign-in link has expired or was already used.")).toBeVisible();
    await page.goto(`/your-listing/${listing.agent_id}/edit`);
    await editor.signOut();
    await expect(signIn.text("You are signed out.")).toBeVisible();
    await page.goto(`/your-listing/${listing.agent_id}/edit`);
    await expect(signIn.text("Sign in to update a listing")).toBeVisible();
  });
});
