import type { Kysely, Migration } from "kysely";

/**
 * A page's own settings for search engines and sharing, beside its words, on what is live, on
 * every revision and on drafts: robots ("noindex", "nofollow", "noindex, nofollow"), a canonical
 * path and a share image path, each text. Null (every existing row, and every template's) leaves
 * the page as it was: it decides its robots, names itself and keeps its own card. Text in both
 * dialects, so no branch on the dialect.
 */
const TABLES = ["seo_live", "seo_revisions", "seo_drafts"] as const;
const COLUMNS = ["robots", "canonical", "share_image"] as const;

export function pageSettingsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of TABLES) for (const column of COLUMNS) await db.schema.alterTable(table).addColumn(column, "text").execute();
    },
    async down(db: Kysely<any>) {
      for (const table of TABLES) for (const column of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
