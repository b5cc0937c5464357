import crypto from "node:crypto";
import { frameworkScriptHashes, isFrameworkScript, pagePolicy, policyForHtml } from "./csp";

const sha = (text: string) => crypto.createHash("sha256").update(text).digest("base64");
const scriptSrc = (policy: string) => policy.split("; ").find((directive) => directive.startsWith("script-src"))!;

// The inline scripts Next.js 16 writes into a page (taken from a rendered city page).
const BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[77581,[\\"$2\\"],\\"RouteEntry\\"]\\n"])';
const TURBOPACK = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/310vm2bl3xxpt.js","static/chunks/0rhf9m65d87y7.js"],"runtimeModuleIds":[55010,94553]});';
const page = (extra = "") =>
  `<html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><main><div>${extra}</div></main>` +
  `<script type="application/ld+json">{"@type":"WebSite"}</script><script id="_R_">${TURBOPACK}</script>` +
  `<script>${BOOTSTRAP}</script><script>${FLIGHT}</script></body></html>`;

describe("content security policy", () => {
  it("hashes exactly the inline scripts Next.js writes, never an external one or a data block", () => {
    expect(frameworkScriptHashes(page()).sort()).toEqual([sha(TURBOPACK), sha(BOOTSTRAP), sha(FLIGHT)].sort());
  });

  it("refuses a script injected into the page, whatever it looks like", () => {
    const injected = [
      "alert(document.cookie)",
      'self.__next_f.push([1,"x"]);alert(1)',
      'self.__next_f.push([1,"x"],alert(1))',
      'self.__next_f.push([alert(1)])',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["https://evil.example/x.js"]})',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[],"x":1});alert(1)',
    ];
    const clean = scriptSrc(pagePolicy(frameworkScriptHashes(page())));
    for (const script of injected) {
      expect(isFrameworkScript(script)).toBe(false);
      const policy = scriptSrc(pagePolicy(frameworkScriptHashes(page(`<script>${script}</script>`))));
      expect(policy).not.toContain(sha(script));
      expect(policy).toBe(clean);
    }
  });

  it("allows scripts by hash only: no 'unsafe-inline', no framing", () => {
    const policy = pagePolicy(frameworkScriptHashes(page()));
    expect(scriptSrc(policy)).not.toContain("unsafe");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("keys a page's policy on its ETag when there is one, and on its bytes otherwise", () => {
    expect(policyForHtml(Buffer.from(page()), '"abc"')).toBe(pagePolicy(frameworkScriptHashes(page())));
    const changed = page().replace("RouteEntry", "RouteExit");
    expect(policyForHtml(Buffer.from(changed), '"abd"')).toBe(pagePolicy(frameworkScriptHashes(changed)));
    expect(policyForHtml(changed)).not.toBe(policyForHtml(page()));
  });
});
