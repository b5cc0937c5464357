import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { settingOrCreate } from "../../db/queries/workspace";

/**
 * The secret that signs staff cookies (better-auth's session cookie, the preview cookie):
 * STAFF_AUTH_SECRET when set, otherwise one generated on first use and kept in the database, so
 * every instance on it shares it and a fresh machine needs no configuration. Its own module so the
 * public pages' preview check does not load better-auth.
 */
export async function staffAuthSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return settingOrCreate(db, { key: "staff_auth_secret", initial: crypto.randomBytes(32).toString("base64url") });
}
