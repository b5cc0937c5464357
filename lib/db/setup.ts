import type { DatabaseHandle } from "./connection";
import { migrateToLatest } from "./connection";
import { seedDatabase, type SeedReport } from "./seed";

/**
 * Brings a database to a usable state: migrates, then seeds when it holds no content yet.
 * Used by `npm start`, by the first request of a server started some other way, and by tests.
 */
export async function prepareDatabase(handle: DatabaseHandle, { demo }: { demo: boolean }): Promise<{ migrated: string[]; seeded: SeedReport | null }> {
  const migrated = await migrateToLatest(handle);
  const { pages } = await handle.db
    .selectFrom("pages")
    .select((eb) => eb.fn.countAll<number>().as("pages"))
    .executeTakeFirstOrThrow();
  const seeded = Number(pages) === 0 ? await seedDatabase(handle.db, { demo }) : null;
  return { migrated, seeded };
}
