import { PROPERTY_CATEGORIES } from "@/lib/contract/site";
import { PATHS } from "@/lib/contract/routes";

/**
 * ZIP code + property type → /managers?zip=78701&category=1. A plain GET form, with or without
 * JavaScript: the browser loads the results page as a page. (next/form would navigate without a
 * reload, but it adds about 1.7 kB gzipped to the first load of every page that holds this form,
 * home and the results page among them, for a navigation whose cost is a server render anyway.)
 */
export function ZipSearchForm({
  zip = "",
  category = 1,
  idPrefix = "zip-search",
  variant = "light",
  label = "Find property managers near you",
  extra,
}: {
  zip?: string;
  category?: number;
  idPrefix?: string;
  variant?: "light" | "dark";
  label?: string;
  /** A second way on from what was typed (home: "Get free quotes" into the quote flow). */
  extra?: React.ReactNode;
}) {
  return (
    <form method="get" id={`${idPrefix}-form`} action={PATHS.managers} className={`zip-search zip-search--${variant}${extra ? " zip-search--extra" : ""}`} aria-label={label}>
      <div className="zip-search__field">
        {/* Up to ZIP+4 (10 characters); the service checks the form. */}
        <label htmlFor={`${idPrefix}-zip`}>ZIP code</label>
        <input
          id={`${idPrefix}-zip`}
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          defaultValue={zip}
          placeholder="e.g. 78701"
          required
        />
      </div>
      <div className="zip-search__field">
        <label htmlFor={`${idPrefix}-category`}>Property type</label>
        <select id={`${idPrefix}-category`} name="category" defaultValue={String(category)}>
          {PROPERTY_CATEGORIES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
          <option value="0">Any property type</option>
        </select>
      </div>
      <button type="submit" className="button button--accent zip-search__submit">
        Find managers
      </button>
      {extra}
    </form>
  );
}
