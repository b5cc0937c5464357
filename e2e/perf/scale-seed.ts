/**
 * The scale run's database: the normal seed plus a million more sample managers spread evenly
 * over every city (3,001), made by the seed's own generator and indexed by the seed's own rule
 * (lib/db/service-areas.ts), so the rows, the service areas and the city coverage look like the
 * seed's. Written through better-sqlite3's prepared statements in large transactions: the
 * Kysely path of the seeder would take far longer for this many rows.
 */
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { SEED_DATA_DIR, demoCityList, parseCsv } from "../../lib/db/seed";
import { demoAgentsForCity } from "../../lib/db/seed/demo-agents";
import { CityGrid, PointGrid, ZipCounts, areaRow, categoryMask, coverageRows, officeRow } from "../../lib/db/service-areas";
import { createSeededDatabase } from "../support/production-site";

/** The seed numbers a city's companies from 0; the scale run continues far above that. */
const FIRST_SCALE_INDEX = 1000;
/** Cities per transaction: about 3,300 managers and their coverage at a million. */
const CITIES_PER_TRANSACTION = 10;

export type ScaleSeed = { cities: number; managers: number; coverage: number; seconds: number };

export async function createScaleDatabase(file: string, extraManagers: number, log: (line: string) => void = () => undefined): Promise<ScaleSeed> {
  const started = Date.now();
  await createSeededDatabase(file);
  const sqlite = new BetterSqlite3(path.resolve(file));
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = OFF");
    sqlite.pragma("cache_size = -262144");
    const cities = sqlite.prepare("select id, state_id, name, slug, population, lat, lng from cities order by id").all() as {
      id: number;
      state_id: number;
      name: string;
      slug: string;
      population: number;
      lat: number;
      lng: number;
    }[];
    const states = sqlite.prepare("select id, name, abbreviation from states").all() as { id: number; name: string; abbreviation: string }[];
    const zipRows = parseCsv(fs.readFileSync(path.join(SEED_DATA_DIR, "us-zips.csv"), "utf8"));
    const demoCities = demoCityList(SEED_DATA_DIR, cities, states, zipRows);
    const grid = new CityGrid(cities);

    const insertAgent = sqlite.prepare(`insert into agents (
      slug, company_name, photo, featured, address, zip, city_id, state_id, about, read_more, email, phone, is_demo, created_at, updated_at,
      management_fee_percent, management_fee_flat, leasing_fee_percent, renewal_fee, setup_fee, maintenance_markup_percent,
      vacancy_fee, services, license_state, license_number, license_type, license_source, license_checked_on,
      office_lat, office_lng, service_radius_miles, units_managed, year_founded
    ) values (
      @slug, @company_name, @photo, @featured, @address, @zip, @city_id, @state_id, @about, @read_more, @email, @phone, 1, @created_at, @created_at,
      @management_fee_percent, @management_fee_flat, @leasing_fee_percent, @renewal_fee, @setup_fee, @maintenance_markup_percent,
      @vacancy_fee, @services, @license_state, @license_number, @license_type, @license_source, @license_checked_on,
      @office_lat, @office_lng, @service_radius_miles, @units_managed, @year_founded
    )`);
    const insertCategory = sqlite.prepare("insert into agent_categories (agent_id, category_id) values (?, ?)");
    const insertArea = sqlite.prepare(
      "insert into agent_areas (id, min_lat, max_lat, min_lng, max_lng, featured, lat, lng, radius_miles, category_mask) values (@id, @min_lat, @max_lat, @min_lng, @max_lng, @featured, @lat, @lng, @radius_miles, @category_mask)",
    );
    const insertOffice = sqlite.prepare(
      "insert into agent_offices (id, min_lat, max_lat, min_lng, max_lng, min_featured, max_featured, lat, lng, radius_miles, category_mask) values (@id, @min_lat, @max_lat, @min_lng, @max_lng, @min_featured, @max_featured, @lat, @lng, @radius_miles, @category_mask)",
    );
    const addZipCount = sqlite.prepare(
      "insert into zip_coverage (zip, category_id, managers, featured) values (@zip, @category_id, @managers, @featured) on conflict (zip, category_id) do update set managers = zip_coverage.managers + excluded.managers, featured = zip_coverage.featured + excluded.featured",
    );
    const zips = new PointGrid(zipRows.map((row) => ({ zip: row.zip, lat: Number(row.lat), lng: Number(row.lng) })));
    const zipCounts = new ZipCounts();
    const insertCoverage = sqlite.prepare(
      "insert into city_coverage (city_id, agent_id, featured, distance_miles, category_mask, own_city) values (@city_id, @agent_id, @featured, @distance_miles, @category_mask, @own_city)",
    );

    const perCity = Math.floor(extraManagers / demoCities.length);
    const remainder = extraManagers % demoCities.length;
    const createdAt = new Date().toISOString();
    let managers = 0;
    let coverage = 0;
    const insertBatch = sqlite.transaction((batch: typeof demoCities, firstIndex: number) => {
      batch.forEach(({ city, demoCity }, offset) => {
        const count = perCity + (firstIndex + offset < remainder ? 1 : 0);
        for (const { categories, ...agent } of demoAgentsForCity(demoCity, count, FIRST_SCALE_INDEX)) {
          const id = Number(insertAgent.run({ ...agent, city_id: city.id, state_id: city.state_id, created_at: createdAt }).lastInsertRowid);
          for (const category of categories) insertCategory.run(id, category);
          const located = {
            id,
            city_id: city.id,
            featured: agent.featured,
            lat: agent.office_lat,
            lng: agent.office_lng,
            radius_miles: agent.service_radius_miles,
            category_mask: categoryMask(categories),
          };
          insertArea.run(areaRow(located));
          insertOffice.run(officeRow(located));
          zipCounts.add(located, zips, 1);
          for (const row of coverageRows(located, grid)) {
            insertCoverage.run(row);
            coverage++;
          }
          managers++;
        }
      });
    });
    for (let first = 0; first < demoCities.length; first += CITIES_PER_TRANSACTION) {
      insertBatch(demoCities.slice(first, first + CITIES_PER_TRANSACTION), first);
      if ((first / CITIES_PER_TRANSACTION) % 30 === 0) log(`${managers.toLocaleString("en-US")} managers, ${coverage.toLocaleString("en-US")} coverage rows`);
    }
    sqlite.exec("update cities set managers_serving = (select count(*) from city_coverage where city_coverage.city_id = cities.id)");
    sqlite.transaction(() => {
      for (const entry of zipCounts.changes()) addZipCount.run(entry);
    })();
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    return { cities: demoCities.length, managers, coverage, seconds: (Date.now() - started) / 1000 };
  } finally {
    sqlite.close();
  }
}
