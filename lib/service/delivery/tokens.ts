import crypto from "node:crypto";

/**
 * The secrets and names of delivery: a request page's token (128 random bits; only its SHA-256
 * is stored), a lead's readable reference, and an outbox message's idempotency key.
 */

/** 128 random bits, base64url: 22 characters, safe in a path. */
export function newToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** What is stored of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** Crockford's base 32 without I, L, O and U: nothing to misread when read aloud or typed. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** MG-4K7Q-2XRD: 40 random bits in two groups of four (a unique index catches the rare repeat). */
export function newReference(): string {
  const bytes = crypto.randomBytes(8);
  const chars = Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte & 31]);
  return `MG-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}`;
}

export const REFERENCE_PATTERN = /^MG-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A message's idempotency key: random, stored with it, the same on every retry. */
export function newIdempotencyKey(): string {
  return `msg_${crypto.randomBytes(16).toString("hex")}`;
}
