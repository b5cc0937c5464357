"use client";

/**
 * A card's "Compare" checkbox, in the list's compare form (by its id). A client component, like
 * the cards' list that renders it (AgentCard.tsx): it receives two values, where the same markup
 * rendered on the server would travel again, in full, in the page's flight data for each card.
 */
export function CompareCheckbox({ id, name, form }: { id: number; name: string; form: string }) {
  return (
    <label className="compare-toggle">
      <input type="checkbox" name="ids" value={id} form={form} aria-label={`Compare ${name}`} />
      Compare
    </label>
  );
}
