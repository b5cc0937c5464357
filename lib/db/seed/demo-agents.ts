import type { PropertyCategoryId, ServiceKey } from "../../contract/site";
import { slugify } from "../../contract/routes";

/**
 * Fictional property-management companies for the sample directory. Everything is derived from a
 * seed string with a small PRNG, so the same city always gets the same companies and a second
 * seed run finds every row already there. The companies are sample listings: their license data
 * is marked `sample` with a number that says so, and the site labels every one of them.
 *
 * Profiles vary on purpose: names from several patterns (unique in a state, no two in a city
 * starting with the same word), about texts assembled from what each company's data says (no
 * single paragraph template), fees drawn from the ranges owners meet in practice (management
 * 6-12% of collected rent or a flat $79-$199 a month, leasing 50-100% of one month's rent).
 */

export type DemoZip = { zip: string; lat: number; lng: number };

export type DemoCity = {
  stateAbbr: string;
  stateName: string;
  cityName: string;
  citySlug: string;
  lat: number;
  lng: number;
  population: number;
  /** The city's ZIP codes with their points; the office sits at one of them. */
  zips: DemoZip[];
  /** Few other cities nearby: managers here travel farther. */
  rural: boolean;
};

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
  management_fee_percent: number | null;
  management_fee_flat: number | null;
  leasing_fee_percent: number;
  renewal_fee: number;
  setup_fee: number;
  maintenance_markup_percent: number;
  vacancy_fee: number;
  services: string;
  license_state: string;
  license_number: string;
  license_type: string;
  license_source: "sample";
  license_checked_on: null;
  office_lat: number;
  office_lng: number;
  service_radius_miles: number;
  units_managed: number;
  year_founded: number;
};

const LOGO_COUNT = 48;

/** mulberry32 seeded with a string hash: tiny, fast, good enough for names. */
function randomFrom(seed: string): () => number {
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

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const between = (random: Random, min: number, max: number, step = 1) => min + step * Math.floor(random() * (Math.floor((max - min) / step) + 1));
const chance = (random: Random, probability: number) => random() < probability;
function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of options) if ((roll -= weight) < 0) return value;
  return options[options.length - 1][0];
}

const SURNAMES = [
  "Harper", "Bennett", "Calloway", "Whitaker", "Delgado", "Okafor", "Lindqvist", "Nakamura", "Prescott", "Alvarez",
  "Brennan", "Castillo", "Donovan", "Ellison", "Fairbanks", "Gallagher", "Hollis", "Iverson", "Jensen", "Kowalski",
  "Langford", "Mercer", "Novak", "Ortega", "Pemberton", "Quinlan", "Ramsey", "Sinclair", "Thornton", "Underwood",
  "Vasquez", "Winslow", "Yamada", "Zimmerman", "Ashford", "Bishop", "Crowley", "Dunmore", "Everett", "Fletcher",
  "Garrison", "Holloway", "Ibarra", "Jaramillo", "Keller", "Lowell", "Marsh", "Nguyen", "Oyelaran", "Pruitt",
  "Rasmussen", "Salazar", "Tolliver", "Vance", "Whitfield", "Abernathy", "Beaumont", "Chandler", "Dawson", "Esposito",
  "Fontaine", "Greer", "Hadley", "Kimura", "Lachance", "Montoya", "Nordstrom", "Pacheco", "Rowland", "Stroud",
];
const FIRST_NAMES = [
  "Anna", "Marcus", "Priya", "Daniel", "Rosa", "Tom", "Keisha", "Luis", "Megan", "Omar", "Claire", "Victor",
  "Hannah", "Andre", "Lena", "Raj", "Carmen", "Eli", "Naomi", "Grant",
];
const NOUNS = [
  "Keystone", "Cornerstone", "Harbor", "Summit", "Oak & Iron", "Lighthouse", "Bluebird", "Fieldstone", "Granite",
  "Evergreen", "Copperleaf", "Northgate", "Riverbend", "Willow", "Lantern", "Redwood", "Compass", "Meridian",
  "Silverline", "Brightpath", "Stonegate", "Trailhead", "Beacon", "Highpoint", "Magnolia", "Cedar Ridge", "Anchor",
  "Parkside", "Crestview", "Open Door", "Front Porch", "Hearthstone", "Tidewater", "Prairie", "Sagebrush", "Ironwood",
  "Two Rivers", "Mainstay", "Bellwether", "True North", "Goldenrod", "Keyhole", "Porchlight", "Blue Door", "Quarry",
  "Timberline", "Westbrook", "Lakeshore", "Foundry", "Sycamore",
];
const SUFFIXES = [
  "Property Management", "Property Group", "Residential Management", "Realty Management", "Management Co.",
  "Rental Management", "Property Services", "Rentals", "Homes & Property Management", "Asset Management",
];
const STREETS = [
  "Main Street", "Oak Avenue", "Maple Street", "Washington Avenue", "Park Boulevard", "Cedar Lane", "Lake Street",
  "Elm Street", "Market Street", "Pine Avenue", "Hillcrest Drive", "Broadway", "Center Street", "Church Street",
  "Highland Avenue", "Franklin Street", "Jefferson Boulevard", "Lincoln Way", "River Road", "Commerce Drive",
  "Grand Avenue", "Second Street", "Court Street", "Union Street", "Prospect Avenue", "Mill Road", "College Avenue",
];


