import { openDatabase } from "../../lib/db/connection";
import { insertDemoAgents, recordContentChange } from "../../lib/db/seed";
import { demoAgentsForCity } from "../../lib/db/seed/demo-agents";
import { indexServiceAreas } from "../../lib/db/service-areas";
import { agentPath, cityPath } from "../../lib/contract/routes";
import { createTestDatabase, type TestDatabase } from "@/test-support";
import { httpRequest } from "./http";
import { startServer, stopAllServers, type RunningServer } from "./servers";

/**
 * Content added while the site runs shows without waiting for the hourly refresh: a profile asked
 * for before its manager existed is not kept as a 404, and once the seeder notes its change in
 * the content_changes journal, the cached city page lists the new manager.
 */
const REFRESH_WAIT_MS = 20_000;
const report = (line: string) => console.log(`[reliability] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("content added while the site runs", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await database.close();
    server = await startServer({ name: "refresh", databaseUrl: database.url });
  }, 300_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.destroy();
  }, 60_000);

  it("finds a manager added after its profile answered 404, and refreshes the cached city page", async () => {
    const handle = openDatabase(database.url);
    try {
      const austin = await handle.db
        .selectFrom("cities")
        .innerJoin("states", "states.id", "cities.state_id")
        .select(["cities.id", "cities.state_id", "cities.name", "cities.slug", "cities.lat", "cities.lng", "cities.population", "states.abbreviation", "states.name as state_name"])
        .where("states.abbreviation", "=", "TX")
        .where("cities.slug", "=", "austin")
        .executeTakeFirstOrThrow();
      const { maxId } = await handle.db.selectFrom("agents").select((eb) => eb.fn.max("id").as("maxId")).executeTakeFirstOrThrow();
      const nextId = Number(maxId) + 1;
      const profile = agentPath({ state: "TX", city_slug: "austin", agent_id: nextId });
      const city = cityPath("TX", "austin");

      expect((await httpRequest(`${server.url}${profile}`)).status).toBe(404);
      const before = await httpRequest(`${server.url}${city}`);
      expect(before.status).toBe(200);
      expect(before.text).not.toContain(`${profile}"`);

      const [agent] = demoAgentsForCity(
        {
          stateAbbr: "TX",
          stateName: austin.state_name,
          cityName: austin.name,
          citySlug: austin.slug,
          lat: austin.lat,
          lng: austin.lng,
          population: austin.population,
          zips: [{ zip: "78701", lat: austin.lat, lng: austin.lng }],
          rural: false,
        },
        1,
        900,
      );
      const inserted = await insertDemoAgents(handle.db, [{ cityId: austin.id, stateId: austin.state_id, agents: [{ ...agent, featured: 1, categories: [1] }] }]);
      expect(inserted.agents).toBe(1);
      await indexServiceAreas(handle.db, { onlyMissing: true });
      const { id } = await handle.db.selectFrom("agents").select("id").where("slug", "=", agent.slug).executeTakeFirstOrThrow();
      expect(id).toBe(nextId);

      // No 404 was kept: the profile is there on the very next request.
      const found = await httpRequest(`${server.url}${profile}`);
      expect(found.status).toBe(200);
      expect(found.text).toContain(agent.company_name.replace(/&/g, "&amp;"));

      // The city page stays cached until the change is noted in the journal, then refreshes.
      await recordContentChange(handle.db, "reliability test", { agents: 1 });
      const since = Date.now();
      for (;;) {
        const page = await httpRequest(`${server.url}${city}`);
        if (page.text.includes(`${profile}"`)) break;
        if (Date.now() - since > REFRESH_WAIT_MS) throw new Error(`The city page did not list the new manager within ${REFRESH_WAIT_MS / 1000} s.\n${server.output()}`);
        await sleep(250);
      }
      report(`content refresh: a new manager's profile answered at once; the city page listed it ${Date.now() - since} ms after the journal entry`);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
