import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "./index";
import fc from "fast-check";
import { clientNetwork } from "../contract/keys";
import { answerCall, clientAddress, readCallRequest, reportedPlace, type RawCallRequest } from "./http-entry";

const address = (forwardedFor: string | undefined, trustProxy: boolean) => clientAddress({ socketAddress: "10.0.0.5", forwardedFor, trustProxy });

/** The address the save limits count: chosen by the server, never by the client. */
describe("client address", () => {
  it("is the peer's unless a proxy is trusted, whatever the client sends", () => {
    expect(address("1.2.3.4", false)).toBe("10.0.0.5");
  });

  it("behind a trusted proxy, is the entry the proxy appended (the last)", () => {
    expect(address("6.6.6.6, 203.0.113.9", true)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the forwarded list is empty or blank", () => {
    for (const forwarded of ["", "  ", " , ,", undefined]) expect(address(forwarded, true)).toBe("10.0.0.5");
  });

  it("keeps at most 64 characters", () => {
    expect(address("a".repeat(500), true)).toHaveLength(64);
    // The peer's own address too, proxy or not.
    expect(clientAddress({ socketAddress: "b".repeat(500), forwardedFor: "1.2.3.4", trustProxy: false })).toBe("b".repeat(64));
    expect(clientAddress({ socketAddress: "b".repeat(500), forwardedFor: "", trustProxy: true })).toBe("b".repeat(64));
  });

  it("behind a trusted proxy, drops the port a proxy wrote: one client is one key whatever its port (generated addresses)", () => {
    const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."));
    const ipv6 = fc.ipV6();
    const port = fc.integer({ min: 0, max: 65535 });
    const earlier = fc.array(fc.oneof(ipv4, ipv6), { maxLength: 3 });
    fc.assert(
      fc.property(fc.oneof(ipv4.map((ip) => ({ ip, v6: false })), ipv6.map((ip) => ({ ip, v6: true }))), port, port, earlier, ({ ip, v6 }, portA, portB, before) => {
        const withPort = (p: number) => (v6 ? `[${ip}]:${p}` : `${ip}:${p}`);
        const list = (entry: string) => [...before, entry].join(", ");
        const bare = address(list(ip), true);
        expect(bare).toBe(ip.slice(0, 64));
        expect(address(list(withPort(portA)), true)).toBe(bare);
        expect(clientNetwork(address(list(withPort(portA)), true))).toBe(clientNetwork(address(list(withPort(portB)), true)));
        // Brackets without a port too.
        if (v6) expect(address(list(`[${ip}]`), true)).toBe(bare);
      }),
      { numRuns: 500 },
    );
  });

  it("is \"unknown\" when the connection gave no peer address and no proxy named one", () => {
    expect(clientAddress({ socketAddress: undefined, forwardedFor: "1.2.3.4", trustProxy: false })).toBe("unknown");
    expect(clientAddress({ socketAddress: "", forwardedFor: null, trustProxy: true })).toBe("unknown");
  });
});

/** Where a request was saved from, as the owner's confirmation page shows it: a city, never an address. */
describe("the place a trusted proxy reports", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it("is the city, region and country of Vercel's or Cloudflare's headers, only behind a trusted proxy", () => {
    const vercel = headers({ "x-vercel-ip-city": "San%20Jos%C3%A9", "x-vercel-ip-country-region": "CA", "x-vercel-ip-country": "US" });
    expect(reportedPlace(vercel, { trustProxy: true })).toBe("San José, CA, US");
    expect(reportedPlace(vercel, { trustProxy: false })).toBeUndefined();
    expect(reportedPlace(headers({ "cf-ipcity": "Austin", "cf-region-code": "TX", "cf-ipcountry": "US" }), { trustProxy: true })).toBe("Austin, TX, US");
    expect(reportedPlace(headers({}), { trustProxy: true })).toBeUndefined();
  });

  it("keeps only letters and a few marks of whatever is sent, 40 characters a part, so no address or markup gets through", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (city, region) => {
        const place = reportedPlace(headers({ "cf-ipcity": encodeURIComponent(city), "cf-region-code": encodeURIComponent(region) }), { trustProxy: true });
        if (place === undefined) return;
        expect(place).toMatch(/^[\p{L}\p{M} .,'-]*$/u);
        for (const part of place.split(", ")) expect(part.length).toBeLessThanOrEqual(40);
        expect(place).not.toMatch(/\d/);
      }),
    );
  });
});

