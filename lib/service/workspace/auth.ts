import type { Kysely } from "kysely";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import { createAccessControl } from "better-auth/plugins/access";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "../../db/schema";
import type { Dialect } from "../../db/connection";
import { insertOutboxMessages } from "../../db/queries/outbox";
import { findStaffByEmail } from "../../db/queries/staff";
import { SITE_NAME } from "../../contract/site";
import { WORKSPACE_PATHS } from "../../contract/workspace-routes";
import { DEFAULT_STAFF_ROLE, ROLE_GRANTS, SESSION_HOURS, SIGN_IN_LINK_MINUTES, STAFF_ROLES, STAFF_STATEMENTS, isStaffRole, type StaffRole } from "../../contract/staff";
import { outboxRows, type DeliveryRouting } from "../delivery/routing";
import { signalOutbox } from "../delivery/signal";

/**
 * Staff sign-in for the marketers' workspace, with better-auth (its Kysely adapter on the site's
 * own database, SQLite or PostgreSQL; its magic-link and admin plugins). No outside identity
 * provider and no password: a staff member asks for a link, the outbox delivers it (a file under
 * OUTBOX_DIR on a fresh machine), and the page the link opens signs in only when its button is
 * pressed (mail scanners open links). Tokens are stored hashed and work once, for 15 minutes;
 * sessions live in staff_sessions. Only existing staff can sign in (`npm run staff -- add`, or an
 * admin on /workspace/staff); an unknown address gets no email and the same answer.
 *
 * The cookies are scoped to /workspace, so no public page ever receives a staff cookie.
 */
export type StaffAuthDependencies = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SITE_URL */
  baseURL: string;
  secret: string;
  /** Where a sign-in link goes: the outbox (the site), or the caller (`npm run staff`). */
  sendSignInLink(input: { email: string; token: string }): Promise<void>;
  /** nextCookies() inside Next.js, so server actions can set the session cookie. */
  plugins?: BetterAuthPlugin[];
};

const accessControl = createAccessControl(STAFF_STATEMENTS);
const ADMIN_PLUGIN_GRANTS = { user: ["create", "list", "set-role", "ban", "delete", "get", "update"], session: ["list", "revoke", "delete"] } as const;
const adminAccess = createAccessControl({ ...STAFF_STATEMENTS, ...ADMIN_PLUGIN_GRANTS });
/** The roles of lib/contract/staff.ts; admins also get the admin plugin's user and session rights. */
const ROLES = Object.fromEntries(
  STAFF_ROLES.map((role) => [role, role === "admin" ? adminAccess.newRole({ ...ROLE_GRANTS.admin, ...ADMIN_PLUGIN_GRANTS }) : accessControl.newRole(ROLE_GRANTS[role])]),
) as Record<StaffRole, ReturnType<typeof accessControl.newRole>>;

const dateFields = { createdAt: "created_at", updatedAt: "updated_at" } as const;

export function createStaffAuth({ db, dialect, baseURL, secret, sendSignInLink, plugins = [] }: StaffAuthDependencies) {
  return betterAuth({
    appName: `${SITE_NAME} workspace`,
    baseURL,
    // Never mounted as routes: the workspace calls auth.api from its server actions and pages.
    basePath: `${WORKSPACE_PATHS.home}/auth`,
    secret,
    database: { db, type: dialect },
    telemetry: { enabled: false },
    emailAndPassword: { enabled: false },
    user: { modelName: "staff_users", fields: { emailVerified: "email_verified", ...dateFields } },
    session: {
      modelName: "staff_sessions",
      fields: { expiresAt: "expires_at", token: "token", ipAddress: "ip_address", userAgent: "user_agent", userId: "user_id", ...dateFields },
      expiresIn: SESSION_HOURS * 3600,
      updateAge: 3600,
    },
    account: {
      modelName: "staff_accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...dateFields,
      },
    },
    verification: { modelName: "staff_verifications", fields: { expiresAt: "expires_at", ...dateFields } },
    // Sign-in requests are limited by the workspace itself (per address, in the database).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "managely_staff",
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { path: WORKSPACE_PATHS.home, sameSite: "lax", httpOnly: true },
    },
    plugins: [
      magicLink({
        disableSignUp: true,
        storeToken: "hashed",
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        sendMagicLink: ({ email, token }) => sendSignInLink({ email, token }),
      }),
      admin({
        ac: adminAccess,
        roles: ROLES,
        defaultRole: DEFAULT_STAFF_ROLE,
        adminRoles: ["admin"],
        schema: { user: { fields: { banReason: "ban_reason", banExpires: "ban_expires" } }, session: { fields: { impersonatedBy: "impersonated_by" } } },
      }),
      ...plugins,
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

export { staffAuthSecret } from "./secret";

/**
 * The site's way to send a sign-in link: one outbox row (a file on a fresh machine), for an
 * existing, unbanned staff member only. The token waits in the row until it is sent.
 */
export function outboxSignInSender(db: Kysely<Database>, routing: DeliveryRouting) {
  return async ({ email, token }: { email: string; token: string }) => {
    const staff = await findStaffByEmail(db, { email });
    if (!staff || staff.banned) return;
    await insertOutboxMessages(db, outboxRows("staff.sign_in", { payload: { token, user_id: staff.id } }, routing, new Date().toISOString()));
    signalOutbox();
  };
}

/** A session's staff member as the workspace uses it; null when the role is none of ours. */
export function staffFromSession(user: { id: string; email: string; role?: string | null; banned?: boolean | null }) {
  if (user.banned || !isStaffRole(user.role)) return null;
  return { id: user.id, email: user.email, role: user.role };
}
