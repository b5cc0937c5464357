import type { Db, SeoLiveRow, SeoRevisionRow } from "../../db/schema";
import {
  deleteDraft,
  findDraft,
  getDraft,
  getLive,
  getLiveRules,
  listLiveRules,
  getRevision,
  insertRevision,
  latestRevisionId,
  countAudit,
  listAudit,
  listRevisions,
  replaceLive,
  saveDraft,
} from "../../db/queries/workspace";
import { listStaff } from "../../db/queries/staff";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { purgeRows } from "../delivery/purge";
import type { DeliveryRouting } from "../delivery/routing";
import { changeOf, publishEffect } from "./site";
import { audit, refuseUnless, type StaffIdentity } from "./audit";
import { withSides } from "./history";
import { ApiError } from "../../contract/errors";
import { SITEMAP_PATH } from "../../contract/routes";
import { EMPTY_PATTERN, SEO_FIELDS, isSeoKind, pageTarget, patternOf as wordsOf, patternProblem, templateTarget, type SeoField, type SeoKind, type SeoPattern } from "../../contract/seo-text";
import { AUDIT_ACTIONS, WORKSPACE, can, type AuditAction, type StaffPermission } from "../../contract/staff";

/**
 * The workspace's changes to what the public pages say: drafts, publish, rollback and the audit
 * log. Every function takes the signed-in staff member and checks the role itself (the pages and
 * server actions check too; neither trusts the other). A publish writes the live row and an
 * append-only revision in one transaction, and refuses, changing nothing, when someone published
 * the same target after the draft was started.
 */
export type { StaffIdentity };

/** What a draft or a revision changes: one kind's template, or one page's override. */
export type SeoTarget = { type: "template"; kind: SeoKind } | { type: "page"; kind: SeoKind; path: string };

export const targetKey = (target: SeoTarget) => (target.type === "template" ? templateTarget(target.kind) : pageTarget(target.path));

/** The target of a stored row's `target`, `kind` and `path`. */
export function targetOf(row: { target: string; kind: string; path: string | null }): SeoTarget {
  const kind = isSeoKind(row.kind) ? row.kind : "fixed";
  return row.path === null || row.target.startsWith("template:") ? { type: "template", kind } : { type: "page", kind, path: row.path };
}

/** The permission a change to this target needs: templates and page overrides are granted apart. */
export const permissionFor = (target: SeoTarget, action: "edit" | "publish"): StaffPermission => `${target.type === "template" ? "template" : "page"}:${action}`;

/** Goes on when the role may `what` (its refusal logged and thrown otherwise: audit.ts). */
export const requirePermission = (db: Db, staff: StaffIdentity, permission: StaffPermission, what: string) => refuseUnless(db, staff, permission, WORKSPACE.forbidden(staff.role, what));

/** The words a stored row holds, or null for no row. */
const patternOf = (row: SeoPattern | undefined | null): SeoPattern | null => (row ? wordsOf(row) : null);

const now = () => new Date().toISOString();

export { audit };

// ---------------------------------------------------------------------------------------------
// What the public pages read

/** A page's kind template and its own override, as published (the "seo/rules" call). */
export async function liveRulesFor(db: Db, { kind, path }: { kind: SeoKind; path: string }) {
  const { template, override } = await getLiveRules(db, { templateTarget: templateTarget(kind), pageTarget: pageTarget(path) });
  return { template: patternOf(template), override: override && override.kind === kind ? patternOf(override) : null };
}

/**
 * A draft for draft mode: its kind, its page (null for a template) and its patterns; null unless
 * it is the staff member's own and their role may preview it (preview.ts says who they are).
 */
export async function draftForPreview(db: Db, staff: StaffIdentity, { draftId }: { draftId: number }) {
  const draft = await getDraft(db, { id: draftId });
  if (!draft || !isSeoKind(draft.kind) || draft.staff_user_id !== staff.id) return null;
  if (!can(staff.role, permissionFor(targetOf(draft), "edit"))) return null;
  return { id: draft.id, owner: staff.email, kind: draft.kind, path: draft.target.startsWith("template:") ? null : draft.path, pattern: patternOf(draft)! };
}

// ---------------------------------------------------------------------------------------------
// Drafts

/** Empty fields mean "no change at this level" (null); every pattern must be valid for the kind. */
export function cleanPattern(kind: SeoKind, input: Partial<Record<keyof SeoPattern, string | null | undefined>>): SeoPattern {
  const pattern: SeoPattern = { ...EMPTY_PATTERN };
  for (const field of SEO_FIELDS) {
    const value = (input[field] ?? "").replace(/\s+/g, " ").trim();
    if (!value) continue;
    const problem = patternProblem(kind, field, value);
    if (problem) throw new ApiError(400, problem, field);
    pattern[field] = value;
  }
  return pattern;
}

