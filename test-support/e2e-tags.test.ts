import fs from "node:fs";
import path from "node:path";

/**
 * Every Playwright test carries at least one of the tags the "Tags" table of docs/testing.md
 * lists, so `--grep @smoke`, `@journey`, `@slow`… pick every test they should, and a new test is
 * never left out of a subset by forgetting its tag.
 */
const E2E = path.join(process.cwd(), "e2e");

/** The tags of the table under "## Tags" in docs/testing.md: its rows "| `@tag` | what it marks |". */
function documentedTags(): string[] {
  const testing = fs.readFileSync(path.join(process.cwd(), "docs", "testing.md"), "utf8");
  const start = testing.indexOf("\n## Tags\n");
  if (start === -1) return [];
  const end = testing.indexOf("\n## ", start + 1);
  return [...testing.slice(start, end === -1 ? undefined : end).matchAll(/^\| `(@[a-z0-9]+)` \|/gm)].map((match) => match[1]);
}

it("tags every end-to-end test with the tags docs/testing.md lists, and only those", () => {
  const documented = documentedTags();
  expect(documented).toEqual(expect.arrayContaining(["@smoke", "@journey", "@slow", "@writes"]));
  const untagged: string[] = [];
  const unknown: string[] = [];
  for (const file of fs.readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"))) {
    const source = fs.readFileSync(path.join(E2E, file), "utf8");
    for (const [call, tags] of Array.from(source.matchAll(/^\s*test\((?:"(?:[^"\\]|\\.)*"|`[^`]*`),\s*(\{ tag: \[[^\]]*\] \})?/gm))) {
      if (!tags) untagged.push(`${file}: ${call.trim().slice(0, 80)}`);
      for (const tag of tags?.match(/@[a-z0-9]+/g) ?? []) if (!documented.includes(tag)) unknown.push(`${file}: ${tag}`);
    }
  }
  expect(untagged).toEqual([]);
  expect(unknown).toEqual([]);
});
