import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { changeOf } from "@/lib/service/workspace/site";
import { csvLines, exportRowsWith } from "@/lib/service/workspace/pages-csv";
import { myDraftById } from "@/lib/service/workspace/seo";
import { staffOf } from "../staff-session";
import { filterFrom } from "../filters";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";
import { CSV_ROWS_HEADER } from "@/lib/contract/staff-csv";

/**
 * GET /workspace/pages.csv?kind=&state=&problem=&q=: the list, as filtered, every row, then the
 * noindex pages the filter matches (staff only). Streamed a thousand lines at a time, with the
 * number of rows in a header first, so the export button can say how far it has got.
 */
const PRIVATE = PRIVATE_NO_STORE_HEADERS;
const LINES_PER_CHUNK = 1_000;

export async function GET(request: Request) {
  const staff = await staffOf(request);
  if (!staff) {
    return new Response("Sign in to the workspace to export its pages.\n", { status: 401, headers: { ...PRIVATE, "content-type": "text/plain; charset=utf-8" } });
  }
  const { filter } = filterFrom(Object.fromEntries(new URL(request.url).searchParams));
  const db = await workspaceDb();
  // ?draft=N, as the list: the pages as the staff member's own draft would make them (another's draft, or none: as they are).
  const draft = filter.draft ? await myDraftById(db, staff, { draftId: filter.draft }) : null;
  const rows = await exportRowsWith(db, filter, draft ? changeOf(draft.target, draft.pattern) : undefined);
  const lines = csvLines(rows, siteUrl());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\ufeff"));
    },
    pull(controller) {
      let chunk = "";
      for (let count = 0; count < LINES_PER_CHUNK; count += 1) {
        const next = lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += `${next.value}\r\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, {
    headers: {
      ...PRIVATE,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="managely-pages${filter.kind ? `-${filter.kind}` : ""}.csv"`,
      [CSV_ROWS_HEADER]: String(rows.length),
    },
  });
}
