import { FAILURE } from "../contract/messages";
import { checkCaller, isSameOriginRequest } from "./guard";

/** Who may call the service over HTTP (lib/service/guard.ts), header by header. */
const SITE = "https://managely.example";
const TOKEN = "guard-test-token-0123456789";
const check = (headers: Record<string, string>, options: { isSave?: boolean; apiToken?: string } = {}) =>
  checkCaller({ isSave: options.isSave ?? true, headers: new Headers(headers), allowedOrigins: [SITE], apiToken: "apiToken" in options ? options.apiToken : TOKEN });

const ALLOWED = { allowed: true, trusted: false };
const FOREIGN = { allowed: false, status: 403, message: FAILURE.foreignOrigin };
const NEEDS_TOKEN = { allowed: false, status: 403, message: FAILURE.tokenRequired };

describe("checkCaller", () => {
  it("trusts a server with the bearer token, wherever it says it comes from", () => {
    expect(check({ authorization: `Bearer ${TOKEN}` })).toEqual({ allowed: true, trusted: true });
    expect(check({ authorization: `Bearer ${TOKEN}`, origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toEqual({ allowed: true, trusted: true });
  });

  it("does not trust a wrong token, or any token when none is configured", () => {
    expect(check({ authorization: "Bearer not-the-token" })).toEqual(NEEDS_TOKEN);
    expect(check({ authorization: `Bearer ${TOKEN}` }, { apiToken: undefined })).toEqual(NEEDS_TOKEN);
    expect(check({ authorization: `Bearer ${TOKEN}` }, { apiToken: "" })).toEqual(NEEDS_TOKEN);
    expect(check({ authorization: TOKEN })).toEqual(NEEDS_TOKEN);
  });

  it("lets a browser save from one of the site's origins, or from the very host it sent the request to", () => {
    expect(check({ origin: SITE })).toEqual(ALLOWED);
    expect(check({ origin: "http://127.0.0.1:3300", host: "127.0.0.1:3300" })).toEqual(ALLOWED);
    expect(check({ origin: "http://LOCALHOST:3300", host: " localhost:3300 " })).toEqual(ALLOWED);
    expect(check({ origin: "https://preview.managely.example", host: "Preview.Managely.example" })).toEqual(ALLOWED);
    expect(check({ origin: SITE, "sec-fetch-site": "cross-site" })).toEqual(ALLOWED);
  });

  it("refuses a browser from any other origin, for reads too", () => {
    expect(check({ origin: "https://evil.example", host: "managely.example" })).toEqual(FOREIGN);
    expect(check({ origin: "https://evil.example" }, { isSave: false })).toEqual(FOREIGN);
    expect(check({ origin: "http://127.0.0.1:3301", host: "127.0.0.1:3300" })).toEqual(FOREIGN);
    expect(check({ origin: "ftp://127.0.0.1:3300", host: "127.0.0.1:3300" })).toEqual(FOREIGN);
    expect(check({ origin: "null", host: "null" })).toEqual(FOREIGN);
    expect(check({ origin: "http://127.0.0.1:3300" })).toEqual(FOREIGN);
  });

  it("without an Origin: refuses a cross-site fetch, asks a save for the token, lets a read through", () => {
    expect(check({ "sec-fetch-site": "cross-site" }, { isSave: false })).toEqual(FOREIGN);
    expect(check({ "sec-fetch-site": "same-site" }, { isSave: false })).toEqual(FOREIGN);
    expect(check({ "sec-fetch-site": "same-origin" }, { isSave: false })).toEqual(ALLOWED);
    expect(check({ "sec-fetch-site": "none" }, { isSave: false })).toEqual(ALLOWED);
    expect(check({}, { isSave: false })).toEqual(ALLOWED);
    expect(check({ "sec-fetch-site": "same-origin" })).toEqual(NEEDS_TOKEN);
    expect(check({ "sec-fetch-site": "none" })).toEqual(NEEDS_TOKEN);
    expect(check({})).toEqual(NEEDS_TOKEN);
  });
});

describe("isSameOriginRequest (the workspace's server actions)", () => {
  const same = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), [SITE]);

  it("accepts the site's origins and the request's own host, and nothing else", () => {
    expect(same({ origin: SITE })).toBe(true);
    expect(same({ origin: "http://localhost:3000", host: "localhost:3000" })).toBe(true);
    expect(same({ origin: "https://evil.example", host: "localhost:3000", "sec-fetch-site": "same-origin" })).toBe(false);
    // A sandboxed frame's opaque origin names no host.
    expect(same({ origin: "null", host: "localhost:3000" })).toBe(false);
  });

  it("without an Origin, accepts only Sec-Fetch-Site: same-origin", () => {
    expect(same({ "sec-fetch-site": "same-origin" })).toBe(true);
    expect(same({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(same({ "sec-fetch-site": "none" })).toBe(false);
    expect(same({})).toBe(false);
  });
});
