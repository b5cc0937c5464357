/**
 * The JSON-LD a list of pages needs and its serialisation, apart from json-ld.ts so a client
 * component can render them without the rest (json-ld.ts imports the HTML sanitiser): the city
 * page's cards render their ItemList from the card data they already receive, so it travels once.
 */

/** A schema.org object. */
export type Thing = Record<string, unknown>;

/** A path as an absolute URL on the site's origin. */
export const absolute = (origin: string, path: string) => new URL(path, origin).toString();

/**
 * Where a page's items stand in the whole list: the position of its first (page 2 of 12 a page
 * starts at 13) and the list's size over every page (unset: the page shows the whole list).
 */
export type ListPlace = { firstPosition?: number; total?: number };

/**
 * Any list of pages as a schema.org ItemList: the items the page shows, and `numberOfItems` the
 * size of the whole list they belong to (25 on page 2 of a 25-manager list, never its 5). Also
 * the mainEntity of a collection page (blog posts, state law pages).
 */
export function linkListLd(origin: string, name: string, items: { name: string; path: string }[], { firstPosition = 1, total }: ListPlace = {}): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    // Never fewer than the last position shown (a total read a moment before a manager was added).
    numberOfItems: Math.max(total ?? 0, firstPosition - 1 + items.length),
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: firstPosition + index,
      url: absolute(origin, item.path),
      name: item.name,
    })),
  };
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so no text can close the tag. */
export function serializeJsonLd(data: Thing | Thing[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
