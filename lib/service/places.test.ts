import { contract, lawDocumentSchema } from "../contract";
import { tabRepeatsCity } from "../contract/seo-text";
import { announcePostgres, databaseKinds, serviceSuite } from "@/test-support";

announcePostgres();

/** The place calls: states, cities, state laws, ZIP codes and the sitemap's paths. */
describe.each(databaseKinds)("places on %s", (kind) => {
  const suite = serviceSuite(kind);
  const { call } = suite;

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

  it("sitemap/paths lists state hubs, served cities, their tabs that are pages of their own and every later page, never a city nobody serves", async () => {
    const { body } = await call("sitemap/paths", { page: 1, per_page: 50_000 });
    const paths: string[] = body.entries.map((entry: { path: string }) => entry.path);
    expect(paths).toHaveLength(body.total);
    expect(new Set(paths).size).toBe(paths.length);
    const cities = await suite.database.db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.id", "cities.slug", "cities.managers_serving", "states.abbreviation"])
      .execute();
    const masks = await suite.database.db.selectFrom("city_coverage").select(["city_id", "category_mask"]).execute();
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
});
