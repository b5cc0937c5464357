import { cookies, draftMode } from "next/headers";
import { NextResponse } from "next/server";
import { PREVIEW_DRAFT_COOKIE } from "@/lib/contract/staff";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { siteUrl } from "@/lib/env";
import { NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/**
 * GET /workspace/preview/exit: leaves draft mode; the public pages show what is published again.
 * From a public page's preview bar it goes back to that page, now as visitors see it; otherwise
 * to the workspace. Only a page of this site outside the workspace is gone back to.
 */
export async function GET(request: Request) {
  (await draftMode()).disable();
  (await cookies()).delete(PREVIEW_DRAFT_COOKIE);
  return NextResponse.redirect(backTo(request.headers.get("referer"), new URL(siteUrl())), { status: 303, headers: NO_STORE_HEADERS });
}

/**
 * The page the Referer names, as an address of this site: its path and query set on the site's
 * own origin (never resolved as a reference, so a path like `//evil.example/x` stays a path here).
 */
function backTo(referer: string | null, site: URL): URL {
  const home = new URL(WORKSPACE_PATHS.home, site.origin);
  if (!referer) return home;
  try {
    const from = new URL(referer);
    const inWorkspace = from.pathname === WORKSPACE_PATHS.home || from.pathname.startsWith(`${WORKSPACE_PATHS.home}/`);
    if (from.origin !== site.origin || inWorkspace) return home;
    const target = new URL(site.origin);
    target.pathname = from.pathname;
    target.search = from.search;
    return target.origin === site.origin ? target : home;
  } catch {
    return home;
  }
}
