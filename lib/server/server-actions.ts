import type http from "node:http";
import { isSameOriginRequest } from "../service/guard";
import { FAILURE } from "../contract/messages";
import { PATHS } from "../contract/routes";
import { WORKSPACE_PATHS } from "../contract/workspace-routes";
import { UPLOAD_ACTION_MAX_BYTES } from "../contract/managers-csv";
import { isPossibleServerAction, namesServerAction, NEXT_ACTION_BODY_LIMIT } from "./next-internals";

/**
 * POSTs Next.js would take for the workspace's server actions (a page address with a `Next-Action`
 * header, or a form), checked by the production server before Next.js reads them. Next.js answers a malformed body with 500
 * and a stack in the log, a foreign Origin with 500 and a log line, a missing one with a warning,
 * each time: anyone can send them. Here they are refused in one step with a 4xx and counted in the
 * log's repeated line (lib/service/log.ts, createRepeatedLog: one line a minute with the count),
 * the same line that counts posts naming an action that does not exist (next-log.ts).
 *
 * What a browser on the site sends always passes: an Origin of the site (or, with no Origin,
 * `Sec-Fetch-Site: same-origin`), the same rule each action checks itself (isSameOriginRequest),
 * and a body Next.js can decode: a JSON array (`text/plain`, a fetch from the page) or a form
 * (`multipart/form-data` or urlencoded, a form sent before the page's script ran).
 */

/** Next.js's default `serverActions.bodySizeLimit`: 1 MB, for every action but the one below. */
export const SERVER_ACTION_MAX_BYTES = NEXT_ACTION_BODY_LIMIT;

/** The largest body a server action posted to this page may send (the Managers page's upload takes more). */
export const serverActionLimit = (rawPath: string) => (rawPath === WORKSPACE_PATHS.managers ? UPLOAD_ACTION_MAX_BYTES : SERVER_ACTION_MAX_BYTES);

export type ActionCheck = { ok: true; body: Buffer } | { ok: false; status: 400 | 403 | 413; message: string; reason: string };

/** The one route that takes form posts from outside the site: a mail program's one-click unsubscribe (RFC 8058, no Origin). */
const isOutsideFormRoute = (rawPath: string) => rawPath.startsWith(`${PATHS.unsubscribe}/`) && rawPath.endsWith("/one-click");

/**
 * Whether Next.js takes a POST to a page for a server action (next-internals.ts,
 * isPossibleServerAction), except a form to the one route that takes them from outside.
 */
export function isServerActionPost(req: http.IncomingMessage, rawPath: string): boolean {
  if (!isPossibleServerAction(req.method, req.headers)) return false;
  return namesServerAction(req.headers) || !isOutsideFormRoute(rawPath);
}

export async function checkServerActionPost(req: http.IncomingMessage, allowedOrigins: readonly string[], limit = SERVER_ACTION_MAX_BYTES): Promise<ActionCheck> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  if (!isSameOriginRequest(headers, allowedOrigins)) {
    req.resume();
    return { ok: false, status: 403, message: FAILURE.foreignOrigin, reason: headers.has("origin") ? "foreign Origin" : "no Origin" };
  }
  const body = await readAtMost(req, limit);
  if (!body) return { ok: false, status: 413, message: FAILURE.tooLarge, reason: "body too large" };
  const type = (headers.get("content-type") ?? "").toLowerCase();
  if (!(await decodes(body, type, headers.get("content-type") ?? ""))) return { ok: false, status: 400, message: FAILURE.invalidRequest, reason: "malformed body" };
  return { ok: true, body };
}

/** Whether Next.js can read the body as its content type says. */
async function decodes(body: Buffer, type: string, contentType: string): Promise<boolean> {
  try {
    // A fetch from the page sends the action's arguments as one JSON array (React's encodeReply).
    if (type.startsWith("text/plain")) return Array.isArray(JSON.parse(body.toString("utf8")));
    else if (type.startsWith("multipart/form-data")) await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    else if (!type.startsWith("application/x-www-form-urlencoded")) return false;
    return true;
  } catch {
    return false;
  }
}

/** The whole body, or undefined when it is over `limit` bytes (the rest is read and dropped). */
async function readAtMost(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  let tooLarge = Number(req.headers["content-length"] ?? "0") > limit;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (tooLarge) continue;
    size += chunk.length;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return tooLarge ? undefined : Buffer.concat(chunks);
}
