import type { StaffRole } from "../lib/contract/staff";
import { siteStaffAuth, type StaffIdentity } from "../lib/service/workspace";

/**
 * What the server-action suites share to call an action as a browser on the site would (their
 * next/headers mock answers these headers). Imported on its own, not through test-support's
 * index: it loads the workspace's auth, which most suites do not need.
 */

/** A browser's request headers from the site's own page. */
export const fromTheSite = () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" });

/** A submitted form with these fields. */
export const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** Where a server action's redirect() goes (its error's digest: "NEXT_REDIRECT;replace;/path;303;"); any other error is thrown again. */
export const redirected = (error: unknown) => {
  const digest = (error as { digest?: unknown }).digest;
  if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT;")) throw error;
  return { redirectedTo: digest.split(";")[2] };
};

/** A staff member created through the workspace's own auth, as an admin would add one. */
export async function addStaff(email: string, role: StaffRole): Promise<StaffIdentity> {
  const { user } = await (await siteStaffAuth()).api.createUser({ body: { email, name: "", role } });
  return { id: user.id, email: user.email, role };
}
