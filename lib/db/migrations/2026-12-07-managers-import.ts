import type { Kysely, Migration } from "kysely";

/**
 * Real managers loaded from a CSV (`npm run managers -- import`, lib/service/managers):
 * - agents.external_id: the operator's own key of a listing, unique; an import updates the
 *   listing with the same key instead of adding another;
 * - agents.contact_name, website, license_source_url: columns the CSV carries that a listing had
 *   no place for (the website is kept in one normal form, so duplicates are found by equality);
 * - agents.service_zips: the service ZIP codes as given (";"-separated), so an export writes them
 *   back; the listing's area itself is still the circle that reaches the farthest of them.
 * Indexes on the license number and the website find an existing listing a row duplicates.
 */
export function managersImportMigration(): Migration {
  const columns = ["external_id", "contact_name", "website", "license_source_url", "service_zips"] as const;
  return {
    async up(db: Kysely<any>) {
      for (const column of columns) await db.schema.alterTable("agents").addColumn(column, "text").execute();
      await db.schema.createIndex("agents_external_id").on("agents").column("external_id").unique().execute();
      await db.schema.createIndex("agents_license_number").on("agents").column("license_number").execute();
      await db.schema.createIndex("agents_website").on("agents").column("website").execute();
    },
    async down(db: Kysely<any>) {
      for (const index of ["agents_website", "agents_license_number", "agents_external_id"]) await db.schema.dropIndex(index).ifExists().execute();
      for (const column of [...columns].reverse()) await db.schema.alterTable("agents").dropColumn(column).execute();
    },
  };
}
