import fs from "node:fs";
import path from "node:path";
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type LogEvent, type SqliteDialectConfig } from "kysely";
import type { Database } from "./schema";
import { migrationProvider } from "./migrations";

export type Dialect = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The driver under Kysely (a better-sqlite3 Database or a pg Pool), for tests that look under
   * Kysely. Everything the site stores goes through `db`, in the service's transactions.
   */
  driver: import("better-sqlite3").Database | import("pg").Pool;
  /** Where it lives, without credentials: a file path or host/database. */
  location: string;
  /** PostgreSQL: the schema named by the URL's `schema` parameter, when there is one. */
  schema?: string;
  close(): Promise<void>;
};

const DEFAULT_SQLITE_PATH = path.join(".data", "site.db");
/** An SQLite database of this process's own, gone when it ends (what `next build` renders from). */
export const IN_MEMORY = ":memory:";

export type OpenOptions = {
  /**
   * Hears the text of every statement the handle sends to the database once it has run, the
   * transactions' own `begin` and `commit` included: what a save really issued (the save trace).
   */
  onStatement?: (sql: string) => void;
};

/**
 * Opens the database named by a URL: unset means SQLite at .data/site.db, `file:PATH` another
 * SQLite file, `postgres://…` PostgreSQL. A `schema` query parameter on a PostgreSQL URL selects
 * the schema (the test suites use one fresh schema each).
 */
export function openDatabase(url?: string, options: OpenOptions = {}): DatabaseHandle {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  if (url === IN_MEMORY) return openSqlite(IN_MEMORY, options);
  const file = url ? url.replace(/^file:(\/\/)?/, "") : DEFAULT_SQLITE_PATH;
  return openSqlite(file, options);
}

/** Kysely's log option for `onStatement`: none at all without it, so nothing is timed or wrapped. */
function statementLog({ onStatement }: OpenOptions): { log?: (event: LogEvent) => void } {
  return onStatement ? { log: (event) => onStatement(event.query.sql) } : {};
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  // Loaded lazily so that a PostgreSQL deployment never needs the native module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const BetterSqlite3 = require("better-sqlite3") as typeof import("better-sqlite3");
  const absolute = file === IN_MEMORY ? IN_MEMORY : path.resolve(file);
  if (absolute !== IN_MEMORY) makePrivate(absolute);
  const sqlite = new BetterSqlite3(absolute);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a transaction acknowledged to a visitor survives a crash or a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  // The default 2 MB page cache is far below a directory of 100,000 managers (~80 MB).
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("mmap_size = 268435456");
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), ...statementLog(options) });
  return { db, dialect: "sqlite", driver: sqlite, location: absolute, close: () => db.destroy() };
}

/**
 * Every SQLite transaction takes the write lock when it begins (`begin immediate`), waiting up to
 * busy_timeout for another process to release it. Kysely's plain `begin` defers the lock to the
 * first write: a transaction that reads, then writes after another process (the outbox worker,
 * `npm run worker`) has committed, cannot move its snapshot forward and fails at once with
 * SQLITE_BUSY_SNAPSHOT (no wait), which a visitor saw as a 500 in CI. The site's
 * transactions all write, so taking the lock first costs nothing.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;

  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }

  createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Only the site's own user may enter the data folder or read the database (owners' names, emails, phones). */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the SQLite file's folder 0700 and the file 0600 before SQLite opens it (SQLite gives its
 * -wal and -shm files the database file's mode), and narrows an existing file, its companions, and
 * the default .data folder, made before this rule (the file used to be created 0644).
 *
 * An existing file is narrowed by its path (chmod), never opened: on POSIX, closing any descriptor
 * of a file drops every lock the process holds on it, so an open and close here while another
 * handle of this process has the database open took SQLite's locks away, and another client's
 * close then checkpointed and deleted the live -wal (N1: acknowledged leads lost). A new
 * file is created exclusively (`wx`): nothing in this process can have it open yet.
 */
function makePrivate(absolute: string): void {
  const folder = path.dirname(absolute);
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (folder === path.resolve(path.dirname(DEFAULT_SQLITE_PATH))) fs.chmodSync(folder, PRIVATE_DIRECTORY_MODE);
  try {
    fs.closeSync(fs.openSync(absolute, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (const companion of [absolute, `${absolute}-wal`, `${absolute}-shm`, `${absolute}-journal`]) {
    try {
      fs.chmodSync(companion, PRIVATE_FILE_MODE);
    } catch (error) {
      // A companion SQLite has not made (or has just removed) is no matter.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Statements kept for reuse; longer SQL (the seeder's bulk inserts) is prepared each time. */
const STATEMENT_CACHE_SIZE = 500;
const CACHED_SQL_MAX_LENGTH = 4_000;

/**
 * Kysely prepares every query anew; preparing costs as much as running a small one. A lead/save
 * runs about ten statements, so the site keeps its prepared statements, by SQL text (least
 * recently used dropped first). better-sqlite3 runs a statement to completion before the next
 * (`all`, `run`), so one statement object may serve every call; SQLite re-prepares it itself
 * after a schema change.
 */
function withStatementCache(sqlite: import("better-sqlite3").Database) {
  const cache = new Map<string, import("better-sqlite3").Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (sql.length <= CACHED_SQL_MAX_LENGTH) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
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
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
  // dropped from the pool and the next query opens another; unheard, its error would end the process.
  pool.on("error", (error) => console.warn(`[db] an idle PostgreSQL connection was closed by the server: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...statementLog(options) });
  return {
    db,
    dialect: "postgres",
    driver: pool,
    ...(schema ? { schema } : {}),
    location: `${parsed.hostname}${parsed.pathname}${schema ? `#${schema}` : ""}`,
    schema: schema ?? "public",
    close: () => db.destroy(),
  };
}

/** Applies every pending migration; safe to call from several processes at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  // Unordered: branches add migrations side by side, and a database that already applied a later
  // one must still take an earlier-named one that arrives with a merge.
  // The migration tables are looked up in the handle's own schema: found in any schema, another
  // database's tables (a test suite's beside it) would be taken for this one's.
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    allowUnorderedMigrations: true,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
