import type { Agent } from "@/lib/contract";
import { formatMoney, formatPercent } from "@/lib/contract/fees";
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

/** A card's short fee line: "8% of rent · leasing 75% of a month’s rent" (or "$99 a month · …"). */
export function cardFeeText(fees: Agent["fees"]): string {
  const management =
    fees.management_percent !== null ? `${formatPercent(fees.management_percent)} of rent` : fees.management_flat !== null ? `${formatMoney(fees.management_flat)} a month` : "Fee not listed";
  return fees.leasing_percent !== null ? `${management} · leasing ${formatPercent(fees.leasing_percent)} of a month’s rent` : management;
}

/** A card's short license line: where the data comes from, never a check that was not made. */
export function cardLicenseText(license: Agent["license"]): string {
  if (!license) return "No license listed";
  if (license.source === "sample") return "Sample license data";
  return license.source === "registry" && license.checked_on ? `License checked in the ${license.state} registry` : "License as reported, not checked";
}

/** "27 years in business"; null when the year is not known. */
export function shortYearsText(yearFounded: number | null, now = new Date()): string | null {
  if (!yearFounded) return null;
  const years = now.getUTCFullYear() - yearFounded;
  return years >= 1 ? `${years} ${years === 1 ? "year" : "years"} in business` : "New in business";
}

/**
 * A card's distance from the place its list is about: "Office in Austin" for an office in that
 * town (first on the town's page, however far its point) or right at the place, else "12.5 miles away".
 */
export function cardDistanceText(distanceMiles: number | undefined, officeCity: string, placeName: string): string {
  return officeCity === placeName || distanceMiles === undefined || distanceMiles < 0.5 ? `Office in ${officeCity}` : `${distanceMiles} miles away`;
}

export const unitsText = (units: number | null) => (units === null ? null : `About ${units.toLocaleString("en-US")} units managed`);

export const servicesCountText = (services: Agent["services"]) => `${services.length} ${services.length === 1 ? "service" : "services"}`;

export const serviceLabels = (services: Agent["services"]) => services.map((key) => serviceLabel(key) ?? key);

export const categoryLabels = (ids: number[]) => ids.map((id) => categoryLabel(id)).filter((label): label is string => Boolean(label));

/** The longest about text a card shows: its first sentence, or this many characters cut at a word. */
const CARD_ABOUT_MAX = 100;

/**
 * Words a period follows without ending a sentence ("in St. Louis", "Redwood Management Co. looks
 * after"), as written (a lower-case "no." ends one); a single capital is an initial ("J. Smith").
 */
const ABBREVIATIONS = new Set(["St", "Ste", "Mt", "Ft", "Ave", "Blvd", "Rd", "Dr", "Hwy", "Apt", "Inc", "Co", "Corp", "Ltd", "LLC", "Bros", "Mr", "Mrs", "Ms", "Jr", "Sr", "No", "vs", "approx", "e.g", "i.e", "U.S"]);

const isAbbreviation = (word: string) => {
  const bare = word.replace(/^[(“"']+/, "");
  return bare.endsWith(".") && (/^[A-Z]\.$/.test(bare) || ABBREVIATIONS.has(bare.slice(0, -1)));
};

/** The text up to its first sentence's end: a . ! or ? before a space or the end, not an abbreviation's. */
function firstSentence(text: string): string {
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    const end = match.index + 1;
    if (match[0] === "." && isAbbreviation(text.slice(text.lastIndexOf(" ", end - 1) + 1, end))) continue;
    return text.slice(0, end);
  }
  return text;
}

/**
 * A card's about text (spec 2.5): the about's first sentence, whole; a longer first sentence is
 * cut at the last word that fits, marked with "…", and never just after an abbreviation ("on Main
 * St.…" would read as a sentence that stopped). The profile shows the whole text.
 */
export function cardAboutText(about: string): string {
  const text = about.replace(/\s+/g, " ").trim();
  const sentence = firstSentence(text);
  if (sentence.length <= CARD_ABOUT_MAX) return sentence;
  const cut = sentence.slice(0, CARD_ABOUT_MAX - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const words = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).split(" ");
  while (words.length > 1 && isAbbreviation(words[words.length - 1])) words.pop();
  return `${words.join(" ").replace(/[\s,;:–-]+$/, "")}…`;
}
