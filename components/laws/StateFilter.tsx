"use client";

import { useId, useState } from "react";

/**
 * Narrows a server-rendered table to the states whose name (or abbreviation) holds what the
 * visitor types, without leaving the page. The rows are all in the HTML: without JavaScript
 * every row still shows. Rows carry their names in data-state / data-abbreviation.
 */
export function StateFilter({ tableId, total }: { tableId: string; total: number }) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(total);

  function filter(value: string) {
    setQuery(value);
    const wanted = value.trim().toLowerCase();
    let count = 0;
    document.querySelectorAll<HTMLTableRowElement>(`#${CSS.escape(tableId)} tbody tr[data-state]`).forEach((row) => {
      const match =
        wanted === "" || (row.dataset.state ?? "").toLowerCase().includes(wanted) || (row.dataset.abbreviation ?? "").toLowerCase() === wanted;
      row.hidden = !match;
      if (match) count++;
    });
    setShown(count);
  }

  return (
    <div className="state-filter">
      <label htmlFor={inputId} className="state-filter__label">
        Filter by state name
      </label>
      <input
        id={inputId}
        type="search"
        className="state-filter__input"
        value={query}
        onChange={(event) => filter(event.target.value)}
        aria-controls={tableId}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. Ohio or OH"
      />
      <p className="state-filter__status" role="status" aria-live="polite">
        {shown === total ? `Showing all ${total} states` : shown === 0 ? `No state matches "${query.trim()}".` : `Showing ${shown} of ${total} states`}
      </p>
    </div>
  );
}
