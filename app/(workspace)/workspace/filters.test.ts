import type { PageRow } from "@/lib/service/workspace/pages";
import { filterRows } from "@/lib/service/workspace/pages";
import { sortRows } from "@/lib/service/workspace/page-list";
import { filterFrom, queryString } from "./filters";

describe("the page list's filters", () => {
  it("reads where a problem's words come from only beside the problem, and writes it back", () => {
    expect(filterFrom({ problem: "title-too-long", kind: "city", source: "template" }).filter).toEqual({ problem: "title-too-long", kind: "city", source: "template" });
    expect(filterFrom({ source: "template" }).filter).toEqual({});
    expect(filterFrom({ problem: "title-too-long", source: "elsewhere" }).filter).toEqual({ problem: "title-too-long" });
    expect(queryString({ problem: "title-too-long", kind: "city", source: "override" })).toBe("?kind=city&problem=title-too-long&source=override");
    expect(queryString({ source: "override" })).toBe("");
  });

  it("keeps the pages whose words with the problem come from the source asked for", () => {
    const row = (path: string, title: PageRow["sources"]["title"], problems: PageRow["problems"]) =>
      ({ kind: "city", path, title: path, state: "TX", problems, sources: { title, description: "default", keywords: "default", image_alt: "override" } }) as unknown as PageRow;
    const rows = [row("/a", "template", ["title-too-long"]), row("/b", "override", ["title-too-long"]), row("/c", "template", []), row("/d", "template", ["canonical-mismatch"]), row("/e", "template", ["image-alt-missing"])];
    const paths = (filter: Parameters<typeof filterRows>[1]) => filterRows(rows, filter).map((entry) => entry.path);
    expect(paths({ problem: "title-too-long", source: "template" })).toEqual(["/a"]);
    expect(paths({ problem: "title-too-long", source: "override" })).toEqual(["/b"]);
    expect(paths({ problem: "title-too-long" })).toEqual(["/a", "/b"]);
    expect(paths({ problem: "canonical-mismatch", source: "code" })).toEqual(["/d"]);
    // The share image's alt text is a field a template or an override writes.
    expect(paths({ problem: "image-alt-missing", source: "override" })).toEqual(["/e"]);
    expect(paths({ problem: "image-alt-missing", source: "code" })).toEqual([]);
  });

  it("orders the list by the widest title or description first, ties in the site's order, and keeps the order in its address", () => {
    const row = (path: string, titlePx: number, descriptionPx: number) => ({ path, titlePx, descriptionPx }) as unknown as PageRow;
    const rows = [row("/a", 300, 900), row("/b", 580, 400), row("/c", 300, 950), row("/d", 612, 100)];
    const order = (sort: Parameters<typeof sortRows>[1]) => sortRows(rows, sort).map((entry) => entry.path);
    expect(order("title-width")).toEqual(["/d", "/b", "/a", "/c"]);
    expect(order("description-width")).toEqual(["/c", "/a", "/b", "/d"]);
    expect(order(undefined)).toEqual(["/a", "/b", "/c", "/d"]);
    expect(filterFrom({ sort: "title-width" }).filter).toEqual({ sort: "title-width" });
    expect(filterFrom({ sort: "sideways" }).filter).toEqual({});
    expect(queryString({ kind: "city", sort: "description-width" })).toBe("?kind=city&sort=description-width");
  });
});
