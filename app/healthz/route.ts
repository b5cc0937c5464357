import { getService } from "@/lib/service/default";
import { INTERNAL_CALLER } from "@/lib/service/guard";

/**
 * GET /healthz under `next dev` (the production server answers it itself, lib/server/front.ts,
 * the same way): the service's health check, 200 when it is ok, 503 otherwise.
 */
export const dynamic = "force-dynamic";

export async function GET() {
  const result = await getService().handle({ call: "health/check", body: {}, caller: INTERNAL_CALLER });
  const { success: _success, ...health } = (result.body ?? {}) as Record<string, unknown>;
  const ok = result.status === 200 && health.status === "ok";
  return Response.json(result.status === 200 ? health : { status: "failing", database: { ok: false } }, {
    status: ok ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
