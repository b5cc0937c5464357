import Link from "next/link";
import { PROPERTY_CATEGORIES, type PropertyCategorySlug } from "@/lib/contract/site";
import { cityPath } from "@/lib/contract/routes";

/**
 * The tabs of a city page: "All Property Managers" (every category, the spec's tab) and one per
 * property category, each a page of its own (/agents/TX/austin/multi-family).
 */
export function CategoryTabs({ state, citySlug, current }: { state: string; citySlug: string; current?: PropertyCategorySlug }) {
  const tabs = [{ label: "All Property Managers", slug: undefined }, ...PROPERTY_CATEGORIES.map((category) => ({ label: category.label, slug: category.slug }))];
  return (
    <nav className="tabs" aria-label="Property types">
      <ul className="tabs__list">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link href={cityPath(state, citySlug, { category: tab.slug })} className="tabs__tab" aria-current={tab.slug === current ? "page" : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
