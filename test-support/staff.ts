import type { DatabaseHandle } from "../lib/db/connection";
import type { StaffRole } from "../lib/contract/staff";

/** A staff member a test needs: the workspace's users as better-auth stores them. */
export type TestStaff = { id: string; email: string; role: StaffRole; name?: string; banned?: boolean };

/**
 * Adds staff members straight to `staff_users` (verified, not banned unless said), with each
 * dialect's own booleans, at `at` (now by default): the set-up every workspace test starts from.
 */
export async function insertStaff(database: Pick<DatabaseHandle, "db" | "dialect">, members: readonly TestStaff[], at = new Date().toISOString()): Promise<void> {
  const flag = (value: boolean) => (database.dialect === "postgres" ? value : Number(value));
  await database.db
    .insertInto("staff_users")
    .values(
      members.map((member) => ({
        id: member.id,
        name: member.name ?? "",
        email: member.email,
        email_verified: flag(true),
        image: null,
        created_at: at,
        updated_at: at,
        role: member.role,
        banned: member.banned === undefined ? null : flag(member.banned),
        ban_reason: null,
        ban_expires: null,
      })),
    )
    .execute();
}
