import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { generateETag } from "next/dist/server/lib/etag";
import { sendRenderResult } from "next/dist/server/send-payload";
import RenderResult from "next/dist/server/render-result";
import { getRouteCacheKey } from "next/dist/server/lib/route-cache-key";
import * as routeKindModule from "next/dist/server/route-kind";
import * as responseCacheTypes from "next/dist/server/response-cache/types";
import { ACTION_HEADER, NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, RSC_HEADER } from "next/dist/client/components/app-router-headers";
import { NEXT_CACHE_TAGS_HEADER as NEXTS_TAGS_HEADER, PRERENDER_REVALIDATE_HEADER, RSC_SEGMENT_SUFFIX, RSC_SEGMENTS_DIR_SUFFIX, RSC_SUFFIX } from "next/dist/lib/constants";
import { UNDERSCORE_NOT_FOUND_ROUTE } from "next/dist/shared/lib/entry-constants";
import { COOKIE_NAME_PRERENDER_BYPASS } from "next/dist/server/api-utils";
import { getIsPossibleServerAction } from "next/dist/server/lib/server-action-request-meta";
import { getActionNotFoundError, getInvalidServerReferenceIdError } from "next/dist/server/app-render/manifests-singleton";
import { createNodeInlinedDataStream } from "next/dist/server/app-render/stream-ops.node";
import { getRenderedSearch } from "next/dist/shared/lib/router/utils/querystring";
import { PRERENDER_MANIFEST } from "next/dist/shared/lib/constants";
import {
  CACHE_KIND,
  draftModeCookie,
  FLIGHT_BOOTSTRAP,
  FLIGHT_CHUNK,
  FLIGHT_ROW_ZERO,
  HTML_FLIGHT_ROW_ZERO,
  isInvalidActionMessage,
  isOnDemandRevalidation,
  isPageKey,
  NEXT_CACHE_STATE_HEADER,
  NEXT_STATIC_PREFIX,
  PRERENDER_MANIFEST_FILE,
  readPreviewModeId,
  isPossibleServerAction,
  namesServerAction,
  NEXT_ACTION_BODY_LIMIT,
  NEXT_CACHE_TAGS_HEADER,
  NEXT_CHECKED_RANGE,
  nextBin,
  nextETag,
  NOT_FOUND_PAGE,
  PAGE_VARY,
  pathOfKey,
  wantsPageHtml,
} from "./next-internals";
import { flightWithoutQuery, htmlWithoutQuery } from "./rendered-query";

/**
 * What lib/server/next-internals.ts assumes of Next.js, checked against the
 * installed Next.js: its own functions and constants where they can be imported, its source
 * where the behaviour is buried in a function that cannot be called alone. A failure here after
 * an upgrade names the assumption to recheck; fix next-internals.ts (and what uses it), then move
 * NEXT_CHECKED_RANGE.
 */

// Next.js declares these as const enums, which an isolated module cannot read as such: read them as the objects they are at run time.
type Kinds = Record<"APP_PAGE" | "APP_ROUTE", string>;
const { RouteKind } = routeKindModule as unknown as { RouteKind: Kinds };
const { CachedRouteKind, IncrementalCacheKind } = responseCacheTypes as unknown as { CachedRouteKind: Kinds; IncrementalCacheKind: Kinds };
type RouteOwner = Parameters<typeof getRouteCacheKey>[1];

const nextRoot = path.dirname(require.resolve("next/package.json"));
const nextPackage = JSON.parse(fs.readFileSync(path.join(nextRoot, "package.json"), "utf8")) as { version: string; bin: Record<string, string> };
const nextSource = (file: string) => fs.readFileSync(path.join(nextRoot, "dist", file), "utf8");

const numbers = (version: string) => version.split("-")[0].split(".").map(Number);
const compare = (a: string, b: string) => {
  const [x, y] = [numbers(a), numbers(b)];
  for (let index = 0; index < 3; index++) if (x[index] !== y[index]) return x[index] - y[index];
  return 0;
};

