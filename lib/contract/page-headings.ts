import { LAWS_TITLE, REVIEW_STEP_TITLE } from "./site";
import { PATHS, STEP_PATHS, type INDEXABLE_FIXED_PATHS } from "./routes";
import { QUOTE_STEP_TITLES } from "./messages";
import type { SeoFactsOf, SeoKind } from "./seo-text";

/**
 * The h1 of each kind of page, one home for the pages that show it and the workspace's CSV that
 * lists it: a page renders its heading with these, the export computes the same from
 * the facts it already read, without fetching the page.
 */

/** A city's list, a category tab, their later pages: "Multi Family Property Managers in Austin, TX". */
export const listHeading = ({ category, city, state_abbr }: { category?: string; city: string; state_abbr: string }) =>
  `${category ? `${category} Property Managers` : "Property Managers"} in ${city}, ${state_abbr}`;

/** A state hub: "Property Managers in Texas". */
export const stateHeading = (state: string) => `Property Managers in ${state}`;

/** A state's law page: "Landlord Tenant Laws in Texas". */
export const lawHeading = (state: string) => `${LAWS_TITLE} in ${state}`;

/** The fixed pages whose heading the page fixes (the others show their page record's heading), noindex ones included. */
export const FIXED_PAGE_HEADINGS: Partial<Record<(typeof INDEXABLE_FIXED_PATHS)[number] | (typeof STEP_PATHS)[2 | 3 | 4 | 5] | typeof PATHS.thankYou, string>> = {
  [STEP_PATHS[1]]: QUOTE_STEP_TITLES.propertyType,
  [STEP_PATHS[2]]: QUOTE_STEP_TITLES.address,
  [STEP_PATHS[3]]: QUOTE_STEP_TITLES.details,
  [STEP_PATHS[4]]: QUOTE_STEP_TITLES.contact,
  [STEP_PATHS[5]]: REVIEW_STEP_TITLE,
  [PATHS.thankYou]: QUOTE_STEP_TITLES.thankYou,
  [PATHS.laws]: "Landlord Tenant Rights",
  [PATHS.blogs]: "Blog & News",
  [PATHS.faqs]: "FAQs",
  [PATHS.contact]: "Get In Touch",
  [PATHS.career]: "Career",
  [PATHS.propertyManagement]: "Property Management",
  [PATHS.privacy]: "Privacy Policy",
};

/** A fixed page's heading, by its path (the pages that fix one import it from here). */
export const fixedHeading = (path: keyof typeof FIXED_PAGE_HEADINGS) => FIXED_PAGE_HEADINGS[path]!;

type Page = { [K in SeoKind]: { kind: K; path: string; facts: SeoFactsOf[K] } }[SeoKind];

/** The h1 a page shows, from the facts its words are written from. */
export function pageHeading(page: Page): string {
  switch (page.kind) {
    case "fixed":
      return FIXED_PAGE_HEADINGS[page.path as keyof typeof FIXED_PAGE_HEADINGS] ?? page.facts.heading;
    case "blog":
      return page.facts.heading;
    case "state":
      return stateHeading(page.facts.state);
    case "city":
      return listHeading(page.facts);
    case "category":
      return listHeading(page.facts);
    case "profile":
      return page.facts.company;
    case "law":
      return lawHeading(page.facts.state);
    case "law-compare":
      return page.facts.topic;
  }
}
