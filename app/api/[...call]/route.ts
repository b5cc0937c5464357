import { env } from "@/lib/env";
import { getService } from "@/lib/service/default";

/** Bodies above this are refused with 413 before they are parsed. */
const MAX_BODY_BYTES = 16 * 1024;

type Params = { params: Promise<{ call: string[] }> };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
const failure = (status: number, message: string, headers?: Record<string, string>) =>
  json(status, { success: false, message }, headers);

/** Reads at most `limit` bytes; answers null when the body is larger. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function POST(request: Request, { params }: Params) {
  const call = (await params).call.join("/");
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType.trim())) {
    return failure(415, "Please send the request as JSON (Content-Type: application/json).");
  }
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null) return failure(413, "The request is too large. Please shorten your message and try again.");

  const { API_BASE_URL, API_TOKEN } = env();
  if (API_BASE_URL) return forward(call, text, request.headers.get("authorization") ?? (API_TOKEN ? `Bearer ${API_TOKEN}` : null));

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "The request body is not valid JSON.");
  }
  const result = await getService().handle(call, body);
  return json(result.status, result.body);
}

/** With an external agent-panel API configured, the browser's calls are passed through to it. */
async function forward(call: string, body: string, authorization: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  try {
    const response = await fetch(`${env().API_BASE_URL!.replace(/\/+$/, "")}/${call}`, { method: "POST", headers, body });
    const payload = await response.json().catch(() => ({ success: false, message: "The service answered without JSON." }));
    return json(response.status < 500 ? response.status : 502, payload);
  } catch {
    return failure(502, "The service is not reachable right now. Please try again in a moment.");
  }
}

const notAllowed = () => failure(405, "This address only accepts POST requests.", { allow: "POST" });
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
