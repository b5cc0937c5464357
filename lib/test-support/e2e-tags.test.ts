import fs from "node:fs";
import path from "node:path";

/**
 * Every Playwright test carries at least one of the tags README "End-to-end journeys, for QA"
 * lists, so `--grep @smoke`, `@journey`, `@slow`… pick every test they should, and a new test is
 * never left out of a subset by forgetting its tag.
 */
const TAGS = ["@smoke", "@journey", "@a11y", "@seo", "@http", "@slow", "@writes"];
const E2E = path.join(process.cwd(), "e2e");

it("tags every end-to-end test with the README's tags, and only those", () => {
  const untagged: string[] = [];
  const unknown: string[] = [];
  for (const file of fs.readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"))) {
    const source = fs.readFileSync(path.join(E2E, file), "utf8");
    for (const [call, tags] of Array.from(source.matchAll(/^\s*test\((?:"(?:[^"\\]|\\.)*"|`[^`]*`),\s*(\{ tag: \[[^\]]*\] \})?/gm))) {
      if (!tags) untagged.push(`${file}: ${call.trim().slice(0, 80)}`);
      for (const tag of tags?.match(/@[a-z0-9]+/g) ?? []) if (!TAGS.includes(tag)) unknown.push(`${file}: ${tag}`);
    }
  }
  expect(untagged).toEqual([]);
  expect(unknown).toEqual([]);
});
