"use server";

import { headers } from "next/headers";
import { refresh, revalidatePath } from "next/cache";
import { ApiError } from "@/lib/contract/errors";
import { WORKSPACE } from "@/lib/contract/staff";
import { LISTING_CHANGES } from "@/lib/contract/listing-messages";
import { allowedOrigins } from "@/lib/env";
import { isSameOriginRequest } from "@/lib/service/guard";
import { workspaceDb } from "@/lib/service/workspace";
import { revertListingChange, siteRouting } from "@/lib/service/listing-self-service";
import { refusalFor } from "@/lib/service/workspace/audit";
import type { ActionState } from "@/components/workspace/ActionForm";
import { requireStaff } from "../staff-session";
import { formText } from "../form-text";
import { parseRecordId } from "@/lib/contract/record-id";

/** Reverts a listing's change (admins and operators): a revision of its own, and its pages refreshed as a manager's save refreshes them. */
export async function revertListingAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  if (!isSameOriginRequest(await headers(), allowedOrigins())) return { ok: false, message: WORKSPACE.notFromTheSite };
  const staff = await requireStaff();
  const refused = await refusalFor(await workspaceDb(), staff, "application:decide", LISTING_CHANGES.forbidden(staff.role));
  if (refused !== null) return { ok: false, message: refused };
  const revisionId = parseRecordId(formText(formData, "revision_id"));
  if (revisionId === null) return { ok: false, message: LISTING_CHANGES.unknownRevision };
  try {
    const reverted = await revertListingChange(await workspaceDb(), staff, { revisionId, routing: siteRouting() });
    for (const path of reverted.paths) revalidatePath(path);
    refresh();
    return { ok: true, message: LISTING_CHANGES.reverted(reverted.company) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}
