import zlib from "node:zlib";
import { PageStore, type NextCacheValue } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { flightWithoutQuery, htmlWithoutQuery } from "./rendered-query";

/**
 * A kept page carries no request's query string: the first cold request of
 * `/agents/TX/baytown?sort=fee&evilq=1` must not hand `"q":"?sort=fee&evilq=1"` to everyone.
 */
const KEY = "/route-cache/APP_PAGE/3db4a5e51dc66fcae5213cbeb79c606317c4ba9271f0d13aa8ba4664a4ee6497/$/agents/TX/baytown";

/**
 * Flight data as Next.js 16 writes it for a request with this query: the canonical URL's parts
 * (prepareInitialCanonicalUrl: the path and the query as sent, split at "/") and the query
 * (getRenderedSearch, built with encodeURIComponent).
 */
const flightFor = (sent: string, rendered = sent) =>
  `1:"$Sreact.fragment"\n2:I[52339,["/_next/static/chunks/a.js"],"default"]\n` +
  `0:{"P":null,"c":${JSON.stringify(`/agents/TX/baytown${sent}`.split("/"))},"q":"${rendered}","i":false,"f":[[["",{"children":["agents",{}]},"$undefined","$undefined",true],["$","$1","c",{"children":[["$","main",null,{"data-q":"\\"q\\":\\"?x\\"","children":"Baytown property managers"}]]}]]],"S":true}\n` +
  `3:[["$","meta","0",{"charSet":"utf-8"}]]\n`;

/** The HTML Next.js writes around it: the flight data pushed as JSON strings, `&` as \u0026 (htmlEscapeJsonString). */
const htmlFor = (sent: string, rendered = sent) => {
  const flight = flightFor(sent, rendered);
  const push = (chunk: string) => `<script>self.__next_f.push(${JSON.stringify([1, chunk]).replace(/&/g, "\\u0026").replace(/</g, "\\u003c")})</script>`;
  return `<!DOCTYPE html><html><body><main>Baytown property managers</main><script>(self.__next_f=self.__next_f||[]).push([0])</script>${push(flight.slice(0, 60))}${push(flight.slice(60))}</body></html>`;
};

function appPage(sent: string, rendered = sent): NextCacheValue {
  const rsc = Buffer.from(flightFor(sent, rendered));
  return { kind: "APP_PAGE", html: htmlFor(sent, rendered), rscData: rsc, headers: { "x-next-cache-tags": "_N_T_/layout" }, status: 200, postponed: undefined, segmentData: new Map([["/_full", rsc], ["/_tree", Buffer.from('{"tree":true}')]]) };
}

describe("the query string Next.js renders into a page", () => {
  it("is removed from the flight data's first row (canonical parts and query), and nowhere else", () => {
    expect(flightWithoutQuery(Buffer.from(flightFor("?sort=fee&evilq=1"))).toString()).toBe(flightFor(""));
    const plain = Buffer.from(flightFor(""));
    expect(flightWithoutQuery(plain)).toBe(plain);
  });

  it("is removed when the query as sent holds slashes and quotes", () => {
    const sent = '?evil=/a/b"c&sort=fee';
    const flight = flightFor(sent, "?evil=%2Fa%2Fb%22c&sort=fee");
    expect(flight).toContain('"baytown?evil=","a","b\\"c&sort=fee"');
    expect(flightWithoutQuery(Buffer.from(flight)).toString()).toBe(flightFor(""));
    expect(htmlWithoutQuery(htmlFor(sent, "?evil=%2Fa%2Fb%22c&sort=fee"))).toBe(htmlFor(""));
  });

  it("is removed from the HTML's inline flight data, `&` written as \\u0026", () => {
    const html = htmlFor("?sort=fee&evilq=1");
    expect(html).toContain('\\"q\\":\\"?sort=fee\\u0026evilq=1\\"');
    expect(htmlWithoutQuery(html)).toBe(htmlFor(""));
  });

  it("is removed when the first row starts a pushed string", () => {
    const html = `<script>self.__next_f.push(${JSON.stringify([1, '0:{"P":null,"c":["","baytown?evilq=1"],"q":"?evilq=1","i":false}\n'])})</script>`;
    expect(htmlWithoutQuery(html)).not.toContain("evilq");
  });
});

describe("the page store", () => {
  it("keeps a page rendered for a request with a query as the page without it, for everyone", async () => {
    const store = new PageStore({ backend: new MemoryBackend(64 * 1024 * 1024), maxTtlSeconds: 3600 });
    await store.set(KEY, appPage("?sort=fee&evilq=1"), { cacheControl: { revalidate: 3600, expire: 31536000 } });

    const fresh = await store.freshPage("/agents/TX/baytown");
    const html = zlib.brotliDecompressSync(fresh!.html).toString();
    expect(html).not.toContain("evilq");
    expect(html).toBe(htmlFor(""));

    const value = (await store.get(KEY, { kind: "APP_PAGE" }))!.value as unknown as { rscData: Buffer; segmentData: Map<string, Buffer>; html: string };
    expect(value.rscData.toString()).toBe(flightFor(""));
    expect(value.segmentData.get("/_full")!.toString()).toBe(flightFor(""));
    expect(value.html).toBe(htmlFor(""));
    // The ETag and the policy are those of what is kept.
    const clean = new PageStore({ backend: new MemoryBackend(64 * 1024 * 1024), maxTtlSeconds: 3600 });
    await clean.set(KEY, appPage(""), { cacheControl: { revalidate: 3600, expire: 31536000 } });
    expect(fresh!.meta.etag).toBe((await clean.freshPage("/agents/TX/baytown"))!.meta.etag);
    expect(fresh!.meta.csp).toBe((await clean.freshPage("/agents/TX/baytown"))!.meta.csp);
  });
});
