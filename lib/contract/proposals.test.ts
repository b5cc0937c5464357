import { assumptionOf, profileDifferences, proposalFirstYear } from "./proposals";
import { NO_FEES } from "./fees";
import { DEFAULT_MONTHLY_RENT } from "./site";

const terms = { management_percent: 8, management_flat: null, leasing_percent: 50, setup_fee: 250, renewal_fee: 150, maintenance_markup_percent: 10 };

describe("proposal arithmetic", () => {
  it("adds up the first year per unit: management for 12 months, one placement, setup once", () => {
    expect(proposalFirstYear(terms, 1500, 5)).toEqual({ management: 7200, leasing: 3750, setup: 250, total: 11200 });
    expect(proposalFirstYear({ ...terms, management_percent: null, management_flat: 95, leasing_percent: null, setup_fee: null }, 1500, 2)).toEqual({ management: 2280, leasing: 0, setup: 0, total: 2280 });
    // No management fee at all is charged as none, never as an unknown total.
    expect(proposalFirstYear({ ...terms, management_percent: null, management_flat: null }, 1500, 1)).toEqual({ management: 0, leasing: 750, setup: 250, total: 1000 });
  });

  it("points out only the fees the profile lists and the proposal changes", () => {
    const profile = { ...NO_FEES, management_flat: 89, leasing_percent: 50, renewal_fee: 300 };
    expect(profileDifferences(profile, terms)).toEqual([
      { label: "Management fee", profile: "$89 a month" },
      { label: "Lease renewal fee", profile: "$300" },
    ]);
  });

  it("reads the rent and the unit count from the owner's answers, else assumes one unit at the default rent", () => {
    expect(assumptionOf([{ question: "How many units are in the property?", answer: "5 to 10 units" }, { question: "What is the average monthly rent per unit?", answer: "$1,200 to $1,800" }])).toEqual({ rent: 1500, units: 5, from_answers: true });
    expect(assumptionOf([{ question: "What is the current or expected monthly rent?", answer: "Under $1,000" }])).toEqual({ rent: 1000, units: 1, from_answers: true });
    expect(assumptionOf([])).toEqual({ rent: DEFAULT_MONTHLY_RENT, units: 1, from_answers: false });
  });
});
