import { cookies, draftMode } from "next/headers";
import { NextResponse } from "next/server";
import { PREVIEW_DRAFT_COOKIE } from "@/lib/contract/staff";
import { WORKSPACE_PATHS } from "@/lib/contract/routes";
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
  return NextResponse.redirect(new URL(backTo(request.headers.get("referer")), siteUrl()), { status: 303, headers: NO_STORE_HEADERS });
}

function backTo(referer: string | null): string {
  if (!referer) return WORKSPACE_PATHS.home;
  try {
    const from = new URL(referer);
    const site = new URL(siteUrl());
    const inWorkspace = from.pathname === WORKSPACE_PATHS.home || from.pathname.startsWith(`${WORKSPACE_PATHS.home}/`);
    return from.origin === site.origin && !inWorkspace ? `${from.pathname}${from.search}` : WORKSPACE_PATHS.home;
  } catch {
    return WORKSPACE_PATHS.home;
  }
}
