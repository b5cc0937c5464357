import BetterSqlite3 from "better-sqlite3";
import { migrateToLatest, openDatabase } from "../../lib/db/connection";
import type { LeadRequest } from "../../lib/contract";
import { callApi, createAgent } from "./http";

/**
 * Lead bursts for the reliability suites: many submissions in flight at once, each with its own
 * submission key, and the checks that tell what the database kept of them.
 */

/** A full quote submission, varied a little by its index. */
export function leadBody(submissionKey: string, index: number): LeadRequest {
  return {
    submission_key: submissionKey,
    property_category: ([1, 2, 3, 8] as const)[index % 4],
    property_address: `${100 + index} Congress Avenue`,
    property_city: "Austin",
    property_zip: "78701",
    property_price: String(150_000 + index * 100),
    full_name: `Burst Owner ${index}`,
    email_address: `owner${index}@example.org`,
    property_number: "5125550147",
    preferred_contact_method: index % 2 ? "Phone" : "Email",
    price: "",
    exam: [
      { question: "How many units are in the building?", answer: "5-10 units" },
      { question: "Which services do you want?", answer: ["Rent collection", "Maintenance coordination"] },
    ],
  };
}

/** Keys that sort in submission order and share a prefix (no "_" or "%": it is used in LIKE). */
export function submissionKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(5, "0")}`);
}

export type BurstResult = {
  /** Keys answered with HTTP 200 and success: true. */
  acknowledged: Set<string>;
  /** How many 200/success answers came back (a key sent twice counts twice). */
  acknowledgements: number;
  /** What the other submissions got: "HTTP 500", "ECONNRESET"… with their counts. */
  otherOutcomes: Record<string, number>;
  durationMs: number;
};

/**
 * Sends every key's lead at once (all are pending promises; the agent keeps `maxSockets` of them
 * on the wire) with the bearer token, so the rate limit does not apply.
 */
export async function sendLeadBurst({
  baseUrl,
  token,
  keys,
  maxSockets = 128,
  onAcknowledged,
  body = leadBody,
}: {
  baseUrl: string;
  token: string;
  keys: string[];
  maxSockets?: number;
  /** Each key's lead (leadBody by default). */
  body?: (submissionKey: string, index: number) => LeadRequest;
  /** Called after each acknowledgement with the number so far. */
  onAcknowledged?: (acknowledgements: number) => void;
}): Promise<BurstResult> {
  const agent = createAgent(maxSockets);
  const acknowledged = new Set<string>();
  const otherOutcomes: Record<string, number> = {};
  let acknowledgements = 0;
  const started = performance.now();

  await Promise.all(
    keys.map(async (key, index) => {
      let outcome: string;
      try {
        const answer = await callApi(baseUrl, "lead/save", body(key, index), { token, agent, timeoutMs: 120_000 });
        if (answer.status === 200 && answer.body.success === true) {
          acknowledged.add(key);
          acknowledgements += 1;
          onAcknowledged?.(acknowledgements);
          return;
        }
        outcome = `HTTP ${answer.status}`;
      } catch (error) {
        outcome = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      otherOutcomes[outcome] = (otherOutcomes[outcome] ?? 0) + 1;
    }),
  );
  agent.destroy();
  return { acknowledged, acknowledgements, otherOutcomes, durationMs: Math.round(performance.now() - started) };
}

/** How many rows each submission key with this prefix has, read on a fresh connection. */
export async function leadRowsByKey(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom("leads")
      .select((eb) => ["submission_key", eb.fn.countAll<number>().as("rows")])
      .where("submission_key", "like", `${prefix}%`)
      .groupBy("submission_key")
      .execute();
    return new Map(rows.map((row) => [row.submission_key ?? "", Number(row.rows)]));
  } finally {
    await handle.close();
  }
}

/** Checks a burst against the stored rows: what is missing, what is stored twice, the total. */
export function compareWithStored(expectedKeys: Iterable<string>, stored: Map<string, number>) {
  const missing = [...expectedKeys].filter((key) => !stored.has(key));
  const duplicated = [...stored].filter(([, rows]) => rows !== 1).map(([key, rows]) => `${key} ×${rows}`);
  const totalRows = [...stored.values()].reduce((sum, rows) => sum + rows, 0);
  return { missing, duplicated, totalRows };
}

/** Opens the database on a fresh connection and applies what is pending: nothing, when it is intact. */
export async function migrationsAppliedOnOpen(databaseUrl: string): Promise<string[]> {
  const handle = openDatabase(databaseUrl);
  try {
    return await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

/** `PRAGMA integrity_check` on a SQLite database URL (file:…), on a connection of its own. */
export function sqliteIntegrityCheck(databaseUrl: string): string {
  const sqlite = new BetterSqlite3(databaseUrl.replace(/^file:(\/\/)?/, ""));
  try {
    const rows = sqlite.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    sqlite.close();
  }
}
