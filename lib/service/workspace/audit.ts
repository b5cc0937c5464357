import type { Db } from "../../db/schema";
import { appendAudit } from "../../db/queries/workspace";
import { ApiError } from "../../contract/errors";
import { can, type AuditAction, type StaffPermission, type StaffRole } from "../../contract/staff";

/**
 * The workspace's audit log and its one role check. Every workspace change is written to the
 * log by `audit`; every role check goes through `refuseUnless`, which logs a refusal too (the
 * permission asked for and the sentence the staff member read), so the log shows who tried what.
 */
export type StaffIdentity = { id: string; email: string; role: StaffRole };

export async function audit(db: Db, staff: { id: string | null; email: string }, action: AuditAction, target: string | null, detail = ""): Promise<void> {
  await appendAudit(db, { at: new Date().toISOString(), staff_user_id: staff.id, staff_email: staff.email, action, target, detail: detail.slice(0, 500) });
}

/**
 * Null when the staff member's role grants `permission`; else the refusal (the one sentence the
 * page shows), logged. Called before anything is read or written, outside any transaction, so
 * the refusal's line stays. The server actions ask it to answer their form; the service uses
 * refuseUnless.
 */
export async function refusalFor(db: Db, staff: StaffIdentity, permission: StaffPermission, refusal: string): Promise<string | null> {
  if (can(staff.role, permission)) return null;
  await audit(db, staff, "role.refused", null, `${permission}: ${refusal}`);
  return refusal;
}

/** Goes on when the role grants `permission`; else logs the refusal and throws it as a 403. */
export async function refuseUnless(db: Db, staff: StaffIdentity, permission: StaffPermission, refusal: string): Promise<void> {
  const refused = await refusalFor(db, staff, permission, refusal);
  if (refused !== null) throw new ApiError(403, refused);
}
