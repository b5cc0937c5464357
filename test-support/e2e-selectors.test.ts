import fs from "node:fs";
import path from "node:path";

/**
 * Journeys read like a visitor's story: a spec file in e2e/ finds nothing on
 * the page itself; it goes through the page objects of e2e/pages/, which own every selector. The
 * rule, on the code of each e2e/*.spec.ts (comments left out):
 * - no Playwright selector call on anything (`page`, a locator, a frame): `.locator(`,
 *   `.frameLocator(`, `.getByRole(`, `.getByLabel(`, `.getByText(` and every other `.getBy…(`;
 * - no element handles by selector: `.$(`, `.$$(`, `.$eval(`, `.$$eval(`;
 * - no DOM selector run in the page (`querySelector`, `querySelectorAll` inside `evaluate`).
 * Refining a page object's locator (`.first()`, `.nth()`, `.filter({ hasText })`) is reading, not
 * selecting, and stays allowed; so do requests (`request.get`) and raw HTML read as text.
 * The "Journeys" table of docs/testing.md lists each test in one line; every spec file is named there.
 */
const E2E = path.join(process.cwd(), "e2e");
const SELECTOR = /\.(?:locator|frameLocator|getBy[A-Z]\w*|\$\$?|\$\$?eval)\(|querySelector/;

/** The file's lines with comments blanked, so a comment may name a selector. */
function codeLines(source: string): string[] {
  // A block comment opens its line (a glob such as "**/api/*" in a string is code).
  const withoutBlocks = source.replace(/^\s*\/\*[\s\S]*?\*\//gm, (block) => block.replace(/[^\n]/g, " "));
  return withoutBlocks.split("\n").map((line) => line.replace(/^\s*\/\/.*$/, "").replace(/\s\/\/ .*$/, ""));
}

it("leaves every selector of the journey specs to the page objects", () => {
  const found: string[] = [];
  const specs = fs.readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(15);
  for (const file of specs) {
    codeLines(fs.readFileSync(path.join(E2E, file), "utf8")).forEach((line, index) => {
      if (SELECTOR.test(line)) found.push(`e2e/${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  expect(found).toEqual([]);
});

it("names every spec file in the Journeys table of docs/testing.md", () => {
  const testing = fs.readFileSync(path.join(process.cwd(), "docs", "testing.md"), "utf8");
  const start = testing.indexOf("\n## Journeys\n");
  expect(start).toBeGreaterThan(-1);
  const end = testing.indexOf("\n## ", start + 1);
  const section = testing.slice(start, end === -1 ? undefined : end);
  // The table's rows: "| `file` › test | tags | what it proves |".
  expect(section.match(/^\| `[\w-]+` ›/gm)?.length).toBeGreaterThan(10);
  const missing = fs
    .readdirSync(E2E)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => name.replace(/\.spec\.ts$/, ""))
    .filter((name) => !section.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});
