"use server";

import { cookies, draftMode, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { refresh, revalidatePath, updateTag } from "next/cache";
import { after } from "next/server";
import { isValidEmail } from "@/lib/contract";
import { ApiError } from "@/lib/contract/errors";
import { PREVIEW_DRAFT_COOKIE, SIGN_IN_LINK_MINUTES, SIGN_IN_RETURN_COOKIE, WORKSPACE, isStaffRole, workspaceReturnPath, type StaffPermission } from "@/lib/contract/staff";
import { NETWORK_WHAT } from "@/lib/contract/operator-messages";
import { SEO_FIELDS, isSeoKind, seoCacheTags, type SeoKind } from "@/lib/contract/seo-text";
import { SITEMAP_PATH } from "@/lib/contract/routes";
import { WORKSPACE_PATHS, workspaceTemplatePath, workspaceTemplatePublishPath } from "@/lib/contract/workspace-routes";
import { allowedOrigins, siteUrl } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { logError } from "@/lib/service/log";
import { audit, requestSignInLink, workspaceDb, type StaffIdentity, type Db } from "@/lib/service/workspace";
import { bulkChange, bulkPages, changeOf, publishEffect, siteRows, siteStatus } from "@/lib/service/workspace/site";
import { bulkFrom, queryOf, queryString } from "./filters";
import {
  BULK_EDIT_LIMIT,
  cleanBulkValue,
  cleanPattern,
  discardSeoDraft,
  myDraft,
  patternFromRow,
  permissionFor,
  publishBulkEdit,
  publishSeoDraft,
  rollbackSeoRevision,
  saveSeoDraft,
  type Published,
  type SeoTarget,
} from "@/lib/service/workspace/seo";
import { afterPublishMessage, deployment } from "@/lib/service/workspace/deployment";
import { cleanPageSettings, servedShareImages } from "@/lib/service/workspace/page-settings";
import { configuredRouting } from "@/lib/service/default-worker";
import type { ActionState } from "@/components/workspace/ActionForm";
import { refusalFor } from "@/lib/service/workspace/audit";
import { requireStaff, staffAuth } from "./staff-session";
import { formText } from "./form-text";
import { parseRecordId } from "@/lib/contract/record-id";

/**
 * The workspace's server actions. Each first checks that the request comes from the site's own
 * pages (a same-origin Origin, or Sec-Fetch-Site: same-origin: Next.js only compares Origin with
 * Host when a browser sends one, and the SameSite=Lax cookie must not be the only guard), then the
 * staff session and role itself (signed out: the sign-in page; the wrong role: a refusal that
 * says nothing was changed; either way nothing runs), then calls the workspace service, which
 * checks the role again. Answers are for useActionState (ActionForm).
 */

/** Whether the action's request comes from one of the site's own pages (lib/service/guard.ts, the API's rule). */
const fromTheSite = async () => isSameOriginRequest(await headers(), allowedOrigins());
const NOT_FROM_THE_SITE: ActionState = { ok: false, message: WORKSPACE.notFromTheSite };

const failed = (error: unknown): ActionState => {
  if (error instanceof ApiError) return { ok: false, message: error.message, ...(error.field ? { field: error.field } : {}) };
  throw error;
};

/** What each permission lets a staff member do, for the refusal's sentence. */
const WHAT: Record<StaffPermission, string> = {
  "page:edit": "edit pages",
  "page:publish": "publish pages",
  "template:edit": "edit templates",
  "template:publish": "publish templates",
  "staff:manage": "manage staff",
  "managers:import": "import, export or remove listings",
  "redirect:manage": "change redirects",
  ...NETWORK_WHAT,
};

/**
 * The signed-in staff member when their role allows `permission`; otherwise the refusal to show in
 * the form (signed out: the sign-in page). The role is read from the session on every call, so a
 * role changed while a page was open takes effect at once.
 */
async function staffWith(permission: StaffPermission): Promise<{ staff: Awaited<ReturnType<typeof requireStaff>> } | { refused: ActionState }> {
  const staff = await requireStaff();
  const refused = await refusalFor(await workspaceDb(), staff, permission, WORKSPACE.forbidden(staff.role, WHAT[permission]));
  return refused === null ? { staff } : { refused: { ok: false, message: refused } };
}

const text = formText;

// ---------------------------------------------------------------------------------------------
// Signing in and out

export async function requestSignIn(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  const email = text(formData, "email").trim().toLowerCase();
  if (!isValidEmail(email)) return { ok: false, message: WORKSPACE.signInInvalidEmail, field: "email" };
  const requestHeaders = new Headers(await headers());
  // Answered before the address is even looked up: staff and anyone else get the same answer in
  // the same time, and a staff member's link is sent after it (a failure stays in the log).
  after(() => requestSignInLink(email, requestHeaders, []).catch((error: unknown) => logError("workspace sign-in link", error)));
  // The page asked for, kept in this browser while the link works: its button comes back to it.
  const returnTo = workspaceReturnPath(text(formData, "return_to"));
  const jar = await cookies();
  if (returnTo) jar.set(SIGN_IN_RETURN_COOKIE, returnTo, { httpOnly: true, sameSite: "lax", secure: siteUrl().startsWith("https://"), path: WORKSPACE_PATHS.home, maxAge: SIGN_IN_LINK_MINUTES * 60 });
  else jar.delete(SIGN_IN_RETURN_COOKIE);
  return { ok: true, message: WORKSPACE.signInSent };
}

/** The button of the page a sign-in link opens: only this uses up the link (mail scanners open links). */
export async function confirmSignIn(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  const token = text(formData, "token");
  if (!/^[A-Za-z0-9]{16,128}$/.test(token)) return { ok: false, message: WORKSPACE.linkInvalid };
  try {
    const signedIn = await (await staffAuth()).api.magicLinkVerify({ query: { token }, headers: await headers() });
    const user = "user" in signedIn ? (signedIn.user as { id: string; email: string }) : null;
    if (user) await audit(await workspaceDb(), user, "staff.signed_in", null);
  } catch {
    return { ok: false, message: WORKSPACE.linkInvalid };
  }
  const jar = await cookies();
  const returnTo = workspaceReturnPath(jar.get(SIGN_IN_RETURN_COOKIE)?.value);
  jar.delete(SIGN_IN_RETURN_COOKIE);
  redirect(returnTo ?? WORKSPACE_PATHS.home);
}

export async function signOut(): Promise<void> {
  if (!(await fromTheSite())) forbidden();
  const staff = await requireStaff();
  await (await staffAuth()).api.signOut({ headers: await headers() });
  // A draft preview ends with the session: draft mode and the preview cookie go with it.
  (await draftMode()).disable();
  (await cookies()).delete(PREVIEW_DRAFT_COOKIE);
  await audit(await workspaceDb(), staff, "staff.signed_out", null);
  redirect(WORKSPACE_PATHS.signIn);
}

// ---------------------------------------------------------------------------------------------
// Drafts, publish, rollback

/** The target a form names, checked against the site: a known kind, and for a page an indexable page of that kind. */
async function targetFrom(formData: FormData): Promise<SeoTarget | null> {
  const kind = text(formData, "kind");
  if (!isSeoKind(kind)) return null;
  if (text(formData, "type") === "template") return { type: "template", kind };
  const path = text(formData, "path");
  const row = (await siteRows(await workspaceDb())).byPath.get(path);
  return row && row.kind === kind ? { type: "page", kind, path } : null;
}

/**
 * Makes every page the change concerns read its words again at once, on every instance, and the
 * sitemap too: a publish moves those pages' <lastmod> (lib/db/queries/sitemap.ts withPublished).
 */
function invalidate({ target }: Published) {
  const [kindTag, pageTag] = seoCacheTags(target.kind, target.type === "page" ? target.path : "");
  updateTag(target.type === "template" ? kindTag : pageTag);
  revalidatePath(SITEMAP_PATH);
}

/**
 * Save, discard or publish a draft. A template's publish changes thousands of pages, so it is
 * confirmed first: "Review and publish" (intent "confirm") saves the typed words and opens the
 * confirmation page, whose Publish names the draft's updated_at it showed ("reviewed"); a template
 * publish without it goes to the confirmation instead, and a draft saved since is refused.
 */
export async function draftAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  await requireStaff();
  const target = await targetFrom(formData);
  if (!target) return { ok: false, message: WORKSPACE.unknownPage };
  const intent = text(formData, "intent");
  const allowed = await staffWith(permissionFor(target, intent === "publish" || intent === "confirm" ? "publish" : "edit"));
  if ("refused" in allowed) return allowed.refused;
  const { staff } = allowed;
  const db = await workspaceDb();
  try {
    if (intent === "save" || (intent === "confirm" && target.type === "template")) {
      const words = cleanPattern(target.kind as SeoKind, Object.fromEntries(SEO_FIELDS.map((field) => [field, text(formData, field)])));
      // A page's own settings beside its words (a template has none).
      const pattern = target.type === "page" ? { ...words, ...(await settingsFrom(formData, target.path)) } : words;
      await saveSeoDraft(db, staff, { target, pattern });
      if (intent === "confirm") redirect(workspaceTemplatePublishPath(target.kind));
      refresh();
      return { ok: true, message: WORKSPACE.draftSaved };
    }
    const draftId = parseRecordId(text(formData, "draft_id"));
    if (draftId === null) return { ok: false, message: WORKSPACE.nothingToPublish };
    if (intent === "discard") {
      await discardSeoDraft(db, staff, { draftId });
      refresh();
      return { ok: true, message: WORKSPACE.draftDiscarded };
    }
    if (intent === "publish") return await publish(db, staff, { target, draftId, reviewed: text(formData, "reviewed") });
    return { ok: false, message: WORKSPACE.nothingToPublish };
  } catch (error) {
    return failed(error);
  }
}

