import type { NextRequest } from "next/server";
import { env, siteUrl } from "@/lib/env";
import { getDatabase } from "@/lib/db";
import { getService } from "@/lib/service/default";
import { checkCaller, clientAddress, isRateLimited, RATE_LIMIT_MESSAGE, SAVE_CALLS } from "@/lib/service/guard";
import { logError } from "@/lib/service/log";

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

export async function POST(request: NextRequest | Request, { params }: Params) {
  const call = (await params).call.join("/");
  const { API_BASE_URL, API_TOKEN } = env();

  const verdict = checkCaller({
    call,
    headers: request.headers,
    ownOrigins: [new URL(siteUrl()).origin, new URL(request.url).origin],
    apiToken: API_TOKEN,
  });
  if (!verdict.allowed) return failure(verdict.status, verdict.message);

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType.trim())) {
    return failure(415, "Please send the request as JSON (Content-Type: application/json).");
  }
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null) return failure(413, "The request is too large. Please shorten your message and try again.");

  if (API_BASE_URL) return forward(call, text, request.headers.get("authorization") ?? (API_TOKEN ? `Bearer ${API_TOKEN}` : null));

  if (SAVE_CALLS.has(call) && !verdict.trusted && (await overLimit(call, request.headers))) {
    return failure(429, RATE_LIMIT_MESSAGE, { "retry-after": "60" });
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "The request body is not valid JSON.");
  }
  const result = await getService().handle(call, body);
  return json(result.status, result.body);
}

/** Counted in the site's database, so every instance on it shares the limit. */
async function overLimit(call: string, headers: Headers): Promise<boolean> {
  try {
    const { db } = await getDatabase();
    return await isRateLimited(db, { call, address: clientAddress(headers), maxPerMinute: env().RATE_LIMIT_PER_MINUTE });
  } catch (error) {
    // A counter that cannot be read must not cost a visitor their submission.
    logError("rate limit check failed", error);
    return false;
  }
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
