import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { unauthorized } from "next/navigation";
import { nextCookies } from "better-auth/next-js";
import { siteStaffAuth, staffOfRequest, type SignedInStaff, type StaffIdentity } from "@/lib/service/workspace";

/**
 * Who is signed in to the workspace, for its pages, route handlers and server actions. Every one
 * of them calls requireStaff itself: a signed-out visitor gets the sign-in page (401,
 * unauthorized.tsx) and nothing runs. Every role sees every page; what a role may change is
 * checked where it changes (the server actions, the preview route and the service).
 */
const PLUGINS = [nextCookies()];

export const staffAuth = () => siteStaffAuth(PLUGINS);

export const currentStaff = cache(async (): Promise<StaffIdentity | null> => staffOfRequest(await headers(), PLUGINS));

export async function requireStaff(): Promise<StaffIdentity> {
  const staff = await currentStaff();
  if (!staff) unauthorized();
  return staff;
}

/** For route handlers, which answer themselves: the staff member of the request (and their session's id), or null. */
export function staffOf(request: Request): Promise<SignedInStaff | null> {
  return staffOfRequest(request.headers, PLUGINS);
}
