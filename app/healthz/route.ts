import { env } from "@/lib/env";
import { getService } from "@/lib/service/default";
import { answerHealth } from "@/lib/service/health";
import { NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/**
 * GET /healthz under `next dev` (the production server answers it itself, lib/server/front.ts):
 * both through lib/service/health.ts, so the details need the API token in both.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const health = await answerHealth(getService(), { authorization: request.headers.get("authorization"), apiToken: env().API_TOKEN });
  return Response.json(health.body, { status: health.status, headers: NO_STORE_HEADERS });
}
