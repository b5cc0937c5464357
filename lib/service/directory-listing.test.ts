import { contract, type Fees } from "../contract";
import { firstYearCost } from "../contract/first-year-cost";
import { distanceMiles } from "../contract/geo";
import { announcePostgres, citiesServedBy, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** agents/list and agent/get: the managers serving a city, ranked, sorted and filtered, and what they show. */
describe.each(databaseKinds)("the directory's lists on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;
  /** A seeded city nobody serves (remote towns have no office of their own). */
  const unservedCity = () => citiesServedBy(suite.database, "=", 0).executeTakeFirstOrThrow();

  const servesAustin = (agent: { city: string; distance_miles: number; service_area: { radius_miles: number } }) =>
    agent.city === "Austin" || agent.distance_miles <= agent.service_area.radius_miles;

  it("agents/list finds a city by name or slug in any case and lists the managers serving it, by category", async () => {
    const byName = await call("agents/list", { cate_id: 1, state: "TX", city: "Austin" });
    const bySlug = await call("agents/list", { cate_id: 1, state: "tx", city: "austin" });
    expect(byName.status).toBe(200);
    expect(bySlug.body).toEqual(byName.body);
    expect(contract["agents/list"].response.safeParse(byName.body).success).toBe(true);
    const agents = byName.body.agents.data;
    expect(agents.length).toBeGreaterThanOrEqual(3);
    for (const agent of agents) {
      expect(agent.category_ids).toContain(1);
      expect(agent.state).toBe("TX");
      expect(servesAustin(agent)).toBe(true);
    }
    // Managers from the towns around serve Austin too, not only those with an Austin office.
    const all = await call("agents/list", { cate_id: 0, state: "TX", city: "austin", per_page: 100 });
    expect(all.body.agents.data.some((agent: { city: string }) => agent.city !== "Austin")).toBe(true);
    expect(all.body.agents.total).toBeGreaterThan(byName.body.agents.total);
    expect(all.body.nearby).toEqual([]);
    const commercial = await call("agents/list", { cate_id: 8, state: "TX", city: "Austin" });
    for (const agent of commercial.body.agents.data) expect(agent.category_ids).toContain(8);

    const spaced = await call("agents/list", { state: "NY", city: "New York" });
    expect(spaced.body.city.slug).toBe("new-york");
  });

  it("agents/list ranks the town's own offices first, then nearest (ties: longest in business), featured never moved up, every manager exactly once", async () => {
    const pages: { agent_id: number; featured: number; distance_miles: number; city_slug: string; year_founded: number | null }[][] = [];
    const first = await call("agents/list", { cate_id: 0, state: "NJ", city: "franklin-township", per_page: 5 });
    const { total, last_page } = first.body.agents;
    expect(last_page).toBe(Math.ceil(total / 5));
    for (let page = 1; page <= last_page; page++) {
      pages.push((await call("agents/list", { cate_id: 0, state: "NJ", city: "franklin-township", per_page: 5, page })).body.agents.data);
    }
    const listed = pages.flat();
    expect(listed).toHaveLength(total);
    expect(new Set(listed.map((agent) => agent.agent_id)).size).toBe(total);
    const key = (agent: (typeof listed)[number]) => [agent.city_slug === "franklin-township" ? 0 : 1, agent.distance_miles, agent.year_founded ?? 9999, agent.agent_id];
    const byRule = [...listed].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3];
    });
    expect(listed.map((agent) => agent.agent_id)).toEqual(byRule.map((agent) => agent.agent_id));
    // Franklin Township's own offices lie 44 miles from its point (they were on page 3): first now.
    const own = listed.filter((agent) => agent.city_slug === "franklin-township");
    expect(own.length).toBeGreaterThan(0);
    expect(listed.slice(0, own.length).every((agent) => agent.city_slug === "franklin-township")).toBe(true);
    expect(own[0].distance_miles).toBeGreaterThan(listed[own.length].distance_miles);
    // Featured managers are marked, never moved up: some come after managers that are not.
    const firstPlain = listed.findIndex((agent) => agent.featured === 0);
    expect(listed.slice(firstPlain).some((agent) => agent.featured === 1)).toBe(true);
    // The database's own count of managers serving the town.
    const town = await suite.database.db.selectFrom("cities").select("managers_serving").where("slug", "=", "franklin-township").where("state_id", "=", first.body.state.id).executeTakeFirstOrThrow();
    expect(Number(town.managers_serving)).toBe(total);
  });

  it("agents/list sorts by fee, years or units and keeps the managers offering a service, in pages, with the counts per category", async () => {
    type Listed = { agent_id: number; fees: Fees; year_founded: number | null; units_managed: number | null; services: string[]; category_ids: number[] };
    const all = async (body: Record<string, unknown>) => {
      const listed: Listed[] = [];
      for (let page = 1; ; page++) {
        const answer = await call("agents/list", { state: "TX", city: "austin", cate_id: 0, per_page: 7, page, ...body });
        expect(answer.status).toBe(200);
        listed.push(...answer.body.agents.data);
        if (page >= answer.body.agents.last_page) return { listed, total: answer.body.agents.total as number, body: answer.body };
      }
    };
    const everyone = await all({});
    const nullsLast = (values: (number | null)[]) => values.map((value) => (value === null ? Infinity : value));
    const ascending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1] <= value);
    // The fee sort ranks the first year at the owner's rent ($2,000 when not given), percent and flat fees alike.
    const firstYear = (rent: number) => (agent: Listed) => firstYearCost({ fees: agent.fees, monthlyRent: rent }).total;
    const byFee = await all({ sort: "fee" });
    expect(byFee.listed).toHaveLength(everyone.total);
    expect(ascending(nullsLast(byFee.listed.map(firstYear(2000))))).toBe(true);
    const byFeeLowRent = await all({ sort: "fee", rent: 700 });
    expect(ascending(nullsLast(byFeeLowRent.listed.map(firstYear(700))))).toBe(true);
    // A flat fee weighs more at a low rent: the order turns with the rent the owner states.
    expect(byFeeLowRent.listed.map((agent) => agent.agent_id)).not.toEqual(byFee.listed.map((agent) => agent.agent_id));
    expect((await call("agents/list", { state: "TX", city: "austin", sort: "fee", rent: 0 })).status).toBe(400);
    const nearByFee = (await call("agents/near", { zip: "78701", cate_id: 0, sort: "fee", rent: 700, per_page: 100 })).body.agents.data as Listed[];
    expect(nearByFee.length).toBeGreaterThan(1);
    expect(ascending(nullsLast(nearByFee.map(firstYear(700))))).toBe(true);
    const byYears = await all({ sort: "years" });
    expect(ascending(nullsLast(byYears.listed.map((agent) => agent.year_founded)))).toBe(true);
    const byUnits = await all({ sort: "units" });
    expect(ascending(nullsLast(byUnits.listed.map((agent) => (agent.units_managed === null ? null : -agent.units_managed))))).toBe(true);
    expect(new Set(byUnits.listed.map((agent) => agent.agent_id))).toEqual(new Set(everyone.listed.map((agent) => agent.agent_id)));

    const evictions = await all({ services: ["evictions", "inspections"], sort: "fee" });
    const offering = everyone.listed.filter((agent) => agent.services.includes("evictions") && agent.services.includes("inspections"));
    expect(offering.length).toBeGreaterThan(0);
    expect(offering.length).toBeLessThan(everyone.total);
    expect(evictions.total).toBe(offering.length);
    expect(evictions.listed.map((agent) => agent.agent_id).sort()).toEqual(offering.map((agent) => agent.agent_id).sort());

    const counts = everyone.body.category_counts as { category_id: number; managers: number }[];
    for (const { category_id, managers } of counts) expect(managers).toBe(everyone.listed.filter((agent) => agent.category_ids.includes(category_id)).length);
    expect(counts.map((count) => count.category_id)).toEqual([1, 2, 3, 8]);
    expect(everyone.body.nearest_cities).toEqual([]);
    expect((await call("agents/list", { state: "TX", city: "austin", sort: "cheapest" })).body.message).toBe("Sort must be one of distance, fee, years, units.");
    expect((await call("agents/list", { state: "TX", city: "austin", services: ["teleportation"] })).status).toBe(400);
  });

  it("agents/list answers an empty list and the nearest offices for a city nobody serves, 404 for unknown places", async () => {
    const unserved = await citiesServedBy(suite.database, "=", 0).execute();
    expect(unserved.length).toBeGreaterThan(0);
    const offices = await suite.database.db.selectFrom("agents").select(["office_lat", "office_lng"]).execute();
    let withNearby = 0;
    for (const city of unserved) {
      const point = { lat: Number(city.lat), lng: Number(city.lng) };
      const quiet = await call("agents/list", { cate_id: 0, state: city.abbreviation, city: city.slug });
      expect(quiet.status).toBe(200);
      expect(quiet.body.agents).toMatchObject({ data: [], total: 0, last_page: 1 });
      const nearby = quiet.body.nearby as { distance_miles: number; service_area: { lat: number; lng: number } }[];
      const within60 = offices.filter((office) => distanceMiles({ lat: Number(office.office_lat), lng: Number(office.office_lng) }, point) <= 60).length;
      expect(nearby.length).toBe(Math.min(6, within60));
      const distances = nearby.map((agent) => agent.distance_miles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const agent of nearby) {
        expect(agent.distance_miles).toBeLessThanOrEqual(60);
        expect(Math.abs(distanceMiles(agent.service_area, point) - agent.distance_miles)).toBeLessThan(0.06);
      }
      if (nearby.length > 0) withNearby++;
    }
    expect(withNearby).toBeGreaterThan(0);
    // A town one manager serves, in some categories only: served, so neither nearby offices nor other cities.
    const single = await citiesServedBy(suite.database, "=", 1).executeTakeFirstOrThrow();
    const partly = await call("agents/list", { cate_id: 0, state: single.abbreviation, city: single.slug });
    const counts = (partly.body.category_counts as { managers: number }[]).map((count) => count.managers);
    expect(counts).toContain(0);
    expect(counts.some((managers) => managers > 0)).toBe(true);
    expect(partly.body.nearby).toEqual([]);
    expect(partly.body.nearest_cities).toEqual([]);
    expect((await call("agents/list", { state: "ZZ", city: "Austin" })).status).toBe(404);
    expect((await call("agents/list", { state: "TX", city: "Gotham" })).status).toBe(404);
    expect((await call("agents/list", { cate_id: 5, state: "TX", city: "Austin" })).body.message).toBe("Please select a valid property type.");
  });

  it("agent/get and agents/list answer the owner's decision data", async () => {
    const listed = (await call("agents/list", { state: "TX", city: "Austin" })).body.agents.data[0];
    const found = await call("agent/get", { agent_id: listed.agent_id, state: "TX", city: "austin" });
    expect(contract["agent/get"].response.safeParse(found.body).success).toBe(true);
    const { distance_miles: _distance, ...sameAgent } = listed;
    expect(found.body.agent_data).toEqual(sameAgent);
    const agent = found.body.agent_data;
    const row = await suite.database.db.selectFrom("agents").selectAll().where("id", "=", agent.agent_id).executeTakeFirstOrThrow();
    expect(agent.fees).toEqual({
      management_percent: row.management_fee_percent === null ? null : Number(row.management_fee_percent),
      management_flat: row.management_fee_flat === null ? null : Number(row.management_fee_flat),
      leasing_percent: Number(row.leasing_fee_percent),
      renewal_fee: Number(row.renewal_fee),
      setup_fee: Number(row.setup_fee),
      maintenance_markup_percent: Number(row.maintenance_markup_percent),
      vacancy_fee: row.vacancy_fee === 1,
    });
    expect(agent.services).toEqual(JSON.parse(row.services));
    expect(agent.services.length).toBeGreaterThanOrEqual(4);
    expect(agent.license).toEqual({ state: "TX", number: row.license_number, type: row.license_type, source: "sample", checked_on: null });
    expect(agent.license.number).toMatch(/^SAMPLE-\d{6}$/);
    expect(agent.service_area).toEqual({ lat: Number(row.office_lat), lng: Number(row.office_lng), radius_miles: Number(row.service_radius_miles) });
    expect(agent).toMatchObject({ units_managed: row.units_managed, year_founded: row.year_founded, demo: 1 });
    expect((await call("agent/get", { agent_id: 987654 })).status).toBe(404);
  });

  it("city/list tells how many managers serve each city and lists served cities first", async () => {
    const city = await unservedCity();
    const state = await suite.database.db.selectFrom("cities").select("state_id").where("id", "=", city.id).executeTakeFirstOrThrow();
    const { cities } = (await call("city/list", { state_id: state.state_id, length: "Full" })).body;
    const served = cities.map((item: { managers: number }) => item.managers > 0);
    expect(served).toEqual([...served].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect(cities.find((item: { id: number }) => item.id === city.id).managers).toBe(0);
  });

  it("never puts a manager's own email or phone in a public response", async () => {
    // A manager serving 78701, so that every answer below lists the very manager whose row it reads.
    const near = await call("agents/near", { zip: "78701", per_page: 100 });
    expect(near.status).toBe(200);
    const managerId: number = near.body.agents.data[0].agent_id;
    const privateRow = await suite.database.db.selectFrom("agents").select(["id", "email", "phone", "city_id"]).where("id", "=", managerId).executeTakeFirstOrThrow();
    expect(privateRow.email).toMatch(/@/);
    expect(privateRow.phone).toMatch(/\d{4}/);
    const city = await suite.database.db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.slug", "states.abbreviation"])
      .where("cities.id", "=", privateRow.city_id)
      .executeTakeFirstOrThrow();
    const found = await call("agent/get", { agent_id: privateRow.id });
    // Every page of the city's list, in case it holds more managers than one page.
    const listed = [await call("agents/list", { cate_id: 0, state: city.abbreviation, city: city.slug, per_page: 100 })];
    expect(listed[0].status).toBe(200);
    for (let page = 2; page <= listed[0].body.agents.last_page; page++) {
      listed.push(await call("agents/list", { cate_id: 0, state: city.abbreviation, city: city.slug, per_page: 100, page }));
    }
    const unserved = await unservedCity();
    const nobody = await call("agents/list", { cate_id: 0, state: unserved.abbreviation, city: unserved.slug });
    const ids = (answers: Awaited<ReturnType<typeof call>>[]) => answers.flatMap((answer) => answer.body.agents.data.map((agent: { agent_id: number }) => agent.agent_id));
    // Each answer is a success that names the manager: a 404 carries no email either.
    expect([found, ...listed, near, nobody].map((answer) => answer.status)).toEqual(Array(listed.length + 3).fill(200));
    expect(found.body.agent_data.agent_id).toBe(privateRow.id);
    expect(ids(listed)).toContain(privateRow.id);
    expect(ids([near])).toContain(privateRow.id);
    expect(ids([nobody])).toEqual([]);
    const responses = [found, ...listed, near, nobody];
    for (const category of [1, 2, 3, 8]) {
      const byCategory = await call("agents/list", { cate_id: category, state: city.abbreviation, city: city.slug, per_page: 100 });
      expect(byCategory.status).toBe(200);
      responses.push(byCategory);
    }
    for (const response of responses) {
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(privateRow.email);
      expect(text).not.toContain(privateRow.phone);
      expect(text).not.toMatch(/"(email|phone)"/);
    }
  });
});
