import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { queryRows } from "./support/db";
import { runEmail } from "./support/run-key";
import { agentPath, cityPath } from "../lib/contract/routes";
import { GetInTouchForm } from "./pages/contact";
import { CityPage } from "./pages/directory";
import { NewsletterBox } from "./pages/newsletter";
import { SitePage } from "./pages/site";
import { addStaff, exportCsv, staffEmail, useSignInLink } from "./pages/workspace";
import { ApplicationsList, ManagersImportPage, MessagesList, SubscribersList, confirmSubscription, mailHeader, mailTo, newTasks } from "./pages/operator";

/**
 * The operator runs the network from the workspace: an application from the Join our Network
 * popup becomes a listing, a Contact Us message is answered by email, a subscriber is removed.
 * The workspace project: desktop, after the public pages' tests (playwright.config.ts).
 */
// Each journey signs in and waits for the outbox worker: more than the default 45 s on a busy machine.
test.describe.configure({ mode: "default", timeout: 150_000 });


/** The largest city with at most a few managers (so a new one shows on its first page) and one of its ZIP codes. */
function smallServedCity() {
  const [city] = queryRows<{ name: string; slug: string; state: string; zip: string }>(
    `select c.name, c.slug, s.abbreviation as state, (select z.zip from zip_codes z where z.state_abbr = s.abbreviation and lower(z.city) = lower(c.name) order by z.zip limit 1) as zip
       from cities c join states s on s.id = c.state_id
      where c.managers_serving <= 10
        and exists (select 1 from zip_codes z where z.state_abbr = s.abbreviation and lower(z.city) = lower(c.name))
      order by c.population desc limit 1`,
  );
  return city;
}

test("a manager applies through the Join our Network popup; an operator approves it into a listing that appears on its profile and its city page", { tag: ["@journey", "@writes"] }, async ({ page, request }) => {
  const stamp = Date.now();
  const company = `Prairie Keys Property Co ${stamp}`;
  const applicant = runEmail("applicant");
  // A phone number of its own (area code 312: no other journey's listing or the example CSV uses it), so approval finds no listing that "matches".
  const mobile = `312555${String(stamp).slice(-4)}`;
  const city = smallServedCity();

  await test.step("the manager applies through the popup", async () => {
    const site = new SitePage(page);
    await site.open("/about-us");
    const popup = await site.openJoinNetwork();
    await popup.apply({ company, email: applicant, countryCode: "1", mobile });
    await expect(site.answerDialog).toContainText("Success!");
  });

  const applications = new ApplicationsList(page);
  await test.step("an operator signs in and sees the new application counted on the home page", async () => {
    await useSignInLink(page, addStaff(staffEmail("operator"), "operator"));
    await expect(newTasks(page)).toContainText(/[1-9]\d* new applications?/);
    await applications.open({ status: "new" });
    await expect(applications.application(company)).toBeVisible();
  });

  const application = await applications.openApplication(company);
  await test.step("the operator edits the listing and approves it", async () => {
    await expect(application.duplicatesHeading).toBeVisible();
    await application.approve({
      contactName: "Dana Reyes",
      officeAddress: "12 Main Street",
      officeCity: city.name,
      officeState: city.state,
      officeZip: city.zip,
      serviceZips: city.zip,
      categories: ["Single Family", "Multi Family"],
      managementFee: "8%",
      about: "A family firm that answers the phone.",
    });
    await expect(application.status).toContainText(`${company} is listed:`);
    await expect(application.status).toContainText("The applicant was emailed.");
  });

  const profilePath = (await application.listingLink().textContent())!;
  expect(profilePath).toMatch(new RegExp(`^/agent/${city.state}/${city.slug}/\\d+$`));

  await test.step("the listing is live: its profile, its city's list, the sitemap", async () => {
    const profile = await request.get(profilePath);
    expect(profile.status()).toBe(200);
    const site = new SitePage(page);
    await site.open(profilePath);
    await expect(site.heading).toHaveText(company);
    const cityPage = new CityPage(page);
    await cityPage.open(cityPath(city.state, city.slug));
    await expect.poll(() => cityPage.profileHrefs(), { timeout: 15_000 }).toContain(profilePath);
    await expect.poll(async () => (await (await request.get("/sitemap.xml")).text()).includes(profilePath), { timeout: 15_000 }).toBe(true);
    expect(queryRows<{ is_demo: number }>("select is_demo from agents where company_name = ?", company)).toEqual([{ is_demo: 0 }]);
  });

  await test.step("the applicant's email names the profile, with the operator to reply to", async () => {
    const mail = await mailTo(applicant, "application-approved");
    expect(mail).toContain(profilePath);
    expect(mailHeader(mail, "Reply-To")).toBe("hello@managely.example.com");
    expect(mail).toContain("Hello Dana Reyes,");
  });
});

