import { handleCall, type Service, type ServiceContext, type ServiceSettings } from "../lib/service";
import { INTERNAL_CALLER } from "../lib/service/guard";
import { createWriteRunner } from "../lib/service/write";
import type { DatabaseHandle } from "../lib/db/connection";
import { FILES_ONLY, type DeliveryRouting } from "../lib/service/delivery/routing";

/**
 * The embedded service on a test database, as the site builds it (lib/service/default.ts). Its
 * messages go to files unless `delivery` names other channels (nothing is sent: no worker runs).
 */
export function createTestService(
  database: Pick<DatabaseHandle, "db" | "dialect">,
  {
    savesPerMinute = 10,
    delivery = FILES_ONLY,
    outboxDir,
    pingRedis,
    apiToken,
  }: { savesPerMinute?: number; delivery?: DeliveryRouting; outboxDir?: string; pingRedis?: () => Promise<void>; apiToken?: string } = {},
): Service {
  const context: ServiceContext = {
    db: database.db,
    dialect: database.dialect,
    write: createWriteRunner(database),
    halfStateCount: 10,
    delivery,
    outboxDir,
    ...(pingRedis ? { pingRedis } : {}),
  };
  const settings: ServiceSettings = { allowedOrigins: ["http://localhost:3000"], savesPerMinute, ...(apiToken ? { apiToken } : {}) };
  return { handle: (request) => handleCall(request, { context, settings }) };
}

/** A call as the site's own code makes it: status and body, the body loosely typed for tests. */
export async function callAsSite(service: Service, name: string, body: unknown) {
  const result = await service.handle({ call: name, body, caller: INTERNAL_CALLER });
  return { status: result.status, body: result.body as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The owner's click on a confirmation link's page, as the page makes it: every request the page
 * lists ticked as the owner's (nothing is ticked for them). When it lists none (all sent already),
 * the click names a request the page had shown before, as a second click would: nothing is sent.
 */
export async function confirmAsOwner(service: Service, token: string, { shown }: { shown?: string[] } = {}) {
  const page = await callAsSite(service, "lead/confirmation", { token });
  const listed: string[] = page.status === 200 ? page.body.requests.map((request: { reference: string }) => request.reference) : [];
  const references = listed.length ? listed : (shown ?? ["already-sent"]);
  return callAsSite(service, "lead/confirm", { token, references });
}
