import { sql } from "kysely";
import type { DatabaseHandle } from "./connection";
import { migrateToLatest } from "./connection";
import { seedDatabase, type SeedReport } from "./seed";
import { reconcileSiteWords, type SiteWordsMode } from "./site-words";
import type { SiteOperator } from "../env";

/**
 * Brings a database to a usable state: migrates, then seeds when it holds no content yet, or
 * lacks what a later version seeds or derives (the ZIP codes, the landlord-tenant
 * facts table: migrations cannot read the seed files; the office index and ZIP
 * counts, for managers added before them). The seeder only adds what is missing. Then the site's
 * own words are put in the mode of its operator and listings (lib/db/site-words.ts). Used by
 * `npm start`, by the first request of a server started some other way, and by tests.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { demo, operator = null }: { demo: boolean; operator?: SiteOperator | null },
): Promise<{ migrated: string[]; seeded: SeedReport | null; words: { mode: SiteWordsMode; paths: string[] } }> {
  const migrated = await migrateToLatest(handle);
  const { db } = handle;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  const pages = await count(db.selectFrom("pages").select((eb) => eb.fn.countAll<number>().as("n")));
  const zips = await count(db.selectFrom("zip_codes").select((eb) => eb.fn.countAll<number>().as("n")));
  const facts = await count(db.selectFrom("law_facts").select((eb) => eb.fn.countAll<number>().as("n")));
  const located = await count(
    db.selectFrom("agents").select((eb) => eb.fn.countAll<number>().as("n")).where("office_lat", "is not", null).where("service_radius_miles", "is not", null),
  );
  const offices = await count(db.selectFrom("agent_offices").select((eb) => eb.fn.countAll<number>().as("n")));
  const seeded = pages === 0 || zips === 0 || facts === 0 || offices < located ? await seedDatabase(db, { demo }) : null;
  // Planner statistics after the bulk load: without them PostgreSQL plans the sitemap's correlated
  // reads blind until autovacuum gets round to it (the workspace's 24,379-page list on a freshly
  // seeded database: 35.1 s before, 4.5 s after).
  if (seeded && handle.dialect === "postgres") await sql`analyze`.execute(db);
  const words = await db.transaction().execute(async (trx) => {
    const reconciled = await reconcileSiteWords(trx, { operator });
    if (reconciled.paths.length) {
      await trx
        .insertInto("content_changes")
        .values({ source: "site-words", summary: `${reconciled.paths.length} pages in the ${reconciled.mode} words`, changed_at: new Date().toISOString() })
        .execute();
    }
    return reconciled;
  });
  return { migrated, seeded, words };
}