describe("the Next.js version", () => {
  it("is one next-internals.ts was checked against", () => {
    const { version } = nextPackage;
    const { from, below } = NEXT_CHECKED_RANGE;
    if (compare(version, from) < 0 || compare(version, below) >= 0)
      throw new Error(
        `Next.js ${version} is outside the range lib/server/next-internals.ts was checked against (>=${from} <${below}). ` +
          "Recheck what it relies on (the ETag, the cache keys, the request headers and cookies, server actions and their log lines, the flight data and inline scripts, the `next` binary): " +
          "run this suite, fix what fails, then move NEXT_CHECKED_RANGE.",
      );
  });
});

describe("the ETag of a page", () => {
  it("is the one Next.js sends with the page's HTML, strong", async () => {
    const html = "<!DOCTYPE html><html><body>Austin property managers</body></html>";
    const headers = new Map<string, unknown>();
    const res = { statusCode: 200, finished: false, headersSent: false, setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value), getHeader: (name: string) => headers.get(name.toLowerCase()), end: () => {} };
    const req = { method: "GET", headers: {} };
    const result = RenderResult.fromStatic(html, "text/html; charset=utf-8");
    await sendRenderResult({ req, res, result, generateEtags: true, poweredByHeader: false, cacheControl: undefined } as unknown as Parameters<typeof sendRenderResult>[0]);
    // The front server serves a kept page only when its ETag equals the one Next.js just sent (front.ts).
    expect(nextETag(html)).toBe(headers.get("etag"));
    expect(nextETag(html)).toBe(generateETag(html));
    // Strong and quoted: answers.ts marks each encoding inside the quotes (etagFor).
    expect(nextETag(html)).toMatch(/^"[0-9a-z]+"$/);
  });
});

describe("the incremental cache's keys", () => {
  const pageOwner = { kind: RouteKind.APP_PAGE, sourceRoute: "/agents/[state]/[city]/page" } as RouteOwner;

  it("give back the page's address from the key Next.js computes for it", () => {
    for (const pathname of ["/agents/TX/austin", "/", "/index", "/indexes", "/laws/compare"]) {
      const key = getRouteCacheKey(pathname, pageOwner);
      expect({ pathname, page: pathOfKey(key) }).toEqual({ pathname, page: pathname });
      expect({ pathname, isPage: isPageKey(key, IncrementalCacheKind.APP_PAGE) }).toEqual({ pathname, isPage: true });
    }
  });

  it("tell a page from a route handler's answer", () => {
    const routeKey = getRouteCacheKey("/sitemap.xml", { kind: RouteKind.APP_ROUTE, sourceRoute: "/sitemap.xml/route" } as RouteOwner);
    expect(isPageKey(routeKey, IncrementalCacheKind.APP_ROUTE)).toBe(false);
    expect(CACHE_KIND).toEqual({ page: CachedRouteKind.APP_PAGE, route: CachedRouteKind.APP_ROUTE });
    expect(CACHE_KIND).toEqual({ page: IncrementalCacheKind.APP_PAGE, route: IncrementalCacheKind.APP_ROUTE });
  });

  it("name the tags header and the not-found page as Next.js does", () => {
    expect(NEXT_CACHE_TAGS_HEADER).toBe(NEXTS_TAGS_HEADER);
    expect(NOT_FOUND_PAGE).toBe(UNDERSCORE_NOT_FOUND_ROUTE);
  });
});