/** Saves the staff member's draft of a target (creating it from what is live now). Answers its id. */
export async function saveSeoDraft(db: Db, staff: StaffIdentity, { target, pattern }: { target: SeoTarget; pattern: SeoPattern }): Promise<number> {
  await requirePermission(db, staff, permissionFor(target, "edit"), target.type === "template" ? "edit templates" : "edit pages");
  const key = targetKey(target);
  return db.transaction().execute(async (trx) => {
    const live = await getLive(trx, { target: key });
    const id = await saveDraft(trx, {
      target: key,
      kind: target.kind,
      path: target.type === "page" ? target.path : null,
      staffUserId: staff.id,
      baseRevisionId: live?.revision_id ?? null,
      now: now(),
      ...pattern,
    });
    await audit(trx, staff, "draft.saved", key);
    return id;
  });
}

export async function myDraft(db: Db, staff: StaffIdentity, target: SeoTarget) {
  return findDraft(db, { target: targetKey(target), staffUserId: staff.id });
}

/** The staff member's own draft by its id, as its target and words; null for anyone else's or none. */
export async function myDraftById(db: Db, staff: StaffIdentity, { draftId }: { draftId: number }): Promise<{ target: SeoTarget; pattern: SeoPattern } | null> {
  const draft = await getDraft(db, { id: draftId });
  return draft && draft.staff_user_id === staff.id ? { target: targetOf(draft), pattern: patternOf(draft)! } : null;
}

/** A draft its owner may act on (preview, publish, discard): anyone else's is unknown. */
async function ownDraft(db: Db, staff: StaffIdentity, draftId: number) {
  const draft = await getDraft(db, { id: draftId });
  if (!draft || draft.staff_user_id !== staff.id) throw new ApiError(404, WORKSPACE.unknownDraft);
  return draft;
}

export async function discardSeoDraft(db: Db, staff: StaffIdentity, { draftId }: { draftId: number }): Promise<SeoTarget> {
  const draft = await ownDraft(db, staff, draftId);
  const target = targetOf(draft);
  await requirePermission(db, staff, permissionFor(target, "edit"), target.type === "template" ? "edit templates" : "edit pages");
  await db.transaction().execute(async (trx) => {
    await deleteDraft(trx, { id: draft.id });
    await audit(trx, staff, "draft.discarded", draft.target);
  });
  return target;
}

/** The draft a preview opens, checked against the staff member's role; the preview is logged. */
export async function draftToPreview(db: Db, staff: StaffIdentity, { draftId }: { draftId: number }) {
  const draft = await ownDraft(db, staff, draftId);
  const target = targetOf(draft);
  await requirePermission(db, staff, permissionFor(target, "edit"), target.type === "template" ? "preview templates" : "preview pages");
  await audit(db, staff, "draft.previewed", draft.target);
  return { draft, target };
}

// ---------------------------------------------------------------------------------------------
// Publish and roll back

/** A publish or rollback: its revision, what it changed, and the paths whose words it changed (as far as known). */
export type Published = { revisionId: number; target: SeoTarget; paths: readonly string[] };

/**
 * The paths whose words a publish changes, and where a CDN's purge goes (routing.cdn: PURGE_URL,
 * or nowhere): queued in the publish's own transaction, so it is never lost.
 */
export type PurgeRequest = { paths: readonly string[]; delivery: DeliveryRouting };

/** The pages' purge, and the sitemap's: the publish moves their <lastmod> (lib/db/queries/sitemap.ts withPublished). */
async function queuePurge(trx: Db, purge: PurgeRequest | undefined, at: string): Promise<void> {
  if (!purge || purge.paths.length === 0) return;
  await insertOutboxMessages(trx, purgeRows([...purge.paths, SITEMAP_PATH], purge.delivery, at));
}

/**
 * Publishes the staff member's draft: one transaction writes the revision and the live row (only
 * if what is live is still what the draft started from) and drops the draft. Someone else's
 * newer publish is never overwritten: the answer is a 409 and nothing changes. `reviewedAt`, when
 * given, is the draft's updated_at its confirmation showed: a draft saved since is not published.
 */
