import { sql, type Kysely } from "kysely";
import type { Database, SeoDraftRow, SeoLiveRow, SeoRevisionRow, StaffAuditRow } from "../schema";
import { patternOf, type SeoPattern } from "../../contract/seo-fields";

/**
 * The marketers' workspace's rows: what is live (seo_live), every publish and rollback
 * (seo_revisions, append-only), each staff member's drafts (seo_drafts), the audit log and the
 * workspace's settings. One query each; lib/service/workspace runs them in order, in one
 * transaction where they must land together.
 */
type Db = Kysely<Database>;

/** The words a draft, a revision or a live rule holds: one column per field (lib/contract/seo-fields.ts). */
export type SeoPatternColumns = SeoPattern;

const numbered = <T extends { revision_id?: number; id?: number }>(row: T): T => ({
  ...row,
  ...(row.id !== undefined ? { id: Number(row.id) } : {}),
  ...(row.revision_id !== undefined ? { revision_id: Number(row.revision_id) } : {}),
});

// ---------------------------------------------------------------------------------------------
// Live rules

/** A kind's template and one page's override, in one read (the public pages' lookup). */
export async function getLiveRules(db: Db, { templateTarget, pageTarget }: { templateTarget: string; pageTarget: string }): Promise<{ template?: SeoLiveRow; override?: SeoLiveRow }> {
  const rows = await db.selectFrom("seo_live").selectAll().where("target", "in", [templateTarget, pageTarget]).execute();
  return { template: rows.find((row) => row.target === templateTarget), override: rows.find((row) => row.target === pageTarget) };
}

export async function listLiveRules(db: Db): Promise<SeoLiveRow[]> {
  return (await db.selectFrom("seo_live").selectAll().execute()).map(numbered);
}

/**
 * The pages the workspace keeps out of the index: an override that says noindex, or that names
 * another canonical (null: the page names itself). A sitemap lists only pages that are indexable
 * and canonical to themselves, so these leave it (a part may then hold a few fewer than its slice).
 */
export async function listPathsOutOfIndex(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("seo_live")
    .select("path")
    .where("target", "like", "page:%")
    .where((eb) => eb.or([eb("robots", "like", "%noindex%"), eb("canonical", "is not", null)]))
    .execute();
  return new Set(rows.flatMap((row) => (row.path === null ? [] : [row.path])));
}

export async function getLive(db: Db, { target }: { target: string }): Promise<SeoLiveRow | undefined> {
  const row = await db.selectFrom("seo_live").selectAll().where("target", "=", target).executeTakeFirst();
  return row && numbered(row);
}

/**
 * Makes `revision` the live one, only if what is live is still `expectedRevisionId` (null: nothing
 * yet). Answers false, changing nothing, when someone published in between: the check and the
 * write are one statement, so two publishes at once cannot both pass it.
 */
