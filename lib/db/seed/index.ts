import fs from "node:fs";
import path from "node:path";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";
import { PROPERTY_CATEGORIES } from "../../contract/site";
import { readLawFacts } from "./law-facts";
import { samplesRemoved } from "../queries/managers";
import { demoAgentsForCity, demoOfficeCount, newNameRegistry, type DemoCity, type DemoZip } from "./demo-agents";
import { CityGrid, coverageSummary, indexServiceAreas } from "../service-areas";
import { servesPoint } from "../../contract/geo";
import { OPERATOR_TO_WRITE } from "../../contract/messages";

/**
 * Loads the seed content of lib/db/seed-data into the database. Every insert skips rows whose
 * natural key is already there, so a second run changes nothing and rows edited since the first
 * run are left alone.
 */

export const SEED_DATA_DIR = path.join(process.cwd(), "lib", "db", "seed-data");
/** A city with fewer other seeded cities than this within 30 miles is rural (wider radii). */
const RURAL_NEIGHBOURS = 3;
const RURAL_DISTANCE_MILES = 30;

type SeedOptions = { demo: boolean; dataDir?: string };
export type SeedReport = {
  /** Rows inserted per table (all 0 on a second run). */
  inserted: Record<string, number>;
  /** How many cities have at least three managers serving them, after the run. */
  coverage: { cities: number; served: number; minimum: number };
};

/** The seed report as the command-line tools print it. */
export function describeSeedReport(report: SeedReport): string[] {
  const inserted = Object.entries(report.inserted).filter(([, count]) => count > 0);
  const { cities, served, minimum } = report.coverage;
  const share = cities > 0 ? ((served / cities) * 100).toFixed(1) : "0.0";
  return [
    inserted.length ? `inserted ${inserted.map(([table, count]) => `${count} ${table}`).join(", ")}` : "nothing to add: every seed row is there",
    `${served.toLocaleString("en-US")} of ${cities.toLocaleString("en-US")} cities (${share}%) have ${minimum} or more managers serving them`,
  ];
}

type CsvRow = Record<string, string>;

/** RFC 4180 CSV with a header row (quoted fields may hold commas and doubled quotes). */
export function parseCsv(text: string): CsvRow[] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((cells) => cells.some((cell) => cell !== ""));
  return body.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

function readJson<T>(dataDir: string, file: string): T {
  return JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8")) as T;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const now = () => new Date().toISOString();

type Count = (table: string, inserted: number) => void;

export async function seedDatabase(db: Kysely<Database>, { demo, dataDir = SEED_DATA_DIR }: SeedOptions): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => {
    const report: SeedReport["inserted"] = {};
    const count: Count = (table, inserted) => (report[table] = (report[table] ?? 0) + inserted);

    count("categories", await insertMissing(trx, "categories", ["id"], PROPERTY_CATEGORIES.map((c) => ({ id: c.id, name: c.label }))));
    type PageSeed = Database["pages"];
    const copy = operatorCopy(dataDir, demo);
    count("pages", await insertMissing(trx, "pages", ["page_id"], readJson<PageSeed[]>(dataDir, "pages.json").map((page) => copy.apply(page, { page_id: page.page_id }))));
    const places = await seedPlaces(trx, dataDir, count);
    await seedGuides(trx, dataDir, copy, count);
    if (demo) await seedDemoContent(trx, dataDir, places, count);

    // Who serves where, for every manager not indexed yet (all of them on the first run).
    const indexed = await indexServiceAreas(trx, { onlyMissing: true });
    count("agent_areas", indexed.areas);
    count("agent_offices", indexed.offices);
    count("city_coverage", indexed.coverage);
    count("zip_coverage", indexed.zipCounts);
    await recordContentChange(trx, "seed", report);
    return { inserted: report, coverage: await coverageSummary(trx) };
  });
}

