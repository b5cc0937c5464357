import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { csvLines, filterRows, siteRows } from "@/lib/service/workspace/pages";
import { staffOf } from "../staff-session";
import { filterFrom } from "../filters";
import { PRIVATE_NO_STORE_HEADERS } from "@/lib/contract/cache-policy";

/** GET /workspace/pages.csv?kind=&state=&problem=&q=: the list, as filtered, every row (staff only). */
const PRIVATE = PRIVATE_NO_STORE_HEADERS;

export async function GET(request: Request) {
  if (!(await staffOf(request))) {
    return new Response("Sign in to the workspace to export its pages.\n", { status: 401, headers: { ...PRIVATE, "content-type": "text/plain; charset=utf-8" } });
  }
  const { filter } = filterFrom(Object.fromEntries(new URL(request.url).searchParams));
  const rows = filterRows((await siteRows(await workspaceDb())).rows, filter);
  const body = `\ufeff${[...csvLines(rows, siteUrl())].join("\r\n")}\r\n`;
  return new Response(body, {
    headers: {
      ...PRIVATE,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="managely-pages${filter.kind ? `-${filter.kind}` : ""}.csv"`,
    },
  });
}
