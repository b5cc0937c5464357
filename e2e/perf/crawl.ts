/**
 * `npm run bench -- --crawl`: the site as a search-engine crawler meets it. Every URL is asked
 * once, 8 in flight, with `Accept-Encoding: gzip, br`, on a freshly started production server
 * (nothing rendered yet but what the build prerendered): N distinct sitemap URLs of each kind
 * (profile, city page, law page, blog post), and, in the same run right after each kind, the same
 * number of distinct URLs of a bare Next.js dynamic page (a minimal app this script builds into
 * .bench/reference-app, served by `next start` with the same Next.js). Prints pages/s, p50 and p99
 * and the ratio to the reference, then the page store's size: bytes per stored page and in all,
 * against its budget, and the bytes the crawl wrote to the build folder and the data folder.
 *
 * `--crawl-all`: every sitemap URL and 10,000 junk URLs instead (about 10 minutes), to check that
 * the store stays within its budget. `--redis`: the site keeps its pages on the local Redis
 * (REDIS_URL, a prefix of its own, removed afterwards). `--pages=N`: N per kind (default 300).
 *
 * Targets: profile and law at least 40% of the reference's pages/s, city at least 30%, p99 at
 * most 250 ms; the store within its budget. A miss is printed, not fatal.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createClient } from "redis";
import { matchDynamicRoute } from "../../lib/contract/routes";
import { junkUrls } from "../support/junk-urls";
import { REPO_ROOT, type RunningSite } from "../support/production-site";
import { startReferenceApp } from "./reference-app";
import { formatNumber, percent, printTable, verdict } from "./report";

const IN_FLIGHT = 8;
const TARGET_SHARE = { profile: 0.4, law: 0.4, blog: 0.4, city: 0.3 } as const;
const TARGET_P99_MS = 250;
const JUNK_URLS = 10_000;

type Kind = keyof typeof TARGET_SHARE;
export const KINDS = ["profile", "city", "law", "blog"] as const satisfies readonly Kind[];
type CrawlResult = { pages: number; seconds: number; p50: number; p99: number; failures: number; bytes: number; failed: string[] };

// ---------------------------------------------------------------------------------------------
// The crawler

/** Asks each path once, `inFlight` at a time, over keep-alive connections; answers are read and dropped. */
export async function crawl(baseUrl: string, paths: string[], { inFlight = IN_FLIGHT, expect = 200 } = {}): Promise<CrawlResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const latencies: number[] = [];
  let failures = 0;
  const failed: string[] = [];
  const fail = (target: string, why: string | number) => {
    failures++;
    if (failed.length < 5) failed.push(`${why} ${target}`);
  };
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const one = (target: string) =>
    new Promise<void>((resolve) => {
      const began = performance.now();
      const request = http.get(`${baseUrl}${target}`, { agent, headers: { "accept-encoding": "gzip, br", "user-agent": "managely-crawl-bench" } }, (response) => {
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => {
          latencies.push(performance.now() - began);
          if (response.statusCode !== expect) fail(target, response.statusCode ?? 0);
          resolve();
        });
        response.on("error", (error) => {
          fail(target, error.message);
          resolve();
        });
      });
      request.on("error", (error) => {
        fail(target, error.message);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < paths.length) await one(paths[next++]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0);
  if (failed.length > 0) console.log(`\n[crawl] not ${expect}: ${failed.join("; ")}`);
  return { pages: paths.length, seconds, p50: at(0.5), p99: at(0.99), failures, bytes, failed };
}

// ---------------------------------------------------------------------------------------------
// What to crawl

async function sitemapPaths(site: RunningSite): Promise<string[]> {
  const read = async (url: string) => (await fetch(url)).text();
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const root = await read(`${site.url}/sitemap.xml`);
  const urls = root.includes("<sitemapindex") ? (await Promise.all(locs(root).map((part) => read(part.replace(/^https?:\/\/[^/]+/, site.url))))).flatMap(locs) : locs(root);
  return urls.map((url) => new URL(url).pathname);
}

function kindOf(pathname: string): Kind | undefined {
  const route = matchDynamicRoute(pathname.split("/").slice(1));
  if (route?.route === "agent" && !route.image) return "profile";
  if (route?.route === "city" && route.category === undefined && route.page === "1") return "city";
  if (route?.route === "law") return "law";
  if (route?.route === "blog" && !route.image) return "blog";
  return undefined;
}

/** The sitemap's paths of each kind, in sitemap order. */
export async function pathsByKind(site: RunningSite): Promise<{ all: string[]; byKind: Map<Kind, string[]> }> {
  const all = await sitemapPaths(site);
  const byKind = new Map<Kind, string[]>();
  for (const pathname of all) {
    const kind = kindOf(pathname);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), pathname]);
  }
  return { all, byKind };
}

/** `count` paths spread evenly over the list, so a sample covers every state. */
export const spread = (paths: string[], count: number) => (paths.length <= count ? paths : Array.from({ length: count }, (_, index) => paths[Math.floor((index * paths.length) / count)]));

// ---------------------------------------------------------------------------------------------
// The store and the disk

type StoreStats = { entries: number; bytes: number; budget?: number };

async function storeStats(site: RunningSite): Promise<StoreStats> {
  const response = await fetch(`${site.url}/healthz`, { headers: { authorization: `Bearer ${site.apiToken}` } });
  const health = (await response.json()) as { pageStore?: StoreStats | null };
  if (!health.pageStore) throw new Error("/healthz did not report the page store.");
  return health.pageStore;
}

