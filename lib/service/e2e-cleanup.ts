import { E2E_CLEANUP_TABLES, type E2eCleanupTable } from "../contract/e2e-cleanup";
import type { AnyCallResponse, AnyParsedRequest } from "../contract";
import { deleteRunContacts, deleteRunLeads, deleteRunOutbox, deleteRunSignUps } from "../db/queries/e2e-cleanup";
import type { ServiceContext } from "./context";

/**
 * `e2e/cleanup`: deletes a test run's records (the mark of lib/contract/e2e-cleanup.ts at the
 * domain asked for) in one transaction, outbox rows first, then requests, messages and sign-ups
 * with what hangs on them. A second run finds nothing and answers zeros.
 */
export async function cleanUpTestRun({ domain }: AnyParsedRequest<"e2e/cleanup">, { write }: ServiceContext): Promise<AnyCallResponse<"e2e/cleanup">> {
  const counts = await write(async (trx) => {
    const outbox_messages = await deleteRunOutbox(trx, { domain });
    return { outbox_messages, ...(await deleteRunLeads(trx, { domain })), ...(await deleteRunContacts(trx, { domain })), ...(await deleteRunSignUps(trx, { domain })) };
  });
  const deleted = Object.fromEntries(E2E_CLEANUP_TABLES.map((table) => [table, counts[table] ?? 0])) as Record<E2eCleanupTable, number>;
  return { success: true, deleted };
}
