import fs from "node:fs";
import path from "node:path";
import { PAGE_REVALIDATE_SECONDS } from "./cache-policy";

/**
 * Next.js reads a route's `revalidate` only as a literal, so the page lifetime is written in the
 * root layout (for every page) and in the route handlers that render cached files, and nowhere
 * else; each must say what the cache policy says.
 */
const APP = path.join(__dirname, "..", "..", "app");
const files = fs
  .readdirSync(APP, { recursive: true })
  .map(String)
  .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes(".test."));
const literals = files.flatMap((file) => [...fs.readFileSync(path.join(APP, file), "utf8").matchAll(/export const revalidate = ([^;]+);/g)].map((match) => ({ file, value: match[1] })));

describe("page lifetimes", () => {
  it("every revalidate literal says PAGE_REVALIDATE_SECONDS", () => {
    expect(literals.length).toBeGreaterThan(0);
    for (const { file, value } of literals) expect({ file, value: Number(value) }).toEqual({ file, value: PAGE_REVALIDATE_SECONDS });
  });

  it("is set once for every page, in the root layout, not page by page", () => {
    expect(literals.map(({ file }) => file)).toContain("layout.tsx");
    expect(literals.filter(({ file }) => file.endsWith("page.tsx") || (file.endsWith("layout.tsx") && file !== "layout.tsx"))).toEqual([]);
  });
});
