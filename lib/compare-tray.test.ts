/** @jest-environment jsdom */
import { COMPARE_TRAY_KEY, readCompareTray, saveCompareTray, withManager, withoutManager } from "./compare-tray";

beforeEach(() => window.localStorage.clear());

describe("the compare tray kept between pages", () => {
  it("keeps ids and names, at most three, each once", () => {
    let tray = withManager([], { id: 4, name: "Four" });
    tray = withManager(tray, { id: 4, name: "Four again" });
    tray = withManager(tray, { id: 5, name: "Five" });
    tray = withManager(tray, { id: 6, name: "Six" });
    expect(withManager(tray, { id: 7, name: "Seven" })).toEqual(tray);
    saveCompareTray(tray);
    expect(readCompareTray()).toEqual([{ id: 4, name: "Four" }, { id: 5, name: "Five" }, { id: 6, name: "Six" }]);
    saveCompareTray(withoutManager(tray, 5));
    expect(readCompareTray().map((item) => item.id)).toEqual([4, 6]);
  });

  it("reads anything unreadable as an empty tray", () => {
    for (const stored of ["not json", "{}", JSON.stringify([{ id: -1, name: "x" }, { id: 2 }, "3"])]) {
      window.localStorage.setItem(COMPARE_TRAY_KEY, stored);
      expect(readCompareTray()).toEqual([]);
    }
    window.localStorage.setItem(COMPARE_TRAY_KEY, JSON.stringify([{ id: 2, name: "Two" }, { id: 2, name: "Two" }, { id: 3, name: "Three" }, { id: 8, name: "8" }, { id: 9, name: "9" }]));
    expect(readCompareTray().map((item) => item.id)).toEqual([2, 3, 8]);
  });
});
