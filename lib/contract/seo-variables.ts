import { SITE_NAME } from "./site";
import { SEO_VARIABLES, type SeoKind } from "./seo-text";

/**
 * What each variable of a pattern means, as the editor's "Variables you can use" lists them. The
 * names each kind offers are SEO_VARIABLES (lib/contract/seo-text.ts, which the browser's live
 * preview needs); their meanings live here, for the server-rendered list only.
 */
const MEANINGS: Record<string, string> = {
  site: `the site's name (${SITE_NAME})`,
  seo_title: "the record's SEO title",
  seo_description: "the record's SEO description",
  seo_keywords: "the record's SEO keywords",
  heading: "the record's heading",
  city: "the city's name",
  state: "the state's name",
  state_abbr: "the state's abbreviation",
  count: "how many managers serve the city (in the tab's category)",
  managers: '"Property Managers", or "Multi Family Property Managers" on a tab',
  managers_lower: "the same in lower case",
  page: 'nothing on page 1, " – Page 2" on later pages',
  page_of: 'nothing on page 1, "Page 2 of 3: " on later pages',
  category: 'the tab\'s category ("Multi Family")',
  category_lower: "the same in lower case",
  company: "the manager's company name",
  about: "its about text, cut to 160 characters",
  topic: "the comparison's title",
  topic_label: "the topic in lower case",
  summary: "the topic's description and how many states it covers, cut to 300 characters",
};

/** Where a kind's variable means something else than elsewhere. */
const KIND_MEANINGS: Partial<Record<SeoKind, Record<string, string>>> = {
  state: { count: "how many of its cities have managers" },
  profile: { category: "the property types it manages" },
};

export type SeoVariable = { name: string; meaning: string };

/** A kind's variables with what each means, in the order the editor lists them. */
export function variablesOf(kind: SeoKind): SeoVariable[] {
  return SEO_VARIABLES[kind].map((name) => ({ name, meaning: KIND_MEANINGS[kind]?.[name] ?? MEANINGS[name] ?? "" }));
}
