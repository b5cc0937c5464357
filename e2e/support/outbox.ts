import fs from "node:fs";
import path from "node:path";
import { E2E_OUTBOX_DIR } from "./server";
import { onlyOnTheLocalBuild } from "./target";

/**
 * The messages the end-to-end server's worker wrote (no SMTP here: `.eml` files in its outbox
 * folder), read as the owner reads their mail.
 */
function outboxDir(): string {
  onlyOnTheLocalBuild("reads the mail the site's worker wrote");
  return path.resolve(E2E_OUTBOX_DIR);
}

/** The `.eml` files that mention `text` (a lead's reference, an address). */
export function outboxFilesMentioning(text: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith(".eml") && mailText(name).includes(text));
}

/** A message's text with quoted-printable soft line breaks joined. */
export function mailText(name: string): string {
  return fs.readFileSync(path.join(outboxDir(), name), "utf8").replace(/=\r?\n/g, "");
}

/** The confirmation link's path in the owner's mail about `reference`, once the worker wrote it. */
export function confirmPathFor(reference: string): string | undefined {
  for (const name of outboxFilesMentioning(reference)) {
    const link = /\/requests\/confirm\/[A-Za-z0-9_-]{22}/.exec(mailText(name));
    if (link) return link[0];
  }
  return undefined;
}
