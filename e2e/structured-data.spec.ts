import { expect, test } from "./support/test";
import type Validator from "@adobe/structured-data-validator";
import { PAGE_KINDS, pathOf } from "./support/page-kinds";

/**
 * Adobe's structured-data validator (@adobe/structured-data-validator, the checks of Google's
 * rich results: a ListItem needs `name` or `item.name`, a BreadcrumbList its items, an
 * Organization its fields…) on the JSON-LD of one page of each kind: no errors. It runs offline:
 * its schema.org vocabulary check needs the vocabulary file fetched from schema.org, which this
 * test does not do (lib/contract/json-ld-check.ts and seo.spec.ts check our types and fields).
 * Beside the W3C check (html-validation.spec.ts).
 */
test.skip(({ isMobile }) => isMobile, "Raw HTML does not depend on the viewport: checked once.");


const LD_SCRIPT = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;

/** The page's JSON-LD blocks, grouped by root type: the shape the validator reads (Web Auto Extractor's). */
function extractJsonLd(html: string): { jsonld: Record<string, unknown[]>; count: number } {
  const jsonld: Record<string, unknown[]> = {};
  let count = 0;
  for (const [, body] of html.matchAll(LD_SCRIPT)) {
    const data = JSON.parse(body) as Record<string, unknown> | Record<string, unknown>[];
    for (const item of Array.isArray(data) ? data : [data]) {
      const type = String(Array.isArray(item["@type"]) ? item["@type"][0] : item["@type"]);
      (jsonld[type] ??= []).push(item);
      count++;
    }
  }
  return { jsonld, count };
}

test("every kind of page's JSON-LD has no error in Adobe's structured-data validator", { tag: ["@seo"] }, async ({ request }) => {
  test.setTimeout(120_000);
  // An ES module: imported when the test runs (Playwright compiles the specs to CommonJS).
  const { default: StructuredDataValidator } = (await import("@adobe/structured-data-validator")) as { default: typeof Validator };
  let blocks = 0;
  for (const kind of PAGE_KINDS.filter((each) => (each.status ?? 200) === 200)) {
    const pagePath = await pathOf(kind, request);
    const response = await request.get(pagePath);
    expect(response.status(), `${kind.name} ${pagePath}`).toBe(200);
    const { jsonld, count } = extractJsonLd(await response.text());
    blocks += count;
    const issues = await new StructuredDataValidator().validate({ jsonld, microdata: {}, rdfa: {}, errors: [] });
    const warnings = issues.filter((issue) => issue.severity === "WARNING");
    if (warnings.length > 0) console.log(`[structured data] ${kind.name}: ${warnings.map((issue) => issue.issueMessage).join("; ")}`);
    expect.soft(issues.filter((issue) => issue.severity === "ERROR").map((issue) => `${issue.rootType}: ${issue.issueMessage}`), `${kind.name} ${pagePath}`).toEqual([]);
  }
  // The pages do carry structured data: the check is not vacuous.
  expect(blocks).toBeGreaterThan(PAGE_KINDS.length);
});
