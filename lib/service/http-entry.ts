import type { IncomingHttpHeaders } from "node:http";
import { BODY_TOO_LARGE, MAX_BODY_BYTES, type Service, type ServiceRequest } from "./index";
import type { CallResult } from "../contract";
import { NO_STORE_HEADERS } from "../contract/cache-policy";

/**
 * The one HTTP entry of the service: how a `POST /api/<call>` becomes a service request (the
 * call's name from the path, the body read up to 16 KiB, the client's address) and how its
 * answer goes back. The production server (lib/server/front.ts) and the Next.js route
 * (app/api/[...call]/route.ts, which answers under `next dev`) both call these two functions.
 */
export type RawCallRequest = {
  method: string;
  /** The request's path, with or without its query: `/api/lead/save`. */
  path: string;
  headers: Headers | IncomingHttpHeaders;
  /** The address of the peer that opened the connection. */
  socketAddress: string | undefined;
  /** The body as it arrives (Node's request, or a web Request's stream). */
  body: AsyncIterable<Uint8Array> | null;
};

/** The longest address kept: an IPv6 address with a zone is under 64 characters. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * An address as a proxy may write it, without its port: `1.2.3.4:5678` → `1.2.3.4`,
 * `[2001:db8::1]:443` → `2001:db8::1`. A bare IPv6 address (colons and all) is kept whole.
 */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(entry);
  if (bracketed) return bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d*$/.exec(entry);
  return ipv4WithPort ? ipv4WithPort[1] : entry;
}

/**
 * The client's address: the peer's, or behind a trusted proxy (TRUST_PROXY=1) the last
 * X-Forwarded-For entry, which that proxy appended (when there is none, the peer's again), without
 * a port (a port per connection would be a new key per request). Never X-Real-IP or an earlier
 * X-Forwarded-For entry, which any client can set.
 */
export function clientAddress({ socketAddress, forwardedFor, trustProxy }: { socketAddress: string | undefined; forwardedFor: string | null | undefined; trustProxy: boolean }): string {
  const peer = socketAddress || "unknown";
  if (!trustProxy) return peer.slice(0, MAX_ADDRESS_LENGTH);
  const last = (forwardedFor ?? "")
    .split(",")
    .map((entry) => withoutPort(entry.trim()))
    .filter(Boolean)
    .pop();
  return (last ?? peer).slice(0, MAX_ADDRESS_LENGTH);
}

/** The visitor-location headers of the proxies that add them (Vercel's; Cloudflare's "Add visitor location headers"), most precise first. */
const PLACE_HEADERS = [
  ["x-vercel-ip-city", "cf-ipcity"],
  ["x-vercel-ip-country-region", "cf-region-code"],
  ["x-vercel-ip-country", "cf-ipcountry"],
] as const;

/** One part of a place: decoded (Vercel encodes the city), letters, spaces, dots, hyphens and apostrophes only, at most 40 characters. */
function placePart(value: string | null): string {
  if (!value) return "";
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // As sent.
  }
  return decoded
    .replace(/[^\p{L}\p{M} .'-]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40);
}

/**
 * The city a trusted proxy reports for the client ("Austin, TX, US"), shown to an owner beside a
 * request saved with their address; never an address. Only behind TRUST_PROXY: anyone else can
 * write these headers. Undefined when the proxy reports nothing.
 */
export function reportedPlace(headers: Headers, { trustProxy }: { trustProxy: boolean }): string | undefined {
  if (!trustProxy) return undefined;
  const parts = PLACE_HEADERS.map((names) => placePart(headers.get(names[0]) ?? headers.get(names[1]))).filter(Boolean);
  return parts.length ? parts.join(", ") : undefined;
}

function toHeaders(headers: Headers | IncomingHttpHeaders): Headers {
  if (headers instanceof Headers) return headers;
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) result.set(name, Array.isArray(value) ? value.join(", ") : value);
  return result;
}

/** `/api/lead/save?x` → `lead/save` (segments decoded; a segment that does not decode stays as sent). */
function callName(path: string): string {
  const bare = path.split("?")[0].replace(/^\/api\//, "");
  return bare
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * The body as text, or BODY_TOO_LARGE when it (or its declared length) passes `limit`. A body
 * over the limit is read to its end and dropped, so the answer (413) still reaches the client.
 */
async function readAtMost(body: AsyncIterable<Uint8Array> | null, declaredLength: string | null, limit: number): Promise<string | typeof BODY_TOO_LARGE> {
  if (!body) return "";
  let tooLarge = Number(declaredLength ?? "0") > limit;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (tooLarge) continue;
    size += chunk.byteLength;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return tooLarge ? BODY_TOO_LARGE : Buffer.concat(chunks).toString("utf8");
}

export async function readCallRequest(raw: RawCallRequest, { trustProxy }: { trustProxy: boolean }): Promise<ServiceRequest> {
  const headers = toHeaders(raw.headers);
  const body = raw.method === "POST" ? await readAtMost(raw.body, headers.get("content-length"), MAX_BODY_BYTES) : "";
  const address = clientAddress({ socketAddress: raw.socketAddress, forwardedFor: headers.get("x-forwarded-for"), trustProxy });
  const place = reportedPlace(headers, { trustProxy });
  return { call: callName(raw.path), body, caller: { kind: "http", method: raw.method, headers, address, ...(place ? { place } : {}) } };
}

/** The service's answer, with the headers every API answer carries. */
export async function answerCall(service: Service, request: ServiceRequest): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
  const result: CallResult = await service.handle(request);
  return { status: result.status, body: result.body, headers: { ...NO_STORE_HEADERS, ...result.headers } };
}