const plainCityName = (city: DemoCity) => city.cityName.replace(/\s*\(.*\)$/, "");

function companyName(random: Random, city: DemoCity): string {
  switch (Math.floor(random() * 6)) {
    case 0:
      return `${pick(random, NOUNS)} ${pick(random, SUFFIXES)}`;
    case 1: {
      const first = pick(random, SURNAMES);
      const second = pick(random, SURNAMES.filter((surname) => surname !== first));
      return `${first} & ${second} ${pick(random, SUFFIXES)}`;
    }
    case 2:
      return `${plainCityName(city)} ${pick(random, NOUNS)} ${pick(random, SUFFIXES)}`;
    case 3:
      return `${pick(random, FIRST_NAMES)} ${pick(random, SURNAMES)} ${pick(random, ["Property Management", "Rentals", "Realty"])}`;
    case 4:
      return `${pick(random, NOUNS)} ${pick(random, ["Homes", "Rentals", "Realty"])} of ${plainCityName(city)}`;
    default:
      return `${pick(random, SURNAMES)} ${pick(random, SUFFIXES)}`;
  }
}

/** Names already used: the full name in a state, the first word in a city. */
export type NameRegistry = { names: Set<string>; firstWordsByCity: Map<string, Set<string>> };
export const newNameRegistry = (): NameRegistry => ({ names: new Set(), firstWordsByCity: new Map() });

function uniqueName(random: Random, city: DemoCity, registry: NameRegistry | undefined): string {
  const cityKey = `${city.stateAbbr}/${city.citySlug}`;
  const firstWords = registry?.firstWordsByCity.get(cityKey) ?? new Set<string>();
  let name = companyName(random, city);
  for (let attempt = 0; attempt < 30 && registry; attempt++) {
    if (!registry.names.has(`${city.stateAbbr}/${name}`) && !firstWords.has(name.split(" ")[0])) break;
    name = companyName(random, city);
  }
  if (registry?.names.has(`${city.stateAbbr}/${name}`)) name = `${name} of ${plainCityName(city)}`;
  if (registry) {
    registry.names.add(`${city.stateAbbr}/${name}`);
    firstWords.add(name.split(" ")[0]);
    registry.firstWordsByCity.set(cityKey, firstWords);
  }
  return name;
}

function categoriesFor(random: Random, index: number): PropertyCategoryId[] {
  // Most companies manage single-family homes (the default quote category), the first of each
  // city always; many take small multi-family buildings; fewer run associations or commercial.
  const categories: PropertyCategoryId[] = [];
  if (index === 0 || chance(random, 0.8)) categories.push(1);
  if (chance(random, 0.5)) categories.push(2);
  if (chance(random, 0.18)) categories.push(3);
  if (chance(random, 0.16)) categories.push(8);
  return categories.length > 0 ? categories : [2];
}

const RESIDENTIAL_SERVICES: readonly (readonly [ServiceKey, number])[] = [
  ["rent_collection", 0.97],
  ["tenant_screening", 0.92],
  ["owner_statements", 0.9],
  ["maintenance_coordination", 0.85],
  ["leasing_marketing", 0.8],
  ["inspections", 0.6],
  ["emergency_line", 0.5],
  ["evictions", 0.45],
  ["accounting", 0.45],
];

function servicesFor(random: Random, categories: PropertyCategoryId[]): ServiceKey[] {
  const residential = categories.includes(1) || categories.includes(2);
  const services = new Set<ServiceKey>();
  for (const [key, probability] of RESIDENTIAL_SERVICES) if (chance(random, residential ? probability : probability * 0.5)) services.add(key);
  if (categories.includes(3)) services.add("association_management").add("accounting");
  if (categories.includes(8)) services.add("commercial_leasing");
  for (const fallback of ["rent_collection", "owner_statements", "maintenance_coordination", "tenant_screening"] as const) {
    if (services.size >= 4) break;
    services.add(fallback);
  }
  return [...services];
}