/** States (51, the featured ones ranked), their cities and the ZIP codes; answers them as stored. */
async function seedPlaces(trx: Transaction<Database>, dataDir: string, count: Count) {
  const featured = readJson<{ featured: string[] }>(dataDir, "featured-states.json").featured;
  const stateRows = parseCsv(fs.readFileSync(path.join(dataDir, "us-states.csv"), "utf8"));
  count(
    "states",
    await insertMissing(
      trx,
      "states",
      ["abbreviation"],
      stateRows.map((row) => ({
        name: row.name,
        abbreviation: row.abbr,
        slug: row.slug,
        fips: row.fips,
        featured_rank: featured.includes(row.abbr) ? featured.indexOf(row.abbr) + 1 : null,
      })),
    ),
  );
  const states = await trx.selectFrom("states").select(["id", "name", "abbreviation"]).execute();
  const stateByAbbr = new Map(states.map((state) => [state.abbreviation, state]));

  const cityRows = parseCsv(fs.readFileSync(path.join(dataDir, "us-cities.csv"), "utf8"));
  count(
    "cities",
    await insertMissing(
      trx,
      "cities",
      ["state_id", "slug"],
      cityRows.map((row) => ({
        state_id: stateByAbbr.get(row.state_abbr)!.id,
        name: row.city,
        slug: row.slug,
        population: Number(row.population),
        lat: Number(row.lat),
        lng: Number(row.lng),
      })),
    ),
  );
  const cities = await trx
    .selectFrom("cities")
    .select(["id", "state_id", "name", "slug", "population", "lat", "lng"])
    .orderBy("state_id")
    .orderBy("population", "desc")
    .orderBy("id")
    .execute();
  const zipRows = parseCsv(fs.readFileSync(path.join(dataDir, "us-zips.csv"), "utf8"));
  count(
    "zip_codes",
    await insertMissing(
      trx,
      "zip_codes",
      ["zip"],
      zipRows.map((row) => ({ zip: row.zip, city: row.city, state_abbr: row.state_abbr, county: row.county, lat: Number(row.lat), lng: Number(row.lng) })),
      1000,
    ),
  );
  return { states, cities, zipRows };
}

/** The landlord-tenant facts, the quote flow's questions and the FAQs. */
async function seedGuides(trx: Transaction<Database>, dataDir: string, copy: OperatorCopy, count: Count) {
  for (const [table, inserted] of Object.entries(await insertLawFacts(trx, dataDir))) count(table, inserted);

  type QuestionSeed = Omit<Database["questions"], "id" | "category_id" | "position">;
  const questions = readJson<Record<string, QuestionSeed[]>>(dataDir, "questions.json");
  count(
    "questions",
    await insertMissing(
      trx,
      "questions",
      ["category_id", "position"],
      Object.entries(questions).flatMap(([categoryId, list]) => list.map((question, index) => ({ ...question, category_id: Number(categoryId), position: index + 1 }))),
    ),
  );

  type FaqSeed = Omit<Database["faqs"], "id">;
  count("faqs", await insertMissing(trx, "faqs", ["question"], readJson<FaqSeed[]>(dataDir, "faqs.json").map((faq) => copy.apply(faq, { question: faq.question }))));
}

type OperatorSentence = { page_id?: number; question?: string; field: string; sample: string; operator: string };
type OperatorCopy = { apply<T extends object>(record: T, key: { page_id?: number; question?: string }): T };

/**
 * The sentences of pages.json and faqs.json that speak for the sample site ("managers pay nothing
 * either", "nobody answers messages"): true with SEED_DEMO=1, false for a real operator. With
 * SEED_DEMO=0 each becomes a bracketed note of what the operator has to write
 * (operator-copy.json). A sample sentence no longer in its record stops the seed, so the two
 * files cannot drift apart silently.
 */
