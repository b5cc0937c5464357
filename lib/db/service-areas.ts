import { sql, type Kysely } from "kysely";
import type { AgentAreasTable, AgentOfficesTable, CityCoverageTable, Database } from "./schema";
import { PROPERTY_CATEGORIES } from "../contract/site";
import { boundingBox, distanceMiles, roundMiles, servesCity, servesPoint, type Point } from "../contract/geo";

/**
 * Keeps the derived stores of "who serves where" in step with the managers: the spatial index of
 * service areas (agent_areas, read by lead matching), the spatial index of offices
 * (agent_offices, read by the ZIP search and the "nearby" of a city nobody serves), the coverage
 * of the seeded cities (city_coverage and cities.managers_serving, read by the city lists) and
 * the counts per ZIP code (zip_coverage, the ZIP search's totals). The rule itself is
 * lib/contract/geo.ts; this file only applies it. Call `indexServiceAreas` after adding a manager
 * or changing its office, radius, categories or featured flag.
 *
 * Not a named query file (no "server-only"): the seeder and the scale harness run it outside
 * Next.js.
 */

type Db = Kysely<Database>;

/** One bit per property category, in PROPERTY_CATEGORIES order (1 → 1, 2 → 2, 3 → 4, 8 → 8). */
export function categoryBit(categoryId: number): number {
  const index = PROPERTY_CATEGORIES.findIndex((category) => category.id === categoryId);
  return index < 0 ? 0 : 1 << index;
}

export const categoryMask = (categoryIds: readonly number[]) => categoryIds.reduce((mask, id) => mask | categoryBit(id), 0);

/** Every category's bit: what category 0 ("all") filters with. */
export const ALL_CATEGORIES_MASK = categoryMask(PROPERTY_CATEGORIES.map((category) => category.id));

export type LocatedAgent = {
  id: number;
  city_id: number;
  featured: number;
  lat: number;
  lng: number;
  radius_miles: number;
  category_mask: number;
};

export type CoverageCity = Point & { id: number };
export type CoverageZip = Point & { zip: string };

/** Points (seeded cities, ZIP codes) in 1-degree cells, to find those near a point without testing them all. */
export class PointGrid<T extends Point> {
  private readonly cells = new Map<string, T[]>();

  constructor(cities: readonly T[]) {
    for (const city of cities) {
      const key = PointGrid.key(Math.floor(city.lat), Math.floor(city.lng));
      const list = this.cells.get(key);
      if (list) list.push(city);
      else this.cells.set(key, [city]);
    }
  }

  private static key(lat: number, lng: number) {
    return `${lat}:${lng}`;
  }

  /** Points whose cell meets the circle's bounding box (a superset of those within the radius). */
  candidates(point: Point, radiusMiles: number): T[] {
    const box = boundingBox({ ...point, radius_miles: radiusMiles });
    const found: T[] = [];
    for (let lat = Math.floor(box.min_lat); lat <= Math.floor(box.max_lat); lat++) {
      for (let lng = Math.floor(box.min_lng); lng <= Math.floor(box.max_lng); lng++) {
        const list = this.cells.get(PointGrid.key(lat, lng));
        if (list) found.push(...list);
      }
    }
    return found;
  }
}

/** The seeded cities in their grid. */
export class CityGrid extends PointGrid<CoverageCity> {}

export function areaRow(agent: LocatedAgent): AgentAreasTable {
  return {
    id: agent.id,
    ...boundingBox(agent),
    featured: agent.featured,
    lat: agent.lat,
    lng: agent.lng,
    radius_miles: agent.radius_miles,
    category_mask: agent.category_mask,
  };
}

export function officeRow(agent: LocatedAgent): AgentOfficesTable {
  return {
    id: agent.id,
    min_lat: agent.lat,
    max_lat: agent.lat,
    min_lng: agent.lng,
    max_lng: agent.lng,
    min_featured: agent.featured,
    max_featured: agent.featured,
    lat: agent.lat,
    lng: agent.lng,
    radius_miles: agent.radius_miles,
    category_mask: agent.category_mask,
  };
}

/** Managers serving each ZIP code, in all (category 0) and per category, and how many are featured. */
export class ZipCounts {
  readonly counts = new Map<string, { zip: string; category_id: number; managers: number; featured: number }>();

