import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { OutboxChannel, OutboxKind } from "../../db/schema";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "../../db/connection";
import type { RenderedMessage } from "./message";

/**
 * The three ways a message leaves: email through SMTP (nodemailer), the agent panel's signed
 * webhook, or a file under .data/outbox/ when neither is configured. A channel resolves once the
 * other side accepted the message and throws a DeliveryError otherwise; the worker retries.
 */
export type OutgoingMessage = { idempotencyKey: string; kind: OutboxKind; id: number; createdAt: string; rendered: RenderedMessage };
export type Channel = { send(message: OutgoingMessage): Promise<void>; close?(): Promise<void> };
export type Channels = Partial<Record<OutboxChannel, Channel>>;

/** A failure described without personal data: a status, an error code, never the other side's text. */
export class DeliveryError extends Error {
  constructor(readonly description: string) {
    super(description);
    this.name = "DeliveryError";
  }
}

/** A code or a status from any error, never its message (which may quote an address). */
export function describeFailure(error: unknown): string {
  if (error instanceof DeliveryError) return error.description;
  const record = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown; cause?: { code?: unknown; name?: unknown } };
  const parts = [
    typeof record.responseCode === "number" ? `SMTP ${record.responseCode}` : "",
    typeof record.code === "string" && /^[A-Z0-9_]{2,40}$/.test(record.code) ? record.code : "",
    typeof record.cause?.code === "string" && /^[A-Z0-9_]{2,40}$/.test(record.cause.code) ? record.cause.code : "",
  ].filter(Boolean);
  if (parts.length) return parts.join(" ");
  const name = typeof record.cause?.name === "string" ? record.cause.name : typeof record.name === "string" ? record.name : "Error";
  return /^[A-Za-z]{2,40}$/.test(name) ? name : "Error";
}

// ---------------------------------------------------------------------------------------------
// Email

