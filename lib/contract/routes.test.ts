import {
  agentPath,
  cityPath,
  cityViewPath,
  isDefaultListView,
  listViewFromQuery,
  managersNearPath,
  matchDynamicRoute,
  requestedAgentPath,
  requestedCityPath,
  requestedStatePath,
  statePath,
} from "./routes";

describe("routes", () => {
  it("builds each shape once: canonical paths normalise, requested paths keep what was asked", () => {
    expect(cityPath("tx", "austin", { category: "multi-family", page: 2 })).toBe("/agents/TX/austin/multi-family/page/2");
    expect(requestedCityPath({ state: "tx", city: "Austin", page: "1" })).toBe("/agents/tx/Austin/page/1");
    expect(agentPath({ state: "tx", city_slug: "austin", agent_id: 7 })).toBe("/agent/TX/austin/7");
    expect(requestedAgentPath({ state: "tx", city: "austin", id: "007" })).toBe("/agent/tx/austin/007");
    expect(statePath("tx")).toBe("/agents/TX");
    expect(requestedStatePath("texas")).toBe("/agents/texas");
  });

  it("writes a list view's query without its defaults, and reads one back, checked", () => {
    expect(cityViewPath("TX", "austin")).toBe("/agents/TX/austin/view");
    expect(cityViewPath("TX", "austin", { sort: "fee", category: 2, services: ["evictions", "inspections"], page: 2 })).toBe(
      "/agents/TX/austin/view?sort=fee&category=2&service=evictions&service=inspections&page=2",
    );
    expect(managersNearPath({ zip: "78701", sort: "distance", category: 0 })).toBe("/managers?zip=78701");
    expect(listViewFromQuery({ sort: "fee", category: "2", service: ["evictions", "teleportation", "evictions"], page: "3" })).toEqual({
      sort: "fee",
      category: 2,
      services: ["evictions"],
      page: 3,
    });
    expect(listViewFromQuery({ sort: "cheapest", category: "5", page: "x" })).toEqual({ sort: "distance", category: 0, services: [], page: 1 });
    expect(isDefaultListView({ sort: "distance", services: [] })).toBe(true);
    expect(isDefaultListView({ sort: "years" })).toBe(false);
  });

  it("leaves a city's view to its page: the production server's check would take 'view' for a category and answer 404", () => {
    expect(matchDynamicRoute(["agents", "TX", "austin", "view"])).toBeNull();
    expect(matchDynamicRoute(["agents", "TX", "austin", "multi-family"])).toEqual({ route: "city", state: "TX", city: "austin", category: "multi-family", page: "1" });
  });
});