  /** Adds (`sign` 1) or takes away (-1) a manager's contribution to every ZIP code it serves. */
  add(agent: Omit<LocatedAgent, "id" | "city_id">, grid: PointGrid<CoverageZip>, sign: 1 | -1): void {
    const categories = [0, ...PROPERTY_CATEGORIES.filter((category) => (agent.category_mask & categoryBit(category.id)) !== 0).map((category) => category.id)];
    for (const place of grid.candidates(agent, agent.radius_miles)) {
      if (!servesPoint(agent, place)) continue;
      for (const category_id of categories) {
        const key = `${place.zip}|${category_id}`;
        const entry = this.counts.get(key) ?? { zip: place.zip, category_id, managers: 0, featured: 0 };
        entry.managers += sign;
        entry.featured += sign * agent.featured;
        this.counts.set(key, entry);
      }
    }
  }

  /** The changes, without those that cancel out. */
  changes() {
    return [...this.counts.values()].filter((entry) => entry.managers !== 0 || entry.featured !== 0);
  }
}

/** Adds the counted changes to zip_coverage and drops the rows that fall to nothing. */
async function applyZipCounts(db: Db, counts: ZipCounts): Promise<number> {
  const changes = counts.changes();
  for (const rows of chunks(changes, 1000)) {
    await db
      .insertInto("zip_coverage")
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(["zip", "category_id"]).doUpdateSet({
          managers: sql<number>`zip_coverage.managers + excluded.managers`,
          featured: sql<number>`zip_coverage.featured + excluded.featured`,
        }),
      )
      .execute();
  }
  if (changes.some((entry) => entry.managers < 0)) await db.deleteFrom("zip_coverage").where("managers", "<=", 0).execute();
  return changes.length;
}

