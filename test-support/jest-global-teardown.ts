import fs from "node:fs";
import { sql } from "kysely";
import { openDatabase } from "../lib/db/connection";

/** `npm test`'s Jest global teardown: removes the run's database templates (jest-global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_SQLITE_TEMPLATE_DIR_OWNED && process.env.TEST_SQLITE_TEMPLATE_DIR) {
    fs.rmSync(process.env.TEST_SQLITE_TEMPLATE_DIR, { recursive: true, force: true });
  }
  const prefix = process.env.TEST_POSTGRES_TEMPLATE_PREFIX;
  if (!prefix || !process.env.TEST_DATABASE_URL) return;
  const admin = openDatabase(process.env.TEST_DATABASE_URL);
  try {
    const templates = await sql<{ datname: string }>`select datname from pg_database where starts_with(datname, ${prefix})`.execute(admin.db);
    for (const { datname } of templates.rows) await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin.db);
  } finally {
    await admin.close();
  }
}
