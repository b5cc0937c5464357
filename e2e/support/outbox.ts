import { expect } from "@playwright/test";
import { bearerHeader } from "../../lib/contract/bearer";
import { OUTBOX_SEARCH_MAX, type OutboxMessage } from "../../lib/contract/outbox-search";
import { E2E_API_TOKEN, E2E_BASE_URL } from "./server";
import { needsTheApiToken } from "./target";

/**
 * The mail the site sent, read as the owner reads theirs: through what the site exposes, the
 * `outbox/search` call with the bearer token (its OUTBOX_DIR read back; docs/blackbox.md). One
 * path for the run's own build and for a deployment (E2E_BASE_URL with E2E_API_TOKEN); without a
 * token for the deployment, the step stops here as skipped, with the reason in the report.
 *
 * Since the mail is read over HTTP, `outboxFilesMentioning` and `confirmPathFor` answer promises
 * (await them; `expect.poll` takes them as they are). `mailText` stays synchronous: it answers
 * the text of a message a search has answered.
 */
export type { OutboxMessage };

const seen = new Map<string, string>();


/** The newest messages (at most 50) whose recipient, subject or text contain `text`. */
export async function outboxMessagesMentioning(text: string): Promise<OutboxMessage[]> {
  needsTheApiToken("reads the site's mail through outbox/search");
  const response = await fetch(`${E2E_BASE_URL}/api/outbox/search`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: bearerHeader(E2E_API_TOKEN) },
    body: JSON.stringify({ search: text, limit: OUTBOX_SEARCH_MAX }),
  });
  const body = (await response.json()) as { success: boolean; message?: string; messages?: OutboxMessage[] };
  if (!response.ok || !body.messages) throw new Error(`outbox/search on ${E2E_BASE_URL} answered ${response.status}: ${body.message ?? JSON.stringify(body)}`);
  // A message's text is matched with the soft line breaks of quoted-printable joined, as mail readers show it.
  const messages = body.messages.map((message) => ({ ...message, text: message.text.replace(/=\r?\n/g, "") }));
  for (const message of messages) seen.set(message.name, message.text);
  return messages;
}

/** The names of the messages that mention `text` (a lead's reference, an address), newest first. */
export async function outboxFilesMentioning(text: string): Promise<string[]> {
  return (await outboxMessagesMentioning(text)).map((message) => message.name);
}

/** A message's text (headers and body), of one a search answered. */
export function mailText(name: string): string {
  const text = seen.get(name);
  if (text === undefined) throw new Error(`${name}: no search of this run answered it (outboxFilesMentioning first)`);
  return text;
}

/** The confirmation link's path in the owner's mail about `reference`, once the worker wrote it. */
export async function confirmPathFor(reference: string): Promise<string | undefined> {
  for (const message of await outboxMessagesMentioning(reference)) {
    const link = /\/requests\/confirm\/[A-Za-z0-9_-]{22}/.exec(message.text);
    if (link) return link[0];
  }
  return undefined;
}

/**
 * The newest message of a kind ("lead-confirmation", "staff-sign_in", "contact-reply"…, as its
 * name ends) to `email`, once the worker wrote it: the owner's (or staff member's) mailbox.
 * `notAmong`: the names of messages already there before (an earlier link to the same address);
 * `hint`: why such a message may never come, for the failure's message.
 */
export async function newestMailTo(
  email: string,
  kind: string,
  { timeout = 20_000, notAmong = [], hint }: { timeout?: number; notAmong?: readonly string[]; hint?: string } = {},
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await outboxMessagesMentioning(email);
        found = messages.find((message) => message.name.endsWith(`-${kind}.eml`) && message.to.toLowerCase().includes(email.toLowerCase()) && !notAmong.includes(message.name));
        return Boolean(found);
      },
      { message: `a ${kind} email to ${email} in the outbox of ${E2E_BASE_URL}${hint ? ` (${hint})` : ""}`, timeout },
    )
    .toBe(true);
  return found!;
}
