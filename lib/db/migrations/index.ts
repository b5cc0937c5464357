import type { Migration, MigrationProvider } from "kysely";
import { initialMigration } from "./2026-11-21-initial";
import { rateLimitsMigration } from "./2026-11-22-rate-limits";

/**
 * A static list of migrations: a file-system provider does not survive the Next.js bundler.
 * Names sort in the order they apply.
 */
export function migrationProvider(dialect: "sqlite" | "postgres"): MigrationProvider {
  const migrations: Record<string, Migration> = {
    "2026-11-21-initial": initialMigration(dialect),
    "2026-11-22-rate-limits": rateLimitsMigration(),
  };
  return { getMigrations: async () => migrations };
}
