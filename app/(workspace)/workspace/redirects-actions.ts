"use server";

import { headers } from "next/headers";
import { refresh } from "next/cache";
import { ApiError } from "@/lib/contract/errors";
import { REDIRECTS_PAGE } from "@/lib/contract/redirect-messages";
import { REDIRECTS_CSV_MAX_BYTES } from "@/lib/contract/redirects";
import { allowedOrigins, siteUrl } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { workspaceDb, type StaffIdentity } from "@/lib/service/workspace";
import { applyRedirectsCsv, dryRunRedirectsCsv, removeRedirect, saveRedirect } from "@/lib/service/workspace/redirects";
import { refusalFor } from "@/lib/service/workspace/audit";
import type { ActionState } from "@/components/workspace/ActionForm";
import type { RedirectsImportState } from "@/components/workspace/RedirectsImport";
import { requireStaff } from "./staff-session";
import { formText } from "./form-text";

/**
 * The server actions of Workspace → Redirects (editors and admins): save a rule, remove one, and a
 * CSV file's dry run and import. Like the workspace's others: the request must come from the
 * site's own pages, then the role is checked here and again by the service.
 */
async function allowed(): Promise<{ refused: string } | { staff: StaffIdentity }> {
  if (!isSameOriginRequest(await headers(), allowedOrigins())) return { refused: REDIRECTS_PAGE.notFromTheSite };
  const staff = await requireStaff();
  const refused = await refusalFor(await workspaceDb(), staff, "redirect:manage", REDIRECTS_PAGE.forbidden(staff.role));
  return refused === null ? { staff } : { refused };
}

/** A service refusal as the form shows it; anything else is unexpected and thrown. */
const refusal = (error: unknown): { message: string; field?: string } => {
  if (error instanceof ApiError) return { message: error.message, ...(error.field ? { field: error.field } : {}) };
  throw error;
};

/** "Save rule": adds a rule or replaces the one of its from-path. */
export async function saveRedirectAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed();
  if ("refused" in gate) return { ok: false, message: gate.refused };
  try {
    const input = { from: formText(formData, "from"), to: formText(formData, "to"), status: formText(formData, "status") };
    const saved = await saveRedirect(await workspaceDb(), gate.staff, { input, origin: siteUrl() });
    refresh();
    const done = saved.outcome === "added" ? REDIRECTS_PAGE.saved(saved.rule.from) : REDIRECTS_PAGE.replaced(saved.rule.from);
    return { ok: true, message: saved.warning ? `${done} ${saved.warning}` : done };
  } catch (error) {
    return { ok: false, ...refusal(error) };
  }
}

/** "Remove" on a rule's row. */
export async function removeRedirectAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed();
  if ("refused" in gate) return { ok: false, message: gate.refused };
  const from = formText(formData, "from");
  try {
    await removeRedirect(await workspaceDb(), gate.staff, { from });
  } catch (error) {
    return { ok: false, ...refusal(error) };
  }
  refresh();
  return { ok: true, message: REDIRECTS_PAGE.removed(from) };
}

/** The file's name as shown back (its last part, one line, bounded). */
const shownName = (name: string) => (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001F\u007F]/g, "").slice(0, 120) || "the file";

/**
 * "Check this file" (intent dry-run, with the file) and "Apply this import" (intent apply, with
 * the text the dry run read and its SHA-256): the service applies that text or nothing.
 */
export async function redirectsImportAction(_state: RedirectsImportState, formData: FormData): Promise<RedirectsImportState> {
  const gate = await allowed();
  if ("refused" in gate) return { step: "refused", message: gate.refused };
  const db = await workspaceDb();
  const maxKb = REDIRECTS_CSV_MAX_BYTES / 1024;
  try {
    if (formText(formData, "intent") === "apply") {
      const text = formText(formData, "text");
      const fileName = shownName(formText(formData, "file_name"));
      const result = await applyRedirectsCsv(db, gate.staff, { text, origin: siteUrl(), sha256: formText(formData, "sha256") });
      if (result.applied) refresh();
      return { step: result.applied ? "applied" : "dry-run", ...result, text, fileName };
    }
    const file = formData instanceof FormData ? formData.get("file") : null;
    if (!(file instanceof Blob) || file.size === 0) return { step: "refused", message: REDIRECTS_PAGE.noFile };
    if (file.size > REDIRECTS_CSV_MAX_BYTES) return { step: "refused", message: REDIRECTS_PAGE.tooLarge(maxKb) };
    const text = await file.text();
    const check = await dryRunRedirectsCsv(db, gate.staff, { text, origin: siteUrl() });
    return { step: "dry-run", ...check, text, fileName: shownName(file instanceof File ? file.name : "") };
  } catch (error) {
    return { step: "refused", message: refusal(error).message };
  }
}
