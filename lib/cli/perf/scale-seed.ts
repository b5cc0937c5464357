/**
 * The scale run's database: the normal seed plus 100,000 more demo managers spread evenly over
 * every city (3,001), made by the same generator as the seed so the rows look like real ones.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/connection";
import { DEMO_AGENTS_PER_CITY, SEED_DATA_DIR, insertDemoAgents } from "../../db/seed";
import { demoAgentsForCity, type DemoCity } from "../../db/seed/demo-agents";
import { createSeededDatabase } from "./site";

/** The seed numbers a city's companies from 0 to DEMO_AGENTS_PER_CITY; continue after them. */
const FIRST_SCALE_INDEX = DEMO_AGENTS_PER_CITY + 1;
/** Cities per transaction: about 3,300 managers, a few hundred milliseconds each. */
const CITIES_PER_TRANSACTION = 100;

export async function createScaleDatabase(file: string, extraManagers: number): Promise<{ cities: number; managers: number; seconds: number }> {
  const started = Date.now();
  await createSeededDatabase(file);
  const handle = openDatabase(`file:${file}`);
  try {
    const cities = await handle.db
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.id as cityId", "cities.state_id as stateId", "cities.name as cityName", "cities.slug as citySlug", "states.abbreviation as stateAbbr", "states.name as stateName"])
      .orderBy("cities.id")
      .execute();
    const zips = JSON.parse(fs.readFileSync(path.join(SEED_DATA_DIR, "city-zips.json"), "utf8")) as Record<string, string[]>;

    const perCity = Math.floor(extraManagers / cities.length);
    const remainder = extraManagers % cities.length;
    let managers = 0;
    for (let first = 0; first < cities.length; first += CITIES_PER_TRANSACTION) {
      const batch = cities.slice(first, first + CITIES_PER_TRANSACTION).map((city, offset) => {
        const demoCity: DemoCity = {
          stateAbbr: city.stateAbbr,
          stateName: city.stateName,
          cityName: city.cityName,
          citySlug: city.citySlug,
          zips: zips[`${city.stateAbbr}/${city.citySlug}`] ?? [],
        };
        const count = perCity + (first + offset < remainder ? 1 : 0);
        return { cityId: city.cityId, stateId: city.stateId, agents: demoAgentsForCity(demoCity, count, FIRST_SCALE_INDEX) };
      });
      const inserted = await handle.db.transaction().execute((trx) => insertDemoAgents(trx, batch));
      managers += inserted.agents;
    }
    return { cities: cities.length, managers, seconds: (Date.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
