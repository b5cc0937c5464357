/**
 * npm run staff -- add EMAIL --role admin|operator|editor|viewer
 * npm run staff -- list
 *
 * Adds a staff member to the marketers' workspace (or gives an existing one the role) and prints
 * a one-time sign-in link, so a fresh machine needs no SMTP: open the link, press "Sign in".
 * Works on the database named by DATABASE_URL (default: SQLite at .data/site.db); the link points
 * at SITE_URL.
 */
import { env, siteUrl } from "../env";
import { migrateToLatest, openDatabase } from "../db/connection";
import { findStaffByEmail, listStaff } from "../db/queries/staff";
import { DEFAULT_STAFF_ROLE, SIGN_IN_LINK_MINUTES, isStaffRole, type StaffRole } from "../contract/staff";
import { workspaceSignInPath } from "../contract/workspace-routes";
import { createStaffAuth, staffAuthSecret } from "../service/workspace/auth";
import { audit } from "../service/workspace/seo";

const USAGE = "usage: npm run staff -- add EMAIL --role admin|operator|editor|viewer\n       npm run staff -- list";

function parse(argv: string[]): { command: "add"; email: string; role: StaffRole } | { command: "list" } {
  const [command, ...rest] = argv;
  if (command === "list" && rest.length === 0) return { command };
  if (command !== "add") throw new Error(USAGE);
  const roleAt = rest.findIndex((arg) => arg === "--role" || arg.startsWith("--role="));
  const role = roleAt === -1 ? DEFAULT_STAFF_ROLE : rest[roleAt].includes("=") ? rest[roleAt].split("=")[1] : rest[roleAt + 1];
  const email = rest.filter((_, index) => roleAt === -1 || (index !== roleAt && (rest[roleAt].includes("=") || index !== roleAt + 1)))[0]?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Give a valid email address.\n${USAGE}`);
  if (!isStaffRole(role)) throw new Error(`The role must be admin, operator, editor or viewer.\n${USAGE}`);
  return { command, email, role };
}

async function main() {
  const request = parse(process.argv.slice(2));
  const handle = openDatabase(env().DATABASE_URL);
  try {
    await migrateToLatest(handle);
    if (request.command === "list") {
      const staff = await listStaff(handle.db);
      if (staff.length === 0) console.log("No staff yet. Add one: npm run staff -- add EMAIL --role admin");
      for (const member of staff) console.log(`${member.email}\t${member.role}${member.banned ? "\t(removed)" : ""}`);
      return;
    }
    let token = "";
    const auth = createStaffAuth({
      db: handle.db,
      dialect: handle.dialect,
      baseURL: siteUrl(),
      secret: await staffAuthSecret(handle.db, env().STAFF_AUTH_SECRET),
      // The link is printed here, not mailed.
      sendSignInLink: async (link) => {
        token = link.token;
      },
    });
    const existing = await findStaffByEmail(handle.db, { email: request.email });
    if (existing) {
      // setRole needs an admin's session; the operator at the console is trusted as one.
      await (await auth.$context).internalAdapter.updateUser(existing.id, { role: request.role, banned: false });
      await audit(handle.db, { id: null, email: "npm run staff" }, "staff.role_changed", `staff:${request.email}`, request.role);
      console.log(`${request.email} was already staff; their role is now ${request.role}.`);
    } else {
      await auth.api.createUser({ body: { email: request.email, name: "", role: request.role } });
      await audit(handle.db, { id: null, email: "npm run staff" }, "staff.added", `staff:${request.email}`, request.role);
      console.log(`Added ${request.email} as ${request.role}.`);
    }
    await auth.api.signInMagicLink({ body: { email: request.email }, headers: new Headers() });
    console.log(`One-time sign-in link (works once, for ${SIGN_IN_LINK_MINUTES} minutes; open it and press "Sign in"):`);
    console.log(`${siteUrl()}${workspaceSignInPath(token)}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
