import Link from "next/link";

/** The pages to offer: the first, the last, and two on either side of the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2].filter((page) => page >= 1 && page <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const page of sorted) {
    const previous = result.at(-1);
    if (typeof previous === "number" && page - previous > 1) result.push("gap");
    result.push(page);
  }
  return result;
}

/**
 * Real links to every page of a list (crawlers follow them; each is a path of its own, so it
 * stays cacheable): Previous, numbers with gaps, Next.
 */
export function Pagination({ page, lastPage, hrefFor, label = "Pages of managers" }: { page: number; lastPage: number; hrefFor: (page: number) => string; label?: string }) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">
        Page {page} of {lastPage}
      </p>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link href={hrefFor(page - 1)} rel="prev" className="pagination__link">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
        {pageWindow(page, lastPage).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className="pagination__link pagination__link--current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {item}
                </span>
              ) : (
                <Link href={hrefFor(item)} className="pagination__link">
                  <span className="visually-hidden">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        {page < lastPage && (
          <li>
            <Link href={hrefFor(page + 1)} rel="next" className="pagination__link">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
