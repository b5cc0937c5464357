import zlib from "node:zlib";
import { negotiateEncoding, PageCache } from "./page-cache";

const html = (size: number, fill = "a") => Buffer.from(`<html><body>${fill.repeat(size)}</body></html>`);
const page = (body = html(10)) => ({ status: 200, headers: [["content-type", "text/html"]] as Array<[string, string]>, etag: '"1"', body });
const waitFor = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("page cache", () => {
  it("serves a page for its time to live, then no longer", () => {
    const cache = new PageCache(10_000);
    cache.set("/", page(), 1_000);
    expect(cache.get("/", 10_999)?.bodies.identity.toString()).toContain("<html>");
    expect(cache.get("/", 11_000)).toBeUndefined();
  });

  it("reuses the compressed bodies when the same page comes back after it expired", async () => {
    const cache = new PageCache(10_000);
    const body = html(5_000, "manager ");
    cache.set("/laws/ohio", page(body), Date.now() - 20_000);
    await waitFor(() => Boolean(cache.get("/laws/ohio", Date.now() - 19_000)?.bodies.br));
    const compressed = cache.get("/laws/ohio", Date.now() - 19_000)!.bodies.br;
    expect(cache.get("/laws/ohio")).toBeUndefined(); // expired
    cache.set("/laws/ohio", page(Buffer.from(body)));
    expect(cache.get("/laws/ohio")!.bodies.br).toBe(compressed); // not compressed again
    cache.set("/laws/ohio", { ...page(html(5_000, "changed ")), etag: '"2"' });
    expect(cache.get("/laws/ohio")!.bodies.br).toBeUndefined(); // a new page is compressed anew
  });

  it("keeps nothing with a zero TTL", () => {
    const off = new PageCache(0);
    off.set("/", page());
    expect(off.size).toBe(0);
  });

  it("compresses each page once, with gzip and brotli, when it is stored", async () => {
    const cache = new PageCache(60_000);
    const body = html(20_000, "property manager ");
    cache.set("/laws/texas", page(body));
    await waitFor(() => Boolean(cache.get("/laws/texas")?.bodies.br && cache.get("/laws/texas")?.bodies.gzip));
    const entry = cache.get("/laws/texas")!;
    expect(zlib.gunzipSync(entry.bodies.gzip!).equals(body)).toBe(true);
    expect(zlib.brotliDecompressSync(entry.bodies.br!).equals(body)).toBe(true);
    expect(entry.bodies.br!.length).toBeLessThan(body.length / 10);
    expect(cache.bytes).toBe(body.length + entry.bodies.gzip!.length + entry.bodies.br!.length);
  });

  it("never holds more bytes than its bound, dropping the least recently used first", () => {
    const cache = new PageCache(60_000, 1_000_000);
    for (let index = 0; index < 40; index++) cache.set(`/faqs?fill=${index}`, page(html(100_000)));
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.size).toBeLessThan(40);
    expect(cache.get("/faqs?fill=0")).toBeUndefined();
    expect(cache.get("/faqs?fill=39")).toBeDefined();

    // Below the compression threshold, so each entry weighs exactly its body (476 bytes).
    const small = new PageCache(60_000, 2_000);
    for (const key of ["/a", "/b", "/c", "/d"]) small.set(key, page(html(450)));
    small.get("/a"); // used: /b is now the oldest
    small.set("/e", page(html(450)));
    expect(["/a", "/b", "/c", "/d", "/e"].map((key) => Boolean(small.get(key)))).toEqual([true, false, true, true, true]);
  });

  it("drops long-expired entries without being asked for them", async () => {
    const cache = new PageCache(1_000);
    cache.set("/", page(), Date.now() - 5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(cache.bytes).toBe(0);
  });
});

describe("content negotiation", () => {
  const all = { identity: 1, gzip: 1, br: 1 };
  it("prefers brotli, then gzip, then the plain body", () => {
    expect(negotiateEncoding("gzip, deflate, br", all)).toBe("br");
    expect(negotiateEncoding("gzip", all)).toBe("gzip");
    expect(negotiateEncoding(undefined, all)).toBe("identity");
    expect(negotiateEncoding("br", { identity: 1, gzip: 1 })).toBe("identity");
  });

  it("honours q=0 and the wildcard", () => {
    expect(negotiateEncoding("br;q=0, gzip", all)).toBe("gzip");
    expect(negotiateEncoding("*", all)).toBe("br");
    expect(negotiateEncoding("*;q=0", all)).toBe("identity");
  });
});
