import { itemListLd, linkListLd, organizationLd } from "./json-ld";

const ORIGIN = "https://example.com";
const agent = (id: number) => ({ agent_id: id, company_name: `Company ${id}`, state: "TX", city_slug: "austin" }) as unknown as Parameters<typeof itemListLd>[2][number];

describe("ItemList JSON-LD", () => {
  it("page 2 of a 25-item list: positions 21-25, numberOfItems the whole list's 25", () => {
    const list = itemListLd(ORIGIN, "Austin, page 2", [21, 22, 23, 24, 25].map(agent), { firstPosition: 21, total: 25 });
    expect(list.numberOfItems).toBe(25);
    expect((list.itemListElement as { position: number }[]).map((item) => item.position)).toEqual([21, 22, 23, 24, 25]);
  });

  it("a list shown whole counts what it shows", () => {
    const list = linkListLd(ORIGIN, "Articles", [{ name: "A", path: "/blog/a" }, { name: "B", path: "/blog/b" }]);
    expect(list.numberOfItems).toBe(2);
  });

  it("never says fewer items than the last position it shows (a total read before a manager was added)", () => {
    const list = linkListLd(ORIGIN, "Later", [{ name: "A", path: "/a" }, { name: "B", path: "/b" }], { firstPosition: 21, total: 21 });
    expect(list.numberOfItems).toBe(22);
  });
});

describe("Organization JSON-LD", () => {
  it("has no sameAs when the site runs no social profile (the default)", () => {
    expect(organizationLd(ORIGIN, [])).not.toHaveProperty("sameAs");
  });

  it("names as sameAs exactly the profiles configured", () => {
    expect(organizationLd(ORIGIN, ["https://www.linkedin.com/company/example-co"]).sameAs).toEqual(["https://www.linkedin.com/company/example-co"]);
  });
});