/** A page's robots switches, canonical and share image as the editor's form sends them, checked. */
async function settingsFrom(formData: FormData, path: string) {
  const input = { noindex: text(formData, "noindex") === "on", nofollow: text(formData, "nofollow") === "on", canonical: text(formData, "canonical"), share_image: text(formData, "share_image") };
  return cleanPageSettings(input, { origin: siteUrl(), path, images: await servedShareImages() });
}

/** Publishes the staff member's draft, queues the changed paths' purge, and says what is true of this deployment. */
async function publish(db: Db, staff: StaffIdentity, { target, draftId, reviewed }: { target: SeoTarget; draftId: number; reviewed: string }): Promise<ActionState> {
  if (target.type === "template" && !reviewed) redirect(workspaceTemplatePublishPath(target.kind));
  const draft = await myDraft(db, staff, target);
  if (!draft || draft.id !== draftId) return { ok: false, message: WORKSPACE.nothingToPublish };
  const paths = target.type === "template" ? (await publishEffect(db, changeOf(target, patternFromRow(draft)!))).paths : [target.path];
  const published = await publishSeoDraft(db, staff, { draftId, ...(reviewed ? { reviewedAt: reviewed } : {}), purge: { paths, delivery: configuredRouting() } });
  invalidate(published);
  const message = afterPublishMessage("published", published.paths.length, deployment());
  if (target.type === "template") redirect(`${workspaceTemplatePath(target.kind)}?${new URLSearchParams({ published: String(published.revisionId), pages: String(published.paths.length) })}`);
  refresh();
  return { ok: true, message };
}

