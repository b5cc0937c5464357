import type { Kysely } from "kysely";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../db/schema";
import { MANAGER_CSV_COLUMNS, SAMPLE_WORDS, managerRecord } from "../contract/managers-csv";
import { countListings, deleteListings, importedListingBatches, markSamplesRemoved, noteContentChange, sampleIds, unlocate } from "../db/queries/managers";
import { insertOutboxMessages } from "../db/queries/outbox";
import { indexServiceAreas } from "../db/service-areas";
import { reconcileSiteWords } from "../db/site-words";
import { configuredOperator, type SiteOperator } from "../env";
import { purgeRows } from "./delivery/purge";
import { listingPagePaths } from "./listing-pages";
import type { DeliveryRouting } from "./delivery/routing";
import { rowOfListing } from "./managers-import";

export { importManagers, type ImportReport } from "./managers-import";

/**
 * The managers CSV's export and the removal of the sample listings (docs/operator-import.md);
 * the import is managers-import.ts.
 */
type Db = Kysely<Database>;

/**
 * Writes every imported listing as the import reads it (the same columns, the same normal forms),
 * a thousand at a time: importing the export changes nothing. Answers how many rows it wrote.
 */
export async function exportManagers(db: Db, write: (chunk: string) => void | Promise<void>): Promise<number> {
  // Values are written as they are (no spreadsheet-formula defusing): the file is for the import to read back.
  await write(stringify([[...MANAGER_CSV_COLUMNS]]));
  let rows = 0;
  for await (const batch of importedListingBatches(db)) {
    const records = batch.map((listing) => {
      const record = managerRecord(rowOfListing(listing));
      return MANAGER_CSV_COLUMNS.map((column) => record[column]);
    });
    await write(stringify(records));
    rows += records.length;
  }
  return rows;
}

export type SampleRemoval = { samples: number; real: number; removed: number; paths: number; refused?: string; deleted?: Record<string, number> };

/**
 * Removes every sample listing (is_demo) and what only it needs (its categories, service area,
 * office, city coverage and ZIP counts; the copies of requests sent to it and proposals on it;
 * its unsent messages are cancelled), refreshes the pages it was on and keeps the seeder from
 * adding the samples again; the site's own words stop speaking of samples (lib/db/site-words.ts).
 * Refused, changing nothing, when it would leave the site with no managers, unless `force`. A
 * dry run counts only.
 */
export async function removeSamples(
  db: Db,
  {
    dryRun,
    force,
    routing,
    now = () => new Date().toISOString(),
    operator = configuredOperator(),
  }: { dryRun: boolean; force: boolean; routing: DeliveryRouting; now?: () => string; operator?: SiteOperator | null },
): Promise<SampleRemoval> {
  const counts = await countListings(db);
  const report: SampleRemoval = { ...counts, removed: 0, paths: 0 };
  if (counts.samples > 0 && counts.real === 0 && !force) return { ...report, refused: SAMPLE_WORDS.wouldEmpty(counts.samples) };
  if (dryRun || counts.samples === 0) return report;
  const at = now();
  return db.transaction().execute(async (trx) => {
    const ids = await sampleIds(trx);
    const paths = await listingPagePaths(trx, ids);
    // Out of the index first (their ZIP counts taken away, their cities recounted), then deleted.
    await unlocate(trx, { agentIds: ids });
    await indexServiceAreas(trx, { agentIds: ids });
    const deleted = await deleteListings(trx, { agentIds: ids });
    await markSamplesRemoved(trx, { at });
    for (const path of (await reconcileSiteWords(trx, { operator })).paths) paths.add(path);
    await insertOutboxMessages(trx, purgeRows([...paths], routing, at));
    await noteContentChange(trx, { source: "remove-samples", summary: `${deleted.agents} agents removed`, at });
    return { ...report, removed: deleted.agents, paths: paths.size, deleted };
  });
}
