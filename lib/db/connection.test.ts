import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "./connection";

describe("the SQLite connection's statement cache", () => {
  it("reuses a statement, and one prepared before a schema change still answers with the new schema", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-statements-"));
    const handle = openDatabase(`file:${path.join(dir, "cache.db")}`);
    const prepare = jest.spyOn(handle.driver as import("better-sqlite3").Database, "prepare");
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
      const insert = (body: string) => sql`insert into notes (body) values (${body})`.execute(handle.db);
      const readAll = () => sql<Record<string, unknown>>`select * from notes order by id`.execute(handle.db);
      await insert("one");
      await insert("two");
      expect((await readAll()).rows).toEqual([{ id: 1, body: "one" }, { id: 2, body: "two" }]);
      const prepared = prepare.mock.calls.length;
      await insert("three");
      await readAll();
      expect(prepare.mock.calls.length).toBe(prepared); // both came from the cache

      await sql`alter table notes add column tag text not null default 'x'`.execute(handle.db);
      expect((await readAll()).rows).toEqual([
        { id: 1, body: "one", tag: "x" },
        { id: 2, body: "two", tag: "x" },
        { id: 3, body: "three", tag: "x" },
      ]);
      // Matched on the message: better-sqlite3's error class comes from whichever Jest context
      // loaded the native module first, so an instanceof check fails in later test files.
      await expect(sql`insert into notes (body) values (${null})`.execute(handle.db)).rejects.toMatchObject({ message: expect.stringMatching(/NOT NULL/) });
      await insert("four"); // the cached insert still works after a failed one
      expect((await readAll()).rows).toHaveLength(4);
    } finally {
      prepare.mockRestore();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the SQLite file's permissions", () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it("creates the data folder 0700 and the database, and its WAL files, 0600", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "managely-modes-"));
    const file = path.join(root, "data", "site.db");
    const handle = openDatabase(`file:${file}`);
    try {
      await sql`create table notes (id integer primary key)`.execute(handle.db);
      await sql`insert into notes (id) values (1)`.execute(handle.db);
      expect(modeOf(path.join(root, "data"))).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("narrows an existing world-readable database file to 0600", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "managely-modes-"));
    const file = path.join(root, "site.db");
    fs.writeFileSync(file, "");
    fs.chmodSync(file, 0o644);
    const handle = openDatabase(`file:${file}`);
    try {
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await handle.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("SQLite transactions beside another process's writes", () => {
  it("take the write lock first, so a transaction that read before another connection committed still commits", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-immediate-"));
    const file = `file:${path.join(dir, "shared.db")}`;
    // Two connections to one file, as the site and `npm run worker` have.
    const site = openDatabase(file);
    const worker = openDatabase(file);
    (worker.driver as import("better-sqlite3").Database).pragma("busy_timeout = 100");
    const workerWrites = (body: string) => sql`insert into notes (body) values (${body})`.execute(worker.db);
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(site.db);
      let workerWhileOpen: unknown;
      await site.db.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
        // The other connection writes between this transaction's read and its write: it waits
        // for the lock (here it gives up after its 100 ms; the worker retries its round).
        workerWhileOpen = await workerWrites("worker").then(
          () => "committed",
          (error: Error) => error.message,
        );
        await sql`insert into notes (body) values (${`site after ${before.rows[0].n}`})`.execute(trx);
      });
      expect(workerWhileOpen).toMatch(/locked|busy/i);
      await workerWrites("worker");
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(site.db);
      expect(rows.rows.map((row) => row.body)).toEqual(["site after 0", "worker"]);
    } finally {
      await worker.close();
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("acknowledged writes beside other SQLite clients (N1)", () => {
  // Another SQLite client in another process opens the file, reads and closes: Python's sqlite3
  // (SQLite's "How To Corrupt An SQLite Database File", case 2.2). Closing as the last connection
  // it can see, it checkpoints and deletes the live -wal and -shm unless this process still holds
  // its locks on the database file.
  const visit = (file: string) =>
    execFileSync("python3", ["-c", `import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("select count(*) from sqlite_master").fetchall(); c.close()`, file], { stdio: "pipe" });
  /** The POSIX locks this process holds on a file (Linux's /proc/locks, by inode). */
  const locksHeld = (file: string) => {
    const inode = fs.statSync(file).ino;
    return fs
      .readFileSync("/proc/locks", "utf8")
      .split("\n")
      .filter((line) => line.split(/\s+/).includes(String(process.pid)) && line.includes(`:${inode} `));
  };

  it("keeps SQLite's lock on the file when the process opens the database a second time", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-locks-"));
    const file = path.join(dir, "site.db");
    const site = openDatabase(`file:${file}`);
    try {
      await sql`create table notes (id integer primary key)`.execute(site.db);
      expect(locksHeld(file).length).toBeGreaterThan(0);
      const second = openDatabase(`file:${file}`);
      expect(locksHeld(file).length).toBeGreaterThan(0);
      await second.close();
    } finally {
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps every acknowledged row when another client opens, reads and closes the file while the site writes, through a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-durable-"));
    const file = path.join(dir, "site.db");
    const site = openDatabase(`file:${file}`);
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(site.db);
      await sql`insert into notes (body) values ('before')`.execute(site.db);
      // The server opens the file a second time (the pages' handle beside the service's).
      const second = openDatabase(`file:${file}`);
      visit(file);
      await sql`insert into notes (body) values ('after')`.execute(site.db);
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      visit(file);
      await second.close();
      await site.close();
      // A clean restart reads what is on disk.
      const restarted = openDatabase(`file:${file}`);
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(restarted.db);
      await restarted.close();
      expect(rows.rows.map((row) => row.body)).toEqual(["before", "after"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
(postgresUrl ? describe : describe.skip)("the PostgreSQL pool", () => {
  it("outlives an idle connection the server ends: the next query opens another", async () => {
    const handle = openDatabase(postgresUrl!);
    const admin = openDatabase(postgresUrl!);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      // The connection is back in the pool, idle, when the server ends it.
      await sql`select pg_terminate_backend(${rows[0].pid})`.execute(admin.db);
      // The pool hears of it when the server's message arrives: the warning, within a few ms.
      const deadline = Date.now() + 5_000;
      await new Promise<void>((resolve, reject) => {
        const check = () => (warn.mock.calls.length > 0 ? resolve() : Date.now() > deadline ? reject(new Error("the pool did not hear of the closed connection")) : setImmediate(check));
        check();
      });
      expect(String(warn.mock.calls[0][0])).toContain("closed by the server");
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(again.rows[0].pid).not.toBe(rows[0].pid);
    } finally {
      warn.mockRestore();
      await handle.close();
      await admin.close();
    }
  });
});
