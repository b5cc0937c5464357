import crypto from "node:crypto";
import { inlineScriptHashes, pagePolicy, policyForHtml } from "./csp";

const sha = (text: string) => crypto.createHash("sha256").update(text).digest("base64");

describe("content security policy", () => {
  const html =
    '<html><head><script src="/_next/a.js" async=""></script><script>self.__next_f.push([1,"x"])</script></head>' +
    '<body><script type="application/ld+json">{"@type":"WebSite"}</script><script>self.__next_f.push([1,"x"])</script></body></html>';

  it("hashes each distinct inline script and never an external one", () => {
    expect(inlineScriptHashes(html)).toEqual([sha('self.__next_f.push([1,"x"])'), sha('{"@type":"WebSite"}')]);
  });

  it("allows scripts by hash only: no 'unsafe-inline', no framing", () => {
    const policy = pagePolicy(inlineScriptHashes(html));
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"))!;
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${sha('self.__next_f.push([1,"x"])')}' 'sha256-${sha('{"@type":"WebSite"}')}'`);
    expect(scriptSrc).not.toContain("unsafe");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("keys a page's policy on its ETag when there is one", () => {
    const page = Buffer.from(html);
    expect(policyForHtml(page, '"abc"')).toBe(pagePolicy(inlineScriptHashes(html)));
    const changed = Buffer.from(html.replace('"x"', '"z"'));
    expect(policyForHtml(changed, '"abd"')).toBe(pagePolicy(inlineScriptHashes(changed.toString())));
  });

  it("gives the same policy for the same page and a different one when a script changes", () => {
    expect(policyForHtml(Buffer.from(html))).toBe(policyForHtml(Buffer.from(html)));
    expect(policyForHtml(Buffer.from(html.replace('"x"', '"y"')))).not.toBe(policyForHtml(Buffer.from(html)));
  });
});
