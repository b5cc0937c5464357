// No "server-only" import: the production server (lib/server, plain Node outside Next.js's
// bundler, where that guard throws) reads the rules and writes the 404 log.
import { sql, type Kysely } from "kysely";
import type { Database, NotFoundPathRow, RedirectRuleRow } from "../schema";

type Db = Kysely<Database>;

/** Every rule, by from-path (at most `limit`: the server's table is bounded). */
export async function listRedirectRules(db: Db, { limit }: { limit: number }): Promise<RedirectRuleRow[]> {
  const rows = await db.selectFrom("redirect_rules").selectAll().orderBy("from_path").limit(limit).execute();
  return rows.map((row) => ({ ...row, status: Number(row.status) }));
}

export async function countRedirectRules(db: Db): Promise<number> {
  const row = await db.selectFrom("redirect_rules").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds a rule or replaces the one with the same from-path; says which. */
export async function putRedirectRule(db: Db, rule: RedirectRuleRow): Promise<"added" | "replaced"> {
  const existed = await db.selectFrom("redirect_rules").select("from_path").where("from_path", "=", rule.from_path).executeTakeFirst();
  await db
    .insertInto("redirect_rules")
    .values(rule)
    .onConflict((conflict) => conflict.column("from_path").doUpdateSet({ status: rule.status, to_path: rule.to_path, updated_at: rule.updated_at, updated_by: rule.updated_by }))
    .execute();
  return existed ? "replaced" : "added";
}

/** Removes a rule; false when there was none. */
export async function deleteRedirectRule(db: Db, { fromPath }: { fromPath: string }): Promise<boolean> {
  const result = await db.deleteFrom("redirect_rules").where("from_path", "=", fromPath).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// The 404 log

export type NotFoundCount = { path: string; hits: number; firstSeen: string; lastSeen: string };

/** Adds a batch of counts: new paths are inserted, known ones add their hits and move their last sighting. */
export async function addNotFoundCounts(db: Db, counts: readonly NotFoundCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insertInto("not_found_paths")
    .values(counts.map(({ path, hits, firstSeen, lastSeen }) => ({ path, hits, first_seen: firstSeen, last_seen: lastSeen })))
    .onConflict((conflict) =>
      conflict.column("path").doUpdateSet({
        hits: sql<number>`not_found_paths.hits + excluded.hits`,
        last_seen: sql<string>`case when excluded.last_seen > not_found_paths.last_seen then excluded.last_seen else not_found_paths.last_seen end`,
      }),
    )
    .execute();
}

/** Keeps the `keep` most-seen paths (the latest first among equals) and deletes the rest. */
export async function trimNotFoundPaths(db: Db, { keep }: { keep: number }): Promise<void> {
  const kept = db.selectFrom("not_found_paths").select("path").orderBy("hits", "desc").orderBy("last_seen", "desc").orderBy("path").limit(keep);
  await db.deleteFrom("not_found_paths").where("path", "not in", kept).execute();
}

/** The 404 log, most seen first. */
export async function listNotFoundPaths(db: Db, { limit }: { limit: number }): Promise<NotFoundPathRow[]> {
  const rows = await db.selectFrom("not_found_paths").selectAll().orderBy("hits", "desc").orderBy("last_seen", "desc").orderBy("path").limit(limit).execute();
  return rows.map((row) => ({ ...row, hits: Number(row.hits) }));
}

/** A path leaves the log (a rule now answers it). */
export async function deleteNotFoundPath(db: Db, { path }: { path: string }): Promise<void> {
  await db.deleteFrom("not_found_paths").where("path", "=", path).execute();
}
