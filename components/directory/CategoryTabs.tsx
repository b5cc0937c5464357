import type { CategoryCount } from "@/lib/contract";
import { DIRECTORY_PAGE_SIZE, PROPERTY_CATEGORIES, type PropertyCategorySlug } from "@/lib/contract/site";
import { cityPath } from "@/lib/contract/routes";

/**
 * The tabs of a city page: "All Property Managers" (every category, the spec's tab) and one per
 * property category that has managers in the city, each a page of its own
 * (/agents/TX/austin/multi-family). An empty category has no tab: its page is a noindex
 * "No Record" that no indexable page links to. The tab being shown is always there.
 * A tab longer than a page has its later pages linked in one short line under the tabs, so a
 * crawler reaches each from the city page (home → state hub → city → a tab's page 2: three links).
 */
export function CategoryTabs({ state, citySlug, current, counts }: { state: string; citySlug: string; current?: PropertyCategorySlug; counts: CategoryCount[] }) {
  const served = new Set(counts.filter((count) => count.managers > 0).map((count) => count.category_id));
  const tabs = [
    { label: "All Property Managers", slug: undefined },
    ...PROPERTY_CATEGORIES.filter((category) => served.has(category.id) || category.slug === current).map((category) => ({ label: category.label, slug: category.slug })),
  ];
  return (
    <>
      <nav className="tabs" aria-label="Property types">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.label}>
              <a href={cityPath(state, citySlug, { category: tab.slug })} {...(tab.slug === current ? { "aria-current": "page" as const } : {})}>
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <TabPages state={state} citySlug={citySlug} counts={counts} />
    </>
  );
}

/** "More pages: Single Family 2 3 · Commercial 2": each tab's pages after its first. */
function TabPages({ state, citySlug, counts }: { state: string; citySlug: string; counts: CategoryCount[] }) {
  const long = PROPERTY_CATEGORIES.map((category) => ({ category, pages: Math.ceil((counts.find((count) => count.category_id === category.id)?.managers ?? 0) / DIRECTORY_PAGE_SIZE) })).filter(
    ({ pages }) => pages > 1,
  );
  if (long.length === 0) return null;
  return (
    <p className="tabs__pages">
      More pages:
      {long.map(({ category, pages }) => (
        <span key={category.id}>
          {" "}
          {category.label}
          {Array.from({ length: pages - 1 }, (_, index) => index + 2).map((page) => (
            <a key={page} href={cityPath(state, citySlug, { category: category.slug, page })} aria-label={`${category.label}, page ${page}`}>
              {page}
            </a>
          ))}
        </span>
      ))}
    </p>
  );
}
