import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addToCounter } from "../db/queries/rate-limits";
import { mailboxKey } from "../contract/keys";
import { DAY_MS } from "./rate-limit";

/**
 * How often the site mails a mailbox that has not confirmed anything (issue 26, N4): the caps key
 * the mailbox, not the string typed (lib/contract/keys.ts), so `victim+1@…` … `victim+20@…` and
 * `V.I.Ctim@gmail.com` are one mailbox. Each cap is a counter of `rate_limiter` that starts with
 * the first message and lasts its period, written in the transaction that queues the message:
 * - at most UNCONFIRMED_MAIL_PER_DAY messages a day, whatever they are (a lead's confirmation
 *   link, which is also one per mailbox per UTC day, and the newsletter's);
 * - the newsletter's confirmation link at most once a NEWSLETTER_CONFIRMATION_EVERY_MS.
 * Over a cap the message is simply not queued: the visitor's answer stays the same.
 */
export const UNCONFIRMED_MAIL_PER_DAY = 3;
export const NEWSLETTER_CONFIRMATION_EVERY_MS = 7 * DAY_MS;

type MailKind = "lead.confirmation" | "newsletter.confirmation";

async function withinCap(trx: Kysely<Database>, { key, limit, periodMs, now }: { key: string; limit: number; periodMs: number; now: number }) {
  const counter = await addToCounter(trx, { key, points: 1, expire: now + periodMs, now });
  return counter.points <= limit;
}

/** Counts one message of `kind` to the mailbox of `email` and answers whether it may be queued. */
export async function mayMailUnconfirmed(trx: Kysely<Database>, { email, kind, now }: { email: string; kind: MailKind; now: number }): Promise<boolean> {
  const mailbox = mailboxKey(email);
  if (kind === "newsletter.confirmation" && !(await withinCap(trx, { key: `mail-newsletter|${mailbox}`, limit: 1, periodMs: NEWSLETTER_CONFIRMATION_EVERY_MS, now }))) return false;
  return withinCap(trx, { key: `mail|${mailbox}`, limit: UNCONFIRMED_MAIL_PER_DAY, periodMs: DAY_MS, now });
}
