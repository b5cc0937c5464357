/**
 * What the pages' "Export CSV" button says while it prepares the file. Apart from
 * staff.ts only so that the workspace's list page does not load every staff sentence into the
 * browser for four of them: the rule of staff.ts holds here (plain strings and small functions).
 */

/** The response header of the CSV (WORKSPACE_PATHS.csv) that says how many rows follow: the button's progress. */
export const CSV_ROWS_HEADER = "x-csv-rows";

export const CSV_EXPORT_STATUS = {
  button: "Export CSV",
  preparing: "Preparing the CSV…",
  progress: (rows: number, total: number) => `Preparing the CSV… ${rows.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows.`,
  ready: (rows: number) => `The CSV is ready: ${rows.toLocaleString("en-US")} rows, downloaded.`,
  failed: "The CSV could not be prepared. Nothing was downloaded: try again.",
} as const;
