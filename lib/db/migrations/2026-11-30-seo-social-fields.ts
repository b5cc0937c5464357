import type { Kysely, Migration } from "kysely";
import { SOCIAL_FIELDS } from "../../contract/seo-fields";

/**
 * A page's share card can say something other than its search result: the
 * social title, social description and image alt text, as patterns, on what is live, on every
 * revision and on drafts. Null (every existing row) falls back to the search words
 * (lib/contract/seo-fields.ts SOCIAL_FALLBACK), so nothing any page says changes.
 */
const TABLES = ["seo_live", "seo_revisions", "seo_drafts"] as const;

export function seoSocialFieldsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of TABLES) for (const field of SOCIAL_FIELDS) await db.schema.alterTable(table).addColumn(field, "text").execute();
    },
    async down(db: Kysely<any>) {
      for (const table of TABLES) for (const field of SOCIAL_FIELDS) await db.schema.alterTable(table).dropColumn(field).execute();
    },
  };
}
