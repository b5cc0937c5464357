/** Facts about the site that never depend on configuration or the database. */
export const SITE_NAME = "Managely";
export const SITE_TAGLINE =
  "Simplified property management that connects owners and managers with data-driven insights.";
export const COPYRIGHT_YEAR = 2024;
export const LAWS_TITLE = "Landlord Tenant Laws";

export const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://www.facebook.com/managely" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/managely" },
  { name: "Twitter", href: "https://twitter.com/managely" },
  { name: "Instagram", href: "https://www.instagram.com/managely" },
] as const;

/** Property category codes of the quote flow and the directory (spec section 3). */
export const PROPERTY_CATEGORIES = [
  { id: 1, label: "Single Family" },
  { id: 2, label: "Multi Family" },
  { id: 3, label: "Association" },
  { id: 8, label: "Commercial" },
] as const;

export type PropertyCategoryId = (typeof PROPERTY_CATEGORIES)[number]["id"];
export const CATEGORY_IDS = PROPERTY_CATEGORIES.map((category) => category.id) as PropertyCategoryId[];
export const DEFAULT_CATEGORY_ID: PropertyCategoryId = 1;

export function categoryLabel(id: number): string | undefined {
  return PROPERTY_CATEGORIES.find((category) => category.id === id)?.label;
}

/** Page record ids (spec section 7; 19 is our own record for My Client Center). */
export const PAGE_IDS = {
  home: 1,
  about: 2,
  thankYou: 3,
  topBar: 4,
  step1: 5,
  step2: 6,
  step3: 7,
  step4: 8,
  faqs: 9,
  blogs: 10,
  resources: 11,
  privacy: 12,
  acceptableUse: 13,
  limitedUse: 14,
  careers: 15,
  mission: 16,
  propertyManagement: 17,
  resourceCenter: 18,
  myClientCenter: 19,
  contact: 20,
  laws: 21,
} as const;

export const PHONE_MAX_LENGTH = 10;
export const ZIP_MAX_LENGTH = 6;
export const PRICE_MIN = 100;
export const PRICE_MAX = 150;
export const PRICE_DEFAULT = 100;
export const COUNTRY_CODES = [
  { value: 1, label: "US +1" },
  { value: 91, label: "IN +91" },
] as const;