/** RFC 8058's second header: a mail program may unsubscribe by one POST of this body to the List-Unsubscribe URL. */
const LIST_UNSUBSCRIBE_POST = { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" } as const;

export function emailChannel({ smtpUrl, from, messageIdDomain }: { smtpUrl: string; from: string; messageIdDomain: string }): Channel {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodemailer = require("nodemailer") as typeof import("nodemailer");
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send({ idempotencyKey, kind, rendered: { email } }) {
      if (!email.to) throw new DeliveryError("no address");
      try {
        await transport.sendMail({
          from,
          to: email.to,
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          subject: email.subject,
          text: email.text,
          // Both parts: nodemailer sends them as multipart/alternative, text first.
          ...(email.html ? { html: email.html } : {}),
          // The same Message-ID on every attempt: a mailbox that sees it twice can tell.
          messageId: `<${idempotencyKey}@${messageIdDomain}>`,
          // RFC 8058: nodemailer writes `List-Unsubscribe: <url>` from `list`; the POST header is ours.
          ...(email.unsubscribe ? { list: { unsubscribe: email.unsubscribe.oneClick } } : {}),
          headers: { "Idempotency-Key": idempotencyKey, "X-Managely-Event": kind, ...(email.unsubscribe ? { [LIST_UNSUBSCRIBE_POST.name]: LIST_UNSUBSCRIBE_POST.value } : {}) },
        });
      } catch (error) {
        throw new DeliveryError(describeFailure(error));
      }
    },
    async close() {
      transport.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Webhook

export const WEBHOOK_HEADERS = {
  signature: "x-managely-signature",
  timestamp: "x-managely-timestamp",
  event: "x-managely-event",
  idempotencyKey: "idempotency-key",
} as const;

/** HMAC-SHA256 over `${timestamp}.${body}`, hex, as `v1=<hex>` (README "Webhook"). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `v1=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`;
}

/** What a receiver checks: the signature, in constant time, and a timestamp within `toleranceSeconds`. */
export function verifyWebhook(
  { secret, timestamp, body, signature }: { secret: string; timestamp: string; body: string; signature: string },
  { now = Date.now(), toleranceSeconds = 300 } = {},
): boolean {
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export function webhookChannel({ url, secret, timeoutMs = 15_000, fetchImpl = fetch }: { url: string; secret: string; timeoutMs?: number; fetchImpl?: typeof fetch }): Channel {
  return {
    async send({ idempotencyKey, kind, createdAt, rendered: { event } }) {
      // The body is the same on every attempt; the timestamp (and so the signature) is not.
      const body = JSON.stringify({ id: idempotencyKey, type: kind, created_at: createdAt, data: event.data });
      const timestamp = String(Math.floor(Date.now() / 1000));
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [WEBHOOK_HEADERS.idempotencyKey]: idempotencyKey,
            [WEBHOOK_HEADERS.event]: kind,
            [WEBHOOK_HEADERS.timestamp]: timestamp,
            [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
          },
          body,
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(describeFailure(error));
      }
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299) throw new DeliveryError(`HTTP ${response.status}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Files (neither SMTP nor a webhook configured)

/**
 * A message's file name: the time it was queued, its outbox id and its kind, nothing personal.
 * The id finds a withdrawn request's files; the time, those past the retention period.
 */
export function outboxFileName({ id, kind, createdAt }: { id: number; kind: OutboxKind; createdAt: string }): string {
  return `${createdAt.replace(/[:.]/g, "-")}-${id}-${kind.replace(".", "-")}.eml`;
}

/** "2026-11-25T10-00-00-000Z-42-lead-new.eml", or a temporary one a crash left behind. */
const OUTBOX_FILE = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(\d+)-[a-z_-]+\.eml(?:\.\d+\.tmp)?$/;

function parseOutboxFileName(name: string): { id: number; createdAt: number } | null {
  const match = OUTBOX_FILE.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis, id] = match;
  return { id: Number(id), createdAt: Date.parse(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`) };
}

/**
 * Erases the outbox files that `erase` picks (by outbox id and queue time), at most `limit` of
 * them; files not named by the file channel are left alone. Answers how many went.
 */
async function eraseOutboxFilesWhere(dir: string, erase: (file: { id: number; createdAt: number }) => boolean, limit: number): Promise<number> {
  let folder: fs.Dir;
  try {
    folder = await fs.promises.opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let erased = 0;
  for await (const entry of folder) {
    const file = entry.isFile() ? parseOutboxFileName(entry.name) : null;
    if (!file || !erase(file)) continue;
    await fs.promises.rm(path.join(dir, entry.name), { force: true });
    if (++erased >= limit) break; // the iterator closes the folder on break
  }
  return erased;
}

/** A withdrawn request's copies: the files of these outbox messages. */
export function eraseOutboxFiles({ dir, ids }: { dir: string; ids: readonly number[] }): Promise<number> {
  const wanted = new Set(ids);
  return wanted.size ? eraseOutboxFilesWhere(dir, (file) => wanted.has(file.id), Number.POSITIVE_INFINITY) : Promise.resolve(0);
}

/** Past the retention period: up to `limit` files of messages queued before `before` (ms). */
export function eraseOutboxFilesBefore({ dir, before, limit }: { dir: string; before: number; limit: number }): Promise<number> {
  return eraseOutboxFilesWhere(dir, (file) => file.createdAt < before, limit);
}

/**
 * A message's body as an .eml file holds it: the text alone, or with an HTML version the text and
 * the HTML as multipart/alternative (RFC 2046: text first, the richer part last), as SMTP sends it.
 * The boundary comes from the idempotency key, so a repeat writes the same bytes.
 */
function emlBody(email: { text: string; html?: string }, idempotencyKey: string): { headers: string[]; content: string } {
  if (!email.html) return { headers: ["Content-Type: text/plain; charset=utf-8"], content: email.text };
  const boundary = `managely-${crypto.createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
  const part = (type: string, content: string) => [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: 8bit", "", content].join("\n");
  return {
    headers: ["MIME-Version: 1.0", `Content-Type: multipart/alternative; boundary="${boundary}"`],
    content: [part("text/plain", email.text), part("text/html", email.html), `--${boundary}--`].join("\n"),
  };
}

/**
 * Each message as a text file in `dir`, named by outboxFileName, written whole (a temporary file
 * renamed into place), so a repeat writes the same file again and a reader never sees half of one.
 */
export function fileChannel({ dir, from }: { dir: string; from: string }): Channel {
  return {
    async send({ id, idempotencyKey, kind, createdAt, rendered: { email, event } }) {
      const name = outboxFileName({ id, kind, createdAt });
      const headers = [
        `From: ${from}`,
        `To: ${email.to || "(no address)"}`,
        ...(email.replyTo ? [`Reply-To: ${email.replyTo}`] : []),
        `Subject: ${email.subject}`,
        ...(email.unsubscribe ? [`List-Unsubscribe: <${email.unsubscribe.oneClick}>`, `${LIST_UNSUBSCRIBE_POST.name}: ${LIST_UNSUBSCRIBE_POST.value}`] : []),
        `Idempotency-Key: ${idempotencyKey}`,
        `X-Managely-Event: ${event.type}`,
      ];
      const body = emlBody(email, idempotencyKey);
      try {
        // Private like the database: the files hold owners' names, emails, phones and addresses.
        await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
        const target = path.join(dir, name);
        const temporary = `${target}.${process.pid}.tmp`;
        await fs.promises.writeFile(temporary, `${[...headers, ...body.headers].join("\n")}\n\n${body.content}\n`, { mode: PRIVATE_FILE_MODE });
        await fs.promises.rename(temporary, target);
      } catch (error) {
        throw new DeliveryError(describeFailure(error));
      }
    },
  };
}