describe("requests that change Next.js's answer", () => {
  it("are flight data requests by Next.js's own header and suffixes", () => {
    expect(wantsPageHtml("/agents/TX/austin", {})).toBe(true);
    expect(wantsPageHtml("/agents/TX/austin", { [RSC_HEADER]: "1" })).toBe(false);
    expect(wantsPageHtml("/agents/TX/austin", { [RSC_HEADER]: "0", [NEXT_ROUTER_STATE_TREE_HEADER]: "x", [NEXT_ROUTER_PREFETCH_HEADER]: "1" })).toBe(true);
    expect(wantsPageHtml(`/agents/TX/austin${RSC_SUFFIX}`, {})).toBe(false);
    expect(wantsPageHtml(`/agents/TX/austin${RSC_SEGMENTS_DIR_SUFFIX}/_tree${RSC_SEGMENT_SUFFIX}`, {})).toBe(false);
    // Anything under a page's segments folder, whatever its suffix.
    expect(wantsPageHtml(`/agents/TX/austin${RSC_SEGMENTS_DIR_SUFFIX}/_tree`, {})).toBe(false);
  });

  it("revalidate on demand and preview drafts by Next.js's header and cookie", () => {
    expect(isOnDemandRevalidation({ [PRERENDER_REVALIDATE_HEADER]: "preview-id" }, "preview-id")).toBe(true);
    expect(isOnDemandRevalidation({ [PRERENDER_REVALIDATE_HEADER]: "other" }, "preview-id")).toBe(false);
    expect(draftModeCookie(`theme=dark; ${COOKIE_NAME_PRERENDER_BYPASS}=preview-id`)).toBe("preview-id");
  });

  it("vary as Next.js says a page varies", () => {
    const nextsVary = `${RSC_HEADER}, ${NEXT_ROUTER_STATE_TREE_HEADER}, ${NEXT_ROUTER_PREFETCH_HEADER}, ${NEXT_ROUTER_SEGMENT_PREFETCH_HEADER}`;
    expect(nextSource("server/base-server.js")).toMatch(/baseVaryHeader = `\$\{_approuterheaders\.RSC_HEADER\}, \$\{_approuterheaders\.NEXT_ROUTER_STATE_TREE_HEADER\}, \$\{_approuterheaders\.NEXT_ROUTER_PREFETCH_HEADER\}, \$\{_approuterheaders\.NEXT_ROUTER_SEGMENT_PREFETCH_HEADER\}`/);
    expect(PAGE_VARY).toBe(`${nextsVary}, Accept-Encoding`);
  });
});