type FeeDraw = Pick<
  DemoAgent,
  "management_fee_percent" | "management_fee_flat" | "leasing_fee_percent" | "renewal_fee" | "setup_fee" | "maintenance_markup_percent" | "vacancy_fee"
>;

function feesFor(random: Random): FeeDraw {
  const flat = chance(random, 0.28);
  return {
    management_fee_percent: flat ? null : weighted(random, [[6, 1], [7, 2], [7.5, 1], [8, 4], [9, 3], [10, 4], [11, 1], [12, 1]] as const),
    management_fee_flat: flat ? weighted(random, [[79, 2], [89, 1], [99, 4], [119, 2], [129, 3], [149, 3], [179, 1], [199, 1]] as const) : null,
    leasing_fee_percent: weighted(random, [[50, 4], [60, 1], [75, 3], [80, 1], [100, 3]] as const),
    renewal_fee: weighted(random, [[0, 3], [75, 1], [99, 2], [150, 2], [200, 2], [250, 1], [300, 1]] as const),
    setup_fee: weighted(random, [[0, 6], [99, 2], [150, 1], [199, 1], [250, 1], [300, 1]] as const),
    maintenance_markup_percent: weighted(random, [[0, 4], [5, 2], [10, 3], [15, 1]] as const),
    vacancy_fee: chance(random, 0.15) ? 1 : 0,
  };
}

const CATEGORY_WORDS: Record<PropertyCategoryId, string> = {
  1: "single-family homes",
  2: "small multi-family buildings",
  3: "homeowner and condominium associations",
  8: "commercial space",
};

const listText = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items[0]);

const SERVICE_SENTENCES: Partial<Record<ServiceKey, readonly string[]>> = {
  tenant_screening: [
    "Every applicant is screened against the same written criteria: income, rental history and references.",
    "Applicants go through one published screening standard, applied the same way to everyone.",
  ],
  emergency_line: [
    "A 24/7 line takes maintenance emergencies at night and on weekends.",
    "Tenants reach a person on the emergency line at any hour, so a burst pipe at 2 a.m. gets handled.",
  ],
  inspections: [
    "Homes are inspected at move-in, at move-out and once a year in between, with photo reports for the owner.",
    "Owners receive a photo report from every inspection, including the annual walk-through.",
  ],
  owner_statements: [
    "Owners get a statement every month and the year-end forms their accountant needs.",
    "Monthly statements show every dollar in and out, with invoices attached.",
  ],
  maintenance_coordination: [
    "Repairs go to a short list of local vendors, and owners approve anything above an agreed limit.",
    "Work orders are tracked from the tenant's request to the vendor's invoice.",
  ],
  leasing_marketing: [
    "Vacancies are listed with professional photos on the major rental sites, and showings are handled by the team.",
    "Listings go live within days of a notice to vacate, so homes spend less time empty.",
  ],
  evictions: ["When a tenancy goes wrong, the team serves the notices and works with local counsel on any eviction."],
  rent_collection: ["Tenants pay online, and owners are paid out early each month."],
  association_management: ["For associations, it prepares budgets, runs board meetings and keeps owners informed."],
  commercial_leasing: ["On the commercial side it handles lease administration and common-area charge reconciliations."],
};

