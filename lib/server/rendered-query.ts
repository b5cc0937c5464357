import { FLIGHT_ROW_ZERO, FLIGHT_URL_FIELDS, HTML_FLIGHT_ROW_ZERO } from "./next-internals";

/**
 * Next.js writes the query string of the request it rendered for into the first row of a page's
 * flight data, twice: in the canonical URL's parts (`"c":["","agents","TX","baytown?sort=fee&evilq=1"]`,
 * the path and query split at every `/`) and as the query (`"q":"?sort=fee&evilq=1"`), and keeps
 * that render for every visitor of the page until it is refreshed. A page that is kept at all
 * reads no query (a page that reads one is rendered per request and never kept), so the query is
 * the only part of a kept render that belongs to one request: the page store keeps the render as
 * it is for the page's address without a query, which is what the client router takes from the
 * address bar anyway.
 *
 * The shape relied on (next-internals.ts, FLIGHT_URL_FIELDS): the first row
 * (`0:{…}`) has `"c":[…]` immediately followed by `"q":"…"`. A path never contains a bare `?`, so
 * the first `?` in `c` starts the query; and `],"q":"` cannot occur inside a JSON string (its quote
 * would be escaped), so it ends `c`. `q` is built with encodeURIComponent: no quote in it. In the
 * HTML the flight data is a JSON string inside `self.__next_f.push([1,"…"])`: the same with every
 * quote escaped (`\"`).
 */

/** `text` with its first row's query removed from `c` and `q`; `quote` is how a JSON quote is written in it. */
function withoutQuery(text: string, rowStart: RegExp, quote: string): string {
  const row = rowStart.exec(text);
  if (!row) return text;
  const partsKey = `${quote}${FLIGHT_URL_FIELDS.parts}${quote}:[`;
  const partsAt = text.indexOf(partsKey, row.index);
  if (partsAt === -1) return text;
  const partsFrom = partsAt + partsKey.length;
  const queryKey = `],${quote}${FLIGHT_URL_FIELDS.query}${quote}:${quote}`;
  const partsEnd = text.indexOf(queryKey, partsFrom);
  if (partsEnd === -1) return text;
  const queryFrom = partsEnd + queryKey.length;
  const queryEnd = text.indexOf(quote, queryFrom);
  if (queryEnd === -1) return text;
  const parts = text.slice(partsFrom, partsEnd);
  const mark = parts.indexOf("?");
  if (mark === -1 && queryEnd === queryFrom) return text;
  const pathParts = mark === -1 ? parts : `${parts.slice(0, mark)}${quote}`;
  return `${text.slice(0, partsFrom)}${pathParts}${queryKey}${text.slice(queryEnd)}`;
}

/** Flight data (a page's `.rsc`) as rendered for the page's address without a query. */
export function flightWithoutQuery(flight: Buffer): Buffer {
  const text = flight.toString("utf8");
  const kept = withoutQuery(text, FLIGHT_ROW_ZERO, '"');
  return kept === text ? flight : Buffer.from(kept, "utf8");
}

/** A page's HTML, its inline flight data as rendered for the page's address without a query. */
export function htmlWithoutQuery(html: string): string {
  return withoutQuery(html, HTML_FLIGHT_ROW_ZERO, '\\"');
}
