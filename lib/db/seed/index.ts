import fs from "node:fs";
import path from "node:path";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";
import { PROPERTY_CATEGORIES } from "../../site";
import { buildLawDocument, type LawFact } from "./laws";
import { demoAgentsForCity, slugify, type DemoCity } from "./demo-agents";

/**
 * Loads the seed content of lib/db/seed-data into the database. Every insert skips rows whose
 * natural key is already there, so a second run changes nothing and rows edited since the first
 * run are left alone.
 */

export const SEED_DATA_DIR = path.join(process.cwd(), "lib", "db", "seed-data");
/** The ten largest cities of every state get demo managers. */
export const DEMO_CITIES_PER_STATE = 10;
export const DEMO_AGENTS_PER_CITY = 3;

type SeedOptions = { demo: boolean; dataDir?: string };
export type SeedReport = Record<string, number>;

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

export async function seedDatabase(db: Kysely<Database>, { demo, dataDir = SEED_DATA_DIR }: SeedOptions): Promise<SeedReport> {
  return db.transaction().execute(async (trx) => {
    const report: SeedReport = {};
    const count = (table: string, inserted: number) => (report[table] = (report[table] ?? 0) + inserted);

    count("categories", await insertMissing(trx, "categories", ["id"], PROPERTY_CATEGORIES.map((c) => ({ id: c.id, name: c.label }))));

    type PageSeed = Database["pages"];
    count("pages", await insertMissing(trx, "pages", ["page_id"], readJson<PageSeed[]>(dataDir, "pages.json")));

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
      .select(["id", "state_id", "name", "slug", "population"])
      .orderBy("state_id")
      .orderBy("population", "desc")
      .execute();
    const demoCities = new Map<number, typeof cities>();
    for (const city of cities) {
      const list = demoCities.get(city.state_id) ?? [];
      if (list.length < DEMO_CITIES_PER_STATE) list.push(city);
      demoCities.set(city.state_id, list);
    }

    const facts = readJson<LawFact[]>(dataDir, "landlord-tenant-facts.json");
    count(
      "laws",
      await insertMissing(
        trx,
        "laws",
        ["state_id"],
        states.map((state) => {
          const cityLinks = demo
            ? (demoCities.get(state.id) ?? []).map((city) => ({
                name: city.name,
                href: `/agents/${state.abbreviation}/${city.slug}`,
              }))
            : [];
          const document = buildLawDocument(
            { name: state.name, abbreviation: state.abbreviation },
            facts.filter((fact) => fact.state_abbr === state.abbreviation),
            cityLinks,
          );
          return { state_id: state.id, laws: JSON.stringify(document), updated_at: now() };
        }),
      ),
    );

    type QuestionSeed = Omit<Database["questions"], "id" | "category_id" | "position">;
    const questions = readJson<Record<string, QuestionSeed[]>>(dataDir, "questions.json");
    count(
      "questions",
      await insertMissing(
        trx,
        "questions",
        ["category_id", "position"],
        Object.entries(questions).flatMap(([categoryId, list]) =>
          list.map((question, index) => ({ ...question, category_id: Number(categoryId), position: index + 1 })),
        ),
      ),
    );

    type FaqSeed = Omit<Database["faqs"], "id">;
    count("faqs", await insertMissing(trx, "faqs", ["question"], readJson<FaqSeed[]>(dataDir, "faqs.json")));

    if (demo) {
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
      count(
        "blogs",
        await insertMissing(trx, "blogs", ["slug"], readJson<BlogSeed[]>(dataDir, "blogs.json").map((b) => ({ ...b, is_demo: 1 }))),
      );

      const zips = readJson<Record<string, string[]>>(dataDir, "city-zips.json");
      const stateById = new Map(states.map((state) => [state.id, state]));
      const demoList = [...demoCities.values()].flat().map((city) => {
        const state = stateById.get(city.state_id)!;
        const demoCity: DemoCity = {
          stateAbbr: state.abbreviation,
          stateName: state.name,
          cityName: city.name,
          citySlug: city.slug,
          zips: zips[`${state.abbreviation}/${city.slug}`] ?? [],
        };
        return { city, demoCity };
      });
      const inserted = await insertDemoAgents(
        trx,
        demoList.map(({ city, demoCity }) => ({ cityId: city.id, stateId: city.state_id, agents: demoAgentsForCity(demoCity, DEMO_AGENTS_PER_CITY + (city.id % 3 === 0 ? 1 : 0)) })),
      );
      count("agents", inserted.agents);
      count("agent_categories", inserted.categories);
    }
    return report;
  });
}

/** Inserts rows whose key is not there yet; answers how many were inserted. */
async function insertMissing<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  keyColumns: string[],
  rows: readonly object[],
): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(rows, 200)) {
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

export { slugify };
