import { cheapestFirstYear, firstYearCost, mostServices, rentFromQuery } from "./first-year-cost";
import { NO_FEES } from "./fees";
import type { Fees } from ".";

const percentFees: Fees = {
  management_percent: 8,
  management_flat: null,
  leasing_percent: 75,
  renewal_fee: 150,
  setup_fee: 99,
  maintenance_markup_percent: 10,
  vacancy_fee: false,
};
const flatFees: Fees = { ...percentFees, management_percent: null, management_flat: 129, setup_fee: 0, renewal_fee: 0 };

describe("first-year cost", () => {
  it("adds management for twelve months, leasing once and setup; renewal stays apart", () => {
    expect(firstYearCost({ fees: percentFees, monthlyRent: 2000 })).toEqual({ monthlyRent: 2000, units: 1, management: 1920, leasing: 1500, setup: 99, total: 3519, renewal: 150 });
    expect(firstYearCost({ fees: flatFees, monthlyRent: 2000 })).toEqual({ monthlyRent: 2000, units: 1, management: 1548, leasing: 1500, setup: 0, total: 3048, renewal: 0 });
  });

  it("follows the rent for percentages but not for a flat fee", () => {
    expect(firstYearCost({ fees: percentFees, monthlyRent: 3000 }).total).toBe(3000 * 0.08 * 12 + 3000 * 0.75 + 99);
    expect(firstYearCost({ fees: flatFees, monthlyRent: 3000 }).management).toBe(1548);
  });

  it("ranks percent against flat by what the year costs, which turns with the rent", () => {
    // 8% of $1,000 is $80 a month, under the flat $129; at $2,500 it is $200, over it.
    const at = (monthlyRent: number) => [percentFees, flatFees].map((fees) => firstYearCost({ fees, monthlyRent }).total!);
    const [percentLow, flatLow] = at(1000);
    const [percentHigh, flatHigh] = at(2500);
    expect(percentLow).toBeLessThan(flatLow);
    expect(percentHigh).toBeGreaterThan(flatHigh);
  });

  it("charges management, leasing and renewal per home and setup once", () => {
    const three = firstYearCost({ fees: percentFees, monthlyRent: 2000, units: 3 });
    expect(three).toMatchObject({ units: 3, management: 1920 * 3, leasing: 1500 * 3, setup: 99, total: 1920 * 3 + 1500 * 3 + 99, renewal: 450 });
    expect(firstYearCost({ fees: percentFees, monthlyRent: 2000, units: 0 }).units).toBe(1);
  });

  it("keeps cents and never calls an unlisted fee zero", () => {
    expect(firstYearCost({ fees: { ...percentFees, management_percent: 7.5 }, monthlyRent: 1234.5 }).management).toBe(1111.05);
    expect(firstYearCost({ fees: NO_FEES, monthlyRent: 2000 })).toMatchObject({ management: null, leasing: null, setup: null, total: null, renewal: null });
    expect(firstYearCost({ fees: { ...percentFees, setup_fee: null }, monthlyRent: 2000 }).total).toBeNull();
  });
});

describe("marks on /compare", () => {
  it("marks the lowest known total, every tie, and says when some totals were unknown", () => {
    expect(cheapestFirstYear([{ id: 1, total: 3000 }, { id: 2, total: 2500 }, { id: 3, total: 2500 }])).toEqual({ ids: [2, 3], complete: true });
    expect(cheapestFirstYear([{ id: 1, total: 3000 }, { id: 2, total: null }, { id: 3, total: 3100 }])).toEqual({ ids: [1], complete: false });
  });

  it("marks nobody cheapest with fewer than two known totals", () => {
    expect(cheapestFirstYear([{ id: 1, total: 3000 }]).ids).toEqual([]);
    expect(cheapestFirstYear([{ id: 1, total: 3000 }, { id: 2, total: null }]).ids).toEqual([]);
  });

  it("marks the most services only when the counts differ", () => {
    expect(mostServices([{ id: 1, services: ["a"] }, { id: 2, services: ["a", "b"] }, { id: 3, services: ["b", "c"] }])).toEqual([2, 3]);
    expect(mostServices([{ id: 1, services: ["a"] }, { id: 2, services: ["b"] }])).toEqual([]);
    expect(mostServices([{ id: 1, services: ["a"] }])).toEqual([]);
  });
});

describe("the rent a page assumes", () => {
  it("takes the owner's rent from the address, else $2,000 and says what was not a rent", () => {
    expect(rentFromQuery("2500")).toEqual({ rent: 2500 });
    expect(rentFromQuery(["$3,150", "9"])).toEqual({ rent: 3150 });
    expect(rentFromQuery(undefined)).toEqual({ rent: 2000 });
    expect(rentFromQuery("abc")).toEqual({ rent: 2000, invalid: "abc" });
    expect(rentFromQuery("0")).toEqual({ rent: 2000, invalid: "0" });
    expect(rentFromQuery("100001")).toEqual({ rent: 2000, invalid: "100001" });
  });
});