export async function rollbackAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  await requireStaff();
  const revisionId = parseRecordId(text(formData, "revision_id"));
  const expectedLiveRevisionId = parseRecordId(text(formData, "live_revision_id"));
  const kind = text(formData, "kind");
  if (revisionId === null || expectedLiveRevisionId === null || !isSeoKind(kind)) return { ok: false, message: WORKSPACE.staleRollback };
  const allowed = await staffWith(text(formData, "type") === "template" ? "template:publish" : "page:publish");
  if ("refused" in allowed) return allowed.refused;
  const { staff } = allowed;
  try {
    const rolledBack = await rollbackSeoRevision(await workspaceDb(), staff, { revisionId, expectedLiveRevisionId, delivery: configuredRouting() });
    invalidate(rolledBack);
    refresh();
    return { ok: true, message: afterPublishMessage("rolledBack", rolledBack.paths.length, deployment()) };
  } catch (error) {
    return failed(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk edit

/**
 * Publishes a bulk edit from its confirmation page (the same fields it was shown with, and
 * `reviewed`: the latest revision id it showed), then goes back to the list, which says what the
 * publish did on this deployment.
 */
export async function bulkAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  const allowed = await staffWith("page:publish");
  if ("refused" in allowed) return allowed.refused;
  const bulk = bulkFrom(queryOf(formData));
  const reviewed = Number(text(formData, "reviewed"));
  if (!Number.isSafeInteger(reviewed) || reviewed < 0) return { ok: false, message: WORKSPACE.staleBulk };
  const db = await workspaceDb();
  const pages = await bulkPages(db, bulk);
  if (pages.length === 0) return { ok: false, message: WORKSPACE.bulkNoPages };
  if (pages.length > BULK_EDIT_LIMIT) return { ok: false, message: WORKSPACE.bulkTooMany(BULK_EDIT_LIMIT) };
  if (bulk.op === "set" && !bulk.value.trim()) return { ok: false, message: WORKSPACE.bulkNoValue, field: "value" };
  const edit = { pages, field: bulk.field, value: bulk.op === "set" ? bulk.value : null };
  // The pages whose words change: the message counts them and the CDN is told of them.
  let changed: string[];
  try {
    changed = (await publishEffect(db, await bulkChange(db, { paths: pages.map((page) => page.path), field: edit.field, value: cleanBulkValue(edit) }))).paths;
    await publishBulkEdit(db, allowed.staff, { edit, expectedLatestRevisionId: reviewed, purge: { paths: changed, delivery: configuredRouting() } });
  } catch (error) {
    return failed(error);
  }
  for (const page of pages) updateTag(seoCacheTags(page.kind, page.path)[1]);
  revalidatePath(SITEMAP_PATH);
  const list = queryString(bulk.filter);
  redirect(`${WORKSPACE_PATHS.home}${list}${list ? "&" : "?"}published=${changed.length}`);
}

// ---------------------------------------------------------------------------------------------
// Staff (admins)

export async function addStaffAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  const allowed = await staffWith("staff:manage");
  if ("refused" in allowed) return allowed.refused;
  const admin = allowed.staff;
  const email = text(formData, "email").trim().toLowerCase();
  const role = text(formData, "role");
  if (!isValidEmail(email)) return { ok: false, message: WORKSPACE.signInInvalidEmail, field: "email" };
  if (!isStaffRole(role)) return { ok: false, message: WORKSPACE.chooseRole, field: "role" };
  const requestHeaders = await headers();
  try {
    await (await staffAuth()).api.createUser({ body: { email, name: "", role }, headers: requestHeaders });
  } catch (error) {
    return { ok: false, message: error instanceof Error && /exist/i.test(error.message) ? WORKSPACE.alreadyStaff(email) : WORKSPACE.staffNotAdded, field: "email" };
  }
  await audit(await workspaceDb(), admin, "staff.added", `staff:${email}`, role);
  await requestSignInLink(email, requestHeaders, []).catch(() => undefined);
  refresh();
  return { ok: true, message: WORKSPACE.staffAdded(email) };
}

