/**
 * What the tests under lib/, components/, app/ and e2e/ share to set up what they check: a fresh
 * database per suite (SQLite, or a PostgreSQL schema of its own), the embedded service on it, the
 * owner's request most suites save, an outbox worker's test timing and a recording channel, and
 * an SMTP receiver. Test code only: ESLint forbids shipped code to import it.
 */
export { announcePostgres, createTestDatabase, databaseKinds, postgresUrl, WHOLE_SEED_TIMEOUT_MS, type TestDatabase, type TestDatabaseKind } from "./database";
export { callAsSite, confirmAsOwner, createTestService } from "./service";
export { mailsThroughSmtp, mailText, startSmtpReceiver, type ReceivedMail } from "./smtp-receiver";
export { insertStaff, type TestStaff } from "./staff";
export { serviceSuite, type ServiceSuite } from "./suite";
export { citiesServedBy } from "./cities";
export { AUSTIN_LEAD, tokenOf } from "./leads";
export { outboxWorkerSuite, recordingChannel, TEST_WORKER_TIMING } from "./outbox";
export { STORED_LEAD, STORED_MANAGER, STORED_RECIPIENT } from "./stored-lead";
export { PROPOSAL_LEAD, PROPOSAL_SITE_URL, PROPOSAL_TERMS, proposalsSuite } from "./proposals";
export { alaskanManager, requestsSuite, SERVED_ZIP, UNSERVED_ZIP } from "./requests";

import { ApiError } from "../lib/contract/errors";

/** The ApiError a call fails with; the test fails if the call succeeds or fails otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}
