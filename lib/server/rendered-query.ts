/**
 * Next.js writes the query string of the request it rendered for into the first row of a page's
 * flight data (`0:{"P":…,"c":["","agents","TX","baytown"],"q":"?sort=fee&evilq=1",…}`), and
 * keeps that render for every visitor of the page until it is refreshed. A page that is kept at
 * all reads no query (a page that reads one is rendered per request and never kept), so the
 * query is the only part of a kept render that belongs to one request: the page store writes it
 * as the empty query, `"q":""`, which is what a visitor without a query gets, and what the
 * client router takes from the address bar anyway.
 *
 * `getRenderedSearch` (next/dist/shared/lib/router/utils/querystring) builds the value with
 * encodeURIComponent: no quote and no backslash can occur in it. In the HTML the flight data
 * is a JSON string inside `self.__next_f.push([1,"…"])`, its quotes escaped (`\"q\":\"?…\"`)
 * and `&` written `\u0026`.
 */

/** The first row's `"q":"?…"` in flight data as Next.js sends it. */
const FLIGHT_QUERY = /"q":"\?[^"\\]*"/;
/** The same inside the HTML's inline flight data: quotes escaped, `&` possibly as \u0026. */
const HTML_QUERY = /\\"q\\":\\"\?(?:[^"\\]|\\u0026)*\\"/;
/** Where the first row begins: at the start of the data or of a line; in HTML, of a pushed string or of an escaped line. */
const FLIGHT_ROW_ZERO = /(?:^|\n)0:\{/;
const HTML_ROW_ZERO = /(?:\[1,"|\\n)0:\{/;

function blankFirst(text: string, rowStart: RegExp, query: RegExp, blank: string, lineEnd: string): string {
  const row = rowStart.exec(text);
  if (!row) return text;
  const from = row.index + row[0].length;
  const end = text.indexOf(lineEnd, from);
  const within = end === -1 ? text.slice(from) : text.slice(from, end);
  const found = query.exec(within);
  if (!found) return text;
  const at = from + found.index;
  return text.slice(0, at) + blank + text.slice(at + found[0].length);
}

/** Flight data (a page's `.rsc`) with its first row's query emptied. */
export function flightWithoutQuery(flight: Buffer): Buffer {
  const text = flight.toString("utf8");
  const blanked = blankFirst(text, FLIGHT_ROW_ZERO, FLIGHT_QUERY, '"q":""', "\n");
  return blanked === text ? flight : Buffer.from(blanked, "utf8");
}

/** A page's HTML with the query in its inline flight data's first row emptied. */
export function htmlWithoutQuery(html: string): string {
  return blankFirst(html, HTML_ROW_ZERO, HTML_QUERY, '\\"q\\":\\"\\"', "\\n");
}
