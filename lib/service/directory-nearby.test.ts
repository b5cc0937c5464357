import { contract } from "../contract";
import { distanceMiles } from "../contract/geo";
import { RECIPIENTS } from "../contract/messages";
import { announcePostgres, citiesServedBy, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** agents/match, agents/near and the nearest places: the managers serving a ZIP or a town nobody serves. */
describe.each(databaseKinds)("the managers nearby on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;

  it("agents/match with the managers chosen on /compare: those serving the ZIP join the list in distance order, the others are named", async () => {
    const plain = await call("agents/match", { property_zip: "78701", property_category: 1 });
    const shown = (plain.body.agents as { agent_id: number }[]).map((agent) => agent.agent_id);
    const serving = (await call("agents/near", { zip: "78701", cate_id: 1, per_page: 100 })).body.agents.data as { agent_id: number; distance_miles: number }[];
    const beyondFive = serving.find((agent) => !shown.includes(agent.agent_id))!;
    const elsewhere = await suite.database.db.selectFrom("agents").innerJoin("cities", "cities.id", "agents.city_id").select(["agents.id", "agents.company_name"]).where("cities.slug", "=", "nome").executeTakeFirst()
      ?? (await suite.database.db.selectFrom("agents").innerJoin("states", "states.id", "agents.state_id").select(["agents.id", "agents.company_name"]).where("states.abbreviation", "=", "ME").executeTakeFirstOrThrow());
    // One of the five shown is chosen too: listed once.
    const chosen = await call("agents/match", { property_zip: "78701", property_category: 1, agent_ids: [beyondFive.agent_id, elsewhere.id, shown[0]] });
    expect(chosen.status).toBe(200);
    const ids = (chosen.body.agents as { agent_id: number }[]).map((agent) => agent.agent_id);
    expect(ids).toEqual(expect.arrayContaining([...shown, beyondFive.agent_id]));
    expect(ids).toHaveLength(shown.length + 1);
    const distances = (chosen.body.agents as { distance_miles: number }[]).map((agent) => agent.distance_miles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(chosen.body.not_serving).toEqual([{ agent_id: elsewhere.id, company_name: elsewhere.company_name }]);
    expect(plain.body.not_serving).toBeUndefined();

    // Two chosen managers whose offices round to the same distance, the nearer (unrounded) with the
    // higher id: listed by the miles shown, then by id, like the rest.
    const midtown = (await call("agents/near", { zip: "10001", cate_id: 1, per_page: 100 })).body.agents.data as { agent_id: number; distance_miles: number }[];
    const tieAt = midtown.findIndex((agent, index) => index > RECIPIENTS.shown && agent.distance_miles === midtown[index - 1].distance_miles && agent.agent_id < midtown[index - 1].agent_id);
    expect(tieAt).toBeGreaterThan(RECIPIENTS.shown);
    const tied = [midtown[tieAt - 1].agent_id, midtown[tieAt].agent_id];
    const withTie = (await call("agents/match", { property_zip: "10001", property_category: 1, agent_ids: tied })).body;
    const order = (withTie.agents as { agent_id: number; distance_miles: number }[]).map((agent) => [agent.distance_miles, agent.agent_id]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(order.map(([, id]) => id).slice(-2)).toEqual([...tied].sort((a, b) => a - b));
    expect(withTie.not_serving).toEqual([]);

    // A ZIP the site does not know: nobody serves it, so every chosen manager that exists is named.
    const unknownZip = await call("agents/match", { property_zip: "00001", property_category: 1, agent_ids: [elsewhere.id, 99_999_999] });
    expect(unknownZip.body).toMatchObject({ place: null, agents: [], not_serving: [{ agent_id: elsewhere.id, company_name: elsewhere.company_name }] });
    expect((await call("agents/match", { property_zip: "00001", property_category: 1 })).body.not_serving).toBeUndefined();
  });

  it("a place nobody serves answers the cities with managers where its owner can look: metros before their suburbs, weighed by how many managers serve them (Nome, AK)", async () => {
    const nome = await call("agents/list", { cate_id: 0, state: "AK", city: "nome" });
    expect(nome.status).toBe(200);
    expect(nome.body.agents.total).toBe(0);
    const cities = nome.body.nearest_cities as { state: string; city: string; slug: string; managers: number; distance_miles: number }[];
    expect(cities.length).toBe(5);
    const names = cities.map((city) => city.city);
    // Alaska's two metros, not the lone manager of Susitna North and four suburbs of Fairbanks.
    expect(names).toEqual(expect.arrayContaining(["Anchorage", "Fairbanks"]));
    for (const suburb of ["College", "Badger", "Steele Creek"]) expect(names).not.toContain(suburb);
    const points = await citiesServedBy(suite.database, ">", 0).execute();
    const at = (city: { state: string; slug: string }) => {
      const row = points.find((point) => point.abbreviation === city.state && point.slug === city.slug)!;
      return { lat: Number(row.lat), lng: Number(row.lng) };
    };
    // No two of them in one metro, each with managers and its distance named.
    for (const [index, city] of cities.entries()) {
      expect(city.managers).toBeGreaterThan(0);
      expect(city.distance_miles).toBeGreaterThan(400);
      for (const other of cities.slice(index + 1)) expect(distanceMiles(at(city), at(other))).toBeGreaterThan(25);
    }
    const near = await call("agents/near", { zip: "99762" });
    expect(near.body.agents.total).toBe(0);
    expect(near.body.nearest_cities.length).toBe(5);
    // With a service asked for, nobody listed is the owner's filter, not a place nobody serves: no cities offered.
    const filtered = await call("agents/near", { zip: "99762", services: ["evictions"] });
    expect(filtered.body.agents.total).toBe(0);
    expect(filtered.body.nearest_cities).toEqual([]);
  });

  it("agents/near answers the place and the managers serving it: nearest office first, featured never moved up", async () => {
    const near = await call("agents/near", { zip: "78701", per_page: 100 });
    expect(near.status).toBe(200);
    expect(contract["agents/near"].response.safeParse(near.body).success).toBe(true);
    const { place, agents } = near.body;
    expect(place).toMatchObject({ zip: "78701", city: "Austin", state: "TX" });
    expect(agents.total).toBeGreaterThanOrEqual(3);
    // Nearest cities only for a place nobody serves: Austin has managers.
    expect(near.body.nearest_cities).toEqual([]);
    expect(agents.data).toHaveLength(Math.min(100, agents.total));
    const distances = agents.data.map((agent: { distance_miles: number }) => agent.distance_miles);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    for (const agent of agents.data) {
      expect(agent.distance_miles).toBeLessThanOrEqual(agent.service_area.radius_miles);
      expect(Math.abs(distanceMiles(agent.service_area, place) - agent.distance_miles)).toBeLessThan(0.06);
    }

    // Exactly the managers the rule says serve the point: every located manager, checked in code.
    const everyone = await suite.database.db.selectFrom("agents").select(["id", "office_lat", "office_lng", "service_radius_miles"]).execute();
    const expected = everyone
      .filter((row) => distanceMiles({ lat: Number(row.office_lat), lng: Number(row.office_lng) }, place) <= Number(row.service_radius_miles))
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(agents.data.map((agent: { agent_id: number }) => agent.agent_id).sort((a: number, b: number) => a - b)).toEqual(expected);

    const multi = await call("agents/near", { zip: "78701", cate_id: 2, per_page: 100 });
    expect(multi.body.agents.total).toBeLessThan(agents.total);
    for (const agent of multi.body.agents.data) expect(agent.category_ids).toContain(2);
    const second = await call("agents/near", { zip: "78701", per_page: 2, page: 2 });
    expect(second.body.agents.data.map((agent: { agent_id: number }) => agent.agent_id)).toEqual(agents.data.slice(2, 4).map((agent: { agent_id: number }) => agent.agent_id));

    expect((await call("agents/near", { zip: "00000" })).status).toBe(404);
    expect((await call("agents/near", { zip: "1234" })).body.message).toBe("Please enter a valid 5-digit ZIP code.");
    expect((await call("agents/near", { zip: "78701", cate_id: 4 })).status).toBe(400);
  });

  it("agents/near pages equal the rule applied to every manager, ranked, for dense and sparse places and each category", async () => {
    const everyone = await suite.database.db
      .selectFrom("agents")
      .select(["id", "featured", "office_lat", "office_lng", "service_radius_miles"])
      .execute();
    const links = await suite.database.db.selectFrom("agent_categories").select(["agent_id", "category_id"]).execute();
    for (const zip of ["10001", "60601", "99501", "04841", "59101"]) {
      for (const category of [0, 2, 8]) {
        const place = (await call("zip/get", { zip })).body.place;
        const expected = everyone
          .filter((row) => category === 0 || links.some((link) => link.agent_id === row.id && link.category_id === category))
          .map((row) => ({ id: row.id, featured: row.featured, distance: distanceMiles({ lat: Number(row.office_lat), lng: Number(row.office_lng) }, place), radius: Number(row.service_radius_miles) }))
          .filter((row) => row.distance <= row.radius)
          .sort((a, b) => a.distance - b.distance || a.id - b.id)
          .map((row) => row.id);
        const pages: number[] = [];
        for (let page = 1; ; page++) {
          const { body } = await call("agents/near", { zip, cate_id: category, page, per_page: 7 });
          expect(body.agents.total).toBe(expected.length);
          pages.push(...body.agents.data.map((agent: { agent_id: number }) => agent.agent_id));
          if (page >= body.agents.last_page) break;
        }
        expect({ zip, category, ids: pages }).toEqual({ zip, category, ids: expected });
      }
    }
  });
});
