import { linkListLd, localBusinessLd, organizationLd } from "./json-ld";

const ORIGIN = "https://example.com";
const manager = (id: number) => ({ name: `Company ${id}`, path: `/agent/TX/austin/${id}` });

describe("ItemList JSON-LD", () => {
  it("page 2 of a 25-item list: positions 21-25, numberOfItems the whole list's 25", () => {
    const list = linkListLd(ORIGIN, "Austin, page 2", [21, 22, 23, 24, 25].map(manager), { firstPosition: 21, total: 25 });
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

describe("RealEstateAgent JSON-LD of a sample listing", () => {
  const agent = {
    agent_id: 7, company_name: "Lone Star Homes", state: "TX", city: "Austin", city_slug: "austin", address: "100 Congress Ave", zip: "78701",
    photo: "/images/agents/7.svg", about: "We manage homes.", fees: { management_percent: 8, management_flat: null, leasing_percent: 50, renewal_fee: null, setup_fee: null }, category: "Single Family", service_area: null, year_founded: null, demo: 1,
  } as unknown as Parameters<typeof localBusinessLd>[1];

  it("says Sample in its name and carries no street address or postal code that looks like a real office", () => {
    const ld = localBusinessLd(ORIGIN, agent);
    expect(ld.name).toBe("Lone Star Homes (Sample)");
    expect(ld.description).toMatch(/^Sample listing/);
    expect(ld.address).toEqual({ "@type": "PostalAddress", addressLocality: "Austin", addressRegion: "TX", addressCountry: "US" });
    expect(JSON.stringify(ld)).not.toContain("100 Congress Ave");
    expect(JSON.stringify(ld)).not.toContain("78701");
  });

  it("a real listing keeps its office address", () => {
    const ld = localBusinessLd(ORIGIN, { ...agent, demo: 0 });
    expect(ld.name).toBe("Lone Star Homes");
    expect(ld.address).toMatchObject({ streetAddress: "100 Congress Ave", postalCode: "78701" });
  });
});
