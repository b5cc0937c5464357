import type { Kysely, Migration } from "kysely";

/**
 * Rent control on every state page comes from a file whose entries say whether their
 * statute could be confirmed (`verified: false` on 9 of 51). A fact keeps that flag so the pages
 * can say so instead of presenting it as settled law; every fact before it counts as verified.
 */
export function lawFactsVerifiedMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("law_facts").addColumn("verified", "integer", (c) => c.notNull().defaultTo(1)).execute();
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable("law_facts").dropColumn("verified").execute();
    },
  };
}
