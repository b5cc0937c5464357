import { type Kysely, type Selectable } from "kysely";
import type { Database } from "../schema";
import type { Agent, Fees, ServingAgent } from "../../contract";
import { LICENSE_SOURCES, categoryLabel, serviceLabel, type LicenseSource, type ServiceKey } from "../../contract/site";
import { roundMiles } from "../../contract/geo";

/** A listing's row as the public pages read it, and the contract's Agent made from it (lib/db/queries/agents.ts lists them). */

type Db = Kysely<Database>;

/** The fee columns a listing publishes, as the contract's `fees` (also what the fee sort ranks by). */
export const FEE_COLUMNS = [
  "agents.management_fee_percent",
  "agents.management_fee_flat",
  "agents.leasing_fee_percent",
  "agents.renewal_fee",
  "agents.setup_fee",
  "agents.maintenance_markup_percent",
  "agents.vacancy_fee",
] as const;

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
  "agents.is_demo",
  ...FEE_COLUMNS,
  "agents.services",
  "agents.license_state",
  "agents.license_number",
  "agents.license_type",
  "agents.license_source",
  "agents.license_checked_on",
  "agents.office_lat",
  "agents.office_lng",
  "agents.service_radius_miles",
  "agents.units_managed",
  "agents.year_founded",
  "cities.name as city_name",
  "cities.slug as city_slug",
  "states.abbreviation as state_abbreviation",
  "states.name as state_name",
] as const;

/** A row of PUBLIC_COLUMNS: the agents table's own columns (typed by the schema) and the place's names. */
type AgentColumn<Column> = Column extends `agents.${infer Name}` ? Name : never;
type PublicAgentRow = Pick<Selectable<Database["agents"]>, AgentColumn<(typeof PUBLIC_COLUMNS)[number]>> & {
  city_name: string;
  city_slug: string;
  state_abbreviation: string;
  state_name: string;
};

/** Numbers from either driver (PostgreSQL's double precision arrives as a number, counts may not). */
export const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function servicesOf(text: string): ServiceKey[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed.filter((key) => typeof key === "string" && serviceLabel(key)) as ServiceKey[]) : [];
  } catch {
    return [];
  }
}

function licenseOf(row: PublicAgentRow): Agent["license"] {
  const source = row.license_source as LicenseSource | null;
  if (!row.license_number || !row.license_state || !source || !LICENSE_SOURCES.includes(source)) return null;
  return {
    state: row.license_state,
    number: row.license_number,
    type: row.license_type ?? "",
    source,
    // A check date only ever comes with a registry check.
    checked_on: source === "registry" ? row.license_checked_on : null,
  };
}

export type FeeRow = Pick<Selectable<Database["agents"]>, AgentColumn<(typeof FEE_COLUMNS)[number]>>;

export function feesOfRow(row: FeeRow): Fees {
  return {
    management_percent: numberOrNull(row.management_fee_percent),
    management_flat: numberOrNull(row.management_fee_flat),
    leasing_percent: numberOrNull(row.leasing_fee_percent),
    renewal_fee: numberOrNull(row.renewal_fee),
    setup_fee: numberOrNull(row.setup_fee),
    maintenance_markup_percent: numberOrNull(row.maintenance_markup_percent),
    vacancy_fee: row.vacancy_fee === null ? null : Number(row.vacancy_fee) === 1,
  };
}

function agentRowToAgent(row: PublicAgentRow, categoryIds: number[]): Agent {
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
    fees: feesOfRow(row),
    services: servicesOf(row.services),
    license: licenseOf(row),
    service_area:
      row.office_lat !== null && row.office_lng !== null && row.service_radius_miles !== null
        ? { lat: Number(row.office_lat), lng: Number(row.office_lng), radius_miles: Number(row.service_radius_miles) }
        : null,
    units_managed: numberOrNull(row.units_managed),
    year_founded: numberOrNull(row.year_founded),
    demo: row.is_demo === 1 ? 1 : 0,
  };
}

export function publicAgents(db: Db) {
  return db
    .selectFrom("agents")
    .innerJoin("cities", "cities.id", "agents.city_id")
    .innerJoin("states", "states.id", "agents.state_id")
    .select(PUBLIC_COLUMNS);
}

export async function withCategories(db: Db, rows: PublicAgentRow[]): Promise<Agent[]> {
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

/** Managers by id, in the order given, each with its distance; unknown ids are left out. */
export async function servingAgents(db: Db, ranked: readonly { id: number; distance: number }[]): Promise<ServingAgent[]> {
  if (ranked.length === 0) return [];
  const rows = await publicAgents(db)
    .where("agents.id", "in", ranked.map((entry) => entry.id))
    .execute();
  const byId = new Map((await withCategories(db, rows)).map((agent) => [agent.agent_id, agent]));
  return ranked.flatMap(({ id, distance }) => {
    const agent = byId.get(id);
    return agent ? [{ ...agent, distance_miles: roundMiles(distance) }] : [];
  });
}
