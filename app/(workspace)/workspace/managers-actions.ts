"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { refresh } from "next/cache";
import { ApiError } from "@/lib/contract/errors";
import { WORKSPACE } from "@/lib/contract/staff";
import { MANAGERS_PAGE } from "@/lib/contract/operator-messages";
import { MANAGERS_UPLOAD_MAX_BYTES } from "@/lib/contract/managers-csv";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { allowedOrigins } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { configuredRouting } from "@/lib/service/default-worker";
import { workspaceDb, type StaffIdentity } from "@/lib/service/workspace";
import { applyUpload, dryRunUpload, removeSampleListings } from "@/lib/service/workspace/managers";
import { refusalFor } from "@/lib/service/workspace/audit";
import type { ActionState } from "@/components/workspace/ActionForm";
import type { ImportState } from "@/components/workspace/ManagersImport";
import { requireStaff } from "./staff-session";
import { formText } from "./form-text";

/**
 * The server actions of the Managers page (admins): a CSV file's dry run, its import, and the
 * removal of the sample listings. Like the workspace's others (actions.ts): the request must come
 * from the site's own pages, then the role is checked here and again by the service.
 */

async function allowed(): Promise<{ refused: string } | { staff: StaffIdentity }> {
  if (!isSameOriginRequest(await headers(), allowedOrigins())) return { refused: WORKSPACE.notFromTheSite };
  const staff = await requireStaff();
  const refused = await refusalFor(await workspaceDb(), staff, "managers:import", MANAGERS_PAGE.forbidden(staff.role));
  return refused === null ? { staff } : { refused };
}

/** A service refusal as the form shows it; anything else is unexpected and thrown. */
const refusal = (error: unknown): string => {
  if (error instanceof ApiError) return error.message;
  throw error;
};

/** The file's name as shown back (never a path: only its last part, on one line, bounded). */
const shownName = (name: string) => (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001F\u007F]/g, "").slice(0, 120) || "the file";

/**
 * "Check this file" (intent dry-run, with the file) and "Apply this import" (intent apply, with
 * the SHA-256 and name of the file the dry run read). The answer is what the page shows next.
 */
export async function importAction(_state: ImportState, formData: FormData): Promise<ImportState> {
  const gate = await allowed();
  if ("refused" in gate) return { step: "refused", message: gate.refused };
  const db = await workspaceDb();
  try {
    if (formText(formData, "intent") === "apply") {
      const sha256 = formText(formData, "sha256");
      const fileName = shownName(formText(formData, "file_name"));
      const report = await applyUpload(db, gate.staff, { sha256, fileName, routing: configuredRouting() });
      // The page's other counts (real and sample listings, whether the samples may go) read again.
      if (report.applied) refresh();
      return { step: "applied", report, sha256, fileName };
    }
    const file = formData instanceof FormData ? formData.get("file") : null;
    if (!(file instanceof Blob) || file.size === 0) return { step: "refused", message: MANAGERS_PAGE.noFile };
    // Before the file is read: its size is known from the request.
    if (file.size > MANAGERS_UPLOAD_MAX_BYTES) return { step: "refused", message: MANAGERS_PAGE.tooLarge(file.size, MANAGERS_UPLOAD_MAX_BYTES) };
    const fileName = shownName(file instanceof File ? file.name : "");
    const checked = await dryRunUpload(db, gate.staff, { content: Buffer.from(await file.arrayBuffer()), fileName, routing: configuredRouting() });
    return { step: "dry-run", ...checked };
  } catch (error) {
    return { step: "refused", message: refusal(error) };
  }
}

/** "Remove N sample listings", from its confirmation (which sends the N it named). */
export async function removeSamplesAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  const gate = await allowed();
  if ("refused" in gate) return { ok: false, message: gate.refused };
  const expected = Number(formText(formData, "expected"));
  let removed: number;
  try {
    removed = await removeSampleListings(await workspaceDb(), gate.staff, { expected: Number.isSafeInteger(expected) ? expected : -1, routing: configuredRouting() });
  } catch (error) {
    return { ok: false, message: refusal(error) };
  }
  redirect(`${WORKSPACE_PATHS.managers}?removed=${removed}`);
}
