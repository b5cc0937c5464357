import { contract, lawDocumentSchema, CALL_NAMES, type Fees } from "../contract";
import { firstYearCost } from "../contract/first-year-cost";
import { distanceMiles } from "../contract/geo";
import { CONFIRM, RECIPIENTS, SAVED } from "../contract/messages";
import { tabRepeatsCity } from "../contract/seo-text";
import type { Service } from ".";
import { announcePostgres, createTestDatabase, databaseKinds, type TestDatabase, callAsSite, createTestService } from "@/test-support";

announcePostgres();

const validLead = {
  property_category: 2,
  property_address: "1200 Congress Avenue\nUnit 4",
  property_city: "Austin",
  property_zip: "78701",
  property_price: "",
  full_name: "Jordan Avery",
  email_address: "jordan.avery@example.org",
  property_number: "5125550147",
  preferred_contact_method: "Phone",
  price: "",
  exam: [
    { question: "How many units are in the building?", answer: "5-10 units" },
    { question: "Which services do you want?", answer: ["Rent collection", "Maintenance coordination"] },
    { question: "Anything else?", answer: "" },
  ],
};

describe.each(databaseKinds)("service on %s", (kind) => {
  let database: TestDatabase;
  let service: Service;
  const call = async (name: string, body: unknown) => {
    return callAsSite(service, name, body);
  };
  const countRows = async (table: "leads" | "newsletter_subscriptions" | "agent_applications" | "contact_messages") =>
    Number(
      (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = createTestService(database);
  });
  afterAll(async () => database?.destroy());

  describe("content calls", () => {
    it("page/get answers the page record, and 404 for an unknown id", async () => {
      const found = await call("page/get", { page_id: 1 });
      expect(found.status).toBe(200);
      expect(found.body.pageData).toMatchObject({ page_id: 1, status: 1 });
      expect(found.body.pageData.heading.length).toBeGreaterThan(5);
      expect(contract["page/get"].response.safeParse(found.body).success).toBe(true);

      const missing = await call("page/get", { page_id: 999 });
      expect(missing).toEqual({ status: 404, body: { success: false, message: "We could not find page 999." } });
    });

    it("serves every page id the spec names", async () => {
      for (const pageId of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21]) {
        expect((await call("page/get", { page_id: pageId })).status).toBe(200);
      }
    });

    it("testimonial/list and testimonial/get give neighbours in display order, 0 at the ends", async () => {
      const list = await call("testimonial/list", { type: "Featured" });
      const ids: number[] = list.body.testimonials.map((t: { id: number }) => t.id);
      expect(ids).toHaveLength(6);

      const first = await call("testimonial/get", { id: ids[0] });
      expect(first.body.testimonial).toMatchObject({ id: ids[0], previous_id: 0, next_id: ids[1] });
      const middle = await call("testimonial/get", { id: ids[2] });
      expect(middle.body.testimonial).toMatchObject({ previous_id: ids[1], next_id: ids[3] });
      const last = await call("testimonial/get", { id: ids[5] });
      expect(last.body.testimonial).toMatchObject({ previous_id: ids[4], next_id: 0 });
      expect((await call("testimonial/get", { id: 4242 })).status).toBe(404);
    });

    it("blogs/list answers featured posts newest first, or all of them", async () => {
      const featured = await call("blogs/list", { type: "Featured" });
      const all = await call("blogs/list", {});
      expect(featured.body.blogs.length).toBeGreaterThanOrEqual(3);
      expect(all.body.blogs.length).toBeGreaterThanOrEqual(8);
      expect(featured.body.blogs.length).toBeLessThan(all.body.blogs.length);
      const dates = all.body.blogs.map((blog: { post_date: string }) => blog.post_date);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it("blog/get finds a post by slug, 404 otherwise", async () => {
      const { blogs } = (await call("blogs/list", {})).body;
      const found = await call("blog/get", { slug: blogs[0].slug });
      expect(found.body.blog).toMatchObject({ slug: blogs[0].slug, heading: blogs[0].heading });
      expect((await call("blog/get", { slug: "no-such-post" })).status).toBe(404);
    });

    it("faq/list answers the featured FAQs in order", async () => {
      const { body } = await call("faq/list", { type: "Featured" });
      expect(body.faqs.length).toBeGreaterThanOrEqual(12);
      expect(body.faqs[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
    });
  });

  describe("places", () => {
    it("state/code/list Half answers the ten largest states, CA first", async () => {
      const { body } = await call("state/code/list", { type: "Featured", length: "Half" });
      expect(body.length).toBe("Half");
      expect(body.states.map((s: { abbreviation: string }) => s.abbreviation)).toEqual([
        "CA", "TX", "FL", "NY", "PA", "IL", "OH", "GA", "NC", "MI",
      ]);
      expect(body.first_state).toEqual({ id: body.states[0].id, abbreviation: "CA" });
    });

    it("state/code/list Full (or no length) answers all 51, featured first", async () => {
      const full = await call("state/code/list", { type: "Featured", length: "Full" });
      const none = await call("state/code/list", { type: "Featured" });
      expect(full.body.states).toHaveLength(51);
      expect(full.body.length).toBe("Full");
      expect(none.body).toEqual(full.body);
      expect(full.body.states.slice(0, 2).map((s: { abbreviation: string }) => s.abbreviation)).toEqual(["CA", "TX"]);
      expect(full.body.states.map((s: { state: string }) => s.state)).toContain("District of Columbia");
    });

    it("city/list answers cities by population: Half the first 12, Full all, count the total", async () => {
      const states = (await call("state/code/list", {})).body.states;
      const texas = states.find((s: { abbreviation: string }) => s.abbreviation === "TX");
      const half = await call("city/list", { state_id: texas.id, length: "Half" });
      expect(half.body.length).toBe("Half");
      expect(half.body.cities).toHaveLength(12);
      expect(half.body.cities.slice(0, 3).map((c: { city: string }) => c.city)).toEqual(["Houston", "San Antonio", "Dallas"]);
      expect(half.body.count).toBe(60);
      const full = await call("city/list", { state_id: texas.id, length: "Full" });
      expect(full.body.cities).toHaveLength(60);
      expect(full.body.count).toBe(60);

      const dc = states.find((s: { abbreviation: string }) => s.abbreviation === "DC");
      // Without a length: Full.
      expect((await call("city/list", { state_id: dc.id })).body).toMatchObject({ count: 1, cities: [{ city: "Washington" }], length: "Full" });
      expect((await call("city/list", { state_id: 9999 })).status).toBe(404);
    });

    it("law/get accepts the slug or the abbreviation and answers JSON text of scrapedData", async () => {
      const bySlug = await call("law/get", { state: "texas" });
      const byAbbreviation = await call("law/get", { state: "TX" });
      expect(bySlug.status).toBe(200);
      expect(byAbbreviation.body).toEqual(bySlug.body);
      expect(bySlug.body.stateData.state).toBe("Texas");
      const document = lawDocumentSchema.parse(JSON.parse(bySlug.body.stateData.laws));
      const titles = document.scrapedData.map((section) => section.sectionTitle);
      expect(titles).toEqual(expect.arrayContaining(["Security Deposits", "Statutes Cited", "Important Notice", "Sources"]));
      const table = document.scrapedData.find((section) => section.sectionTitle === "Statutes Cited")!;
      expect(table.content[0].rows).toContainEqual({ code: "Tex. Prop. Code § 24.005", description: "Notice for nonpayment of rent" });
      expect((await call("law/get", { state: "atlantis" })).status).toBe(404);
    });
  });

  describe("directory", () => {
    /** A seeded city nobody serves (remote towns have no office of their own). */
    const unservedCity = async () =>
      database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.id", "cities.name", "cities.slug", "cities.lat", "cities.lng", "states.abbreviation"])
        .where("cities.managers_serving", "=", 0)
        .orderBy("cities.id")
        .executeTakeFirstOrThrow();

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
      const town = await database.db.selectFrom("cities").select("managers_serving").where("slug", "=", "franklin-township").where("state_id", "=", first.body.state.id).executeTakeFirstOrThrow();
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

    it("agents/match with the managers chosen on /compare: those serving the ZIP join the list in distance order, the others are named", async () => {
      const plain = await call("agents/match", { property_zip: "78701", property_category: 1 });
      const shown = (plain.body.agents as { agent_id: number }[]).map((agent) => agent.agent_id);
      const serving = (await call("agents/near", { zip: "78701", cate_id: 1, per_page: 100 })).body.agents.data as { agent_id: number; distance_miles: number }[];
      const beyondFive = serving.find((agent) => !shown.includes(agent.agent_id))!;
      const elsewhere = await database.db.selectFrom("agents").innerJoin("cities", "cities.id", "agents.city_id").select(["agents.id", "agents.company_name"]).where("cities.slug", "=", "nome").executeTakeFirst()
        ?? (await database.db.selectFrom("agents").innerJoin("states", "states.id", "agents.state_id").select(["agents.id", "agents.company_name"]).where("states.abbreviation", "=", "ME").executeTakeFirstOrThrow());
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
      const points = await database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.slug", "cities.lat", "cities.lng", "states.abbreviation"])
        .where("cities.managers_serving", ">", 0)
        .execute();
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

    it("agents/list answers an empty list and the nearest offices for a city nobody serves, 404 for unknown places", async () => {
      const unserved = await database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.slug", "cities.lat", "cities.lng", "states.abbreviation"])
        .where("cities.managers_serving", "=", 0)
        .execute();
      expect(unserved.length).toBeGreaterThan(0);
      const offices = await database.db.selectFrom("agents").select(["office_lat", "office_lng"]).execute();
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
      const single = await database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.slug", "states.abbreviation"])
        .where("cities.managers_serving", "=", 1)
        .orderBy("cities.id")
        .executeTakeFirstOrThrow();
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
      const row = await database.db.selectFrom("agents").selectAll().where("id", "=", agent.agent_id).executeTakeFirstOrThrow();
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

    it("zip/get answers a ZIP code's place; 404 for an unknown ZIP, 400 for a malformed one", async () => {
      const found = await call("zip/get", { zip: "78701" });
      expect(found).toEqual({ status: 200, body: { success: true, place: { zip: "78701", city: "Austin", state: "TX", lat: expect.any(Number), lng: expect.any(Number) } } });
      expect(contract["zip/get"].response.safeParse(found.body).success).toBe(true);
      expect((await call("zip/get", { zip: "78701-1234" })).body.place.zip).toBe("78701");
      expect((await call("zip/get", { zip: " 78701 " })).body.place.zip).toBe("78701");
      expect(await call("zip/get", { zip: "00000" })).toEqual({ status: 404, body: { success: false, message: "We could not find ZIP code 00000. Please check it and try again." } });
      expect(await call("zip/get", { zip: "7870" })).toEqual({ status: 400, body: { success: false, message: "Please enter a valid 5-digit ZIP code.", field: "zip" } });
      expect(await call("zip/get", { zip: "abcde" })).toEqual({ status: 400, body: { success: false, message: "Please enter a valid 5-digit ZIP code.", field: "zip" } });
      expect(await call("zip/get", {})).toEqual({ status: 400, body: { success: false, message: "Please enter zip.", field: "zip" } });
      expect(await call("zip/get", { zip: 78701 })).toEqual({ status: 400, body: { success: false, message: "ZIP code must be text.", field: "zip" } });
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
      const everyone = await database.db.selectFrom("agents").select(["id", "office_lat", "office_lng", "service_radius_miles"]).execute();
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

    it("sitemap/paths lists state hubs, served cities, their tabs that are pages of their own and every later page, never a city nobody serves", async () => {
      const { body } = await call("sitemap/paths", { page: 1, per_page: 50_000 });
      const paths: string[] = body.entries.map((entry: { path: string }) => entry.path);
      expect(paths).toHaveLength(body.total);
      expect(new Set(paths).size).toBe(paths.length);
      const cities = await database.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.id", "cities.slug", "cities.managers_serving", "states.abbreviation"])
        .execute();
      const masks = await database.db.selectFrom("city_coverage").select(["city_id", "category_mask"]).execute();
      const served = cities.filter((city) => Number(city.managers_serving) > 0);
      const cityPaths = paths.filter((path) => /^\/agents\/[A-Z]{2}\/[^/]+$/.test(path));
      expect(cityPaths.sort()).toEqual(served.map((city) => `/agents/${city.abbreviation}/${city.slug}`).sort());
      expect(paths.filter((path) => /^\/agents\/[A-Z]{2}$/.test(path)).sort()).toEqual([...new Set(served.map((city) => `/agents/${city.abbreviation}`))].sort());
      let repeating = 0;
      for (const [slug, bit] of [["single-family", 1], ["multi-family", 2], ["association", 4], ["commercial", 8]] as const) {
        const perCity = new Map<number, number>();
        for (const row of masks) if ((Number(row.category_mask) & bit) !== 0) perCity.set(row.city_id, (perCity.get(row.city_id) ?? 0) + 1);
        // A tab listing every manager of its city is the city page again: out of the sitemap.
        const ownPages = cities.filter((city) => (perCity.get(city.id) ?? 0) > 0 && !tabRepeatsCity(perCity.get(city.id)!, Number(city.managers_serving)));
        repeating += cities.filter((city) => (perCity.get(city.id) ?? 0) > 0).length - ownPages.length;
        const expected = ownPages.map((city) => `/agents/${city.abbreviation}/${city.slug}/${slug}`);
        expect(paths.filter((path) => path.endsWith(`/${slug}`)).sort()).toEqual(expected.sort());
        // A tab's later pages: one for every 20 managers of the category after the first 20.
        const laterTabPages = ownPages.flatMap((city) => Array.from({ length: Math.max(0, Math.ceil(perCity.get(city.id)! / 20) - 1) }, (_, index) => `/agents/${city.abbreviation}/${city.slug}/${slug}/page/${index + 2}`));
        expect(paths.filter((path) => path.includes(`/${slug}/page/`)).sort()).toEqual(laterTabPages.sort());
      }
      expect(repeating).toBeGreaterThan(100);
      // Every later page of a city's whole list is there too, and nothing past its last page.
      const laterPages = served.flatMap((city) => Array.from({ length: Math.ceil(Number(city.managers_serving) / 20) - 1 }, (_, index) => `/agents/${city.abbreviation}/${city.slug}/page/${index + 2}`));
      expect(laterPages.length).toBeGreaterThan(100);
      expect(paths.filter((path) => /^\/agents\/[A-Z]{2}\/[^/]+\/page\/\d+$/.test(path)).sort()).toEqual(laterPages.sort());
      // One slice at a time, in the same order.
      const second = await call("sitemap/paths", { page: 2, per_page: 1000 });
      expect(second.body.entries.map((entry: { path: string }) => entry.path)).toEqual(paths.slice(1000, 2000));
    });

    it("agents/near pages equal the rule applied to every manager, ranked, for dense and sparse places and each category", async () => {
      const everyone = await database.db
        .selectFrom("agents")
        .select(["id", "featured", "office_lat", "office_lng", "service_radius_miles"])
        .execute();
      const links = await database.db.selectFrom("agent_categories").select(["agent_id", "category_id"]).execute();
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

    it("city/list tells how many managers serve each city and lists served cities first", async () => {
      const city = await unservedCity();
      const state = await database.db.selectFrom("cities").select("state_id").where("id", "=", city.id).executeTakeFirstOrThrow();
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
      const privateRow = await database.db.selectFrom("agents").select(["id", "email", "phone", "city_id"]).where("id", "=", managerId).executeTakeFirstOrThrow();
      expect(privateRow.email).toMatch(/@/);
      expect(privateRow.phone).toMatch(/\d{4}/);
      const city = await database.db
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

    it("question/list answers each category's questions in order, mixing the three types", async () => {
      for (const type of [1, 2, 3, 8]) {
        const { body } = await call("question/list", { type });
        expect(body.questions.length).toBeGreaterThanOrEqual(5);
        expect(body.questions.length).toBeLessThanOrEqual(8);
        const kinds = new Set(body.questions.map((q: { type: string }) => q.type));
        expect(kinds).toEqual(new Set(["single", "multi", "fill_blank"]));
      }
      expect(await call("question/list", { type: 4 })).toEqual({
        status: 400,
        body: { success: false, message: "Please select a valid property type.", field: "type" },
      });
    });
  });

  describe("saves", () => {
    it("lead/save stores every field and the answers before it answers success", async () => {
      const before = await countRows("leads");
      const saved = await call("lead/save", { ...validLead, submission_key: "lead-store-all-fields" });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        success: true,
        message: CONFIRM.leadAwaiting(saved.body.reference, []),
        confirmation: "emailed",
        reference: expect.stringMatching(/^MG-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        recipients: [],
        request_path: expect.stringMatching(/^\/requests\/[A-Za-z0-9_-]{22}$/),
      });
      expect(await countRows("leads")).toBe(before + 1);
      const row = await database.db
        .selectFrom("leads")
        .selectAll()
        .where("submission_key", "=", "lead-store-all-fields")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        property_category: 2,
        property_address: "1200 Congress Avenue\nUnit 4",
        property_city: "Austin",
        property_zip: "78701",
        property_price: "",
        full_name: "Jordan Avery",
        email_address: "jordan.avery@example.org",
        property_number: "5125550147",
        preferred_contact_method: "Phone",
        price: "",
      });
      expect(JSON.parse(row.exam)).toEqual(validLead.exam);
    });

    it("lead/save with a repeated submission key stores one row and answers success each time", async () => {
      const before = await countRows("leads");
      const body = { ...validLead, email_address: "double.click@example.org", submission_key: "double-click-1234" };
      const answers = await Promise.all([call("lead/save", body), call("lead/save", body), call("lead/save", body)]);
      const reference = answers[0].body.reference;
      for (const answer of answers) expect(answer.body).toMatchObject({ success: true, message: CONFIRM.leadAwaiting(reference, []), reference });
      expect(await countRows("leads")).toBe(before + 1);
    });

    it("lead/save takes the quote-guarantee lead: mobile number and price, no contact method or answers", async () => {
      const { preferred_contact_method: _method, exam: _exam, full_name: _name, email_address: _email, ...rest } = validLead;
      const saved = await call("lead/save", { ...rest, property_number: "5125550199", price: 135, submission_key: "guarantee-1" });
      expect(saved.status).toBe(200);
      const row = await database.db.selectFrom("leads").selectAll().where("submission_key", "=", "guarantee-1").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ property_number: "5125550199", price: "135", preferred_contact_method: "", exam: "[]" });

      const noPhone = await call("lead/save", { ...rest, property_number: "" });
      expect(noPhone.body.message).toBe("Please enter phone number.");
    });

    it("lead/save names the first invalid field the way the spec words it, and stores nothing", async () => {
      const before = await countRows("leads");
      const cases: [Record<string, unknown>, string, string][] = [
        [{ property_category: 5 }, "Please select a valid property type.", "property_category"],
        [{ property_category: "1" }, "Please select a valid property type.", "property_category"],
        [{ property_address: "  " }, "Please enter address.", "property_address"],
        [{ property_address: "", property_city: "" }, "Please enter address.", "property_address"],
        [{ property_city: undefined }, "Please enter city.", "property_city"],
        [{ property_zip: "" }, "Please enter zip.", "property_zip"],
        [{ property_zip: "7870" }, "Please enter a valid 5-digit ZIP code.", "property_zip"],
        [{ full_name: "" }, "Please enter full name.", "full_name"],
        [{ email_address: "" }, "Please enter email address.", "email_address"],
        [{ email_address: "jordan@" }, "Please enter a valid email address.", "email_address"],
        [{ preferred_contact_method: "" }, "Please select preferred contact method.", "preferred_contact_method"],
        [{ preferred_contact_method: "Phone", property_number: "" }, "Please enter phone number.", "property_number"],
        [{ property_number: "12345" }, "Please enter a valid 10-digit phone number.", "property_number"],
        [{ full_name: 42 }, "Full name must be text.", "full_name"],
        [{ exam: "yes" }, "Answers must be a list.", "exam"],
        [{ price: 99 }, "Please choose a price between $100 and $150.", "price"],
      ];
      // The message names the first invalid field, and `field` says which one (a form focuses it).
      for (const [change, message, field] of cases) {
        const answer = await call("lead/save", { ...validLead, ...change });
        expect({ change, ...answer }).toEqual({ change, status: 400, body: { success: false, message, field } });
      }
      expect(await countRows("leads")).toBe(before);
    });

    it("lead/save with Email as the method does not need a phone", async () => {
      const answer = await call("lead/save", { ...validLead, preferred_contact_method: "Email", property_number: "" });
      expect(answer.status).toBe(200);
    });

    it("agent/save stores an application and names the first invalid field", async () => {
      const before = await countRows("agent_applications");
      const valid = { company_name: "Lone Star Rentals", email: "hello@lonestar.example", country_code: 1, mobile: "5125550100" };
      expect((await call("agent/save", valid)).body).toEqual({ success: true, message: SAVED.agentApplication });
      expect((await call("agent/save", { ...valid, country_code: "91" })).status).toBe(200);
      expect(await countRows("agent_applications")).toBe(before + 2);

      const cases: [Record<string, unknown>, string, string][] = [
        [{ company_name: "" }, "Please enter company name.", "company_name"],
        [{ email: undefined }, "Please enter email address.", "email"],
        [{ email: "not-an-email" }, "Please enter a valid email address.", "email"],
        [{ country_code: 44 }, "Please select a valid country code.", "country_code"],
        [{ mobile: "" }, "Please enter mobile number.", "mobile"],
        [{ mobile: "12345678901" }, "Please enter a valid 10-digit mobile number.", "mobile"],
      ];
      for (const [change, message, field] of cases) {
        expect((await call("agent/save", { ...valid, ...change })).body).toEqual({ success: false, message, field });
      }
      expect(await countRows("agent_applications")).toBe(before + 2);
    });

    it("contact/save stores a message for the site or for a manager", async () => {
      const before = await countRows("contact_messages");
      const valid = { name: "Sam Lee", email: "sam@example.org", mobile: "", message: "Do you cover Round Rock?", agent_id: 0 };
      expect((await call("contact/save", valid)).body).toEqual({ success: true, message: SAVED.contact });

      const agent = await database.db.selectFrom("agents").select(["id", "company_name"]).executeTakeFirstOrThrow();
      const toAgent = await call("contact/save", { ...valid, agent_id: agent.id, mobile: "(512) 555-0123" });
      // Every seeded manager is a sample listing: the answer must not pretend the company got it.
      expect(toAgent.body.message).toBe(SAVED.contactForSampleAgent(agent.company_name));
      const stored = await database.db.selectFrom("contact_messages").selectAll().where("agent_id", "=", agent.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: "Sam Lee", mobile: "5125550123", message: "Do you cover Round Rock?" });
      expect(await countRows("contact_messages")).toBe(before + 2);

      expect((await call("contact/save", { ...valid, agent_id: 999999 })).status).toBe(404);
      expect((await call("contact/save", { ...valid, name: "" })).body.message).toBe("Please enter full name.");
      expect((await call("contact/save", { ...valid, message: " " })).body.message).toBe("Please enter message.");
      expect((await call("contact/save", { ...valid, mobile: "555" })).body.message).toBe("Please enter a valid 10-digit phone number.");
      expect((await call("contact/save", { ...valid, agent_id: "7" })).body.message).toBe("The manager id must be a number.");
      expect(await countRows("contact_messages")).toBe(before + 2);
    });

    it("newsletter/save stores an address once whatever its case, and says so", async () => {
      const before = await countRows("newsletter_subscriptions");
      const first = await call("newsletter/save", { email_address: "Reader@Example.org" });
      const again = await call("newsletter/save", { email_address: "reader@example.ORG" });
      // Double opt-in: both are told to open the link; the address is stored once (lib/service/requests.test.ts).
      expect(first.body).toEqual({ success: true, message: SAVED.subscribed });
      expect(again.body).toEqual({ success: true, message: SAVED.subscribed });
      expect(await countRows("newsletter_subscriptions")).toBe(before + 1);

      expect((await call("newsletter/save", { email_address: "" })).body.message).toBe("Please enter email address.");
      expect((await call("newsletter/save", {})).body.message).toBe("Please enter email address.");
      expect((await call("newsletter/save", { email_address: "a@b" })).body.message).toBe("Please enter a valid email address.");
      expect(await countRows("newsletter_subscriptions")).toBe(before + 1);
    });
  });

  describe("spam", () => {
    it("answers a filled honeypot with success and stores nothing, on every save call", async () => {
      const tables = ["leads", "agent_applications", "contact_messages", "newsletter_subscriptions"] as const;
      const before = await Promise.all(tables.map(countRows));
      const trap = { website: "http://spam.example" };
      const answers = await Promise.all([
        call("lead/save", { ...validLead, ...trap, submission_key: "bot-lead-1" }),
        call("agent/save", { company_name: "Bot Co", email: "bot@example.org", country_code: 1, mobile: "5125550100", ...trap }),
        call("contact/save", { name: "Bot", email: "bot@example.org", message: "Buy now", ...trap }),
        call("newsletter/save", { email_address: "bot@example.org", ...trap }),
      ]);
      for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { success: true } });
      expect(await Promise.all(tables.map(countRows))).toEqual(before);
    });
  });

  describe("control characters and long input", () => {
    const saves = {
      "lead/save": validLead,
      "agent/save": { company_name: "Prairie Homes", email: "office@prairie.example", country_code: 1, mobile: "5125550100" },
      "contact/save": { name: "Riley", email: "riley@example.org", mobile: "5125550111", message: "Hello" },
      "newsletter/save": { email_address: "reader@example.org" },
    } as const;
    const textFields = (body: Record<string, unknown>) => Object.entries(body).filter(([, value]) => typeof value === "string").map(([field]) => field);

    it.each(Object.keys(saves))("%s refuses a NUL or another control character in any text field and stores nothing", async (name) => {
      const tables = ["leads", "agent_applications", "contact_messages", "newsletter_subscriptions"] as const;
      const before = await Promise.all(tables.map(countRows));
      const body = saves[name as keyof typeof saves] as Record<string, unknown>;
      for (const field of textFields(body)) {
        for (const bad of ["\u0000", "\u0007", "\u001b[2J", "\u0085"]) {
          const answer = await call(name, { ...body, [field]: `${String(body[field]).slice(0, 3)}${bad}x` });
          expect({ field, bad, status: answer.status }).toEqual({ field, bad, status: 400 });
          expect(answer.body.success).toBe(false);
        }
      }
      expect(await Promise.all(tables.map(countRows))).toEqual(before);
    });

    it("keeps tabs and line breaks, which addresses and messages use", async () => {
      const answer = await call("contact/save", { ...saves["contact/save"], message: "Line one\r\nLine two\twith a tab" });
      expect(answer.status).toBe(200);
    });

    it("refuses control characters in answers and in lookups, with a 400, never a 500", async () => {
      const withBadAnswer = { ...validLead, submission_key: "control-answer-1", exam: [{ question: "Anything else?", answer: "a\u0000b" }] };
      expect((await call("lead/save", withBadAnswer)).status).toBe(400);
      for (const [name, body] of [
        ["agents/list", { state: "TX\u0000", city: "austin" }],
        ["law/get", { state: "tex\u0000as" }],
        ["blog/get", { slug: "a\u0000" }],
        ["agent/get", { agent_id: 1, state: "T\u0000X" }],
      ] as const) {
        expect((await call(name, body)).status).toBe(400);
      }
    });

    it("refuses a 16 KiB email address on its length", async () => {
      const long = `${"a".repeat(16_000)}@${"b".repeat(300)}`;
      const answer = await call("newsletter/save", { email_address: long });
      expect(answer).toEqual({ status: 400, body: { success: false, message: "Email address must be at most 254 characters.", field: "email_address" } });
    });
  });

  describe("bad input", () => {
    it("answers 404 for an unknown call and 400 for a body that is not an object", async () => {
      expect(await call("agents/delete", {})).toEqual({ status: 404, body: { success: false, message: 'There is no call named "agents/delete".' } });
      for (const body of [null, [], "page", 7, true]) {
        expect(await call("page/get", body)).toEqual({ status: 400, body: { success: false, message: "The request body must be a JSON object." } });
      }
    });

    it("answers 400 with a clear message for missing fields and wrong types", async () => {
      expect((await call("page/get", {})).body.message).toBe("Please provide a page id.");
      expect((await call("page/get", { page_id: "1" })).body.message).toBe("A page id must be a number.");
      expect((await call("page/get", { page_id: 1.5 })).body.message).toBe("A page id must be a whole number.");
      expect((await call("city/list", { state_id: 5, length: "Most" })).body.message).toBe('Length must be "Half" or "Full".');
      expect((await call("blog/get", { slug: "<script>" })).body.message).toBe("Blog contains characters that are not allowed.");
      expect((await call("agents/list", { state: "TX" })).body.message).toBe("Please provide a city.");
    });

    it("never answers 500 to odd bodies on any call", async () => {
      const odd: unknown[] = [
        {},
        { page_id: -1, id: 0, state_id: 1e20, slug: "", state: "", city: "", type: 99, length: null },
        { page_id: { $gt: 0 }, email_address: ["a@b.co"], exam: [{ question: {}, answer: 5 }] },
        { state: "x".repeat(5000), city: "🏠", agent_id: Number.MAX_SAFE_INTEGER, cate_id: "1" },
        { property_category: 1, property_address: "a", property_city: "b", property_zip: "12345", exam: [null] },
        { __proto__: { polluted: true }, constructor: { prototype: {} }, type: "Featured" },
      ];
      for (const name of CALL_NAMES) {
        for (const body of odd) {
          const answer = await call(name, body);
          expect({ name, body, status: answer.status < 500 }).toEqual({ name, body, status: true });
          expect(typeof answer.body.success).toBe("boolean");
        }
      }
    });
  });
});