function operatorCopy(dataDir: string, demo: boolean): OperatorCopy {
  const sentences = demo ? [] : readJson<OperatorSentence[]>(dataDir, "operator-copy.json");
  return {
    apply(record, key) {
      const result = { ...record } as Record<string, unknown>;
      for (const sentence of sentences) {
        if (sentence.page_id !== key.page_id || sentence.question !== key.question) continue;
        const text = result[sentence.field];
        if (typeof text !== "string" || !text.includes(sentence.sample)) {
          throw new Error(`operator-copy.json: "${sentence.sample.slice(0, 60)}…" is not in ${JSON.stringify(key)} ${sentence.field}`);
        }
        result[sentence.field] = text.replace(sentence.sample, sentence.operator.replaceAll("{TO_WRITE}", OPERATOR_TO_WRITE));
      }
      return result as typeof record;
    },
  };
}

/** What SEED_DEMO=0 leaves out: testimonials, blogs and the sample managers, all marked demo. */
async function seedDemoContent(trx: Transaction<Database>, dataDir: string, places: Awaited<ReturnType<typeof seedPlaces>>, count: Count) {
  type TestimonialSeed = Omit<Database["testimonials"], "id" | "featured" | "is_demo">;
  count(
    "testimonials",
    await insertMissing(
      trx,
      "testimonials",
      ["display_order"],
      readJson<TestimonialSeed[]>(dataDir, "testimonials.json").map((t) => ({ ...t, featured: 1, is_demo: 1 })),
    ),
  );
  type BlogSeed = Omit<Database["blogs"], "id" | "is_demo">;
  count("blogs", await insertMissing(trx, "blogs", ["slug"], readJson<BlogSeed[]>(dataDir, "blogs.json").map((b) => ({ ...b, is_demo: 1 }))));

  // Once the operator removed the sample listings (npm run managers -- remove-samples), they stay out.
  if (await samplesRemoved(trx)) return;
  const demoCities = demoCityList(dataDir, places.cities, places.states, places.zipRows);
  const registry = newNameRegistry();
  const inserted = await insertDemoAgents(
    trx,
    demoCities.map(({ city, demoCity }) => ({ cityId: city.id, stateId: city.state_id, agents: demoAgentsForCity(demoCity, demoOfficeCount(demoCity), 0, registry) })),
  );
  count("agents", inserted.agents);
  count("agent_categories", inserted.categories);
}

type SeededCity = { id: number; state_id: number; name: string; slug: string; population: number; lat: number; lng: number };

/**
 * Every seeded city as the demo generator sees it: its ZIP codes (city-zips.json) with their
 * points, and whether it is rural (few other seeded cities within 30 miles).
 */
export function demoCityList(
  dataDir: string,
  cities: readonly SeededCity[],
  states: readonly { id: number; name: string; abbreviation: string }[],
  zipRows: readonly CsvRow[],
): { city: SeededCity; demoCity: DemoCity }[] {
  const cityZips = readJson<Record<string, string[]>>(dataDir, "city-zips.json");
  const zipPoints = new Map(zipRows.map((row) => [row.zip, { zip: row.zip, lat: Number(row.lat), lng: Number(row.lng) }]));
  const stateById = new Map(states.map((state) => [state.id, state]));
  const grid = new CityGrid(cities);
  return cities.map((city) => {
    const state = stateById.get(city.state_id)!;
    const neighbours = grid
      .candidates(city, RURAL_DISTANCE_MILES)
      .filter((other) => other.id !== city.id && servesPoint({ ...city, radius_miles: RURAL_DISTANCE_MILES }, other)).length;
    const zips = (cityZips[`${state.abbreviation}/${city.slug}`] ?? []).map((zip) => zipPoints.get(zip)).filter((zip): zip is DemoZip => zip !== undefined);
    const demoCity: DemoCity = {
      stateAbbr: state.abbreviation,
      stateName: state.name,
      cityName: city.name,
      citySlug: city.slug,
      lat: city.lat,
      lng: city.lng,
      population: city.population,
      zips,
      rural: neighbours < RURAL_NEIGHBOURS,
    };
    return { city, demoCity };
  });
}

/**
 * Notes in the content_changes journal that rows were added, so running servers refresh their
 * cached pages (lib/server watches the journal). Nothing added, nothing noted.
 */
