import {
  isShareImagePath,
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
import { quoteStartFromQuery, quoteStartPath } from "./quote-start";

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
      rent: 2000,
    });
    expect(listViewFromQuery({ sort: "cheapest", category: "5", page: "x" })).toEqual({ sort: "distance", category: 0, services: [], page: 1, rent: 2000 });
    // The fee sort's rent: kept in the address when it is not the default, said when it is not a rent.
    expect(cityViewPath("TX", "austin", { sort: "fee", rent: 2500, services: ["evictions"] })).toBe("/agents/TX/austin/view?sort=fee&rent=2500&service=evictions");
    expect(cityViewPath("TX", "austin", { sort: "years", rent: 2500 })).toBe("/agents/TX/austin/view?sort=years");
    expect(cityViewPath("TX", "austin", { sort: "fee", rent: 2000 })).toBe("/agents/TX/austin/view?sort=fee");
    expect(listViewFromQuery({ sort: "fee", rent: "1,750" })).toMatchObject({ sort: "fee", rent: 1750 });
    expect(listViewFromQuery({ sort: "fee", rent: "lots" })).toMatchObject({ rent: 2000, rentInvalid: "lots" });
    expect(isDefaultListView({ sort: "distance", services: [] })).toBe(true);
    expect(isDefaultListView({ sort: "years" })).toBe(false);
  });

  it("leaves a city's view to its page: the production server's check would take 'view' for a category and answer 404", () => {
    expect(matchDynamicRoute(["agents", "TX", "austin", "view"])).toBeNull();
    expect(matchDynamicRoute(["agents", "TX", "austin", "multi-family"])).toEqual({ route: "city", state: "TX", city: "austin", category: "multi-family", page: "1" });
  });
});

describe("isShareImagePath", () => {
  it.each(["/agent/TX/austin/1400/opengraph-image-zv6u9g/card", "/agent/TX/austin/1400/twitter-image-abc/card", "/blog/some-post/opengraph-image-x1/card"])("knows %s", (path) => {
    expect(isShareImagePath(path)).toBe(true);
  });
  it.each(["/agent/TX/austin/1400", "/agent/TX/austin/1400/opengraph-image-zv6u9g/other", "/blog/some-post", "/agents/TX/austin", "/", "agent/TX/austin/1400/opengraph-image-zv6u9g/card"])("refuses %s", (path) => {
    expect(isShareImagePath(path)).toBe(false);
  });
});

describe("a quote link's address", () => {
  const read = (query: string) => quoteStartFromQuery(new URLSearchParams(query));

  it("names the managers and the place in step 1's query, and reads them back", () => {
    const path = quoteStartPath({ managers: [1400], city: "St. Louis" });
    expect(path).toBe("/search?manager=1400&city=St.+Louis");
    expect(read(path.split("?")[1])).toEqual({ managers: [1400], city: "St. Louis" });
    expect(quoteStartPath({ managers: [1, 2, 3], zip: "78701" })).toBe("/search?manager=1&manager=2&manager=3&zip=78701");
    expect(read("manager=1&manager=2&zip=78701-1234")).toEqual({ managers: [1, 2], zip: "78701" });
    expect(read("city=Coeur+d%27Alene")).toEqual({ managers: [], city: "Coeur d'Alene" });
    expect(quoteStartPath({ managers: [] })).toBe("/search");
  });

  it("drops each malformed part on its own, and reads nothing usable as null", () => {
    for (const id of ["0", "-3", "1.5", "12abc", "1e3", "", "0012", "1234567890", "%2B1"]) expect(read(`manager=${id}`)).toBeNull();
    expect(read("manager=abc&manager=1400")).toEqual({ managers: [1400] });
    // Repeats count once; past the most a comparison holds (COMPARE_MAX) the rest are left out.
    expect(read("manager=5&manager=5&manager=6&manager=7&manager=8")).toEqual({ managers: [5, 6, 7] });
    expect(read("manager=1400&city=<script>&zip=7870")).toEqual({ managers: [1400] });
    expect(read(`city=${"a".repeat(101)}`)).toBeNull();
    expect(read("zip=787011")).toBeNull();
    expect(read("")).toBeNull();
    expect(read("sort=fee")).toBeNull();
  });
});
