import { sameListGroups, tabsRepeatingCity } from "./duplicate-lists";

describe("duplicate lists", () => {
  it("groups lists with the same managers in any order, the largest group first, and ignores empty lists", () => {
    const groups = sameListGroups([
      { path: "/agents/AK/anchorage", managers: [3, 1, 2] },
      { path: "/agents/AK/eagle-river", managers: [1, 2, 3] },
      { path: "/agents/AK/girdwood", managers: [2, 3, 1, 1] },
      { path: "/agents/TX/austin", managers: [1, 2] },
      { path: "/agents/TX/round-rock", managers: [2, 1] },
      { path: "/agents/TX/elgin", managers: [2] },
      { path: "/agents/TX/nowhere", managers: [] },
      { path: "/agents/TX/nowhere-else", managers: [] },
    ]);
    expect(groups).toEqual([
      ["/agents/AK/anchorage", "/agents/AK/eagle-river", "/agents/AK/girdwood"],
      ["/agents/TX/austin", "/agents/TX/round-rock"],
    ]);
  });

  it("counts the tabs that list all their city's managers, never an empty tab", () => {
    expect(tabsRepeatingCity([{ managers: 25, tabs: [25, 21, 0, 25] }, { managers: 3, tabs: [3, 3, 3, 3] }, { managers: 0, tabs: [0, 0, 0, 0] }])).toBe(6);
  });
});
