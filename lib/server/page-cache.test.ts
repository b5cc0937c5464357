import type http from "node:http";
import { clearProcessPageCache, isCacheablePageRequest, PageCache, processPageCache } from "./page-cache";

const request = (url: string, headers: http.IncomingHttpHeaders = {}, method = "GET") => ({ url, headers, method }) as http.IncomingMessage;
const page = { headers: { "content-type": "text/html" }, body: Buffer.from("<html></html>"), etag: '"1"' };

describe("page cache", () => {
  it("keeps a page for its time to live, then forgets it", () => {
    const cache = new PageCache(10_000);
    cache.set("/", page, 1_000);
    expect(cache.get("/", 10_999)?.body.toString()).toBe("<html></html>");
    expect(cache.get("/", 11_000)).toBeUndefined();
  });

  it("holds at most its limit, dropping the oldest first, and keeps nothing with a zero TTL", () => {
    const cache = new PageCache(10_000, 2);
    cache.set("/a", page);
    cache.set("/b", page);
    cache.set("/c", page);
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c")].map(Boolean)).toEqual([false, true, true]);
    const off = new PageCache(0);
    off.set("/", page);
    expect(off.size).toBe(0);
  });

  it("is one per process, and revalidation empties it", () => {
    const cache = processPageCache(10_000);
    expect(processPageCache(5)).toBe(cache);
    cache.set("/laws/texas", page);
    clearProcessPageCache();
    expect(cache.get("/laws/texas")).toBeUndefined();
  });

  it("serves only plain page loads from the cache", () => {
    expect(isCacheablePageRequest(request("/laws/texas"))).toBe(true);
    expect(isCacheablePageRequest(request("/laws/texas", {}, "POST"))).toBe(false);
    expect(isCacheablePageRequest(request("/api/page/get"))).toBe(false);
    expect(isCacheablePageRequest(request("/_next/static/chunks/a.js"))).toBe(false);
    expect(isCacheablePageRequest(request("/laws/texas?_rsc=abc"))).toBe(false);
    expect(isCacheablePageRequest(request("/laws/texas", { rsc: "1" }))).toBe(false);
    expect(isCacheablePageRequest(request("/laws/texas", { "next-router-prefetch": "1" }))).toBe(false);
  });
});
