import { revalidatePath } from "next/cache";
import { z } from "zod";
import { env } from "@/lib/env";
import { checkCaller } from "@/lib/service/guard";
import { logError } from "@/lib/service/log";
import { clearProcessPageCache } from "@/lib/server/page-cache";

/**
 * POST /api/revalidate (bearer token only): refreshes cached pages after their data changed,
 * on this instance and on every peer in PEER_URLS, so all instances serve the new content.
 * Body: { "paths": ["/", "/agents/TX/austin"] } or { "all": true }.
 */
const FANOUT_HEADER = "x-revalidate-fanout";
const bodySchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ paths: z.array(z.string().regex(/^\/[^\s]*$/, "Each path must start with /.")).min(1).max(500) }),
]);

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

export async function POST(request: Request) {
  const { API_TOKEN, PEER_URLS } = env();
  const verdict = checkCaller({ call: "revalidate", headers: request.headers, ownOrigins: [], apiToken: API_TOKEN });
  if (!API_TOKEN || !verdict.allowed || !verdict.trusted) {
    return json(403, { success: false, message: "Revalidation needs the bearer token (API_TOKEN)." });
  }
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json(400, { success: false, message: 'Send { "paths": ["/…"] } or { "all": true }.' });

  const paths = "all" in parsed.data ? ["/"] : parsed.data.paths;
  // A plain path (no type) matches the URL whatever route group renders it; "layout" on "/"
  // refreshes everything.
  for (const path of paths) {
    if ("all" in parsed.data) revalidatePath(path, "layout");
    else revalidatePath(path);
  }
  // The production server's short-lived page copies go too (they are per process, like Next's).
  clearProcessPageCache();

  let peers = 0;
  if (!request.headers.get(FANOUT_HEADER)) {
    const results = await Promise.allSettled(
      PEER_URLS.map((peer) =>
        fetch(`${peer}/api/revalidate`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${API_TOKEN}`, [FANOUT_HEADER]: "1" },
          body: JSON.stringify(parsed.data),
        }).then((response) => {
          if (!response.ok) throw new Error(`${peer} answered ${response.status}`);
        }),
      ),
    );
    for (const result of results) if (result.status === "rejected") logError("revalidation fan-out failed", result.reason);
    peers = results.filter((result) => result.status === "fulfilled").length;
  }
  return json(200, { success: true, revalidated: paths, peers });
}

export function GET() {
  return json(405, { success: false, message: "This address only accepts POST requests." });
}