export async function publishSeoDraft(
  db: Db,
  staff: StaffIdentity,
  { draftId, reviewedAt, purge }: { draftId: number; reviewedAt?: string; purge?: PurgeRequest },
): Promise<Published> {
  const draft = await ownDraft(db, staff, draftId);
  const target = targetOf(draft);
  await requirePermission(db, staff, permissionFor(target, "publish"), target.type === "template" ? "publish templates" : "publish pages");
  if (reviewedAt !== undefined && reviewedAt !== draft.updated_at) throw new ApiError(409, WORKSPACE.draftChangedSinceReview);
  try {
    const revisionId = await db.transaction().execute(async (trx) => {
      const at = now();
      const id = await makeLive(trx, staff, { row: draft, words: wordsOf(draft), action: "publish", over: draft.base_revision_id, restored: null, at });
      await deleteDraft(trx, { id: draft.id });
      await queuePurge(trx, purge, at);
      await audit(trx, staff, "seo.published", draft.target, `revision ${id}`);
      return id;
    });
    return { revisionId, target, paths: purge?.paths ?? [] };
  } catch (error) {
    if (!(error instanceof StaleError)) throw error;
    const live = await getLive(db, { target: draft.target });
    await audit(db, staff, "seo.publish_refused", draft.target, live ? `live revision ${live.revision_id}` : "");
    throw new ApiError(409, WORKSPACE.staleDraft(live?.published_by ?? "Someone", live?.published_at ?? "just now"));
  }
}

class StaleError extends Error {}

/**
 * Puts `words` live on a target as a new revision (a publish or a rollback), the one way every
 * change goes live: the append-only revision, then the live row, only if what is live is still
 * revision `over` (else StaleError, and the transaction changes nothing). Answers the revision.
 */
async function makeLive(
  trx: Db,
  staff: StaffIdentity,
  { row, words, action, over, restored, at }: { row: Pick<SeoLiveRow, "target" | "kind" | "path">; words: SeoPattern; action: "publish" | "rollback"; over: number | null; restored: number | null; at: string },
): Promise<number> {
  const target = { target: row.target, kind: row.kind, path: row.path, ...words };
  const id = await insertRevision(trx, { ...target, action, previous_revision_id: over, restored_revision_id: restored, published_at: at, published_by: staff.id, published_by_email: staff.email });
  if (!(await replaceLive(trx, { row: { ...target, revision_id: id, published_at: at, published_by: staff.email }, expectedRevisionId: over }))) throw new StaleError();
  return id;
}

/**
 * Undoes a publish: a new revision (action "rollback") with the words that were live before
 * `revisionId` (none: back to the template or the default wording), made live only if the live
 * revision is still `expectedLiveRevisionId`, the one the staff member saw.
 */
/** A revision a staff member may roll back, and the words rolling it back puts live (those it replaced). */
async function revisionToRollBack(db: Db, staff: StaffIdentity, revisionId: number) {
  const revision = await getRevision(db, { id: revisionId });
  if (!revision) throw new ApiError(404, WORKSPACE.unknownRevision);
  const target = targetOf(revision);
  await requirePermission(db, staff, permissionFor(target, "publish"), target.type === "template" ? "roll back templates" : "roll back pages");
  const restored: SeoRevisionRow | undefined = revision.previous_revision_id === null ? undefined : await getRevision(db, { id: revision.previous_revision_id });
  return { revision, target, restored, words: patternOf(restored) ?? EMPTY_PATTERN };
}

/**
 * What rolling a revision back would do, before anything changes (a template's rollback is
 * confirmed like its publish): the words it puts back, the live words they replace, and the
 * pages and fields they change, audit problems before and after.
 */
export async function rollbackPreview(db: Db, staff: StaffIdentity, { revisionId }: { revisionId: number }) {
  const { revision, target, words } = await revisionToRollBack(db, staff, revisionId);
  const live = await getLive(db, { target: revision.target });
  return { revision, target, words, live: patternOf(live) ?? EMPTY_PATTERN, liveRevisionId: live?.revision_id ?? null, effect: await publishEffect(db, changeOf(target, words)) };
}

