"use client";

import { DIRECTORY_SORTS, MANAGER_SERVICES, PROPERTY_CATEGORIES, type DirectorySort } from "@/lib/contract/site";

type Props = {
  /** Where the form goes: the list's view path (a city's /view, or /managers). */
  action: string;
  sort: DirectorySort;
  /** The chosen property category (0: all) and the categories to offer (those with managers); none: no choice here. */
  category?: number;
  categories?: number[];
  service?: string;
  /** Fields the view needs besides these (the ZIP code of /managers). */
  hidden?: Record<string, string>;
};

/**
 * Sort and filter a list (issue 20): a plain GET form, so the view is in the address
 * (`?sort=fee&service=evictions`) and rendered by the server, with or without JavaScript. A
 * client component only so that its two dozen options travel once, as HTML, instead of again in
 * the page's flight data: it receives the few values it needs, and the options come with its code.
 */
export function ListControls({ action, sort, category, categories, service = "", hidden = {} }: Props) {
  return (
    <form action={action} method="get" className="list-controls" aria-label="Sort and filter managers">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label>
        Sort
        <select name="sort" defaultValue={sort}>
          {DIRECTORY_SORTS.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {categories && (
        <label>
          Property type
          <select name="category" defaultValue={String(category ?? 0)}>
            <option value="0">Any</option>
            {PROPERTY_CATEGORIES.filter((option) => categories.includes(option.id)).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Offers
        <select name="service" defaultValue={service}>
          <option value="">Any service</option>
          {MANAGER_SERVICES.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--outline">
        Apply
      </button>
    </form>
  );
}
