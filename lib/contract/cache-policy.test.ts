import fs from "node:fs";
import path from "node:path";
import { NO_STORE, PAGE_REVALIDATE_SECONDS, pageCacheControl } from "./cache-policy";

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

describe("a stored page's Cache-Control", () => {
  it("says its freshness, how long it may be served stale, and never keeps a page that is never fresh", () => {
    expect(pageCacheControl({ revalidate: PAGE_REVALIDATE_SECONDS, expire: 31_536_000 })).toBe(`s-maxage=3600, stale-while-revalidate=${31_536_000 - 3600}`);
    expect(pageCacheControl({ revalidate: 60 })).toBe("s-maxage=60");
    expect(pageCacheControl({ revalidate: 60, expire: 60 })).toBe("s-maxage=60");
    expect(pageCacheControl({ revalidate: false })).toBe("s-maxage=31536000");
    expect(pageCacheControl({ revalidate: 0, expire: 100 })).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
  });
});

/** Every shipped .ts/.tsx file below the given top-level folders, with its text. */
function shippedSources(...folders: string[]) {
  const root = path.join(__dirname, "..", "..");
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true })
      .map(String)
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file: path.join(folder, file), text: fs.readFileSync(path.join(root, folder, file), "utf8") })),
  );
}

describe("no-store", () => {
  it("is written once, in the cache policy: every route, the server and the service spread its headers", () => {
    const writers = shippedSources("app", "lib", "components")
      .filter(({ file, text }) => file !== path.join("lib", "contract", "cache-policy.ts") && new RegExp(`["'\`]${NO_STORE}["'\`]`).test(text))
      .map(({ file }) => file);
    expect(writers).toEqual([]);
  });
});

