import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../db/connection";
import { prepareDatabase } from "../db/setup";

/**
 * A fresh, migrated and seeded database for one test suite: a temporary SQLite file, or a new
 * schema on the PostgreSQL server named by TEST_DATABASE_URL. Never the developer's .data/site.db.
 */
export type TestDatabaseKind = "sqlite" | "postgres";

export type TestDatabase = DatabaseHandle & { url: string; destroy(): Promise<void> };

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

/** The kinds to run database suites against: SQLite always, PostgreSQL when configured. */
export const databaseKinds: TestDatabaseKind[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];

let announced = false;
/** Says once, clearly, when the PostgreSQL suites are skipped. */
export function announcePostgres(): void {
  if (announced) return;
  announced = true;
  if (!postgresUrl) {
    console.warn("PostgreSQL suites SKIPPED: TEST_DATABASE_URL is not set (CI sets it). Only SQLite was tested.");
  }
}

/**
 * Seeding takes about five seconds, and the mutation run (`npm run mutate`) starts a test file
 * once per mutant, so it sets TEST_SQLITE_TEMPLATE_DIR: the first suite there migrates and seeds
 * a SQLite file once, and each later one starts from a copy of it (prepareDatabase below then
 * finds nothing to do). Mutants are never in lib/db, so the copy is what seeding would make.
 * Unset (`npm test`), every suite seeds its own database as before.
 */
const sqliteTemplateDir = process.env.TEST_SQLITE_TEMPLATE_DIR ? path.resolve(process.env.TEST_SQLITE_TEMPLATE_DIR) : undefined;

async function copySqliteTemplate(file: string, { demo, seed }: { demo: boolean; seed: boolean }): Promise<void> {
  const template = path.join(sqliteTemplateDir!, `${seed ? (demo ? "seeded-demo" : "seeded") : "migrated"}.db`);
  if (!fs.existsSync(template)) {
    fs.mkdirSync(sqliteTemplateDir!, { recursive: true });
    // Built under a name of its own and renamed whole, so a suite in another process never copies half a file.
    const partial = `${template}.${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
    const handle = openDatabase(`file:${partial}`);
    if (seed) await prepareDatabase(handle, { demo });
    else await migrateToLatest(handle);
    await handle.close();
    if (fs.existsSync(`${partial}-wal`)) throw new Error(`createTestDatabase: ${partial} kept a -wal file after closing`);
    fs.renameSync(partial, template);
  }
  fs.copyFileSync(template, file);
}

export async function createTestDatabase(kind: TestDatabaseKind, { demo = true, seed = true } = {}): Promise<TestDatabase> {
  const id = crypto.randomBytes(6).toString("hex");
  let url: string;
  let cleanup: () => Promise<void>;

  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-test-"));
    url = `file:${path.join(dir, "test.db")}`;
    if (sqliteTemplateDir) await copySqliteTemplate(path.join(dir, "test.db"), { demo, seed });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `test_${id}`;
    const admin = openDatabase(postgresUrl);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const separator = postgresUrl.includes("?") ? "&" : "?";
    url = `${postgresUrl}${separator}schema=${schema}`;
    cleanup = async () => {
      const dropper = openDatabase(postgresUrl);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(dropper.db);
      await dropper.close();
    };
  }

  const handle = openDatabase(url);
  if (seed) await prepareDatabase(handle, { demo });
  else await migrateToLatest(handle);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}
