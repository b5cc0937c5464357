import fs from "node:fs";
import path from "node:path";
import { OUTBOX_SEARCH_SCAN, type OutboxMessage } from "../contract/outbox-search";
import type { AnyCallResponse, AnyParsedRequest } from "../contract";
import type { ServiceContext } from "./context";

/** A header's value in the head of an .eml file ("" when it has none). */
function header(head: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, "m").exec(head)?.[1] ?? "";
}

/** The .eml files of the folder, newest first (their names start with the time they were queued). */
async function newestFiles(dir: string): Promise<string[]> {
  try {
    const names = await fs.promises.readdir(dir);
    return names.filter((name) => name.endsWith(".eml")).sort().reverse().slice(0, OUTBOX_SEARCH_SCAN);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * `outbox/search`: the newest messages of OUTBOX_DIR whose recipient, subject or text contain
 * the search, ignoring case, at most `limit`. With SMTP or a webhook configured the folder holds
 * only what those channels did not carry: the answer is then what the folder has (often nothing).
 */
export async function searchOutbox({ search, limit }: AnyParsedRequest<"outbox/search">, { outboxDir }: ServiceContext): Promise<AnyCallResponse<"outbox/search">> {
  if (!outboxDir) return { success: true, messages: [] };
  const wanted = search.toLowerCase();
  const messages: OutboxMessage[] = [];
  for (const name of await newestFiles(outboxDir)) {
    let text: string;
    try {
      text = await fs.promises.readFile(path.join(outboxDir, name), "utf8");
    } catch (error) {
      // Erased between the listing and the read (a withdrawal, the retention sweep): not there any more.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (!text.toLowerCase().includes(wanted)) continue;
    const head = text.slice(0, Math.max(0, text.indexOf("\n\n")));
    messages.push({ name, to: header(head, "To"), subject: header(head, "Subject"), text });
    if (messages.length >= limit) break;
  }
  return { success: true, messages };
}
