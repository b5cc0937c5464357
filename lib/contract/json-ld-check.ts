/**
 * A validity check of a page's JSON-LD blocks, for the marketers' workspace: each block must be
 * JSON, name schema.org as its context and a type, and carry what search engines need for rich
 * results of that type (Google's required properties). Not a full schema.org validator: it
 * catches the mistakes a page template can make, with sentences that say what to fix.
 */
export type JsonLdBlock = { types: string[]; problems: string[]; json: string };

type Thing = Record<string, unknown>;

const isThing = (value: unknown): value is Thing => typeof value === "object" && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "") && !(Array.isArray(value) && value.length === 0);
const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);

/** Properties a type needs (Google's required ones for the rich results it supports). */
const REQUIRED: Record<string, string[]> = {
  BreadcrumbList: ["itemListElement"],
  ItemList: ["itemListElement"],
  Organization: ["name", "url"],
  WebSite: ["name", "url"],
  WebPage: ["name", "url"],
  AboutPage: ["name", "url"],
  ContactPage: ["name", "url"],
  CollectionPage: ["name", "url"],
  FAQPage: ["mainEntity"],
  BlogPosting: ["headline", "datePublished"],
  Article: ["headline", "datePublished"],
  RealEstateAgent: ["name", "address"],
  LocalBusiness: ["name", "address"],
  Dataset: ["name", "description"],
};

function typesOf(thing: Thing): string[] {
  const type = thing["@type"];
  return (Array.isArray(type) ? type : [type]).filter((value): value is string => typeof value === "string");
}

function checkThing(thing: Thing, problems: string[], where: string) {
  const types = typesOf(thing);
  if (types.length === 0) problems.push(`${where} has no @type.`);
  for (const type of types) {
    for (const property of REQUIRED[type] ?? []) if (!present(thing[property])) problems.push(`${where} (${type}) has no ${property}.`);
  }
  if (types.includes("BreadcrumbList") || types.includes("ItemList")) {
    const items = thing.itemListElement;
    if (Array.isArray(items)) {
      items.forEach((item, index) => {
        if (!isThing(item)) return problems.push(`${where}: list item ${index + 1} is not an object.`);
        if (item.position !== index + 1) problems.push(`${where}: list item ${index + 1} has position ${String(item.position)}, not ${index + 1}.`);
        if (types.includes("BreadcrumbList")) {
          if (!present(item.name)) problems.push(`${where}: breadcrumb ${index + 1} has no name.`);
          if (index < items.length - 1 && !isAbsoluteUrl(item.item)) problems.push(`${where}: breadcrumb ${index + 1} has no absolute URL in item.`);
        }
      });
    }
  }
  if (types.includes("FAQPage") && Array.isArray(thing.mainEntity)) {
    thing.mainEntity.forEach((question, index) => {
      if (!isThing(question) || !present(question.name) || !isThing(question.acceptedAnswer) || !present(question.acceptedAnswer.text)) {
        problems.push(`${where}: question ${index + 1} needs a name and an acceptedAnswer with text.`);
      }
    });
  }
  for (const property of ["url", "@id"]) if (present(thing[property]) && !isAbsoluteUrl(thing[property])) problems.push(`${where}: ${property} is not an absolute URL.`);
}

/** Checks one <script type="application/ld+json"> body. */
export function checkJsonLd(source: string): JsonLdBlock {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    return { types: [], problems: [`Not valid JSON: ${error instanceof Error ? error.message : "parse error"}.`], json: source };
  }
  const problems: string[] = [];
  const roots = Array.isArray(parsed) ? parsed : [parsed];
  const types: string[] = [];
  roots.forEach((root, index) => {
    const where = roots.length > 1 ? `Item ${index + 1}` : "The block";
    if (!isThing(root)) return problems.push(`${where} is not an object.`);
    const context = root["@context"];
    if (typeof context !== "string" || !/^https?:\/\/schema\.org\/?$/.test(context)) problems.push(`${where} does not name https://schema.org as its @context.`);
    const things = Array.isArray(root["@graph"]) ? root["@graph"].filter(isThing) : [root];
    for (const thing of things) {
      types.push(...typesOf(thing));
      checkThing(thing, problems, where);
    }
  });
  return { types, problems, json: JSON.stringify(parsed, null, 2) };
}

/**
 * The names of a page's breadcrumb (its first BreadcrumbList, as served), which a search result
 * shows after the domain; null when the page has none.
 */
export function breadcrumbNames(blocks: JsonLdBlock[]): string[] | null {
  for (const block of blocks) {
    if (!block.types.includes("BreadcrumbList")) continue;
    try {
      const parsed: unknown = JSON.parse(block.json);
      const list = (Array.isArray(parsed) ? parsed : [parsed]).find((thing) => isThing(thing) && thing["@type"] === "BreadcrumbList");
      const items = isThing(list) && Array.isArray(list.itemListElement) ? list.itemListElement : [];
      const names = items.map((item) => (isThing(item) && typeof item.name === "string" ? item.name.trim() : "")).filter(Boolean);
      if (names.length > 0) return names;
    } catch {
      // checkJsonLd already reported it.
    }
  }
  return null;
}
