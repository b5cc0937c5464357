import { expect, test } from "@playwright/test";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows page 1's heading and description, rendered on the server", async ({ page, request }) => {
    const record = await (await request.post("/api/page/get", { data: { page_id: 1 } })).json();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(record.pageData.heading);
    await expect(page).toHaveTitle(record.pageData.seo_title);
  });
});
