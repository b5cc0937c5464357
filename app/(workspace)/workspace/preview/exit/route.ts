import { cookies, draftMode } from "next/headers";
import { NextResponse } from "next/server";
import { PREVIEW_DRAFT_COOKIE } from "@/lib/contract/staff";
import { WORKSPACE_PATHS } from "@/lib/contract/routes";
import { siteUrl } from "@/lib/env";
import { NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/** GET /workspace/preview/exit: leaves draft mode; the public pages show what is published again. */
export async function GET() {
  (await draftMode()).disable();
  (await cookies()).delete(PREVIEW_DRAFT_COOKIE);
  return NextResponse.redirect(new URL(WORKSPACE_PATHS.home, siteUrl()), { status: 303, headers: NO_STORE_HEADERS });
}
