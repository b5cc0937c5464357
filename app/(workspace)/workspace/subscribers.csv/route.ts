import { ApiError } from "@/lib/contract/errors";
import { NETWORK } from "@/lib/contract/operator-messages";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";
import { workspaceDb } from "@/lib/service/workspace";
import { SUBSCRIBERS_CSV_HEADER, startSubscribersExport, subscriberCsvLine, subscriberBatches } from "@/lib/service/workspace/network";
import { staffOf } from "../staff-session";

/**
 * GET /workspace/subscribers.csv: every confirmed subscriber (admins and operators only), streamed
 * a thousand at a time; each export is in the audit log.
 */
const text = (status: number, body: string) => new Response(`${body}\n`, { status, headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/plain; charset=utf-8" } });

export async function GET(request: Request) {
  const staff = await staffOf(request);
  if (!staff) return text(401, NETWORK.exportSignIn);
  const db = await workspaceDb();
  try {
    await startSubscribersExport(db, staff);
  } catch (error) {
    if (error instanceof ApiError) return text(403, NETWORK.exportForbidden(staff.role));
    throw error;
  }
  const batches = subscriberBatches(db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${SUBSCRIBERS_CSV_HEADER}\r\n`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => `${subscriberCsvLine(row)}\r\n`).join("")));
    },
  });
  return new Response(body, {
    headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="managely-subscribers.csv"' },
  });
}
