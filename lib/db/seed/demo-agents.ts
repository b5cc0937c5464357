import type { PropertyCategoryId } from "../../site";

/**
 * Fictional property-management companies for the demo directory. Everything is derived from
 * a seed string with a small PRNG, so the same city always gets the same companies and a
 * second seed run finds every row already there.
 */

export type DemoCity = { stateAbbr: string; stateName: string; cityName: string; citySlug: string; zips: string[] };

export type DemoAgent = {
  slug: string;
  company_name: string;
  photo: string;
  featured: number;
  address: string;
  zip: string;
  about: string;
  read_more: number;
  email: string;
  phone: string;
  categories: PropertyCategoryId[];
};

export const LOGO_COUNT = 48;

/** mulberry32 seeded with a string hash: tiny, fast, good enough for names. */
export function randomFrom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

const SURNAMES = [
  "Harper", "Bennett", "Calloway", "Whitaker", "Delgado", "Okafor", "Lindqvist", "Nakamura", "Prescott", "Alvarez",
  "Brennan", "Castillo", "Donovan", "Ellison", "Fairbanks", "Gallagher", "Hollis", "Iverson", "Jensen", "Kowalski",
  "Langford", "Mercer", "Novak", "Ortega", "Pemberton", "Quinlan", "Ramsey", "Sinclair", "Thornton", "Underwood",
  "Vasquez", "Winslow", "Yamada", "Zimmerman", "Ashford", "Bishop", "Crowley", "Dunmore", "Everett", "Fletcher",
];
const NOUNS = [
  "Keystone", "Cornerstone", "Harbor", "Summit", "Oak & Iron", "Lighthouse", "Bluebird", "Fieldstone", "Granite",
  "Evergreen", "Copperleaf", "Northgate", "Riverbend", "Willow", "Lantern", "Redwood", "Compass", "Meridian",
  "Silverline", "Brightpath", "Stonegate", "Trailhead", "Beacon", "Highpoint", "Magnolia", "Cedar Ridge", "Anchor",
  "Parkside", "Crestview", "Open Door",
];
const SUFFIXES = [
  "Property Management",
  "Property Group",
  "Residential Management",
  "Realty Management",
  "Management Co.",
  "Rental Management",
  "Property Services",
];
const STREETS = [
  "Main Street", "Oak Avenue", "Maple Street", "Washington Avenue", "Park Boulevard", "Cedar Lane", "Lake Street",
  "Elm Street", "Market Street", "Pine Avenue", "Hillcrest Drive", "Broadway", "Center Street", "Church Street",
  "Highland Avenue", "Franklin Street", "Jefferson Boulevard", "Lincoln Way", "River Road", "Commerce Drive",
];
const STRENGTHS = [
  "tenant screening that follows fair housing rules",
  "clear monthly owner statements",
  "24/7 maintenance coordination with licensed vendors",
  "move-in and move-out inspections with photo reports",
  "online rent collection and owner portals",
  "leasing and marketing of vacant units",
  "preventive maintenance plans",
  "lease renewals and rent reviews",
];
const CATEGORY_WORDS: Record<PropertyCategoryId, string> = {
  1: "single-family homes",
  2: "multi-family buildings",
  3: "homeowner and condominium associations",
  8: "commercial properties",
};

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['.]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function companyName(random: () => number, city: DemoCity): string {
  switch (Math.floor(random() * 4)) {
    case 0:
      return `${pick(random, NOUNS)} ${pick(random, SUFFIXES)}`;
    case 1: {
      const first = pick(random, SURNAMES);
      const second = pick(random, SURNAMES.filter((surname) => surname !== first));
      return `${first} & ${second} ${pick(random, SUFFIXES)}`;
    }
    case 2:
      return `${city.cityName.replace(/\s*\(.*\)$/, "")} ${pick(random, NOUNS)} ${pick(random, SUFFIXES)}`;
    default:
      return `${pick(random, SURNAMES)} ${pick(random, SUFFIXES)}`;
  }
}

function categoriesFor(random: () => number, index: number): PropertyCategoryId[] {
  // The first three companies of a city always manage single-family homes, so the default
  // directory view (category 1) is never empty where demo companies exist.
  const others: PropertyCategoryId[] = ([2, 3, 8] as PropertyCategoryId[]).filter(() => random() < 0.45);
  if (index < 3 || random() < 0.6) return [1, ...others];
  return others.length > 0 ? others : [2];
}

/** `count` companies for one city; `startIndex` continues numbering for scale runs. */
export function demoAgentsForCity(city: DemoCity, count: number, startIndex = 0): DemoAgent[] {
  const agents: DemoAgent[] = [];
  const usedNames = new Set<string>();
  for (let index = startIndex; index < startIndex + count; index++) {
    const random = randomFrom(`${city.stateAbbr}/${city.citySlug}/${index}`);
    let name = companyName(random, city);
    for (let attempt = 0; usedNames.has(name) && attempt < 5; attempt++) name = companyName(random, city);
    if (usedNames.has(name)) name = `${name} of ${city.cityName}`;
    usedNames.add(name);

    const categories = categoriesFor(random, index);
    const served = categories.map((id) => CATEGORY_WORDS[id]);
    const servedText = served.length > 1 ? `${served.slice(0, -1).join(", ")} and ${served.at(-1)}` : served[0];
    const strengths = [pick(random, STRENGTHS), pick(random, STRENGTHS)].filter((item, i, list) => list.indexOf(item) === i);
    const years = 3 + Math.floor(random() * 25);
    const slug = `${slugify(name)}-${city.citySlug}-${city.stateAbbr.toLowerCase()}-${index + 1}`;
    const street = `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`;
    const suite = random() < 0.5 ? `, Suite ${100 + Math.floor(random() * 400)}` : "";

    agents.push({
      slug,
      company_name: name,
      photo: `/images/logos/logo-${String(1 + Math.floor(random() * LOGO_COUNT)).padStart(2, "0")}.svg`,
      featured: random() < 0.15 ? 1 : 0,
      address: `${street}${suite}`,
      zip: city.zips.length > 0 ? pick(random, city.zips) : "",
      about:
        `${name} manages ${servedText} in ${city.cityName} and nearby communities, ` +
        `with ${years} years of local experience. Owners work with one point of contact and get ` +
        `${strengths.join(" and ")}.`,
      read_more: random() < 0.7 ? 1 : 0,
      email: `contact+${slug}@example.com`,
      phone: `555${String(Math.floor(random() * 10_000_000)).padStart(7, "0")}`,
      categories,
    });
  }
  return agents;
}
