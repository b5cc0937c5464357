import { getService } from "@/lib/service/default";
import { answerCall, readCallRequest } from "@/lib/service/http-entry";

/**
 * POST /api/<call> under `next dev`: the production server answers these itself, before Next.js,
 * through the same entry (lib/service/http-entry.ts). Next.js appends the peer's address to
 * X-Forwarded-For, so its last entry is the address here.
 */
async function handle(request: Request, _context: { params: Promise<{ call: string[] }> }) {
  const forwarded = (request.headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const call = await readCallRequest(
    { method: request.method, path: new URL(request.url).pathname, headers: request.headers, socketAddress: forwarded.pop(), body: request.body as AsyncIterable<Uint8Array> | null },
    { trustProxy: false },
  );
  const answer = await answerCall(getService(), call);
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export { handle as POST, handle as GET, handle as PUT, handle as PATCH, handle as DELETE };