describe("what Next.js says about its answer and its build", () => {
  it("says whether it answered from its cache in the header the server repeats", () => {
    expect(nextSource("build/templates/app-page-runtime.js")).toContain(`res.setHeader('${NEXT_CACHE_STATE_HEADER}', isOnDemandRevalidate ? 'REVALIDATED' : cacheEntry.isMiss ? 'MISS' : cacheEntry.isStale ? 'STALE' : 'HIT')`);
  });

  it("serves the build's files under the prefix the server answers itself", () => {
    expect(nextSource("server/lib/router-utils/filesystem.js")).toContain(`posix.join('${NEXT_STATIC_PREFIX.slice(0, -1)}', `);
  });

  it("writes the preview id where the server reads it", () => {
    expect(PRERENDER_MANIFEST_FILE).toBe(PRERENDER_MANIFEST);
    expect(nextSource("build/index.js")).toMatch(/const prerenderManifest = \{[^;]*\bpreview: previewProps\s*\};/);
    expect(nextSource("build/preview-key-utils.js")).toMatch(/previewModeId: _crypto\.default\.randomBytes\(16\)\.toString\('hex'\)/);
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "next-internals-"));
    try {
      fs.writeFileSync(path.join(distDir, PRERENDER_MANIFEST), JSON.stringify({ version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: { previewModeId: "ab12", previewModeSigningKey: "cd", previewModeEncryptionKey: "ef" } }));
      expect(readPreviewModeId(distDir)).toBe("ab12");
    } finally {
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe("server actions", () => {
  it("are the requests Next.js takes for one", () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["POST", { [ACTION_HEADER]: "7f00" }],
      ["POST", { [ACTION_HEADER]: "7f00", "content-type": "text/plain;charset=UTF-8" }],
      ["POST", { "content-type": "application/x-www-form-urlencoded" }],
      ["POST", { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }],
      ["POST", { "content-type": "multipart/form-data; boundary=x" }],
      ["POST", { "content-type": "application/json" }],
      ["POST", {}],
      ["GET", { [ACTION_HEADER]: "7f00" }],
      ["PUT", { "content-type": "multipart/form-data; boundary=x" }],
    ];
    for (const [method, headers] of cases) {
      expect({ method, headers, ours: isPossibleServerAction(method, headers) }).toEqual({ method, headers, ours: getIsPossibleServerAction({ method, headers } as unknown as Parameters<typeof getIsPossibleServerAction>[0]) });
    }
    expect(namesServerAction({ [ACTION_HEADER]: "7f00" })).toBe(true);
  });

  it("take at most Next.js's default body size", () => {
    const handler = nextSource("server/app-render/action-handler.js");
    expect(handler).toContain("const defaultBodySizeLimit = '1 MB';");
    expect(handler).toMatch(/bodySizeLimit !== defaultBodySizeLimit \? [^:]+ : (\d+ \* \d+)/);
    const [, fallback] = /bodySizeLimit !== defaultBodySizeLimit \? [^:]+ : (\d+ \* \d+)/.exec(handler)!;
    expect(NEXT_ACTION_BODY_LIMIT).toBe(fallback.split(" * ").map(Number).reduce((a, b) => a * b));
  });

  it("naming no action of the build are logged as the messages next-log.ts routes, with one console.warn", () => {
    expect(isInvalidActionMessage(getActionNotFoundError("ab".repeat(21)).message)).toBe(true);
    expect(isInvalidActionMessage(getActionNotFoundError("").message)).toBe(true);
    expect(isInvalidActionMessage(getInvalidServerReferenceIdError("x\ny").message)).toBe(true);
    expect(isInvalidActionMessage("Failed to compile")).toBe(false);
    expect(nextSource("server/app-render/action-handler.js")).toMatch(/const handleUnrecognizedAction = \(err, statusCode\)=>\{(?:\s*\/\/[^\n]*)*\s*console\.warn\(err\);/);
  });
});

describe("what Next.js writes into a page", () => {
  const flight = '1:"$Sreact.fragment"\n0:{"P":null,"c":["","agents","TX","baytown?sort=fee"],"q":"?sort=fee","i":false}\n';

  it("puts the canonical URL's parts right before the query in the first row, the query encoded", () => {
    expect(nextSource("server/app-render/app-render.js")).toMatch(/c: prepareInitialCanonicalUrl\(url\),\s*q: \(0, _querystring\.getRenderedSearch\)\(query\)/);
    expect(getRenderedSearch({ sort: 'fee"x', evil: "a&b" })).toBe("?sort=fee%22x&evil=a%26b");
    expect(flight).toMatch(FLIGHT_ROW_ZERO);
    expect(flightWithoutQuery(Buffer.from(flight)).toString()).toContain('"c":["","agents","TX","baytown"],"q":""');
  });

  it("inlines the flight data as the scripts the page policy hashes, in which the query is found", async () => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(flight));
        controller.close();
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of createNodeInlinedDataStream(source, undefined, null) as Readable) chunks.push(Buffer.from(chunk));
    const html = Buffer.concat(chunks).toString("utf8");
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script);
    expect(scripts[0]).toBe(FLIGHT_BOOTSTRAP);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts.slice(1)) expect(script).toMatch(FLIGHT_CHUNK);
    expect(html).toMatch(HTML_FLIGHT_ROW_ZERO);
    expect(htmlWithoutQuery(html)).toContain('\\"c\\":[\\"\\",\\"agents\\",\\"TX\\",\\"baytown\\"],\\"q\\":\\"\\"');
  });
});

describe("the command line", () => {
  it("runs the file Next.js's package names as its `next` binary", () => {
    expect(nextBin()).toBe(path.join(nextRoot, nextPackage.bin.next));
    expect(fs.existsSync(nextBin())).toBe(true);
  });
});
