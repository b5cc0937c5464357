/**
 * npm run db:migrate | db:seed | db:reset
 * Works on the database named by DATABASE_URL (default: SQLite at .data/site.db).
 */
import fs from "node:fs";
import { sql } from "kysely";
import { env } from "../env";
import { openDatabase, migrateToLatest, type DatabaseHandle } from "../db/connection";
import { describeSeedReport, seedDatabase } from "../db/seed";

async function reset(handle: DatabaseHandle) {
  if (handle.dialect === "sqlite") {
    await handle.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(handle.location + suffix, { force: true });
    return openDatabase(env().DATABASE_URL);
  }
  // PostgreSQL: drop the site's tables (and Kysely's bookkeeping) in the current schema.
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema()`.execute(handle.db);
  for (const { tablename } of tables.rows) {
    await sql`drop table if exists ${sql.id(tablename)} cascade`.execute(handle.db);
  }
  return handle;
}

async function main() {
  const command = process.argv[2];
  if (!["migrate", "seed", "reset"].includes(command)) {
    console.error("usage: tsx lib/cli/db.ts migrate|seed|reset");
    process.exit(2);
  }
  let handle = openDatabase(env().DATABASE_URL);
  try {
    if (command === "reset") {
      handle = await reset(handle);
      console.log(`Emptied ${handle.location}.`);
    }
    const migrated = await migrateToLatest(handle);
    // eslint-disable-next-line no-restricted-syntax -- the operator's console, not a visitor's sentence
    console.log(migrated.length ? `Applied migrations: ${migrated.join(", ")}.` : "Migrations: up to date.");
    if (command === "seed" || command === "reset") {
      const started = Date.now();
      const report = await seedDatabase(handle.db, { demo: env().SEED_DEMO === "1" });
      for (const line of describeSeedReport(report)) console.log(`Seed of ${handle.location}: ${line}.`);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
