import { NETWORK } from "@/lib/contract/operator-messages";
import { SUBSCRIBERS_CSV_HEADER, startSubscribersExport, subscriberCsvLine, subscriberBatches } from "@/lib/service/workspace/network";
import { staffCsvDownload } from "../csv-download";

type Db = Parameters<typeof subscriberBatches>[0];

/** Every confirmed subscriber as CSV lines, a thousand at a time. */
function subscribersCsv(db: Db): ReadableStream<Uint8Array> {
  const batches = subscriberBatches(db);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${SUBSCRIBERS_CSV_HEADER}\r\n`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => `${subscriberCsvLine(row)}\r\n`).join("")));
    },
  });
}

/**
 * GET /workspace/subscribers.csv: every confirmed subscriber (admins and operators only), streamed
 * a thousand at a time; each export is in the audit log.
 */
export async function GET(request: Request) {
  return staffCsvDownload(request, { filename: "managely-subscribers.csv", words: NETWORK, start: startSubscribersExport, body: subscribersCsv });
}