export async function rollbackSeoRevision(
  db: Db,
  staff: StaffIdentity,
  { revisionId, expectedLiveRevisionId, delivery }: { revisionId: number; expectedLiveRevisionId: number; delivery?: DeliveryRouting },
): Promise<Published> {
  const { revision, target, restored, words } = await revisionToRollBack(db, staff, revisionId);
  // The pages whose words the restored ones change (a page keeps its own override over a template).
  const paths = target.type === "page" ? [target.path] : (await publishEffect(db, changeOf(target, words))).paths;
  const purge = delivery && { paths, delivery };
  try {
    const id = await db.transaction().execute(async (trx) => {
      const at = now();
      const id = await makeLive(trx, staff, { row: revision, words, action: "rollback", over: expectedLiveRevisionId, restored: restored?.id ?? null, at });
      await queuePurge(trx, purge, at);
      await audit(trx, staff, "seo.rolled_back", revision.target, `revision ${revisionId} undone by revision ${id}`);
      return id;
    });
    return { revisionId: id, target, paths };
  } catch (error) {
    if (error instanceof StaleError) throw new ApiError(409, WORKSPACE.staleRollback);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk edit

/** One field of many pages' own words, set (to a pattern) or cleared (null: back to the template). */
export type BulkEdit = { pages: readonly { kind: SeoKind; path: string }[]; field: SeoField; value: string | null };

/** At most this many pages in one bulk edit (one transaction; every page gets its own revision). */
export const BULK_EDIT_LIMIT = 10_000;

/** The value checked for every kind it goes to (a variable one kind lacks is refused). */
export function cleanBulkValue(edit: BulkEdit): string | null {
  if (edit.value === null) return null;
  let clean: string | null = null;
  for (const kind of new Set(edit.pages.map((page) => page.kind))) clean = cleanPattern(kind, { [edit.field]: edit.value })[edit.field];
  return clean;
}

/**
 * Publishes a bulk edit: each page's override gets the field set or cleared (its other fields
 * kept), as one revision per page, all in one transaction, and only if nothing was published since
 * the staff member reviewed it (`expectedLatestRevisionId`, what its confirmation showed).
 */
export async function publishBulkEdit(
  db: Db,
  staff: StaffIdentity,
  { edit, expectedLatestRevisionId, purge }: { edit: BulkEdit; expectedLatestRevisionId: number; purge?: PurgeRequest },
): Promise<{ paths: string[] }> {
  await requirePermission(db, staff, "page:publish", "publish pages");
  const value = cleanBulkValue(edit);
  try {
    await db.transaction().execute(async (trx) => {
      if ((await latestRevisionId(trx)) !== expectedLatestRevisionId) throw new StaleError();
      const at = now();
      for (const page of edit.pages) {
        const key = pageTarget(page.path);
        const live = await getLive(trx, { target: key });
        const words = { ...(patternOf(live) ?? EMPTY_PATTERN), [edit.field]: value };
        const id = await makeLive(trx, staff, { row: { target: key, kind: page.kind, path: page.path }, words, action: "publish", over: live?.revision_id ?? null, restored: null, at });
        await audit(trx, staff, "seo.published", key, `revision ${id} (bulk edit of ${edit.field})`);
      }
      await queuePurge(trx, purge, at);
    });
  } catch (error) {
    if (error instanceof StaleError) throw new ApiError(409, WORKSPACE.staleBulk);
    throw error;
  }
  return { paths: edit.pages.map((page) => page.path) };
}

/** The id a bulk edit's confirmation shows and its publish checks (anything published since moves it). */
export const publishedStamp = (db: Db) => latestRevisionId(db);

/** How an audit-log action reads in the history ("published"). */
export const auditActionLabel = (action: string) => (action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction] : action);

/** What an editor shows for a target: what is live, the staff member's draft, its revisions and log. */
export async function editorState(db: Db, staff: StaffIdentity, target: SeoTarget) {
  const key = targetKey(target);
  const [live, draft, revisions, log] = await Promise.all([
    getLive(db, { target: key }),
    findDraft(db, { target: key, staffUserId: staff.id }),
    listRevisions(db, { target: key, limit: 20 }),
    listAudit(db, { target: key, limit: 20 }),
  ]);
  return { live: live ?? null, draft: draft ?? null, revisions: await withSides(db, revisions, live ? [live] : []), log };
}

export const patternFromRow = patternOf;

/** Every published template, by target ("template:city"). */
export async function listLiveTemplates(db: Db): Promise<Map<string, SeoLiveRow>> {
  return new Map((await listLiveRules(db)).filter((row) => row.target.startsWith("template:")).map((row) => [row.target, row]));
}

const HISTORY_PAGE_SIZE = 50;

/** The history page: the latest publishes and rollbacks, what is live per target, one page of the audit log. */
export async function historyPage(db: Db, { page }: { page: number }) {
  const [revisions, live, log, total] = await Promise.all([
    listRevisions(db, { limit: HISTORY_PAGE_SIZE }),
    listLiveRules(db),
    listAudit(db, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }),
    countAudit(db),
  ]);
  return {
    revisions: await withSides(db, revisions, live),
    liveByTarget: new Map(live.map((row) => [row.target, row.revision_id])),
    log,
    logPages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
  };
}

/** Everyone who may use the workspace. */
export const staffList = (db: Db) => listStaff(db);
