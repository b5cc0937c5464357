import Form from "next/form";
import { PROPERTY_CATEGORIES } from "@/lib/contract/site";
import { PATHS } from "@/lib/contract/routes";

/**
 * ZIP code + property type → /managers?zip=78701&category=1. A plain GET form: it works without
 * JavaScript, and with it next/form navigates without a full reload.
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
    <Form id={`${idPrefix}-form`} action={PATHS.managers} className={`zip-search zip-search--${variant}${extra ? " zip-search--extra" : ""}`} aria-label={label}>
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
    </Form>
  );
}
