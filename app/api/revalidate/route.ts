import { revalidatePath } from "next/cache";
import { z } from "zod";
import { env, INTERNAL_SECRET_HEADER } from "@/lib/env";
import { parseBearer, tokensMatch } from "@/lib/contract/bearer";
import { FAILURE, REVALIDATION } from "@/lib/contract/messages";
import { NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/**
 * POST /api/revalidate refreshes cached pages after their data changed. Callers: a server with
 * the bearer token (API_TOKEN), or the production server itself (INTERNAL_SECRET) when the
 * content_changes journal moves. With REDIS_URL the cache is shared, so one call refreshes every
 * instance; lib/server also drops every instance's page copies when this answers 200.
 * Body: { "paths": ["/", "/agents/TX/austin"] } or { "all": true }.
 */
const bodySchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ paths: z.array(z.string().regex(/^\/[^\s]*$/, REVALIDATION.path)).min(1).max(500) }),
]);

const json = (status: number, body: unknown) => Response.json(body, { status, headers: NO_STORE_HEADERS });

function isAllowed(headers: Headers): boolean {
  const { API_TOKEN, INTERNAL_SECRET } = env();
  const bearer = parseBearer(headers.get("authorization"));
  if (API_TOKEN && bearer && tokensMatch(bearer, API_TOKEN)) return true;
  const internal = headers.get(INTERNAL_SECRET_HEADER) ?? "";
  return Boolean(INTERNAL_SECRET && internal && tokensMatch(internal, INTERNAL_SECRET));
}

export async function POST(request: Request) {
  if (!isAllowed(request.headers)) return json(403, { success: false, message: REVALIDATION.tokenRequired });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json(400, { success: false, message: REVALIDATION.body });

  // A plain path (no type) matches the URL whatever route group renders it; "layout" on "/"
  // refreshes everything.
  const paths = "all" in parsed.data ? ["/"] : parsed.data.paths;
  for (const path of paths) {
    if ("all" in parsed.data) revalidatePath(path, "layout");
    else revalidatePath(path);
  }
  return json(200, { success: true, revalidated: paths });
}

export function GET() {
  return json(405, { success: false, message: FAILURE.onlyPost });
}
