import type { NewOutboxMessage } from "../../db/schema";
import type { RenderedMessage } from "./message";
import { outboxRows, type DeliveryRouting } from "./routing";

/**
 * The paths a workspace publish changed, for a CDN to drop (PURGE_URL, README "Delivery"): queued
 * in the publish's own transaction, so a purge is never lost, and sent by the outbox worker on the
 * "purge" channel, a webhook signed like the lead webhook. Nothing is queued without PURGE_URL.
 */

/** At most this many paths in one request (as many as POST /api/revalidate takes). */
export const PURGE_BATCH = 500;

export function purgeRows(paths: readonly string[], routing: DeliveryRouting, now: string): NewOutboxMessage[] {
  const rows: NewOutboxMessage[] = [];
  for (let start = 0; start < paths.length; start += PURGE_BATCH) {
    rows.push(...outboxRows("cdn.purge", { payload: { paths: JSON.stringify(paths.slice(start, start + PURGE_BATCH)) } }, routing, now));
  }
  return rows;
}

/** The request's event: the paths and their absolute URLs; null when the row names none. */
export function purgeMessage(payload: Record<string, string>, { siteUrl }: { siteUrl: string }): RenderedMessage | null {
  let paths: unknown;
  try {
    paths = JSON.parse(payload.paths ?? "[]");
  } catch {
    return null;
  }
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === "string" && path.startsWith("/"))) return null;
  return {
    email: { to: "", subject: `Purge ${paths.length} paths`, text: paths.join("\n") },
    event: { type: "cdn.purge", data: { paths, urls: paths.map((path) => `${siteUrl}${path}`) } },
  };
}
