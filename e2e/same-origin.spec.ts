import path from "node:path";
import { expect, test } from "./support/test";
import { GetInTouchForm } from "./pages/contact";
import { HomePage } from "./pages/home";
import { NewsletterBox } from "./pages/newsletter";
import { completedSteps } from "./pages/quote";
import { runEmail } from "./support/run-key";
import { createSeededDatabase, removeDatabase, startSite, type RunningSite } from "./support/production-site";
import { PATHS } from "../lib/contract/routes";
import { E2E_DIST_DIR, E2E_PORT, E2E_REMOTE_URL } from "./support/server";

/**
 * `PORT=3300 npm start` without SITE_URL: the site's own origin follows the port, and
 * a browser call whose Origin is the host it was sent to is accepted, whether the site is opened
 * as localhost or as 127.0.0.1. Its own server on the end-to-end build, with a database of its own.
 */
test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "Which host a page was opened on does not depend on the viewport: checked once.");
test.skip(Boolean(E2E_REMOTE_URL), "Starts a site of its own from the run's build: only on the run's own build, not against E2E_BASE_URL.");

const PORT = E2E_PORT + 200;
const DATABASE = path.join(".data", `same-origin-${PORT}.db`);
let site: RunningSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await createSeededDatabase(DATABASE);
  site = await startSite({ name: "same-origin", distDir: E2E_DIST_DIR, databaseUrl: `file:${DATABASE}`, port: PORT, siteUrl: false, env: { OUTBOX_WORKER: "0" } });
});

test.afterAll(async () => {
  await site?.stop();
  removeDatabase(DATABASE);
});

for (const host of ["localhost", "127.0.0.1"]) {
  test(`opened as http://${host}:${PORT}, the state picker, /preview's recipients and a form all work`, { tag: ["@journey", "@writes"] }, async ({ page }) => {
    const origin = `http://${host}:${PORT}`;
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/api/") && response.status() === 403) refused.push(response.url());
    });

    const home = new HomePage(page);
    await home.open(`${origin}/`);
    await home.pickState("TX");
    await expect(home.city("Houston")).toBeVisible();

    // Step 5 loads the managers who serve the ZIP of the stored request.
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, completedSteps({ email: runEmail(`same-origin-${host}`) }));
    const recipients = page.waitForResponse((response) => response.url().endsWith("/api/agents/match"));
    await page.goto(`${origin}/preview`);
    expect((await recipients).status()).toBe(200);

    // A save: the newsletter box.
    await page.goto(`${origin}/faqs`);
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/newsletter/save"));
    await new NewsletterBox(page).subscribeByName(runEmail(`reader-${host.replace(/\W/g, "")}`));
    expect((await saved).status()).toBe(200);
    await expect(home.answerDialog).toContainText("Success!");

    // And the contact form.
    await page.goto(`${origin}${PATHS.contact}`);
    const sent = page.waitForResponse((response) => response.url().endsWith("/api/contact/save"));
    const form = new GetInTouchForm(page);
    await form.fillByName({ fullName: "Sam Lee", email: runEmail(`sam-${host.replace(/\W/g, "")}`), phone: "(512) 555-0100", message: "Do you list managers in Round Rock?" });
    await form.send();
    expect((await sent).status()).toBe(200);
    expect(refused).toEqual([]);
  });
}
