import type { Kysely } from "kysely";
import type { Database } from "../schema";

/**
 * Reads of the workspace's staff (better-auth writes these tables; lib/service/workspace/auth.ts).
 * Emails are stored lower case, as better-auth normalizes them.
 */
type Db = Kysely<Database>;

export type StaffMember = { id: string; email: string; name: string; role: string | null; banned: boolean; created_at: string };

const asBoolean = (value: boolean | number | null) => value === true || value === 1;
const asIso = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value));

function staffRow(row: { id: string; email: string; name: string; role: string | null; banned: boolean | number | null; created_at: string | Date }): StaffMember {
  return { id: row.id, email: row.email, name: row.name, role: row.role, banned: asBoolean(row.banned), created_at: asIso(row.created_at) };
}

/** The address a sign-in link goes to, when the staff member still exists and is not banned. */
export async function staffEmailForMessage(db: Db, { userId }: { userId: string }): Promise<string | null> {
  const row = await db.selectFrom("staff_users").select(["email", "banned"]).where("id", "=", userId).executeTakeFirst();
  return row && !asBoolean(row.banned) ? row.email : null;
}

/** A staff session that has not expired, with its staff member's role and ban, or undefined. */
export async function findLiveStaffSession(db: Db, { id, now }: { id: string; now: Date }): Promise<{ user_id: string; email: string; role: string | null; banned: boolean } | undefined> {
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select(["staff_sessions.user_id", "staff_sessions.expires_at", "staff_users.email", "staff_users.role", "staff_users.banned"])
    .where("staff_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return { user_id: row.user_id, email: row.email, role: row.role, banned: asBoolean(row.banned) };
}

export async function findStaffByEmail(db: Db, { email }: { email: string }): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "banned", "created_at"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row && staffRow(row);
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.selectFrom("staff_users").select(["id", "email", "name", "role", "banned", "created_at"]).orderBy("email").execute();
  return rows.map(staffRow);
}
