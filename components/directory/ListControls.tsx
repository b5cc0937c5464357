"use client";

import { DIRECTORY_SORTS, MANAGER_SERVICES, PROPERTY_CATEGORIES, type DirectorySort } from "@/lib/contract/site";
import { FIRST_YEAR } from "@/lib/contract/messages";
import { SORT_RENT_ANCHOR } from "@/lib/contract/routes";

type Props = {
  /** Where the form goes: the list's view path (a city's /view, or /managers). */
  action: string;
  sort: DirectorySort;
  /** The chosen property category (0: all) and the categories to offer (those with managers); none: no choice here. */
  category?: number;
  categories?: number[];
  /** The services every listed manager must offer (any number of them). */
  services?: readonly string[];
  /** The monthly rent the fee sort ranks first-year cost at. */
  rent: number;
  /** Fields the view needs besides these (the ZIP code of /managers). */
  hidden?: Record<string, string>;
};

/**
 * Sort and filter a list (30): a plain GET form, so the view is in the address
 * (`?sort=fee&rent=2500&service=evictions&service=inspections`) and rendered by the server, with
 * or without JavaScript. Each control takes the full width on a phone; services are checkboxes
 * (several at once) folded under one summary that names those chosen; the rent field shows while the fee sort is chosen
 * (CSS :has, no script). A client component only so that its options travel once, as HTML,
 * instead of again in the page's flight data.
 */
const chosenLabels = (services: readonly string[]) =>
  MANAGER_SERVICES.filter((option) => services.includes(option.key))
    .map((option) => option.label)
    .join(", ");

export function ListControls({ action, sort, category, categories, services = [], rent, hidden = {} }: Props) {
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
      <label className="list-controls__rent">
        {FIRST_YEAR.rentLabel}
        <input id={SORT_RENT_ANCHOR} name="rent" type="text" inputMode="decimal" defaultValue={String(rent)} autoComplete="off" />
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
      {/* Folded even with services chosen: eleven boxes would push the list a screen down on a phone. */}
      <details className="list-controls__services">
        <summary>{services.length === 0 ? "Offers: any service" : `Offers: ${chosenLabels(services)}`}</summary>
        <fieldset>
          <legend>Managers offering every service ticked</legend>
          {MANAGER_SERVICES.map((option) => (
            <label key={option.key}>
              <input type="checkbox" name="service" value={option.key} defaultChecked={services.includes(option.key)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      </details>
      <button type="submit" className="button button--outline">
        Apply
      </button>
    </form>
  );
}
