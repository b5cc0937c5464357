// No "server-only" import: the production server (lib/server, plain Node outside Next.js's
// bundler, where that guard throws) reads this.
import type { Kysely } from "kysely";
import type { Database } from "../schema";

/** The id of the latest content change, 0 when there is none. */
export async function latestContentChangeId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("content_changes").select((eb) => eb.fn.max("id").as("latest")).executeTakeFirst();
  return Number(row?.latest ?? 0);
}
