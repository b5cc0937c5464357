import type { Migration, MigrationProvider } from "kysely";
import { initialMigration } from "./2026-11-21-initial";

/**
 * A static list of migrations: a file-system provider does not survive the Next.js bundler.
 * Names sort in the order they apply.
 */
export function migrationProvider(dialect: "sqlite" | "postgres"): MigrationProvider {
  const migrations: Record<string, Migration> = {
    "2026-11-21-initial": initialMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
