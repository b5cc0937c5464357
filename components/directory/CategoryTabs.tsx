import type { CategoryCount } from "@/lib/contract";
import { PROPERTY_CATEGORIES, type PropertyCategorySlug } from "@/lib/contract/site";
import { cityPath } from "@/lib/contract/routes";

/**
 * The tabs of a city page: "All Property Managers" (every category, the spec's tab) and one per
 * property category that has managers in the city, each a page of its own
 * (/agents/TX/austin/multi-family). An empty category has no tab: its page is a noindex
 * "No Record" that no indexable page links to (issue 17). The tab being shown is always there.
 */
export function CategoryTabs({ state, citySlug, current, counts }: { state: string; citySlug: string; current?: PropertyCategorySlug; counts: CategoryCount[] }) {
  const served = new Set(counts.filter((count) => count.managers > 0).map((count) => count.category_id));
  const tabs = [
    { label: "All Property Managers", slug: undefined },
    ...PROPERTY_CATEGORIES.filter((category) => served.has(category.id) || category.slug === current).map((category) => ({ label: category.label, slug: category.slug })),
  ];
  return (
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
  );
}
