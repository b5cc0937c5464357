import "server-only";
import { env } from "../env";
import { getDatabase } from "../db";
import { createService, type Service } from ".";

let service: Service | undefined;

/** The service of the running site, on the database configured by DATABASE_URL. */
export function getService(): Service {
  service ??= createService(async () => ({ db: (await getDatabase()).db, halfStateCount: env().STATE_LIST_HALF }));
  return service;
}
