import zlib from "node:zlib";
import { expect, test } from "./support/test";
import { countHeader, rawRequest, type RawAnswer } from "./support/raw-http";
import { E2E_BASE_URL } from "./support/server";
import { HomePage } from "./pages/home";

/** The production server's headers, and pages that run under their policy without a violation. */
test("every response carries the security headers; pages a hash-only script policy", { tag: ["@http", "@smoke"] }, async ({ request }) => {
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

test("pages hydrate under the policy, on a first load and a reload, without a violation", { tag: ["@http"] }, async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/search", "/laws/texas"]) {
    await page.goto(path, { waitUntil: "load" });
    await page.reload({ waitUntil: "load" });
  }
  // Hydrated: a client-side control works after the reload.
  const home = new HomePage(page);
  await home.open("/");
  await home.pickState("TX");
  await expect(home.city("Houston")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a script injected into a page's HTML does not run: the policy allows only what Next.js emitted", { tag: ["@http"] }, async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The page as the server sent it, headers and policy included, with one inline script more
  // (as a stored cross-site scripting flaw would add it).
  await page.route("**/laws/texas", async (route) => {
    const response = await route.fetch();
    const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers();
    const body = (await response.text()).replace("</body>", "<script>document.documentElement.dataset.injected = 'ran'</script></body>");
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.goto("/laws/texas", { waitUntil: "load" });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
  // The page's own scripts still ran: it hydrated (the theme of a client control is live).
  expect(violations.every((text) => /inline script/i.test(text))).toBe(true);
});

test("a repeat page load is answered from the page cache, with the same content and policy", { tag: ["@http"] }, async ({ request }) => {
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

// ---------------------------------------------------------------------------------------------
// What the outside review found and the repeated Location: raw HTTP, which
// does not depend on the viewport, so checked once.


const SECURITY_HEADER_NAMES = [
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "content-security-policy",
];
const expectSecurityHeaders = (answer: RawAnswer, what: string) => {
  for (const name of SECURITY_HEADER_NAMES) expect(countHeader(answer, name), `${name} on ${what}`).toBe(1);
};
/** The same address in a case nobody asked for before, so the server meets it for the first time. */
const neverSeenCase = (text: string) => [...text].map((char) => (Math.random() < 0.5 ? char.toUpperCase() : char.toLowerCase())).join("");

test.describe("raw HTTP", () => {
  test.skip(({ isMobile }) => isMobile, "Raw HTTP does not depend on the viewport: checked once.");

  test("HEAD answers like GET, without a body, on pages, cached copies and 404s", { tag: ["@http"] }, async () => {
    for (const path of ["/", "/laws/texas", "/laws/texas", "/agents/OH/columbus", "/agents/TX/no-such-city", "/no-such-page"]) {
      const get = await rawRequest(path);
      const head = await rawRequest(path, { method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      expect([200, 404], path).toContain(head.status);
      expect(head.body.length, path).toBe(0);
      expect(head.headers["content-type"], path).toBe(get.headers["content-type"]);
      expect(head.headers["content-length"], path).toBe(get.headers["content-length"]);
      expectSecurityHeaders(head, `HEAD ${path}`);
    }
  });

  test("malformed percent-encoding and control characters answer a 400 page, not a 500", { tag: ["@http"] }, async () => {
    for (const path of ["/%", "/%ZZ", "/agents/TX/%ZZ", "/laws/%E0%A4%A", "/x%0a%5Bservice%5D%20forged", "/agent/TX/austin/1%00"]) {
      const answer = await rawRequest(path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"], path).toContain("text/html");
      expect(answer.body.toString(), path).toContain("not well formed");
      expectSecurityHeaders(answer, path);
    }
  });

  test("the page copy ignores query strings a page does not use", { tag: ["@http"] }, async () => {
    await rawRequest("/faqs");
    await rawRequest("/faqs");
    for (let index = 0; index < 30; index++) {
      const answer = await rawRequest(`/faqs?fill=${index}`);
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"], `?fill=${index}`).toBe("HIT");
    }
  });

  test("cached pages come precompressed in the encoding asked for, with Vary and an ETag per encoding", { tag: ["@http"] }, async () => {
    await rawRequest("/laws/ohio");
    await rawRequest("/laws/ohio");
    await expect.poll(async () => (await rawRequest("/laws/ohio", { headers: { "accept-encoding": "gzip, br" } })).headers["content-encoding"]).toBe("br");
    const plain = await rawRequest("/laws/ohio");
    const gzip = await rawRequest("/laws/ohio", { headers: { "accept-encoding": "gzip" } });
    const br = await rawRequest("/laws/ohio", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    for (const answer of [gzip, br]) expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
  });

  test("every response carries the full set of security headers: 304s, redirects, 404s, files and API answers", { tag: ["@http"] }, async () => {
    await rawRequest("/about-us");
    const page = await rawRequest("/about-us");
    const notModified = await rawRequest("/about-us", { headers: { "if-none-match": String(page.headers.etag) } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified, "a 304 from the page copy");
    // The 304 carries the very policy of the page the browser kept, so hydration keeps working.
    expect(notModified.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    for (const path of ["/law/texas", "/search-five", "/agents/tx/Austin", "/no-such-page", "/brand/logo.svg", "/sitemap.xml", "/robots.txt"]) {
      expectSecurityHeaders(await rawRequest(path), path);
    }
  });

  test("a first, uncached redirect of every kind carries one Location, and Node's fetch ends on the canonical page", { tag: ["@http"] }, async () => {
    const redirects: [string, string][] = [
      [`/agents/OH/${neverSeenCase("columbus")}`, "/agents/OH/columbus"],
      [`/agents/${neverSeenCase("oh")}/Columbus`, "/agents/OH/columbus"],
      [`/law/${neverSeenCase("texas")}`, "/laws/texas"],
      [`/laws/${neverSeenCase("tx")}`, "/laws/texas"],
      ["/search-five", "/preview"],
      ["/agents/NY/New%20York", "/agents/NY/new-york"],
    ];
    for (const [from, to] of redirects) {
      const answer = await rawRequest(from);
      expect([301, 308], from).toContain(answer.status);
      expect(countHeader(answer, "location"), from).toBe(1);
      const followed = await fetch(`${E2E_BASE_URL}${from}`);
      expect(followed.status, from).toBe(200);
      expect(new URL(followed.url).pathname, from).toBe(to);
    }
  });
});
