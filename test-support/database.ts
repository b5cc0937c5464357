import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../lib/db/connection";
import { prepareDatabase } from "../lib/db/setup";

/**
 * A fresh, migrated and seeded database for one test suite: a temporary SQLite file, or a new
 * schema on the PostgreSQL server named by TEST_DATABASE_URL. Never the developer's .data/site.db.
 */
export type TestDatabaseKind = "sqlite" | "postgres";

export type TestDatabase = DatabaseHandle & { url: string; destroy(): Promise<void> };

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * The time a test that seeds a whole database or reads every page of one may take (the default is
 * 60 s): 20-30 s on an idle CI machine, over 60 s on PostgreSQL when the two cores are shared with
 * other runs. It guards against a hang; it measures nothing (speed is `npm run bench`'s).
 */
export const WHOLE_SEED_TIMEOUT_MS = 240_000;

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
 * Seeding takes five to twenty seconds, and some forty suites need a seeded database on each
 * kind. So the first suite of a run migrates and seeds one template of each variant (seeded with
 * the sample listings, seeded without them, migrated only), and each later suite starts from a
 * copy of it (prepareDatabase below then finds nothing to do): the copy is what seeding would
 * make, as every suite of a run runs the same code.
 * - SQLite: a file in TEST_SQLITE_TEMPLATE_DIR, copied. `npm test`'s global setup
 *   (test-support/jest-global.ts) sets a fresh folder per run; the mutation run
 *   (`npm run mutate`) keeps one across its runs (mutants are never in lib/db).
 * - PostgreSQL: a database named TEST_POSTGRES_TEMPLATE_PREFIX_<variant>, and each suite a database
 *   of its own made from it (`create database … template …`, a file copy). The global setup sets a
 *   fresh prefix per run and drops its databases at the end.
 * Unset, every suite seeds its own database (a SQLite file, a PostgreSQL schema).
 */
const sqliteTemplateDir = process.env.TEST_SQLITE_TEMPLATE_DIR ? path.resolve(process.env.TEST_SQLITE_TEMPLATE_DIR) : undefined;

const postgresTemplatePrefix = process.env.TEST_POSTGRES_TEMPLATE_PREFIX || undefined;

type Variant = { demo: boolean; seed: boolean };
const variantName = ({ demo, seed }: Variant) => (seed ? (demo ? "seeded_demo" : "seeded") : "migrated");

/** Migrates, and seeds when asked, a database just made. */
async function prepare(handle: DatabaseHandle, { demo, seed }: Variant): Promise<void> {
  if (seed) await prepareDatabase(handle, { demo });
  else await migrateToLatest(handle);
}

async function copySqliteTemplate(file: string, variant: Variant): Promise<void> {
  const template = path.join(sqliteTemplateDir!, `${variantName(variant)}.db`);
  if (!fs.existsSync(template)) {
    fs.mkdirSync(sqliteTemplateDir!, { recursive: true });
    // Built under a name of its own and renamed whole, so a suite in another process never copies half a file.
    const partial = `${template}.${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
    const handle = openDatabase(`file:${partial}`);
    await prepare(handle, variant);
    await handle.close();
    if (fs.existsSync(`${partial}-wal`)) throw new Error(`createTestDatabase: ${partial} kept a -wal file after closing`);
    fs.renameSync(partial, template);
  }
  fs.copyFileSync(template, file);
}

/** The URL of database `name` on the server of TEST_DATABASE_URL. */
function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own for one suite, copied from the run's template of `variant`, which the
 * first suite to ask builds (one builder at a time across Jest's workers: an advisory lock).
 */
async function postgresFromTemplate(id: string, variant: Variant): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const template = `${postgresTemplatePrefix}_${variantName(variant)}`;
  const name = `test_${id}`;
  const admin = openDatabase(postgresUrl!);
  try {
    await admin.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext(${template}))`.execute(connection);
      try {
        const found = await sql<{ one: number }>`select 1 as one from pg_database where datname = ${template}`.execute(connection);
        if (found.rows.length === 0) {
          const partial = `${template}_partial`;
          await sql`drop database if exists ${sql.id(partial)}`.execute(connection);
          await sql`create database ${sql.id(partial)}`.execute(connection);
          const handle = openDatabase(postgresDatabaseUrl(partial));
          await prepare(handle, variant);
          await handle.close();
          await sql`alter database ${sql.id(partial)} rename to ${sql.id(template)}`.execute(connection);
        }
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${template}))`.execute(connection);
      }
    });
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  return {
    url: postgresDatabaseUrl(name),
    cleanup: async () => {
      const dropper = openDatabase(postgresUrl!);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(dropper.db);
      await dropper.close();
    },
  };
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
  } else if (postgresTemplatePrefix) {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
    ({ url, cleanup } = await postgresFromTemplate(id, { demo, seed }));
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
  await prepare(handle, { demo, seed });
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}
