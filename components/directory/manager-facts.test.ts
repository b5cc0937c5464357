import { areaText, cardAboutText, licenseText, yearsText } from "./manager-facts";
import { pageWindow } from "./Pagination";

describe("how a manager's facts are worded", () => {
  it("never calls a license checked unless a registry check with its date says so", () => {
    const base = { state: "TX", number: "0601234", type: "Real estate broker", checked_on: null };
    expect(licenseText({ ...base, number: "SAMPLE-123456", source: "sample" })).toBe("License: sample data, not a real license (TX real estate broker no. SAMPLE-123456)");
    expect(licenseText({ ...base, source: "self-reported" })).toBe("License: TX real estate broker no. 0601234, as reported by the company (not checked by us)");
    expect(licenseText({ ...base, source: "registry", checked_on: "2026-11-02" })).toBe("License: TX real estate broker no. 0601234, checked in the state registry on November 2, 2026");
    // A registry source without its date is not a check anyone can point to.
    expect(licenseText({ ...base, source: "registry" })).not.toContain("checked in");
    expect(licenseText(null)).toBe("License: not provided");
  });

  it("words years, the area served and the distance", () => {
    expect(yearsText(1999, new Date("2026-06-01T00:00:00Z"))).toBe("Founded 1999 · 27 years in business");
    expect(yearsText(2025, new Date("2026-06-01T00:00:00Z"))).toBe("Founded 2025 · 1 year in business");
    expect(yearsText(null)).toBeNull();
    expect(areaText({ city: "Austin", service_area: { lat: 30.27, lng: -97.74, radius_miles: 25 } })).toBe("Serves Austin and places within 25 miles");
    expect(areaText({ city: "Austin", service_area: null })).toBe("Serves Austin");
  });

  it("offers the first, the last and two pages either side of the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap", 18, 19, 20]);
  });
});

describe("a card's about text (spec 2.5)", () => {
  it("is the about's first sentence, whole", () => {
    expect(cardAboutText("Founded in 2012, Fairbanks Property Services looks after about 480 units. Homes are inspected at move-in.")).toBe(
      "Founded in 2012, Fairbanks Property Services looks after about 480 units.",
    );
    expect(cardAboutText("  A short  note  ")).toBe("A short note");
  });

  it("cuts a first sentence longer than 100 characters at a word, never inside one, and marks the cut", () => {
    const long = `${"Owners across the metro trust this team with duplexes ".repeat(4)}and more.`;
    const card = cardAboutText(long);
    expect(card.length).toBeLessThanOrEqual(100);
    expect(card.endsWith("…")).toBe(true);
    expect(long.startsWith(card.slice(0, -1))).toBe(true);
    expect(long[card.length - 1]).toBe(" ");
  });
});
