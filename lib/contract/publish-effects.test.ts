import type { AuditProblem } from "./seo-audit";
import { addedErrors, changedPaths, fieldEffects, type EffectRow } from "./publish-effects";

/** A publish's effect, field by field, on rows made for it. */
const row = (path: string, words: Partial<Record<"title" | "description" | "keywords" | "og_title" | "og_description", string>>, problems: AuditProblem[] = []): EffectRow => ({
  path,
  title: words.title ?? `Title of ${path}`,
  description: words.description ?? `Description of ${path}`,
  keywords: words.keywords ?? "managers",
  og_title: words.og_title ?? `Shared title of ${path}`,
  og_description: words.og_description ?? `Shared description of ${path}`,
  image_alt: "A card",
  problems,
});
const byPath = (rows: EffectRow[]) => new Map(rows.map((each) => [each.path, each]));

describe("a publish's effect per field", () => {
  // Five city pages: three descriptions already too wide; a new title pattern makes two titles too wide.
  const before = [
    row("/a", {}, ["description-too-long"]),
    row("/b", {}, ["description-too-long"]),
    row("/c", {}, ["description-too-long", "title-duplicate"]),
    row("/d", {}),
    row("/e", { title: "Kept by its override" }),
  ];
  const after = [
    row("/a", { title: "A much longer title" }, ["description-too-long", "title-too-long"]),
    row("/b", { title: "B much longer title" }, ["description-too-long", "title-too-long"]),
    row("/c", { title: "C new title" }, ["description-too-long"]),
    row("/d", { title: "D new title" }),
    row("/e", { title: "Kept by its override" }),
  ];
  const effects = fieldEffects(byPath(before), after);
  const of = (field: string) => effects.find((effect) => effect.field === field)!;

  it("names the errors the change gives pages that had none of them, with their pages, for the warning before a publish", () => {
    // /c's duplicate title goes: mended, not added. The descriptions' errors stay: not added either.
    expect(addedErrors(effects)).toEqual([{ problem: "title-too-long", pages: 2 }]);
    expect(addedErrors(fieldEffects(byPath(before), before))).toEqual([]);
  });

  it("counts the pages whose words change for each field, and each field's errors apart", () => {
    expect(of("title")).toEqual({
      field: "title",
      changed: 4,
      // /c loses its duplicate title, /a and /b get too long: one better, two worse, never a net "one worse".
      errors: { before: 1, after: 2, fixed: 1, broken: 2 },
      problems: [
        { problem: "title-too-long", before: 0, after: 2, fixed: 0, broken: 2 },
        { problem: "title-duplicate", before: 1, after: 0, fixed: 1, broken: 0 },
      ],
    });
    // The descriptions' overruns were there already and stay: not the title's doing, and unchanged.
    expect(of("description")).toEqual({ field: "description", changed: 0, errors: { before: 3, after: 3, fixed: 0, broken: 0 }, problems: [{ problem: "description-too-long", before: 3, after: 3, fixed: 0, broken: 0 }] });
    expect(of("keywords")).toEqual({ field: "keywords", changed: 0, errors: { before: 0, after: 0, fixed: 0, broken: 0 }, problems: [] });
  });

  it("counts a change that fixes one page and breaks another as both, not as no change", () => {
    const swapped = fieldEffects(byPath([row("/a", {}, ["title-too-long"]), row("/b", {})]), [row("/a", { title: "Short" }), row("/b", { title: "Now far too long" }, ["title-too-long"])]);
    expect(swapped.find((effect) => effect.field === "title")!.errors).toEqual({ before: 1, after: 1, fixed: 1, broken: 1 });
  });

  it("names first the field that gets worse, then the ones that change, then the rest", () => {
    expect(effects.map((effect) => effect.field)).toEqual(["title", "description", "keywords", "og_title", "og_description", "image_alt"]);
    const descriptionsWorse = fieldEffects(byPath(before), [
      row("/a", { title: "Shorter", description: "x".repeat(10) }, ["description-too-long"]),
      row("/d", { title: "Shorter too", description: "y".repeat(10) }, ["description-too-long"]),
    ]);
    expect(descriptionsWorse.map((effect) => [effect.field, effect.errors.after - effect.errors.before])).toEqual([
      ["description", 1],
      ["title", 0],
      ["keywords", 0],
      ["og_title", 0],
      ["og_description", 0],
      ["image_alt", 0],
    ]);
  });

  it("counts a share card's field only when its own words change, not when it follows the title", () => {
    const following = { title: "default", og_title: "default" } as const;
    const was = [{ ...row("/a", {}), sources: following }, { ...row("/b", {}), sources: following }];
    const now = [
      // The title changes and the social title follows it: the title's effect alone.
      { ...row("/a", { title: "New", og_title: "New" }), sources: following },
      // A template gives the social title words of its own.
      { ...row("/b", { og_title: "Own words" }), sources: { title: "default", og_title: "template" } as const },
    ];
    const effects = fieldEffects(byPath(was), now);
    expect(effects.find((effect) => effect.field === "title")!.changed).toBe(1);
    expect(effects.find((effect) => effect.field === "og_title")!.changed).toBe(1);
    expect(changedPaths(byPath(was), now)).toEqual(["/a", "/b"]);
  });

  it("lists the paths whose words change at all (what a CDN purge names)", () => {
    expect(changedPaths(byPath(before), after)).toEqual(["/a", "/b", "/c", "/d"]);
  });
});
