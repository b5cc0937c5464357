import type { BetterAuthPlugin } from "better-auth";
import { env, siteUrl } from "../../env";
import { getDatabase } from "../../db";
import { findStaffByEmail } from "../../db/queries/staff";
import { configuredRouting } from "../default-worker";
import { createStaffAuth, outboxSignInSender, staffAuthSecret, staffFromSession, type StaffAuth } from "./auth";
import { signPreview } from "./preview";
import { maySendSignInLink } from "../rate-limit";
import { audit, type StaffIdentity } from "./audit";
import type { Db } from "../../db/schema";

/**
 * The marketers' workspace's door: its database and its staff sign-in, for the workspace's pages
 * and server actions (app/(workspace)). Not reachable through POST /api/<call>: every function
 * here is called with the staff member its caller signed in, and checks the role itself.
 */
export async function workspaceDb(): Promise<Db> {
  return (await getDatabase()).db;
}

let auth: Promise<StaffAuth> | undefined;

/** The site's staff auth (better-auth), created once; Next.js passes nextCookies() in. */
export function siteStaffAuth(plugins: BetterAuthPlugin[] = []): Promise<StaffAuth> {
  auth ??= (async () => {
    const handle = await getDatabase();
    const { STAFF_AUTH_SECRET } = env();
    return createStaffAuth({
      db: handle.db,
      dialect: handle.dialect,
      baseURL: siteUrl(),
      secret: await staffAuthSecret(handle.db, STAFF_AUTH_SECRET),
      sendSignInLink: outboxSignInSender(handle.db, configuredRouting()),
      plugins,
    });
  })().catch((error: unknown) => {
    auth = undefined;
    throw error;
  });
  return auth;
}

/** The staff member of a session and the session's id, or null (none, banned, or a role that is not ours). */
export async function staffOfRequest(headers: Headers, plugins: BetterAuthPlugin[] = []): Promise<SignedInStaff | null> {
  const session = await (await siteStaffAuth(plugins)).api.getSession({ headers });
  const staff = session ? staffFromSession(session.user as { id: string; email: string; role?: string | null; banned?: boolean | null }) : null;
  return staff && session ? { ...staff, sessionId: session.session.id, sessionExpiresAt: new Date(session.session.expiresAt) } : null;
}

/** A signed-in staff member, their session's id and when it ends (a draft preview ends with it). */
export type SignedInStaff = StaffIdentity & { sessionId: string; sessionExpiresAt: Date };

/** The preview cookie's value for a draft the signed-in staff member may preview (preview.ts). */
export async function previewCookieValue(db: Db, { draftId, sessionId }: { draftId: number; sessionId: string }): Promise<string> {
  return signPreview(await staffAuthSecret(db, env().STAFF_AUTH_SECRET), { draftId, sessionId });
}

/**
 * Sends a sign-in link to a staff member: an existing, unbanned one, at most
 * STAFF_SIGN_IN_LINKS_PER_DAY a day (rate-limit.ts); past that, nothing is sent. The workspace's
 * action answers before calling this (the same answer, in the same time, for staff and for anyone
 * else), so nothing here can tell who is staff.
 */
export async function requestSignInLink(email: string, headers: Headers, plugins: BetterAuthPlugin[] = []): Promise<void> {
  const db = await workspaceDb();
  const staff = await findStaffByEmail(db, { email });
  if (!staff || staff.banned) return;
  if (!(await maySendSignInLink(db, { staffId: staff.id, now: Date.now() }))) return;
  await (await siteStaffAuth(plugins)).api.signInMagicLink({ body: { email: staff.email }, headers });
  await audit(db, { id: staff.id, email: staff.email }, "staff.sign_in_requested", null);
}

export { audit };
export type { StaffIdentity, Db };