/** Bytes of every file under these folders (what a crawl may have written to disk). */
function bytesOnDisk(folders: string[]): number {
  let total = 0;
  for (const folder of folders) {
    if (!fs.existsSync(folder)) continue;
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return total;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---------------------------------------------------------------------------------------------

export type CrawlOptions = { pagesPerKind: number; all: boolean };

/** Environment for a site whose pages live on the local Redis, and the cleanup of its keys. */
export function redisSiteEnvironment(): { env: Record<string, string>; cleanup(): Promise<void> } {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `bench-crawl-${crypto.randomBytes(4).toString("hex")}`;
  return {
    env: { REDIS_URL: url, REDIS_PREFIX: prefix },
    async cleanup() {
      const client = createClient({ url });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) if (keys.length) await client.del(keys);
      await client.quit();
    },
  };
}

export async function measureCrawl(site: RunningSite, { pagesPerKind, all }: CrawlOptions): Promise<boolean> {
  const { all: allPaths, byKind } = await pathsByKind(site);
  const buildFolder = [path.resolve(REPO_ROOT, site.distDir)];
  const dataFolder = [path.resolve(REPO_ROOT, ".data")];
  const diskBefore = { build: bytesOnDisk(buildFolder), data: bytesOnDisk(dataFolder) };
  const storeBefore = await storeStats(site);
  const reference = await startReferenceApp();
  let clean = true;
  const rows: (string | number)[][] = [];
  let referenceOffset = 0;
  try {
    if (all) {
      process.stdout.write(`[crawl] every sitemap URL (${formatNumber(allPaths.length)}) … `);
      const result = await crawl(site.url, allPaths);
      console.log(`${formatNumber(result.pages / result.seconds)} pages/s, ${result.failures} not 200`);
      clean &&= result.failures === 0;
      rows.push(["every sitemap URL", result.pages, formatNumber(result.pages / result.seconds), result.p50, result.p99, "", "", "", ""]);
      const junk = Array.from({ length: Math.ceil(JUNK_URLS / junkUrls(0).length) }, (_, index) => junkUrls(index)).flat().slice(0, JUNK_URLS);
      process.stdout.write(`[crawl] ${formatNumber(junk.length)} junk URLs … `);
      const junkResult = await crawl(site.url, junk, { expect: 404 });
      console.log(`${formatNumber(junkResult.pages / junkResult.seconds)} 404s/s, ${junkResult.failures} not 404`);
      clean &&= junkResult.failures === 0;
      rows.push(["junk URLs (404)", junkResult.pages, formatNumber(junkResult.pages / junkResult.seconds), junkResult.p50, junkResult.p99, "", "", "", verdict(junkResult.failures === 0)]);
    } else {
      for (const kind of KINDS) {
        const paths = spread(byKind.get(kind) ?? [], pagesPerKind);
        if (paths.length === 0) continue;
        process.stdout.write(`[crawl] ${paths.length} ${kind} pages … `);
        const ours = await crawl(site.url, paths);
        const referencePaths = paths.map((_, index) => `/p${referenceOffset + index + 1}`);
        referenceOffset += paths.length;
        const theirs = await crawl(reference.url, referencePaths);
        const share = ours.pages / ours.seconds / (theirs.pages / theirs.seconds);
        console.log(`${formatNumber(ours.pages / ours.seconds)} pages/s, reference ${formatNumber(theirs.pages / theirs.seconds)}`);
        const failed = ours.failures + theirs.failures;
        clean &&= failed === 0;
        const outcome = failed > 0 ? `FAILED (${failed} not 200)` : verdict(share >= TARGET_SHARE[kind] && ours.p99 <= TARGET_P99_MS);
        rows.push([kind, ours.pages, formatNumber(ours.pages / ours.seconds), ours.p50, ours.p99, formatNumber(theirs.pages / theirs.seconds), theirs.p99, percent(share), outcome]);
      }
    }
  } finally {
    await reference.stop();
  }
  const storeAfter = await storeStats(site);
  const written = { build: bytesOnDisk(buildFolder) - diskBefore.build, data: bytesOnDisk(dataFolder) - diskBefore.data };
  const stored = storeAfter.entries - storeBefore.entries;

  console.log(`\nCrawl: each URL once, ${IN_FLIGHT} in flight, Accept-Encoding: gzip, br, on a fresh server; reference: a bare Next.js dynamic page (next start)`);
  console.log(`Targets: profile and law ${percent(TARGET_SHARE.profile)} of the reference's pages/s or more, city ${percent(TARGET_SHARE.city)}, p99 at most ${TARGET_P99_MS} ms\n`);
  printTable(["kind", "pages", "pages/s", "p50 ms", "p99 ms", "reference pages/s", "ref p99", "share", "verdict"], rows, { rightAligned: [1, 2, 3, 4, 5, 6, 7] });
  const budget = storeAfter.budget;
  const withinBudget = budget === undefined || storeAfter.bytes <= budget;
  console.log(`\nPage store: ${formatNumber(storeAfter.entries)} entries, ${megabytes(storeAfter.bytes)} (${formatNumber(storeAfter.bytes / Math.max(1, storeAfter.entries) / 1024, 1)} KB a page), budget ${budget ? megabytes(budget) : "Redis maxmemory unset"}: ${verdict(withinBudget)}`);
  console.log(`New entries during the crawl: ${formatNumber(stored)}; bytes written to the build folder: ${formatNumber(written.build)}, to .data (the database, its WAL): ${formatNumber(written.data)}`);
  return clean && withinBudget && written.build <= 0;
}
