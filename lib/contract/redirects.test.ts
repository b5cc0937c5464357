import fc from "fast-check";
import { REDIRECT_PATH_MAX, checkRule, normalisePath, readRedirectsCsv, readRule, requestKey, type RedirectRule } from "./redirects";
import { REDIRECT_WORDS } from "./redirect-messages";

const ORIGIN = "https://managely.example.com";
const rules = (...list: RedirectRule[]) => new Map(list.map((rule) => [rule.from, rule]));
const path = (input: string) => {
  const result = normalisePath(input);
  if (!result.ok) throw new Error(result.problem);
  return result.path;
};

describe("a rule's from-path, normalised as the site's addresses are", () => {
  it.each([
    ["/old-page/", "/old-page"],
    ["/agents//TX///austin", "/agents/TX/austin"],
    ["/a/./b/../c", "/a/c"],
    ["/caf%C3%A9", "/café"],
    ["  /spaced  ", "/spaced"],
    ["/", "/"],
    ["//", "/"],
  ])("%s reads as %s", (input, expected) => {
    expect(path(input)).toBe(expected);
  });

  it("keeps case: the site's state codes and slugs are case-sensitive", () => {
    expect(path("/agents/TX/Austin")).toBe("/agents/TX/Austin");
  });

  it.each([
    ["old-page", REDIRECT_WORDS.notAPath],
    ["/a?b=1", REDIRECT_WORDS.noQuery],
    ["/a#top", REDIRECT_WORDS.noQuery],
    ["/bad%zz", REDIRECT_WORDS.notAPath],
    ["/nul%00", REDIRECT_WORDS.notAPath],
    [`/${"x".repeat(REDIRECT_PATH_MAX)}`, REDIRECT_WORDS.tooLong(REDIRECT_PATH_MAX)],
  ])("%s is refused", (input, problem) => {
    expect(normalisePath(input)).toEqual({ ok: false, problem });
  });

  it("is idempotent, and a request's path meets the rule written for it however it is spelled", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zA-Z0-9é_-]([a-zA-Z0-9é _-]{0,6}[a-zA-Z0-9é_-])?$/), { minLength: 1, maxLength: 5 }), fc.boolean(), (segments, trailing) => {
        const written = `/${segments.join("/")}${trailing ? "/" : ""}`;
        const normal = normalisePath(written);
        if (!normal.ok) return;
        expect(normalisePath(normal.path)).toEqual(normal);
        const requested = `/${segments.map((segment) => encodeURIComponent(segment)).join("//")}`;
        expect(requestKey(requested)).toBe(normal.path);
      }),
    );
  });

  it("never gives /api, /_next, /workspace or /healthz a rule, nor counts them", () => {
    for (const reserved of ["/api/page/get", "/_next/static/x.js", "/workspace", "/workspace/redirects", "/healthz", "/api"]) {
      expect(requestKey(reserved)).toBeNull();
      expect(readRule({ from: reserved, to: "/x", status: 301 }, ORIGIN)).toMatchObject({ ok: false, field: "from" });
    }
    expect(requestKey("/apis")).toBe("/apis");
  });
});

describe("a rule's fields", () => {
  it("takes 301 and 302 to a path or an address on the site (kept as its path), 410 with none", () => {
    expect(readRule({ from: "/old/", to: "/new?x=1", status: "301" }, ORIGIN)).toEqual({ ok: true, rule: { from: "/old", status: 301, to: "/new?x=1" } });
    expect(readRule({ from: "/old", to: `${ORIGIN}/new/`, status: 302 }, ORIGIN)).toEqual({ ok: true, rule: { from: "/old", status: 302, to: "/new" } });
    expect(readRule({ from: "/old", to: "", status: 410 }, ORIGIN)).toEqual({ ok: true, rule: { from: "/old", status: 410, to: null } });
  });

  it.each([
    [{ from: "/a", to: "https://elsewhere.example.org/x", status: 301 }, "to", REDIRECT_WORDS.targetNotOnSite(ORIGIN)],
    [{ from: "/a", to: "//elsewhere.example.org/x", status: 301 }, "to", REDIRECT_WORDS.targetNotOnSite(ORIGIN)],
    [{ from: "/a", to: "javascript:alert(1)", status: 301 }, "to", REDIRECT_WORDS.targetNotOnSite(ORIGIN)],
    [{ from: "/a", to: "", status: 301 }, "to", REDIRECT_WORDS.targetMissing],
    [{ from: "/a", to: "/b", status: 410 }, "to", REDIRECT_WORDS.goneHasTarget],
    [{ from: "/a", to: "/b", status: 307 }, "status", REDIRECT_WORDS.badStatus],
    [{ from: "/a/", to: "/a?x=1", status: 301 }, "to", REDIRECT_WORDS.toItself],
    [{ from: "/a", to: "/workspace", status: 301 }, "to", REDIRECT_WORDS.reserved("/workspace")],
  ])("%j is refused", (input, field, problem) => {
    expect(readRule(input, ORIGIN)).toEqual({ ok: false, field, problem });
  });
});