/** How a POST /api/<call> becomes a service request, and its answer an HTTP one. */
describe("reading a call", () => {
  const bodyOf = (...chunks: (string | Buffer)[]) => {
    const progress = { finished: false };
    async function* stream() {
      for (const chunk of chunks) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      progress.finished = true;
    }
    return { body: stream(), progress };
  };
  const raw = (overrides: Partial<RawCallRequest>): RawCallRequest => ({ method: "POST", path: "/api/lead/save", headers: {}, socketAddress: "10.0.0.5", body: null, ...overrides });

  it("takes the call's name from the path, decoded, without its query", async () => {
    expect((await readCallRequest(raw({ path: "/api/lead/save?x=1&y=/api/other" }), { trustProxy: false })).call).toBe("lead/save");
    expect((await readCallRequest(raw({ path: "/api/agent%2Fget" }), { trustProxy: false })).call).toBe("agent/get");
    expect((await readCallRequest(raw({ path: "/api/lead/%E0%A4%A" }), { trustProxy: false })).call).toBe("lead/%E0%A4%A");
  });

  it("reads a POST's body as UTF-8, a character split across chunks included", async () => {
    const euro = Buffer.from("{\"note\":\"€\"}");
    const { body, progress } = bodyOf(euro.subarray(0, 10), euro.subarray(10));
    const request = await readCallRequest(raw({ body }), { trustProxy: false });
    expect(request.body).toBe('{"note":"€"}');
    expect(progress.finished).toBe(true);
  });

  it("reads no body for another method, nor when there is none", async () => {
    const { body, progress } = bodyOf("{}");
    expect((await readCallRequest(raw({ method: "GET", body }), { trustProxy: false })).body).toBe("");
    expect(progress.finished).toBe(false);
    expect((await readCallRequest(raw({ body: null }), { trustProxy: false })).body).toBe("");
  });

  it(`takes a body of up to ${MAX_BODY_BYTES} bytes, and reads a longer one to its end to drop it`, async () => {
    const exact = bodyOf("a".repeat(MAX_BODY_BYTES - 10), "b".repeat(10));
    expect(await readCallRequest(raw({ body: exact.body }), { trustProxy: false })).toMatchObject({ body: "a".repeat(MAX_BODY_BYTES - 10) + "b".repeat(10) });
    const over = bodyOf("a".repeat(MAX_BODY_BYTES), "b", "c".repeat(100));
    expect((await readCallRequest(raw({ body: over.body }), { trustProxy: false })).body).toBe(BODY_TOO_LARGE);
    expect(over.progress.finished).toBe(true);
    // A declared length over the limit is refused whatever arrives.
    const declared = bodyOf("{}");
    expect((await readCallRequest(raw({ body: declared.body, headers: { "content-length": String(MAX_BODY_BYTES + 1) } }), { trustProxy: false })).body).toBe(BODY_TOO_LARGE);
    expect(declared.progress.finished).toBe(true);
    const honest = bodyOf("{}");
    expect((await readCallRequest(raw({ body: honest.body, headers: { "content-length": String(MAX_BODY_BYTES) } }), { trustProxy: false })).body).toBe("{}");
  });

  it("names an HTTP caller with its method, its headers (Node's or a Request's) and its address", async () => {
    const request = await readCallRequest(
      raw({ method: "POST", headers: { origin: "https://managely.example", "x-forwarded-for": "6.6.6.6, 203.0.113.9", "x-languages": ["en", "fr"], absent: undefined } }),
      { trustProxy: true },
    );
    expect(request.caller).toMatchObject({ kind: "http", method: "POST", address: "203.0.113.9" });
    const headers = (request.caller as { headers: Headers }).headers;
    expect(headers.get("origin")).toBe("https://managely.example");
    expect(headers.get("x-languages")).toBe("en, fr");
    expect(headers.has("absent")).toBe(false);
    const webHeaders = new Headers({ "x-forwarded-for": "203.0.113.9" });
    const fromWeb = await readCallRequest(raw({ headers: webHeaders }), { trustProxy: false });
    expect(fromWeb.caller).toMatchObject({ kind: "http", headers: webHeaders, address: "10.0.0.5" });
  });
});

describe("answering a call", () => {
  const serviceAnswering = (result: { status: number; body: unknown; headers?: Record<string, string> }) => ({ handle: async () => result }) as unknown as Parameters<typeof answerCall>[0];
  const request = { call: "lead/save", body: "{}", caller: { kind: "internal" as const } };

  it("passes the service's status, body and headers on, and is never cached", async () => {
    expect(await answerCall(serviceAnswering({ status: 200, body: { success: true } }), request)).toEqual({ status: 200, body: { success: true }, headers: { "cache-control": "no-store" } });
    expect(await answerCall(serviceAnswering({ status: 429, body: { success: false, message: "slow" }, headers: { "retry-after": "60" } }), request)).toEqual({
      status: 429,
      body: { success: false, message: "slow" },
      headers: { "cache-control": "no-store", "retry-after": "60" },
    });
  });
});
