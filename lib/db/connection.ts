import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema";
import { migrationProvider } from "./migrations";

export type Dialect = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where it lives, without credentials: a file path or host/database. */
  location: string;
  close(): Promise<void>;
};

export const DEFAULT_SQLITE_PATH = path.join(".data", "site.db");

/**
 * Opens the database named by a URL: unset means SQLite at .data/site.db, `file:PATH` another
 * SQLite file, `postgres://…` PostgreSQL. A `schema` query parameter on a PostgreSQL URL selects
 * the schema (the test suites use one fresh schema each).
 */
export function openDatabase(url?: string): DatabaseHandle {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const file = url ? url.replace(/^file:(\/\/)?/, "") : DEFAULT_SQLITE_PATH;
  return openSqlite(file);
}

function openSqlite(file: string): DatabaseHandle {
  // Loaded lazily so that a PostgreSQL deployment never needs the native module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const BetterSqlite3 = require("better-sqlite3") as typeof import("better-sqlite3");
  const absolute = path.resolve(file);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const sqlite = new BetterSqlite3(absolute);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a transaction acknowledged to a visitor survives a crash or a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  // The default 2 MB page cache is far below a directory of 100,000 managers (~80 MB).
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("mmap_size = 268435456");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", location: absolute, close: () => db.destroy() };
}

function openPostgres(url: string): DatabaseHandle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Pool } = require("pg") as typeof import("pg");
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema");
  parsed.searchParams.delete("schema");
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    location: `${parsed.hostname}${parsed.pathname}${schema ? `#${schema}` : ""}`,
    close: () => db.destroy(),
  };
}

/** Applies every pending migration; safe to call from several processes at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
