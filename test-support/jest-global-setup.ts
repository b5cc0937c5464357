import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * `npm test`'s Jest global setup: the run's database templates (test-support/database.ts). A
 * fresh SQLite folder and PostgreSQL name prefix per run, so a run never starts from another
 * run's (or another branch's) seed; the global teardown removes them. A template folder set
 * already (the mutation run keeps its own) is left as it is. Jest's workers start after this and
 * inherit these variables.
 */
export default async function globalSetup(): Promise<void> {
  const run = crypto.randomBytes(4).toString("hex");
  if (!process.env.TEST_SQLITE_TEMPLATE_DIR) {
    process.env.TEST_SQLITE_TEMPLATE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "managely-templates-"));
    process.env.TEST_SQLITE_TEMPLATE_DIR_OWNED = "1";
  }
  if (process.env.TEST_DATABASE_URL && !process.env.TEST_POSTGRES_TEMPLATE_PREFIX) process.env.TEST_POSTGRES_TEMPLATE_PREFIX = `managely_template_${run}`;
}
