/**
 * `npm run budget`: the first-load JavaScript of every page route of a production build,
 * gzipped, against a budget: content pages within 15% of a minimal App Router page, the quote
 * flow within 30%. Reads the build in NEXT_DIST_DIR (default .next); CI runs it on the
 * end-to-end build: `NEXT_DIST_DIR=.next-e2e-3100 npm run budget`. Exit 1 on a miss.
 *
 * Turbopack builds print no sizes, so they are computed from the build's manifests:
 * - build-manifest.json `rootMainFiles`: the runtime and framework chunks every page loads;
 * - server/app/<route>_client-reference-manifest.js `entryJSFiles`: per segment of the route
 *   (root layout, group layout, error boundary, page…), the chunks of its client components.
 * The route's first load is the union of both, minus the chunks of the not-found (and
 * forbidden/unauthorized) boundaries, which load only when one renders, and minus the
 * `noModule` polyfills that current browsers skip. Checked against the <script> tags of served
 * pages: the same set of files.
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { formatNumber, printTable, verdict } from "./report";

/**
 * First-load JS of a minimal App Router page (app/layout.tsx with <html><body>, app/page.tsx
 * with an <h1>), gzip level 9, computed the same way as below: 134,561 bytes (131.4 KiB).
 * Measured 2026-11-21 with next 16.4.6 (Turbopack), React 19.2: a throwaway app in /tmp with
 * those two files, node_modules linked to this project's and `turbopack.root: "/"`, built with
 * `next build`; its served page loads exactly these five chunks. Measure again after upgrading
 * Next.js or React, since the framework chunks are most of it.
 */
export const MINIMAL_PAGE_FIRST_LOAD_BYTES = 134_561;

const BUDGETS = {
  content: { label: "content page", allowance: 0.15 },
  quote: { label: "quote flow, private and staff pages", allowance: 0.3 },
} as const;
type BudgetName = keyof typeof BUDGETS;

/**
 * The quote steps, the thank-you page that ends the flow in the same (quote) layout, and the two
 * private pages where the flow goes on: the owner's request page (choose managers later, withdraw,
 * compare proposals at their own rent, decide) and a manager's proposal page. They are forms a
 * person works in, reached by their own link and never indexed, not pages a visitor lands on.
 * Every other page is a content page.
 */
const QUOTE_FLOW_ROUTES = new Set(["/search", "/search-two", "/search-three", "/search-four", "/preview", "/thank-you", "/requests/[token]", "/proposals/[token]"]);
/**
 * The staff workspace: forms staff work in after signing in, never indexed nor reached by a
 * visitor, held to the same 30% as the private pages (every public page keeps the 15%).
 */
const isWorkspaceRoute = (route: string) => route === "/workspace" || route.startsWith("/workspace/");
/**
 * A manager's own listing (PATHS.yourListing): its sign-in and its edit form, private like its
 * proposal page (no-store, noindex, reached by the link mailed to the listing's email).
 */
const isOwnListingRoute = (route: string) => route.startsWith("/your-listing/");
/** Framework-internal pages: not visited as such. */
const INTERNAL_ROUTES = new Set(["/_not-found", "/_global-error"]);
/** Boundaries whose chunks load only when they render. */
const ON_DEMAND_SEGMENT = /\/(not-found|forbidden|unauthorized)$/;

type BuildManifest = { rootMainFiles?: string[]; polyfillFiles?: string[] };
type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/** The manifest is a script that assigns to globalThis.__RSC_MANIFEST[route]: run it in a sandbox. */
function readClientReferenceManifest(file: string, routeKey: string): ClientReferenceManifest {
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox, { filename: file, timeout: 5_000 });
  const manifest = sandbox.__RSC_MANIFEST?.[routeKey];
  if (!manifest) throw new Error(`${file} holds no manifest for ${routeKey}.`);
  return manifest;
}

const gzippedSizes = new Map<string, number>();
function gzippedSize(distDir: string, file: string): number {
  let size = gzippedSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzippedSizes.set(file, size);
  }
  return size;
}