/** The seeded cities a manager serves (lib/contract/geo.ts servesCity), with the distance. */
export function coverageRows(agent: LocatedAgent, grid: CityGrid): CityCoverageTable[] {
  const area = { ...agent, office_city_id: agent.city_id };
  const rows: CityCoverageTable[] = [];
  const seen = new Set<number>();
  for (const city of grid.candidates(agent, agent.radius_miles)) {
    if (!servesCity(area, city)) continue;
    seen.add(city.id);
    rows.push({
      city_id: city.id,
      agent_id: agent.id,
      featured: agent.featured,
      distance_miles: roundMiles(distanceMiles(agent, city)),
      category_mask: agent.category_mask,
      own_city: agent.city_id === city.id ? 1 : 0,
    });
  }
  // The office's own city, even when its point lies beyond the radius (a very large city).
  if (!seen.has(agent.city_id)) {
    rows.push({ city_id: agent.city_id, agent_id: agent.id, featured: agent.featured, distance_miles: 0, category_mask: agent.category_mask, own_city: 1 });
  }
  return rows;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Whether the sample listings are listed: only while the directory has no real listing. Once one
 * exists, no list, search, match, sitemap or profile shows a sample beside it (the index leaves
 * them out, below; docs/operator-import.md). Read through the index agents_demo.
 */
export async function samplesListed(db: Db): Promise<boolean> {
  return (await db.selectFrom("agents").select("id").where("is_demo", "=", 0).limit(1).executeTakeFirst()) === undefined;
}

/** Managers with an office location, and their categories, as the index needs them (no sample beside a real listing). */
async function locatedAgents(db: Db, ids: readonly number[], { withSamples }: { withSamples: boolean }): Promise<LocatedAgent[]> {
  const agents: LocatedAgent[] = [];
  for (const batch of chunks(ids, 500)) {
    let listed = db
      .selectFrom("agents")
      .select(["id", "city_id", "featured", "office_lat", "office_lng", "service_radius_miles"])
      .where("id", "in", batch);
    if (!withSamples) listed = listed.where("is_demo", "=", 0);
    const [rows, links] = await Promise.all([
      listed
        .where("office_lat", "is not", null)
        .where("office_lng", "is not", null)
        .where("service_radius_miles", "is not", null)
        .execute(),
      db.selectFrom("agent_categories").select(["agent_id", "category_id"]).where("agent_id", "in", batch).execute(),
    ]);
    const categories = new Map<number, number[]>();
    for (const link of links) categories.set(link.agent_id, [...(categories.get(link.agent_id) ?? []), link.category_id]);
    for (const row of rows) {
      agents.push({
        id: row.id,
        city_id: row.city_id,
        featured: row.featured,
        lat: row.office_lat!,
        lng: row.office_lng!,
        radius_miles: row.service_radius_miles!,
        category_mask: categoryMask(categories.get(row.id) ?? []),
      });
    }
  }
  return agents;
}

/** The ZIP codes' points in their grid (40,970 of them). */
async function zipGrid(db: Db): Promise<PointGrid<CoverageZip>> {
  const zips = await db.selectFrom("zip_codes").select(["zip", "lat", "lng"]).execute();
  return new PointGrid(zips.map((row) => ({ zip: row.zip, lat: Number(row.lat), lng: Number(row.lng) })));
}

/**
 * Rebuilds the service area, the office, the city coverage and the ZIP counts of the given
 * managers (all of them when `agentIds` is absent, only those without an office row yet when
 * `onlyMissing`; a sample only while `samplesListed`), then recounts `managers_serving` of every city whose coverage changed.
 * Answers the rows written.
 */
export async function indexServiceAreas(db: Db, { agentIds, onlyMissing = false }: { agentIds?: readonly number[]; onlyMissing?: boolean } = {}) {
  const withSamples = await samplesListed(db);
  let everyone = db.selectFrom("agents").select("id");
  // A sample left out of the index is not missing from it.
  if (onlyMissing && !withSamples) everyone = everyone.where("is_demo", "=", 0);
  let ids = agentIds ? [...agentIds] : (await everyone.execute()).map((row) => row.id);
  if (onlyMissing && ids.length > 0) {
    const indexed = new Set<number>();
    for (const batch of chunks(ids, 5000)) {
      for (const row of await db.selectFrom("agent_offices").select("id").where("id", "in", batch).execute()) indexed.add(row.id);
    }
    ids = ids.filter((id) => !indexed.has(id));
  }
  if (ids.length === 0) return { areas: 0, offices: 0, coverage: 0, zipCounts: 0 };

  const cities = new CityGrid((await db.selectFrom("cities").select(["id", "lat", "lng"]).execute()).map((row) => ({ id: row.id, lat: Number(row.lat), lng: Number(row.lng) })));
  const zips = await zipGrid(db);
  const zipCounts = new ZipCounts();
  const touchedCities = new Set<number>();
  let areas = 0;
  let offices = 0;
  let coverage = 0;
  for (const batch of chunks(ids, 500)) {
    // What the managers counted for before: taken away from the ZIP codes they served.
    for (const old of await db.selectFrom("agent_offices").select(["lat", "lng", "radius_miles", "category_mask", "min_featured"]).where("id", "in", batch).execute()) {
      zipCounts.add({ lat: Number(old.lat), lng: Number(old.lng), radius_miles: Number(old.radius_miles), category_mask: Number(old.category_mask), featured: Number(old.min_featured) }, zips, -1);
    }
    for (const row of await db.selectFrom("city_coverage").select("city_id").distinct().where("agent_id", "in", batch).execute()) touchedCities.add(row.city_id);
    await db.deleteFrom("city_coverage").where("agent_id", "in", batch).execute();
    await db.deleteFrom("agent_offices").where("id", "in", batch).execute();
    await db.deleteFrom("agent_areas").where("id", "in", batch).execute();

    const agents = await locatedAgents(db, batch, { withSamples });
    for (const rows of chunks(agents.map(areaRow), 200)) {
      await db.insertInto("agent_areas").values(rows).execute();
      areas += rows.length;
    }
    for (const rows of chunks(agents.map(officeRow), 200)) {
      await db.insertInto("agent_offices").values(rows).execute();
      offices += rows.length;
    }
    const covered = agents.flatMap((agent) => coverageRows(agent, cities));
    for (const rows of chunks(covered, 1000)) {
      await db.insertInto("city_coverage").values(rows).execute();
      coverage += rows.length;
    }
    for (const row of covered) touchedCities.add(row.city_id);
    for (const agent of agents) zipCounts.add(agent, zips, 1);
  }
  await recountCities(db, [...touchedCities]);
  return { areas, offices, coverage, zipCounts: await applyZipCounts(db, zipCounts) };
}

/** Sets managers_serving of the given cities from their coverage rows. */
async function recountCities(db: Db, cityIds: readonly number[]): Promise<void> {
  for (const batch of chunks(cityIds, 500)) {
    await db
      .updateTable("cities")
      .set((eb) => ({
        managers_serving: eb.selectFrom("city_coverage").select((inner) => inner.fn.countAll<number>().as("n")).whereRef("city_coverage.city_id", "=", "cities.id"),
      }))
      .where("id", "in", batch)
      .execute();
  }
}

/** How many seeded cities have at least `minimum` managers serving them (the seed report). */
export async function coverageSummary(db: Db, { minimum = 3 }: { minimum?: number } = {}) {
  const row = await db
    .selectFrom("cities")
    .select((eb) => [
      eb.fn.countAll<number>().as("cities"),
      eb.fn.sum<number>(eb.case().when("managers_serving", ">=", minimum).then(1).else(0).end()).as("served"),
    ])
    .executeTakeFirstOrThrow();
  return { cities: Number(row.cities), served: Number(row.served ?? 0), minimum };
}
