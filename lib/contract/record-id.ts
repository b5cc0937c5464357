/**
 * A record id as a URL segment, a query value or a form field writes it: 1 and up, in plain
 * decimal digits, no leading zero, nine digits at most. Nine digits keep every id below the
 * limit of the id columns (32-bit integers on PostgreSQL, 2,147,483,647), so a parsed id is always
 * one the database can compare with them. Anything else ("0", "01", "1e3", " 1", "-1", "0x10",
 * ten digits) names no record: null.
 */
const RECORD_ID = /^[1-9]\d{0,8}$/;

export function parseRecordId(value: unknown): number | null {
  return typeof value === "string" && RECORD_ID.test(value) ? Number(value) : null;
}