export function firstLoadFiles(distDir: string, routeKey: string, buildManifest: BuildManifest): string[] {
  const manifestFile = path.join(distDir, "server", "app", `${routeKey}_client-reference-manifest.js`);
  const polyfills = new Set(buildManifest.polyfillFiles ?? []);
  const files = new Set(buildManifest.rootMainFiles ?? []);
  if (fs.existsSync(manifestFile)) {
    const { entryJSFiles = {} } = readClientReferenceManifest(manifestFile, routeKey);
    for (const [segment, chunks] of Object.entries(entryJSFiles)) {
      if (ON_DEMAND_SEGMENT.test(segment)) continue;
      for (const chunk of chunks) if (chunk.endsWith(".js")) files.add(chunk);
    }
  }
  return [...files].filter((file) => !polyfills.has(file));
}

type RouteSize = { route: string; budget: BudgetName; bytes: number; limit: number };

export function measureRoutes(distDir: string): RouteSize[] {
  const buildManifest = readJson<BuildManifest>(path.join(distDir, "build-manifest.json"));
  const routes = readJson<Record<string, string>>(path.join(distDir, "app-path-routes-manifest.json"));
  return Object.entries(routes)
    .filter(([routeKey, route]) => routeKey.endsWith("/page") && !INTERNAL_ROUTES.has(route))
    .map(([routeKey, route]) => {
      const budget: BudgetName = QUOTE_FLOW_ROUTES.has(route) || isWorkspaceRoute(route) || isOwnListingRoute(route) ? "quote" : "content";
      const bytes = firstLoadFiles(distDir, routeKey, buildManifest).reduce((sum, file) => sum + gzippedSize(distDir, file), 0);
      return { route, budget, bytes, limit: Math.round(MINIMAL_PAGE_FIRST_LOAD_BYTES * (1 + BUDGETS[budget].allowance)) };
    })
    .sort((a, b) => a.budget.localeCompare(b.budget) || a.route.localeCompare(b.route));
}

const kilobytes = (bytes: number) => `${formatNumber(bytes / 1000, 1)} kB`;
const signedPercent = (ratio: number) => `${ratio >= 0 ? "+" : ""}${formatNumber(ratio * 100, 1)}%`;

function main(): number {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(distDir, "BUILD_ID")) || !fs.existsSync(path.join(distDir, "app-path-routes-manifest.json"))) {
    console.error(`[budget] no production build in ${distDir}.`);
    console.error(`Build one first: \`npm run build\` (into .next), or \`NEXT_DIST_DIR=${distDir} npm run build\`, then run this again with the same NEXT_DIST_DIR.`);
    return 1;
  }

  const sizes = measureRoutes(distDir);
  const baseline = MINIMAL_PAGE_FIRST_LOAD_BYTES;
  console.log(`First-load JS per route of ${distDir} (gzip -9), against the minimal App Router page: ${kilobytes(baseline)}`);
  console.log(`Budgets: content pages ${kilobytes(baseline * 1.15)} (+15%), quote flow, private and staff pages ${kilobytes(baseline * 1.3)} (+30%)\n`);
  printTable(
    ["route", "budget", "first-load JS", "vs minimal", "limit", "verdict"],
    sizes.map(({ route, budget, bytes, limit }) => [
      route,
      BUDGETS[budget].label,
      kilobytes(bytes),
      signedPercent(bytes / baseline - 1),
      kilobytes(limit),
      verdict(bytes <= limit),
    ]),
    { rightAligned: [2, 3, 4] },
  );
  const misses = sizes.filter(({ bytes, limit }) => bytes > limit);
  if (misses.length > 0) {
    console.error(`\n[budget] over budget: ${misses.map(({ route, bytes, limit }) => `${route} by ${kilobytes(bytes - limit)}`).join(", ")}`);
    return 1;
  }
  console.log(`\n[budget] all ${sizes.length} routes within budget`);
  return 0;
}

if (require.main === module) process.exit(main());