describe("loops and chains", () => {
  const ab: RedirectRule = { from: "/a", status: 301, to: "/b" };

  it("refuses a loop (a → b, then b → a)", () => {
    expect(checkRule(rules(ab), { from: "/b", status: 301, to: "/a" })).toBe(REDIRECT_WORDS.loop("/b", "/a"));
  });

  it("refuses a chain either way round (a → b with b → c, or c → a before a → b)", () => {
    expect(checkRule(rules(ab), { from: "/b", status: 301, to: "/c" })).toBe(REDIRECT_WORDS.chainBefore("/a", "/b"));
    expect(checkRule(rules({ from: "/b", status: 302, to: "/c" }), ab)).toBe(REDIRECT_WORDS.chainAfter("/b", "/c"));
    expect(checkRule(rules({ from: "/b", status: 410, to: null }), ab)).toBe(REDIRECT_WORDS.chainAfter("/b", null));
  });

  it("lets a rule replace its own from-path's, and unrelated rules stand side by side", () => {
    expect(checkRule(rules(ab), { from: "/a", status: 302, to: "/c" })).toBeNull();
    expect(checkRule(rules(ab), { from: "/x", status: 301, to: "/b" })).toBeNull();
  });

  it("never lets a set of accepted rules hold a hop that leads to another rule", () => {
    const paths = ["/a", "/b", "/c", "/d", "/e"];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...paths, null)), { maxLength: 30 }), (attempts) => {
        const set = new Map<string, RedirectRule>();
        for (const [from, to] of attempts) {
          if (to === from) continue;
          const rule: RedirectRule = { from, status: to === null ? 410 : 301, to };
          if (checkRule(set, rule) === null) set.set(from, rule);
        }
        for (const rule of set.values()) if (rule.to !== null) expect(set.has(rule.to)).toBe(false);
      }),
    );
  });
});

describe("the CSV file", () => {
  it("reads rules and reports each problem by its line, a loop made inside the file included", () => {
    const text = [
      "from,to,status",
      "/old-a,/new-a,301",
      "/old-b,https://elsewhere.example.org/,301",
      '"/with,comma",/new-c,302',
      "/gone,,410",
      "/new-a,/old-a,301",
      "/old-a,/other,301",
      "/only-two,/x",
      "/q?x=1,/y,301",
      "",
    ].join("\r\n");
    const reading = readRedirectsCsv(text, new Map(), ORIGIN);
    expect(reading.rules.map((rule) => [rule.line, rule.from, rule.status, rule.to])).toEqual([
      [2, "/old-a", 301, "/new-a"],
      [4, "/with,comma", 302, "/new-c"],
      [5, "/gone", 410, null],
    ]);
    expect(reading.problems).toEqual([
      { line: 3, message: REDIRECT_WORDS.targetNotOnSite(ORIGIN) },
      { line: 6, message: REDIRECT_WORDS.loop("/new-a", "/old-a") },
      { line: 7, message: REDIRECT_WORDS.csvDuplicate("/old-a", 2) },
      { line: 8, message: REDIRECT_WORDS.csvFields(3) },
      { line: 9, message: REDIRECT_WORDS.noQuery },
    ]);
  });

  it("checks the file against the rules there are", () => {
    const existing = rules({ from: "/x", status: 301, to: "/y" });
    expect(readRedirectsCsv("from,to,status\n/y,/z,301\n", existing, ORIGIN).problems).toEqual([{ line: 2, message: REDIRECT_WORDS.chainBefore("/x", "/y") }]);
  });

  it("refuses a file without its header, or without rules", () => {
    expect(readRedirectsCsv("/a,/b,301\n", new Map(), ORIGIN).problems).toEqual([{ line: 1, message: REDIRECT_WORDS.csvHeader("from,to,status") }]);
    expect(readRedirectsCsv("\uFEFFFrom,To,Status\n\n", new Map(), ORIGIN).problems).toEqual([{ line: 2, message: REDIRECT_WORDS.csvEmpty }]);
  });
});
