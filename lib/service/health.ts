import type { Service } from "./index";
import { INTERNAL_CALLER } from "./guard";
import { parseBearer, tokensMatch } from "../contract/bearer";

/**
 * The answer of GET /healthz, for the production server (lib/server/front.ts) and `next dev`
 * (app/healthz/route.ts) alike: anyone is told only `{"status":"ok"}` (200) or
 * `{"status":"failing"}` (503); the details (database, Redis, the outbox's backlog) only a caller
 * with the bearer token (API_TOKEN). `detailed` says whether the caller may see more (the
 * production server adds its page store's size).
 */
export type HealthAnswer = { status: 200 | 503; body: Record<string, unknown>; detailed: boolean };

export async function answerHealth(service: Service, { authorization, apiToken }: { authorization: string | null | undefined; apiToken: string | undefined }): Promise<HealthAnswer> {
  const result = await service.handle({ call: "health/check", body: {}, caller: INTERNAL_CALLER });
  const { success: _success, ...health } = (result.body ?? {}) as Record<string, unknown>;
  const ok = result.status === 200 && health.status === "ok";
  const status = ok ? "ok" : "failing";
  const bearer = parseBearer(authorization);
  const detailed = Boolean(apiToken && bearer && tokensMatch(bearer, apiToken));
  return { status: ok ? 200 : 503, body: detailed ? { ...health, status } : { status }, detailed };
}
