import type { Service } from "../lib/service";
import { createTestDatabase, WHOLE_SEED_TIMEOUT_MS, type TestDatabase, type TestDatabaseKind } from "./database";
import { callAsSite, createTestService } from "./service";

/** A describe block's database and the embedded service on it (see serviceSuite). */
export interface ServiceSuite {
  database: TestDatabase;
  service: Service;
  /** A call as the site's own code makes it, on this suite's service. */
  call: (name: string, body: unknown) => ReturnType<typeof callAsSite>;
}

/**
 * Gives the describe block it is called in a fresh database of `kind` and the embedded service on
 * it, made before its tests and destroyed after them. `database` and `service` are set in
 * beforeAll: read them inside the tests, not when the block is declared.
 */
export function serviceSuite(kind: TestDatabaseKind, options?: Parameters<typeof createTestService>[1]): ServiceSuite {
  const suite = { call: (name: string, body: unknown) => callAsSite(suite.service, name, body) } as ServiceSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
    suite.service = createTestService(suite.database, options);
    // The run's first suite of a kind seeds the template every later one copies: on a busy machine
    // that takes longer than a test's minute.
  }, WHOLE_SEED_TIMEOUT_MS);
  afterAll(async () => suite.database?.destroy());
  return suite;
}
