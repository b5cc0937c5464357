import { formatDollars } from "./fees";
import { askedServicesOf, comparisonMarks, firstYearParts, formatDay, proposalChanges, serviceCoverage } from "./proposal-compare";

const version = {
  management_percent: 6,
  management_flat: null,
  leasing_percent: 50,
  setup_fee: 0,
  renewal_fee: 150,
  maintenance_markup_percent: 10,
  contract_months: 12,
  start_date: "2027-01-15",
  services: ["rent_collection"],
};

describe("what changed between two versions of a proposal", () => {
  it("names the first-year cost first, then each fee, term, start and services that changed", () => {
    const raised = { ...version, management_percent: 8, start_date: "2027-02-01", services: ["rent_collection", "maintenance_coordination"] };
    // $2,500 a month, 1 unit: 6% → $1,800 + $1,250 placement = $3,050; 8% → $2,400 + $1,250 = $3,650.
    expect(proposalChanges(version, raised, { rent: 2500, units: 1 })).toEqual([
      "first-year cost $3,050 → $3,650",
      "management fee 6% of collected rent → 8% of collected rent",
      "earliest start January 15, 2027 → February 1, 2027",
      "services Rent collection → Rent collection, Maintenance coordination",
    ]);
  });

  it("says nothing when only the order of services or nothing changed", () => {
    const both = { ...version, services: ["rent_collection", "inspections"] };
    expect(proposalChanges(both, { ...both, services: ["inspections", "rent_collection"] }, { rent: 2500, units: 1 })).toEqual([]);
  });

  it("names a fee that is not in the first-year cost on its own", () => {
    expect(proposalChanges(version, { ...version, renewal_fee: 300, contract_months: 0 }, { rent: 2500, units: 1 })).toEqual(["lease renewal fee $150 → $300", "minimum term 12 months → month to month"]);
  });
});

describe("the services the owner asked for", () => {
  const answers = [{ question: "Which services would you like a manager to handle?", answer: ["Rent collection", "Maintenance coordination", "Vendor contract management"] }];

  it("reads the answer in the directory's vocabulary; an answer no listed service matches cannot be checked", () => {
    expect(askedServicesOf(answers)).toEqual([
      { answer: "Rent collection", keys: ["rent_collection"] },
      { answer: "Maintenance coordination", keys: ["maintenance_coordination"] },
      { answer: "Vendor contract management", keys: [] },
    ]);
    expect(askedServicesOf([{ question: "Which services would you like a manager to handle?", answer: "Inspections, Eviction coordination" }]).map((entry) => entry.keys)).toEqual([["inspections"], ["evictions"]]);
    expect(askedServicesOf([])).toEqual([]);
  });

  it("marks each asked service offered, missing, or unchecked", () => {
    expect(serviceCoverage(askedServicesOf(answers), ["rent_collection", "evictions"])).toEqual({ offered: ["Rent collection"], missing: ["Maintenance coordination"], unchecked: ["Vendor contract management"] });
    // Any of the listed services that provide it will do.
    expect(serviceCoverage([{ answer: "Accounting and owner statements", keys: ["accounting", "owner_statements"] }], ["owner_statements"]).offered).toEqual(["Accounting and owner statements"]);
  });
});

describe("the first-year cost's parts", () => {
  it("names the renewal fee and the maintenance markup it cannot hold, only when charged", () => {
    expect(firstYearParts(version)).toEqual({
      included: ["management for 12 months", "one placement per unit", "setup"],
      excluded: ["the $150 renewal fee (due when a lease renews)", "the 10% maintenance markup (on repair bills nobody can know yet)"],
    });
    expect(firstYearParts({ renewal_fee: null, maintenance_markup_percent: 0 }).excluded).toEqual([]);
  });

  it("is said in whole dollars, and dates as people write them", () => {
    expect(formatDollars(5387.5)).toBe("$5,388");
    expect(formatDollars(123456.49)).toBe("$123,456");
    expect(formatDay("2026-12-10")).toBe("December 10, 2026");
    expect(formatDay("not a date")).toBe("not a date");
  });
});

describe("the comparison's marks", () => {
  it("marks the one cheapest and the one with most asked services", () => {
    const marks = comparisonMarks(
      [
        { id: 1, total: 3213, askedOffered: 1 },
        { id: 2, total: 5388, askedOffered: 2 },
      ],
      { askedCheckable: true },
    );
    expect(marks.cheapest).toEqual({ ids: new Set([1]), tie: false });
    expect(marks.mostServices).toEqual({ ids: new Set([2]), tie: false });
  });

  it("says a shared best is a tie (to the dollar)", () => {
    const marks = comparisonMarks(
      [
        { id: 1, total: 3213.2, askedOffered: 2 },
        { id: 2, total: 3212.9, askedOffered: 2 },
        { id: 3, total: 4000, askedOffered: 1 },
      ],
      { askedCheckable: true },
    );
    expect(marks.cheapest).toEqual({ ids: new Set([1, 2]), tie: true });
    expect(marks.mostServices).toEqual({ ids: new Set([1, 2]), tie: true });
  });

  it("marks nothing for a single proposal, and no services mark when nothing asked can be checked or none is offered", () => {
    expect(comparisonMarks([{ id: 1, total: 1, askedOffered: 1 }], { askedCheckable: true }).cheapest.ids.size).toBe(0);
    const offers = [
      { id: 1, total: 1, askedOffered: 0 },
      { id: 2, total: 2, askedOffered: 0 },
    ];
    expect(comparisonMarks(offers, { askedCheckable: true }).mostServices.ids.size).toBe(0);
    expect(comparisonMarks([{ id: 1, total: 1, askedOffered: 1 }, { id: 2, total: 2, askedOffered: 0 }], { askedCheckable: false }).mostServices.ids.size).toBe(0);
  });
});