function aboutText(random: Random, data: {
  name: string;
  city: DemoCity;
  categories: PropertyCategoryId[];
  services: ServiceKey[];
  fees: FeeDraw;
  year: number;
  units: number;
  radius: number;
}): string {
  const { name, city, categories, services, fees, year, units, radius } = data;
  const cityName = plainCityName(city);
  const served = listText(categories.map((id) => CATEGORY_WORDS[id]));
  const size = units < 120 ? "small" : units < 500 ? "mid-sized" : "large";
  const openers = [
    `${name} has managed ${served} in and around ${cityName} since ${year}.`,
    `Founded in ${year}, ${name} looks after about ${units.toLocaleString("en-US")} units within ${radius} miles of ${cityName}.`,
    `${name} is a ${size} ${cityName} team that has placed tenants and cared for rentals since ${year}.`,
    `Owners around ${cityName} have worked with ${name} since ${year}; today it manages about ${units.toLocaleString("en-US")} units.`,
    `Based in ${cityName}, ${name} manages ${served} up to ${radius} miles from its office.`,
  ];
  const sentences = [pick(random, openers)];

  const focus: string[] = [];
  if (categories.length === 1 && categories[0] === 1) focus.push("Its portfolio is single-family homes and townhouses, most owned by individual investors.");
  if (categories.includes(2) && chance(random, 0.6)) focus.push("Duplexes and small apartment buildings make up a large share of its doors.");
  if (categories.includes(3) && !services.includes("association_management")) focus.push("It also works for homeowner associations.");
  if (focus.length) sentences.push(pick(random, focus));

  const highlights = shuffle(random, services.filter((key) => SERVICE_SENTENCES[key])).slice(0, chance(random, 0.5) ? 2 : 1);
  for (const key of highlights) sentences.push(pick(random, SERVICE_SENTENCES[key]!));

  const feeNotes: string[] = [];
  if (fees.management_fee_flat !== null) feeNotes.push(`Management is a flat $${fees.management_fee_flat} a month, whatever the rent.`);
  if (fees.setup_fee === 0 && fees.maintenance_markup_percent === 0) feeNotes.push("There is no setup fee, and vendor invoices are passed on without a markup.");
  else if (fees.setup_fee === 0) feeNotes.push("There is no setup fee.");
  if (fees.renewal_fee === 0) feeNotes.push("Lease renewals carry no extra fee.");
  if (feeNotes.length && chance(random, 0.6)) sentences.push(pick(random, feeNotes));
  return sentences.join(" ");
}

/** How many companies have their office in a city of the sample directory. */
export function demoOfficeCount(city: Pick<DemoCity, "population" | "rural">): number {
  const { population } = city;
  const byPopulation = population >= 1_000_000 ? 16 : population >= 500_000 ? 12 : population >= 250_000 ? 8 : population >= 100_000 ? 5 : population >= 50_000 ? 2 : 1;
  // The smallest remote towns have no office of their own (some are served from farther away,
  // a few by nobody: the directory shows them the nearest managers instead); other towns far
  // from the rest get three, so an owner there still has a choice.
  if (city.rural && population < 8_000) return 0;
  return city.rural ? Math.max(3, byPopulation) : byPopulation;
}

/**
 * `count` companies with their office in one city; `startIndex` continues the numbering (the
 * scale run adds more after the seed's). `registry` keeps names unique across a seed run.
 */
export function demoAgentsForCity(city: DemoCity, count: number, startIndex = 0, registry?: NameRegistry): DemoAgent[] {
  const agents: DemoAgent[] = [];
  for (let index = startIndex; index < startIndex + count; index++) {
    const random = randomFrom(`${city.stateAbbr}/${city.citySlug}/${index}`);
    const name = uniqueName(random, city, registry);
    const categories = categoriesFor(random, index);
    const services = servicesFor(random, categories);
    const fees = feesFor(random);
    const year = between(random, 1979, 2021);
    // Unit counts spread like real firms: many small ones, a few large ones.
    const units = Math.round(Math.exp(Math.log(40) + random() * (Math.log(2500) - Math.log(40))) / 10) * 10;
    const radius = city.rural ? between(random, 25, 60, 5) : between(random, 10, 35, 5);
    const office = city.zips.length > 0 ? pick(random, city.zips) : { zip: "", lat: city.lat, lng: city.lng };
    const slug = `${slugify(name)}-${city.citySlug}-${city.stateAbbr.toLowerCase()}-${index + 1}`;
    const street = `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`;
    const suite = chance(random, 0.5) ? `, Suite ${100 + Math.floor(random() * 400)}` : "";

    agents.push({
      slug,
      company_name: name,
      photo: `/images/logos/logo-${String(1 + Math.floor(random() * LOGO_COUNT)).padStart(2, "0")}.svg`,
      featured: chance(random, 0.12) ? 1 : 0,
      address: `${street}${suite}`,
      zip: office.zip,
      about: aboutText(random, { name, city, categories, services, fees, year, units, radius }),
      read_more: chance(random, 0.7) ? 1 : 0,
      email: `contact+${slug}@example.com`,
      phone: `555${String(Math.floor(random() * 10_000_000)).padStart(7, "0")}`,
      categories,
      ...fees,
      services: JSON.stringify(services),
      license_state: city.stateAbbr,
      license_number: `SAMPLE-${String(Math.floor(random() * 1_000_000)).padStart(6, "0")}`,
      license_type: "Real estate broker",
      license_source: "sample",
      license_checked_on: null,
      office_lat: office.lat,
      office_lng: office.lng,
      service_radius_miles: radius,
      units_managed: Math.max(40, units),
      year_founded: year,
    });
  }
  return agents;
}
