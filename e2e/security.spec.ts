import { expect, test } from "@playwright/test";

/** The production server's headers, and pages that run under their policy without a violation. */
test("every response carries the security headers; pages a hash-only script policy", async ({ request }) => {
  for (const path of ["/", "/laws/texas", "/search", "/brand/logo.svg"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["strict-transport-security"], path).toContain("max-age=");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    const policy = headers["content-security-policy"];
    expect(policy, path).toContain("frame-ancestors 'none'");
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src") || directive.startsWith("default-src 'none'"));
    expect(scriptSrc, path).not.toContain("unsafe-inline");
  }
  const page = (await request.get("/")).headers()["content-security-policy"];
  expect(page).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
});

test("pages hydrate under the policy, on a first load and a reload, without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/search", "/laws/texas"]) {
    await page.goto(path, { waitUntil: "load" });
    await page.reload({ waitUntil: "load" });
  }
  // Hydrated: a client-side control works after the reload.
  await page.goto("/");
  await page.getByRole("button", { name: "TX", exact: true }).click();
  await expect(page.getByRole("link", { name: "Houston", exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a repeat page load is answered from the page cache, with the same content and policy", async ({ request }) => {
  // A law page is rendered on its first request, then Next.js serves it from its cache (and the
  // server keeps a copy); from then on the copy answers. Three requests cover a cold server.
  await request.get("/laws/ohio");
  const viaNext = await request.get("/laws/ohio");
  const fromCopy = await request.get("/laws/ohio");
  expect(fromCopy.status()).toBe(200);
  expect(fromCopy.headers()["x-page-cache"]).toBe("HIT");
  expect(fromCopy.headers()["content-security-policy"]).toBe(viaNext.headers()["content-security-policy"]);
  expect(await fromCopy.text()).toBe(await viaNext.text());
  // Router requests and the API always reach Next.js.
  const router = await request.get("/laws/ohio", { headers: { rsc: "1" } });
  expect(router.headers()["x-page-cache"]).toBeUndefined();
});
