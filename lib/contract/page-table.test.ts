import { PAGE_TABLE, cityListRequest, lastListPage, pageDecision } from "./page-table";
import { DIRECTORY_PAGE_SIZE } from "./site";

describe("the page table: which dynamic pages exist, and their canonical address", () => {
  it("decides: no canonical is a 404, another spelling one redirect, the canonical itself the page", () => {
    expect(pageDecision("/agents/tx", null)).toEqual({ kind: "missing" });
    expect(pageDecision("/agents/tx", "/agents/TX")).toEqual({ kind: "redirect", location: "/agents/TX" });
    expect(pageDecision("/agents/TX", "/agents/TX")).toEqual({ kind: "page" });
  });

  it("reads page numbers as 1 and up, without a leading zero (record-id.ts)", () => {
    expect(["1", "42", "123456789", "0", "01", "1234567890", "1e3", ""].map((page) => cityListRequest({ page })?.page ?? null)).toEqual([1, 42, 123456789, null, null, null, null, null]);
  });

  it("a city list exists from page 1 (an empty list too) to its last page, and page 1 has no /page/1", () => {
    expect(lastListPage(0)).toBe(1);
    expect(lastListPage(DIRECTORY_PAGE_SIZE + 1)).toBe(2);
    const austin = { state: "TX", city_slug: "austin", last_page: 2 };
    expect(PAGE_TABLE.city(cityListRequest({ page: "1" })!, austin)).toBe("/agents/TX/austin");
    expect(PAGE_TABLE.city(cityListRequest({ category: "multi-family", page: "2" })!, austin)).toBe("/agents/TX/austin/multi-family/page/2");
    expect(PAGE_TABLE.city(cityListRequest({ page: "3" })!, austin)).toBeNull();
    expect(PAGE_TABLE.city(cityListRequest({})!, null)).toBeNull();
    expect(cityListRequest({ category: "castles" })).toBeNull();
    expect(cityListRequest({ page: "0" })).toBeNull();
  });

  it("only a topic with a 50-state comparison has a compare page; records give their canonical paths", () => {
    expect(PAGE_TABLE.lawCompare({ slug: "late-fees", compare: true })).toBe("/laws/compare/late-fees");
    expect(PAGE_TABLE.lawCompare({ slug: "late-fees", compare: false })).toBeNull();
    expect(PAGE_TABLE.state({ abbreviation: "TX" })).toBe("/agents/TX");
    expect(PAGE_TABLE.law({ slug: "texas" })).toBe("/laws/texas");
    expect(PAGE_TABLE.agent({ state: "tx", city_slug: "austin", agent_id: 7 })).toBe("/agent/TX/austin/7");
    expect(PAGE_TABLE.blog(null)).toBeNull();
  });
});
