/**
 * Migrates the configured database and seeds it when it is empty. Runs before `next build`
 * (pages are prerendered from the database) and before `next start`.
 */
import { env } from "../env";
import { openDatabase } from "../db/connection";
import { prepareDatabase } from "../db/setup";

export async function prepare(): Promise<void> {
  const handle = openDatabase(env().DATABASE_URL);
  try {
    const { migrated, seeded } = await prepareDatabase(handle, { demo: env().SEED_DEMO === "1" });
    if (migrated.length) console.log(`[db] ${handle.location}: applied ${migrated.join(", ")}`);
    if (seeded) {
      const summary = Object.entries(seeded)
        .filter(([, count]) => count > 0)
        .map(([table, count]) => `${count} ${table}`)
        .join(", ");
      console.log(`[db] seeded ${handle.location}: ${summary}`);
    } else {
      console.log(`[db] ${handle.location} is ready`);
    }
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  prepare().catch((error: unknown) => {
    console.error(`[db] could not prepare the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
