import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../schema";
import type { Agent } from "../../api/contract";
import { categoryLabel } from "../../site";

type Db = Kysely<Database>;

/** The public columns of a manager: never email or phone. */
const PUBLIC_COLUMNS = [
  "agents.id",
  "agents.company_name",
  "agents.photo",
  "agents.featured",
  "agents.address",
  "agents.zip",
  "agents.about",
  "agents.read_more",
  "cities.name as city_name",
  "cities.slug as city_slug",
  "states.abbreviation as state_abbreviation",
  "states.name as state_name",
] as const;

type PublicAgentRow = {
  id: number;
  company_name: string;
  photo: string;
  featured: number;
  address: string;
  zip: string;
  about: string;
  read_more: number;
  city_name: string;
  city_slug: string;
  state_abbreviation: string;
  state_name: string;
};

export function agentRowToAgent(row: PublicAgentRow, categoryIds: number[]): Agent {
  const sorted = [...categoryIds].sort((a, b) => a - b);
  return {
    agent_id: row.id,
    user_id: row.id,
    company_name: row.company_name,
    photo: row.photo,
    featured: row.featured,
    address: row.address,
    city: row.city_name,
    city_slug: row.city_slug,
    state: row.state_abbreviation,
    state_name: row.state_name,
    zip: row.zip,
    about: row.about,
    category: sorted.map((id) => categoryLabel(id)).filter(Boolean).join(", "),
    category_ids: sorted,
    read_more: row.read_more,
  };
}

function publicAgents(db: Db) {
  return db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(PUBLIC_COLUMNS);
}

async function withCategories(db: Db, rows: PublicAgentRow[]): Promise<Agent[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("agent_categories")
    .select(["agent_id", "category_id"])
    .where("agent_id", "in", rows.map((row) => row.id))
    .execute();
  const byAgent = new Map<number, number[]>();
  for (const link of links) byAgent.set(link.agent_id, [...(byAgent.get(link.agent_id) ?? []), link.category_id]);
  return rows.map((row) => agentRowToAgent(row, byAgent.get(row.id) ?? []));
}

/** Managers of a city serving a category: featured first, then by name, one page at a time. */
export async function listAgents(
  db: Db,
  { cityId, categoryId, page, perPage }: { cityId: number; categoryId: number; page: number; perPage: number },
): Promise<{ agents: Agent[]; total: number }> {
  // A correlated EXISTS through the (agent_id, category_id) key: the city's few managers are
  // checked one by one, instead of listing every manager of the category (100x slower at scale).
  const servesCategory = (eb: ExpressionBuilder<Database, "agents">) =>
    eb.exists(
      eb
        .selectFrom("agent_categories")
        .select("agent_categories.agent_id")
        .whereRef("agent_categories.agent_id", "=", "agents.id")
        .where("agent_categories.category_id", "=", categoryId),
    );
  const [rows, total] = await Promise.all([
    publicAgents(db)
      .where("agents.city_id", "=", cityId)
      .where(servesCategory)
      .orderBy("agents.featured", "desc")
      .orderBy("agents.company_name")
      .orderBy("agents.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom("agents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("agents.city_id", "=", cityId)
      .where(servesCategory)
      .executeTakeFirstOrThrow(),
  ]);
  return { agents: await withCategories(db, rows), total: Number(total.count) };
}

export async function getAgent(db: Db, { id }: { id: number }): Promise<Agent | undefined> {
  const row = await publicAgents(db).where("agents.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [agent] = await withCategories(db, [row]);
  return agent;
}
