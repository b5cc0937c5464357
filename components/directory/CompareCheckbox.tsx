"use client";

/**
 * A card's "Compare" checkbox, in the list's compare form (by its id). A client leaf for one
 * reason: it receives two values, where the same markup rendered on the server would travel
 * again, in full, in the page's flight data for each of the 20 cards.
 */
export function CompareCheckbox({ id, name, form }: { id: number; name: string; form: string }) {
  return (
    <label className="compare-toggle">
      <input type="checkbox" name="ids" value={id} form={form} aria-label={`Compare ${name}`} />
      Compare
    </label>
  );
}