export async function changeRoleAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!(await fromTheSite())) return NOT_FROM_THE_SITE;
  const allowed = await staffWith("staff:manage");
  if ("refused" in allowed) return allowed.refused;
  const admin = allowed.staff;
  const userId = text(formData, "user_id");
  const email = text(formData, "email");
  const role = text(formData, "role");
  if (userId === admin.id) return { ok: false, message: WORKSPACE.cannotChangeSelf };
  if (!isStaffRole(role)) return { ok: false, message: WORKSPACE.chooseRole, field: "role" };
  const auth = await staffAuth();
  const requestHeaders = await headers();
  if (text(formData, "intent") === "remove") {
    await auth.api.removeUser({ body: { userId }, headers: requestHeaders });
    await audit(await workspaceDb(), admin, "staff.removed", `staff:${email}`);
    refresh();
    return { ok: true, message: WORKSPACE.staffRemoved(email) };
  }
  await auth.api.setRole({ body: { userId, role }, headers: requestHeaders });
  await audit(await workspaceDb(), admin, "staff.role_changed", `staff:${email}`, role);
  refresh();
  return { ok: true, message: WORKSPACE.roleChanged(email, role) };
}

// ---------------------------------------------------------------------------------------------
// The audit's progress

export async function auditStatus() {
  if (!(await fromTheSite())) forbidden();
  await requireStaff();
  return siteStatus(await workspaceDb());
}
