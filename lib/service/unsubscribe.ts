import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { getDatabase } from "../db";
import { settingOrCreate } from "../db/queries/workspace";
import { eraseSubscriptions, hasSubscription, isSuppressed, suppressMailbox } from "../db/queries/operator";
import { mailboxKey } from "../contract/keys";
import { UNSUBSCRIBE_TOKEN } from "../contract/operator";
import { unsubscribeOneClickPath, unsubscribePath } from "../contract/routes";

/**
 * Subscribers can leave (RFC 8058). Every newsletter email and every owner's email carries a link
 * whose token names the mailbox (its hash, lib/contract/keys.ts mailboxKey, never the address) and
 * is signed with a secret of the site's own (generated once, kept in workspace_settings): the same
 * link in every email to one mailbox, stable across retries, nothing stored per email, and no
 * other mailbox can be named without the secret.
 *
 * Unsubscribing erases the mailbox's newsletter subscriptions and keeps its hash in
 * email_suppressions: no newsletter and no owner notice (a manager now serves the ZIP, a summary
 * of proposals) goes to it again. A request's confirmation link is still sent when the address
 * asks for a new one from the site: it is the only way to send that request, and the visitor just
 * asked for it.
 */
type Db = Kysely<Database>;

const secrets = new WeakMap<Db, Promise<string>>();

/** The signing secret: one per database, shared by every instance on it. */
function unsubscribeSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = settingOrCreate(db, { key: "unsubscribe_secret", initial: crypto.randomBytes(32).toString("base64url") });
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const signature = (secret: string, emailKey: string) => crypto.createHmac("sha256", secret).update(`unsubscribe|${emailKey}`).digest("base64url").slice(0, 22);

/** The token of a mailbox's unsubscribe link. */
export async function unsubscribeToken(db: Db, { email }: { email: string }): Promise<string> {
  const key = mailboxKey(email);
  return `${key}.${signature(await unsubscribeSecret(db), key)}`;
}

/** The page a person opens from an email (one button) and the URL a mail program POSTs to (List-Unsubscribe). */
export async function unsubscribeLinks(db: Db, { email, siteUrl }: { email: string; siteUrl: string }): Promise<{ page: string; oneClick: string }> {
  const token = await unsubscribeToken(db, { email });
  return { page: `${siteUrl}${unsubscribePath(token)}`, oneClick: `${siteUrl}${unsubscribeOneClickPath(token)}` };
}

/** The mailbox a token names when its signature is the site's; null for anything else. */
export async function mailboxOfToken(db: Db, { token }: { token: string }): Promise<string | null> {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return null;
  const [, key, given] = match;
  const expected = Buffer.from(signature(await unsubscribeSecret(db), key));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? key : null;
}

export type UnsubscribeState = "invalid" | "subscribed" | "unsubscribed";

/**
 * What the unsubscribe page shows for a token: whether its mailbox already left. One that left and
 * subscribed again since (its own new request, confirmed) may leave again: the button is back.
 */
export async function unsubscribeState(db: Db, { token }: { token: string }): Promise<UnsubscribeState> {
  const key = await mailboxOfToken(db, { token });
  if (!key) return "invalid";
  const [suppressed, subscribed] = await Promise.all([isSuppressed(db, { emailKey: key }), hasSubscription(db, { emailKey: key })]);
  return suppressed && !subscribed ? "unsubscribed" : "subscribed";
}

/**
 * Unsubscribes the mailbox a token names, at once and in one transaction: its subscriptions are
 * erased and it is suppressed. Answers "unsubscribed" (now), "already" or "invalid". A repeat
 * changes nothing.
 */
export async function unsubscribe(db: Db, { token, now = new Date().toISOString() }: { token: string; now?: string }): Promise<"unsubscribed" | "already" | "invalid"> {
  const key = await mailboxOfToken(db, { token });
  if (!key) return "invalid";
  return db.transaction().execute(async (trx) => {
    const erased = await eraseSubscriptions(trx, { emailKey: key });
    const added = await suppressMailbox(trx, { emailKey: key, at: now });
    return added || erased.length > 0 ? "unsubscribed" : "already";
  });
}

/** Whether an address unsubscribed: the owner notices that are not confirmations skip it. */
export function hasUnsubscribed(db: Db, { email }: { email: string }): Promise<boolean> {
  return isSuppressed(db, { emailKey: mailboxKey(email) });
}

/** The site's own door to the above, for the unsubscribe page and its one-click route (on the site's database). */
export async function siteUnsubscribeState(token: string): Promise<UnsubscribeState> {
  return unsubscribeState((await getDatabase()).db, { token });
}
export async function siteUnsubscribe(token: string): Promise<"unsubscribed" | "already" | "invalid"> {
  return unsubscribe((await getDatabase()).db, { token });
}
