import { ApiError } from "@/lib/contract/errors";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";
import { workspaceDb } from "@/lib/service/workspace";
import { staffOf } from "./staff-session";

type Db = Awaited<ReturnType<typeof workspaceDb>>;

const text = (status: number, body: string) => new Response(`${body}\n`, { status, headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/plain; charset=utf-8" } });

type StaffMember = NonNullable<Awaited<ReturnType<typeof staffOf>>>;

/**
 * A workspace CSV download that only some roles may take (the managers and the subscribers): the
 * signed-out visitor is told to sign in (401), a refused role is told why (403, the service's
 * check refusing with an ApiError), and every export `start` lets through is in the audit log
 * before the first byte. The file is private and never stored by a cache.
 */
export async function staffCsvDownload(
  request: Request,
  {
    filename,
    words,
    start,
    body,
  }: {
    filename: string;
    words: { exportSignIn: string; exportForbidden: (role: string) => string };
    start: (db: Db, staff: StaffMember) => Promise<unknown>;
    body: (db: Db) => ReadableStream<Uint8Array>;
  },
): Promise<Response> {
  const staff = await staffOf(request);
  if (!staff) return text(401, words.exportSignIn);
  const db = await workspaceDb();
  try {
    await start(db, staff);
  } catch (error) {
    if (error instanceof ApiError) return text(403, words.exportForbidden(staff.role));
    throw error;
  }
  return new Response(body(db), {
    headers: { ...PRIVATE_NO_STORE_HEADERS, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` },
  });
}