export async function replaceLive(
  db: Db,
  { row, expectedRevisionId }: { row: SeoLiveRow; expectedRevisionId: number | null },
): Promise<boolean> {
  if (expectedRevisionId === null) {
    const inserted = await db.insertInto("seo_live").values(row).onConflict((conflict) => conflict.column("target").doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const { target: _target, ...changes } = row;
  const updated = await db.updateTable("seo_live").set(changes).where("target", "=", row.target).where("revision_id", "=", expectedRevisionId).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Revisions

export type NewRevision = Omit<SeoRevisionRow, "id">;

export async function insertRevision(db: Db, revision: NewRevision): Promise<number> {
  const inserted = await db.insertInto("seo_revisions").values(revision).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function getRevision(db: Db, { id }: { id: number }): Promise<SeoRevisionRow | undefined> {
  const row = await db.selectFrom("seo_revisions").selectAll().where("id", "=", id).executeTakeFirst();
  return row && revisionRow(row);
}

function revisionRow(row: SeoRevisionRow): SeoRevisionRow {
  return {
    ...row,
    id: Number(row.id),
    previous_revision_id: row.previous_revision_id === null ? null : Number(row.previous_revision_id),
    restored_revision_id: row.restored_revision_id === null ? null : Number(row.restored_revision_id),
  };
}

/** Newest first; of one target when given. */
export async function listRevisions(db: Db, { target, limit, offset = 0 }: { target?: string; limit: number; offset?: number }): Promise<SeoRevisionRow[]> {
  let query = db.selectFrom("seo_revisions").selectAll().orderBy("id", "desc").limit(limit).offset(offset);
  if (target) query = query.where("target", "=", target);
  return (await query.execute()).map(revisionRow);
}

/** The revisions of these ids (a history's "before" sides), in no particular order. */
export async function listRevisionsByIds(db: Db, { ids }: { ids: number[] }): Promise<SeoRevisionRow[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom("seo_revisions").selectAll().where("id", "in", ids).execute()).map(revisionRow);
}

// ---------------------------------------------------------------------------------------------
// Drafts

function draftRow(row: SeoDraftRow): SeoDraftRow {
  return { ...row, id: Number(row.id), base_revision_id: row.base_revision_id === null ? null : Number(row.base_revision_id) };
}

export async function getDraft(db: Db, { id }: { id: number }): Promise<SeoDraftRow | undefined> {
  const row = await db.selectFrom("seo_drafts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && draftRow(row);
}

export async function findDraft(db: Db, { target, staffUserId }: { target: string; staffUserId: string }): Promise<SeoDraftRow | undefined> {
  const row = await db.selectFrom("seo_drafts").selectAll().where("target", "=", target).where("staff_user_id", "=", staffUserId).executeTakeFirst();
  return row && draftRow(row);
}

/** One staff member's draft of one target: created with the live revision it starts from, or updated. */
export async function saveDraft(
  db: Db,
  draft: { target: string; kind: string; path: string | null; staffUserId: string; baseRevisionId: number | null; now: string } & SeoPatternColumns,
): Promise<number> {
  const existing = await findDraft(db, { target: draft.target, staffUserId: draft.staffUserId });
  if (existing) {
    await db
      .updateTable("seo_drafts")
      .set({ ...patternOf(draft), updated_at: draft.now })
      .where("id", "=", existing.id)
      .execute();
    return existing.id;
  }
  const inserted = await db
    .insertInto("seo_drafts")
    .values({
      target: draft.target,
      kind: draft.kind,
      path: draft.path,
      staff_user_id: draft.staffUserId,
      ...patternOf(draft),
      base_revision_id: draft.baseRevisionId,
      created_at: draft.now,
      updated_at: draft.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function deleteDraft(db: Db, { id }: { id: number }): Promise<void> {
  await db.deleteFrom("seo_drafts").where("id", "=", id).execute();
}

// ---------------------------------------------------------------------------------------------
// Audit log

export type NewAuditEntry = Omit<StaffAuditRow, "id">;

export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insertInto("staff_audit_log").values(entry).execute();
}

export async function listAudit(db: Db, { limit, offset = 0, target, actions }: { limit: number; offset?: number; target?: string; actions?: readonly string[] }): Promise<StaffAuditRow[]> {
  let query = db.selectFrom("staff_audit_log").selectAll().orderBy("id", "desc").limit(limit).offset(offset);
  if (target) query = query.where("target", "=", target);
  if (actions) query = query.where("action", "in", [...actions]);
  return (await query.execute()).map((row) => ({ ...row, id: Number(row.id) }));
}

export async function countAudit(db: Db): Promise<number> {
  return Number((await db.selectFrom("staff_audit_log").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow()).count);
}

// ---------------------------------------------------------------------------------------------
// Settings

/** A setting, created with `initial` when missing (the first of several instances to ask wins). */
export async function settingOrCreate(db: Db, { key, initial }: { key: string; initial: string }): Promise<string> {
  await db.insertInto("workspace_settings").values({ key, value: initial }).onConflict((conflict) => conflict.column("key").doNothing()).execute();
  const row = await db.selectFrom("workspace_settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/** The most recent revision id (0: none): changes whenever anything is published or rolled back. */
export async function latestRevisionId(db: Db): Promise<number> {
  const row = await db.selectFrom("seo_revisions").select(sql<number>`coalesce(max(id), 0)`.as("id")).executeTakeFirstOrThrow();
  return Number(row.id);
}
