/**
 * `npm run worker`: the outbox worker on its own, for a deployment that runs it apart from the
 * web servers (start those with OUTBOX_WORKER=0). Any number may run on one PostgreSQL database.
 * SIGTERM or Ctrl-C: it finishes the deliveries in flight and exits.
 */
import { getDatabase } from "../db";
import { createConfiguredWorker } from "../service/default-worker";
import { logInfo } from "../service/log";

async function main() {
  const handle = await getDatabase();
  const worker = createConfiguredWorker(handle);
  worker.start();
  logInfo("worker", `outbox worker ${worker.id} running on ${handle.dialect}`);
  const stop = async () => {
    await worker.stop();
    const { sent, retried, failed, cancelled } = worker.stats();
    logInfo("worker", `stopped: ${sent} sent, ${retried} retries scheduled, ${failed} failed, ${cancelled} cancelled`);
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
