import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { LawCompareRow, LawFact } from "../../contract";
import { isLawTopicKey, isNoStatuteFact, lawTopicOrder, type LawTopicKey } from "../../contract/law-topics";

type Db = Kysely<Database>;

type FactRow = { topic: string; value: string; citation: string | null; source_url: string; reviewed_on: string; verified: number };

function lawFactRowToLawFact(row: FactRow): LawFact {
  return {
    topic: row.topic as LawTopicKey,
    value: row.value,
    citation: row.citation,
    source_url: row.source_url,
    no_statute: isNoStatuteFact({ ...row, verified: Number(row.verified) !== 0 }),
    reviewed_on: row.reviewed_on,
    verified: Number(row.verified) !== 0,
  };
}

/** A state's facts (one topic's, when given), in the order the pages show the topics. */
export async function listLawFacts(db: Db, { stateId, topic }: { stateId: number; topic?: LawTopicKey }): Promise<LawFact[]> {
  let query = db
    .selectFrom("law_facts")
    .innerJoin("law_fact_files", "law_fact_files.file", "law_facts.file")
    .select(["law_facts.topic", "law_facts.value", "law_facts.citation", "law_facts.source_url", "law_facts.verified", "law_fact_files.reviewed_on"])
    .where("law_facts.state_id", "=", stateId);
  if (topic) query = query.where("law_facts.topic", "=", topic);
  const rows = await query.execute();
  return rows
    .filter((row) => isLawTopicKey(row.topic))
    .map(lawFactRowToLawFact)
    .sort((a, b) => lawTopicOrder(a.topic) - lawTopicOrder(b.topic));
}

/** For each topic that has facts: how many jurisdictions have one, and the latest review date. */
export async function summarizeLawTopics(db: Db): Promise<Map<LawTopicKey, { states: number; reviewedOn: string }>> {
  const rows = await db
    .selectFrom("law_facts")
    .innerJoin("law_fact_files", "law_fact_files.file", "law_facts.file")
    .select(["law_facts.topic", (eb) => eb.fn.count<number>("law_facts.state_id").distinct().as("states"), (eb) => eb.fn.max("law_fact_files.reviewed_on").as("reviewed_on")])
    .groupBy("law_facts.topic")
    .execute();
  const summary = new Map<LawTopicKey, { states: number; reviewedOn: string }>();
  for (const row of rows) {
    if (isLawTopicKey(row.topic)) summary.set(row.topic, { states: Number(row.states), reviewedOn: String(row.reviewed_on) });
  }
  return summary;
}

/** Every jurisdiction by name with its fact on one topic; value null where there is none yet. */
export async function listTopicComparison(db: Db, { topic }: { topic: LawTopicKey }): Promise<LawCompareRow[]> {
  const rows = await db
    .selectFrom("states")
    .leftJoin("law_facts", (join) => join.onRef("law_facts.state_id", "=", "states.id").on("law_facts.topic", "=", topic))
    .select(["states.name", "states.slug", "states.abbreviation", "law_facts.value", "law_facts.citation", "law_facts.source_url", "law_facts.verified"])
    .orderBy("states.name")
    .execute();
  return rows.map((row) => {
    const verified = row.verified === null || row.verified === undefined || Number(row.verified) !== 0;
    return {
      state: row.name,
      slug: row.slug,
      abbreviation: row.abbreviation,
      value: row.value ?? null,
      citation: row.citation ?? null,
      source_url: row.source_url ?? null,
      no_statute: row.value !== null && row.value !== undefined && isNoStatuteFact({ value: row.value, citation: row.citation ?? null, verified }),
      verified,
    };
  });
}

/** States that have at least one fact, by name: the law pages of the sitemap. */
export function statesWithLawFacts(db: Db) {
  return db
    .selectFrom("states")
    .where((eb) => eb.exists(eb.selectFrom("law_facts").select("law_facts.id").whereRef("law_facts.state_id", "=", "states.id")));
}
