import { STEP_PATHS } from "./routes";
import { COMPARE_MAX } from "./site";
import { isValidZip, zipFive } from "./zip";
import { parseRecordId } from "./record-id";

/**
 * The quote flow opened for chosen managers: `/search?manager=1400&city=Austin` (a profile's link),
 * `/search?manager=1&manager=2&zip=78701`. The choice lives in the address, so the link works in a
 * new tab, when shared and before any script runs; step 1 stores it as a click used to
 * (selected_agents, and the place step 2 opens with).
 */
export type QuoteStart = { managers: number[]; city?: string; zip?: string };

const QUOTE_START = { manager: "manager", city: "city", zip: "zip" } as const;

export function quoteStartPath({ managers, city, zip }: QuoteStart): string {
  const query = new URLSearchParams();
  for (const id of managers) query.append(QUOTE_START.manager, String(id));
  if (city) query.set(QUOTE_START.city, city);
  if (zip) query.set(QUOTE_START.zip, zip);
  const text = query.toString();
  return `${STEP_PATHS[1]}${text ? `?${text}` : ""}`;
}

/** A city as a person types it: letters (any script), spaces, and . ' - (`St. Louis`, `Coeur d'Alene`). */
const CITY_TEXT = /^[\p{L}][\p{L}\p{M} .'\u2019-]{0,99}$/u;

/**
 * What a quote link's query asks for, each part checked on its own and dropped when malformed: a
 * manager id is a whole number as the profile's path has it (at most COMPARE_MAX of them, the
 * first ones, no repeats: the most a link from /compare names; the last step ticks at most
 * RECIPIENTS.max), a ZIP code is five digits or ZIP+4 (kept as five), a city is a name.
 * An id nobody has is kept: the recipients step names only the managers it finds. null: nothing usable.
 */
export function quoteStartFromQuery(query: URLSearchParams): QuoteStart | null {
  const managers = [...new Set(query.getAll(QUOTE_START.manager).map(parseRecordId).filter((id) => id !== null))].slice(0, COMPARE_MAX);
  const city = (query.get(QUOTE_START.city) ?? "").trim().replace(/\s+/g, " ");
  const zip = (query.get(QUOTE_START.zip) ?? "").trim();
  const start: QuoteStart = {
    managers,
    ...(CITY_TEXT.test(city) ? { city } : {}),
    ...(isValidZip(zip) ? { zip: zipFive(zip) } : {}),
  };
  return managers.length > 0 || start.city !== undefined || start.zip !== undefined ? start : null;
}
