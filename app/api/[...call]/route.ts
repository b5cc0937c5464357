import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "@/lib/service";
import { getService } from "@/lib/service/default";
import { clientAddress } from "@/lib/service/guard";

/** POST /api/<call>: reads at most 16 KiB, hands the call to the service, writes its answer. */
type Params = { params: Promise<{ call: string[] }> };

async function handle(request: Request, { params }: Params) {
  const body = request.method === "POST" ? await readAtMost(request, MAX_BODY_BYTES) : "";
  const result = await getService().handle({
    call: (await params).call.join("/"),
    body,
    caller: { kind: "http", method: request.method, headers: request.headers, address: clientAddress(request.headers) },
  });
  return Response.json(result.body, { status: result.status, headers: { "cache-control": "no-store", ...result.headers } });
}

/** The body as text, or BODY_TOO_LARGE as soon as it (or its declared length) passes `limit`. */
async function readAtMost(request: Request, limit: number): Promise<string | typeof BODY_TOO_LARGE> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) return BODY_TOO_LARGE;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!request.body) return "";
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return BODY_TOO_LARGE;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export { handle as POST, handle as GET, handle as PUT, handle as PATCH, handle as DELETE };