test("a Contact Us message is answered in the workspace, and the reply is in the outbox and in the thread", { tag: ["@journey", "@writes"] }, async ({ page }) => {
  const writer = runEmail("writer");
  const name = `Morgan Lee ${Date.now()}`;
  await test.step("an owner writes through Contact Us", async () => {
    const site = new SitePage(page);
    await site.open("/contact-us");
    const form = new GetInTouchForm(page);
    await form.fill({ fullName: name, email: writer, message: "Do you list managers for small HOAs?" });
    await form.send();
    await expect(site.answerDialog).toContainText("Success!");
  });

  await useSignInLink(page, addStaff(staffEmail("operator"), "operator"));
  const messages = new MessagesList(page);
  await messages.open({ status: "new" });
  const message = await messages.openMessage(name);
  const reply = "Yes: associations are one of our four property types. Start from your city's page.";
  await test.step("the operator replies by email", async () => {
    await message.reply(reply);
    await expect(message.status).toHaveText(`Your reply to ${writer} is in the outbox. The message is marked answered.`);
    await expect(message.thread).toHaveCount(1);
    await expect(message.thread.first()).toContainText(reply);
  });

  await test.step("the reply is in the outbox, to the writer, Reply-To the operator, quoting the message", async () => {
    const mail = await mailTo(writer, "contact-reply");
    expect(mailHeader(mail, "Reply-To")).toBe("hello@managely.example.com");
    expect(mailHeader(mail, "Subject")).toBe("Re: your message to Managely");
    expect(mail).toContain(reply);
    expect(mail).toContain("> Do you list managers for small HOAs?");
  });
  expect(queryRows<{ status: string }>("select status from contact_messages where email = ?", writer)).toEqual([{ status: "answered" }]);
});

test("an editor reads applications but cannot decide them, and cannot see subscribers", { tag: ["@journey", "@writes"] }, async ({ page }) => {
  await useSignInLink(page, addStaff(staffEmail("editor"), "editor"));
  const applications = new ApplicationsList(page);
  await applications.open();
  await expect(applications.readOnlyNote("editor")).toBeVisible();
  const subscribers = new SubscribersList(page);
  await subscribers.open();
  await expect(subscribers.refusal).toHaveText("Your role (editor) cannot see subscribers' addresses: admins and operators manage them.");
  expect((await page.request.get("/workspace/subscribers.csv")).status()).toBe(403);
});

test("an admin finds a confirmed subscriber, exports the list and removes the subscriber", { tag: ["@journey", "@writes"] }, async ({ page }) => {
  const reader = runEmail("reader");
  await test.step("a reader subscribes and confirms from the email's link", async () => {
    const site = new SitePage(page);
    await site.open("/faqs");
    await new NewsletterBox(page).subscribe(reader);
    await expect(site.answerDialog).toContainText("Success!");
    const mail = await mailTo(reader, "newsletter-confirmation");
    const confirmed = await confirmSubscription(page, /\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(mail)![0]);
    await expect(confirmed).toContainText("Your subscription is confirmed.");
  });

  await useSignInLink(page, addStaff(staffEmail("admin"), "admin"));
  const subscribers = new SubscribersList(page);
  await subscribers.open(reader);
  await expect(subscribers.row(reader)).toBeVisible();
  const csv = await exportCsv(page, /\/workspace\/subscribers\.csv(\?|$)/);
  expect(csv.split("\r\n")[0]).toBe("\ufeffemail_address,subscribed_at,confirmed_at");
  expect(csv).toContain(`${reader},`);

  await subscribers.remove(reader);
  await expect(subscribers.notice).toHaveText("The subscriber is unsubscribed and their address erased.");
  await subscribers.open(reader);
  await expect(subscribers.row(reader)).toHaveCount(0);
  expect(queryRows("select id from newsletter_subscriptions where email_lower = ?", reader.toLowerCase())).toEqual([]);
});

test("an admin checks the example managers CSV in the workspace and sees its problems, then applies a clean file whose listings answer on their profiles", { tag: ["@journey", "@writes"] }, async ({ page, request }) => {
  const examplePath = path.join(__dirname, "../docs/examples/managers.csv");
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e3)}`;
  // The example's four valid rows, under keys, licenses and websites of this run's own (the e2e database keeps earlier runs' listings).
  const clean =
    fs
      .readFileSync(examplePath, "utf8")
      .split("\n")
      .slice(0, 5)
      .join("\n")
      .replaceAll("ex-000", `e2e-${stamp}-`)
      .replaceAll("EXAMPLE-", `E2E${stamp}-`)
      .replaceAll(".example.com", `.e2e${stamp}.example.com`) + "\n";

  await useSignInLink(page, addStaff(staffEmail("admin"), "admin"));
  const managers = new ManagersImportPage(page);
  await managers.openFromNavigation();

  await test.step("the example's dry run lists its problems as the command prints them, and offers no Apply", async () => {
    await managers.check(examplePath);
    await expect(managers.heading("Dry run of managers.csv: nothing was written")).toBeVisible();
    await expect(managers.text("10 rows: 4 to add, 0 to change, 0 unchanged; 6 problems.")).toBeVisible();
    await expect(managers.text('line 6, office_state: office_state "ZZ" is not a U.S. state (two letters, like TX).')).toBeVisible();
    await expect(managers.text("line 11, website: duplicate: line 3 has the same website.")).toBeVisible();
    await expect(managers.apply).toHaveCount(0);
  });

  await test.step("a clean file's dry run, then Apply: its four listings are added", async () => {
    await managers.check({ name: "clean.csv", mimeType: "text/csv", buffer: Buffer.from(clean) });
    await expect(managers.heading("To add: 4")).toBeVisible();
    await managers.apply.click();
    await expect(managers.applied("Imported clean.csv: 4 added, 0 changed, 0 unchanged")).toBeVisible();
  });

  const [listing] = queryRows<{ agent_id: number; state: string; city_slug: string }>(
    "select a.id as agent_id, s.abbreviation as state, c.slug as city_slug from agents a join cities c on c.id = a.city_id join states s on s.id = a.state_id where a.external_id = ?",
    `e2e-${stamp}-1`,
  );
  expect((await request.get(agentPath(listing))).status()).toBe(200);
});
