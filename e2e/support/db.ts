import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./server";
import { onlyOnTheLocalBuild } from "./target";

/** Read-only access to the end-to-end server's database, to check what a journey stored. */
function openE2eDatabase() {
  onlyOnTheLocalBuild("reads the site's database");
  return new Database(path.resolve(E2E_DATABASE), { readonly: true, fileMustExist: true });
}

export function queryRows<T>(sql: string, ...params: unknown[]): T[] {
  const db = openE2eDatabase();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
