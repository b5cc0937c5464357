import type { Agent } from "@/lib/contract";
import { categoryLabel, serviceLabel } from "@/lib/contract/site";

/** The license line has its home in the contract layer (the quote flow words it the same way). */
export { licenseText } from "@/lib/contract/license";

/**
 * How a card, a profile and the compare view word a manager's facts, in one place. Plain
 * functions of the contract's agent (no zod at runtime: the compare view's calculator uses them).
 */

/** "Founded 1999 · 27 years in business"; null when the year is not known. */
export function yearsText(yearFounded: number | null, now = new Date()): string | null {
  if (!yearFounded) return null;
  const years = now.getUTCFullYear() - yearFounded;
  return years >= 1 ? `Founded ${yearFounded} · ${years} ${years === 1 ? "year" : "years"} in business` : `Founded ${yearFounded}`;
}

/** "Serves Austin and places within 25 miles". */
export function areaText(agent: Pick<Agent, "city" | "service_area">): string {
  return agent.service_area ? `Serves ${agent.city} and places within ${agent.service_area.radius_miles} miles` : `Serves ${agent.city}`;
}

/** "Office 17.2 miles from Austin"; nothing for an office in the place itself. */
export function distanceText(distanceMiles: number | undefined, placeName: string | undefined): string | null {
  if (distanceMiles === undefined || !placeName || distanceMiles < 0.5) return null;
  return `Office ${distanceMiles} miles from ${placeName}`;
}

export const unitsText = (units: number | null) => (units === null ? null : `About ${units.toLocaleString("en-US")} units managed`);

export const servicesCountText = (services: Agent["services"]) => `${services.length} ${services.length === 1 ? "service" : "services"}`;

export const serviceLabels = (services: Agent["services"]) => services.map((key) => serviceLabel(key) ?? key);

export const categoryLabels = (ids: number[]) => ids.map((id) => categoryLabel(id)).filter((label): label is string => Boolean(label));