export async function recordContentChange(db: Kysely<Database>, source: string, inserted: SeedReport["inserted"]): Promise<void> {
  const added = Object.entries(inserted).filter(([, rows]) => rows > 0);
  if (added.length === 0) return;
  await db
    .insertInto("content_changes")
    .values({ source, summary: added.map(([table, rows]) => `${rows} ${table}`).join(", "), changed_at: now() })
    .execute();
}

/** The landlord-tenant facts of both files, each tied to its file's review date. */
async function insertLawFacts(trx: Transaction<Database>, dataDir: string): Promise<SeedReport["inserted"]> {
  const { files, facts } = readLawFacts(dataDir);
  const states = await trx.selectFrom("states").select(["id", "abbreviation"]).execute();
  const stateIds = new Map(states.map((state) => [state.abbreviation, state.id]));
  const rows = facts.map(({ state_abbr, topic, value, citation, source_url, file, verified }) => {
    const stateId = stateIds.get(state_abbr);
    if (stateId === undefined) throw new Error(`${file}: unknown state "${state_abbr}".`);
    return { state_id: stateId, topic, value, citation, source_url, file, verified: verified ? 1 : 0 };
  });
  const insertedFiles = await insertMissing(trx, "law_fact_files", ["file"], files);
  // A file that took a topic over from an earlier one (TOPICS_OWNED_BY_FILE) replaces the facts
  // an earlier seed stored from the other file; facts already from their own file stay as they are.
  let replaced = 0;
  for (const batch of chunks(rows, 200)) {
    const result = await trx
      .insertInto("law_facts")
      .values(batch)
      .onConflict((conflict) =>
        conflict
          .columns(["state_id", "topic"])
          .doUpdateSet((eb) => ({
            value: eb.ref("excluded.value"),
            citation: eb.ref("excluded.citation"),
            source_url: eb.ref("excluded.source_url"),
            file: eb.ref("excluded.file"),
            verified: eb.ref("excluded.verified"),
          }))
          .where("law_facts.file", "<>", (eb) => eb.ref("excluded.file")),
      )
      .executeTakeFirst();
    replaced += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { law_fact_files: insertedFiles, law_facts: replaced };
}

/** Inserts rows whose key is not there yet; answers how many were inserted. */
async function insertMissing<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  keyColumns: string[],
  rows: readonly object[],
  batchSize = 200,
): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(rows, batchSize)) {
    if (batch.length === 0) continue;
    const result = await trx
      .insertInto(table)
      .values(batch as never)
      .onConflict((conflict) => conflict.columns(keyColumns as never).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

type CityAgents = { cityId: number; stateId: number; agents: ReturnType<typeof demoAgentsForCity> };

/** Demo companies and the categories each serves; used by the seed and by the scale run. */
export async function insertDemoAgents(trx: Kysely<Database>, cities: CityAgents[]) {
  const createdAt = now();
  const rows = cities.flatMap(({ cityId, stateId, agents }) =>
    agents.map(({ categories: _categories, ...agent }) => ({
      ...agent,
      city_id: cityId,
      state_id: stateId,
      is_demo: 1,
      created_at: createdAt,
      updated_at: createdAt,
    })),
  );
  const agents = await insertMissing(trx as Transaction<Database>, "agents", ["slug"], rows);

  const wanted = cities.flatMap(({ agents }) => agents.map((agent) => ({ slug: agent.slug, categories: agent.categories })));
  let categories = 0;
  for (const batch of chunks(wanted, 500)) {
    const ids = await trx
      .selectFrom("agents")
      .select(["id", "slug"])
      .where("slug", "in", batch.map((agent) => agent.slug))
      .execute();
    const idBySlug = new Map(ids.map((row) => [row.slug, row.id]));
    const links = batch.flatMap((agent) =>
      agent.categories.map((categoryId) => ({ agent_id: idBySlug.get(agent.slug)!, category_id: categoryId })),
    );
    categories += await insertMissing(trx as Transaction<Database>, "agent_categories", ["agent_id", "category_id"], links);
  }
  return { agents, categories };
}
