import {
  COMPARE_MIN_STATES,
  LAW_TOPICS,
  checkedAgainstText,
  findLawTopic,
  formatReviewedDate,
  hasComparePage,
  isNoStatuteFact,
  lawTopic,
  sectionAnchor,
  sourceHost,
  sourceKind,
} from "./law-topics";

describe("law topics", () => {
  it("have unique keys and slugs, and URL-safe slugs", () => {
    expect(new Set(LAW_TOPICS.map((topic) => topic.key)).size).toBe(LAW_TOPICS.length);
    expect(new Set(LAW_TOPICS.map((topic) => topic.slug)).size).toBe(LAW_TOPICS.length);
    for (const topic of LAW_TOPICS) expect(topic.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("are found by slug or key, in any case", () => {
    expect(findLawTopic("Late-Fees")?.key).toBe("late_fee_rules");
    expect(findLawTopic("late_fee_rules")?.slug).toBe("late-fees");
    expect(findLawTopic("pets")).toBeUndefined();
  });

  it("give a comparison page to complete topics and to extra topics from 15 states", () => {
    expect(hasComparePage(lawTopic("late_fee_rules"), 51)).toBe(true);
    expect(hasComparePage(lawTopic("main_statute"), 51)).toBe(false);
    expect(hasComparePage(lawTopic("rent_increase_notice"), COMPARE_MIN_STATES - 1)).toBe(false);
    expect(hasComparePage(lawTopic("rent_increase_notice"), COMPARE_MIN_STATES)).toBe(true);
    // Rent control covers every jurisdiction now (rent-control-facts.json).
    expect(lawTopic("rent_control").coverage).toBe("core");
  });

  it('call a fact "no statute" only when it cites none and says so', () => {
    expect(isNoStatuteFact({ value: "No statutory limit", citation: null })).toBe(true);
    expect(isNoStatuteFact({ value: "30 days' notice", citation: null })).toBe(false);
    expect(isNoStatuteFact({ value: "No interest requirement", citation: "Va. Code § 55.1-1204" })).toBe(false);
    // Wyoming's rent control cites none because its preemption could not be confirmed.
    expect(isNoStatuteFact({ value: "No statewide rent cap and no local rent control.", citation: null, verified: false })).toBe(false);
  });

  it("name what a source page is: an official site or a secondary source", () => {
    expect(sourceKind("https://www.flsenate.gov/Laws/Statutes/2024/83.49")).toBe("official");
    expect(sourceKind("http://alisondb.legislature.state.al.us/alison/codeofalabama/1975/11-80-8.1.htm")).toBe("official");
    expect(sourceKind("https://code.dccouncil.us/us/dc/council/code/sections/42-3505.01")).toBe("official");
    expect(sourceKind("https://ipropertymanagement.com/laws/kentucky-rent-increases")).toBe("secondary");
    expect(sourceKind("https://law.justia.com/codes/texas/2005/pr/004.00.000092.00.html")).toBe("secondary");
    expect(checkedAgainstText("https://legalclarity.org/what-is-california-civil-code-1947-12")).toBe("legalclarity.org, a secondary source, not the official code");
  });

  it("write dates, hosts and anchors for people", () => {
    expect(formatReviewedDate("2026-11-23")).toBe("November 23, 2026");
    expect(sourceHost("https://www.flsenate.gov/Laws/Statutes/2024/83.49")).toBe("flsenate.gov");
    expect(sectionAnchor("Property Manager Licensing")).toBe("property-manager-licensing");
  });
});
