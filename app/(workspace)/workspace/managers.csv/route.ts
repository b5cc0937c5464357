import { ApiError } from "@/lib/contract/errors";
import { MANAGERS_PAGE } from "@/lib/contract/operator-messages";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";
import { workspaceDb } from "@/lib/service/workspace";
import { managersCsvStream, startManagersExport } from "@/lib/service/workspace/managers";
import { staffOf } from "../staff-session";

/**
 * GET /workspace/managers.csv: every imported listing (admins only) in the columns and normal
 * forms of `npm run managers -- export` (the same function writes both), a thousand at a time;
 * each export is in the audit log.
 */
const text = (status: number, body: string) => new Response(`${body}\n`, { status, headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/plain; charset=utf-8" } });

export async function GET(request: Request) {
  const staff = await staffOf(request);
  if (!staff) return text(401, MANAGERS_PAGE.exportSignIn);
  const db = await workspaceDb();
  try {
    await startManagersExport(db, staff);
  } catch (error) {
    if (error instanceof ApiError) return text(403, MANAGERS_PAGE.exportForbidden(staff.role));
    throw error;
  }
  return new Response(managersCsvStream(db), {
    headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="managely-managers.csv"' },
  });
}
