import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ENV_VARIABLES } from "./env";

/**
 * The README's configuration table is the list of settings an operator reads: every variable
 * lib/env.ts reads has its row, and every row names a variable lib/env.ts reads.
 */
function configurationTable(readme: string): string[] {
  const start = readme.indexOf("\n## Configuration\n");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

describe("README configuration table", () => {
  const rows = configurationTable(fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8"));

  it("is found, one name a row at least", () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it("lists every variable lib/env.ts reads", () => {
    expect(ENV_VARIABLES.filter((name) => !rows.includes(name))).toEqual([]);
  });

  it("lists only variables lib/env.ts reads", () => {
    expect(rows.filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual([]);
  });
});

describe("README names", () => {
  it("every setting or constant it cites in backticks (PAGE_STORE_MAX_BYTES, PAGE_REVALIDATE_SECONDS…) exists in the code", () => {
    const root = path.join(__dirname, "..");
    const cited = [...new Set([...fs.readFileSync(path.join(root, "README.md"), "utf8").matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)`/g)].map((match) => match[1]))];
    expect(cited.length).toBeGreaterThan(20);
    const found = execFileSync("git", ["grep", "-h", "-o", "-w", "-E", `(${cited.join("|")})`, "--", ":!*.md"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const inCode = new Set(found.split("\n"));
    expect(cited.filter((name) => !inCode.has(name))).toEqual([]);
  });
});
