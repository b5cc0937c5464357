import Link from "next/link";
import type { LawCompareRow } from "@/lib/contract";
import { STATUTE_TEXT, UNVERIFIED_TEXT, sourceHost, sourceKind } from "@/lib/contract/law-topics";
import { lawPath } from "@/lib/contract/routes";
import "@/styles/laws.css";

/** What the statute cell says: the citation (marked when it could not be confirmed), "No statute", or why none is shown. */
function statuteText(row: LawCompareRow): string {
  if (row.value === null) return STATUTE_TEXT.notCovered;
  if (!row.verified) return row.citation ? `${UNVERIFIED_TEXT.short}: ${row.citation}` : UNVERIFIED_TEXT.short;
  if (row.citation) return row.citation;
  return row.no_statute ? STATUTE_TEXT.none : STATUTE_TEXT.notNamed;
}

/**
 * One topic across the 51 jurisdictions: the fact in plain words, its statute (first, and marked
 * where it could not be confirmed), the page it was checked against named as an official site or
 * a secondary source, and a link to the state's page. Server-rendered in full; it scrolls sideways inside its own box on
 * narrow screens so the page itself never does.
 */
export function LawCompareTable({ id, caption, label, rows }: { id: string; caption: string; label: string; rows: LawCompareRow[] }) {
  return (
    <div className="law-compare__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table id={id} className="law-compare">
        {/* Names the table and its scroll box; the page's title and introduction say it on screen. */}
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">{label}</th>
            <th scope="col">Statute</th>
            <th scope="col">Checked against</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.abbreviation} data-state={row.state} data-abbreviation={row.abbreviation} className={row.value === null ? "law-compare__row--missing" : undefined}>
              <th scope="row">
                <Link href={lawPath(row.slug)}>{row.state}</Link>
              </th>
              <td>{row.value ?? <span className="law-compare__missing">{STATUTE_TEXT.notCovered}</span>}</td>
              <td>{row.value === null ? "" : statuteText(row)}</td>
              <td>
                {row.source_url ? (
                  <a href={row.source_url} rel="nofollow noopener noreferrer" target="_blank">
                    {sourceHost(row.source_url)}
                    <span className="visually-hidden"> (the page {row.state}&apos;s entry was checked against, opens in a new tab)</span>
                  </a>
                ) : null}
                {row.source_url && <span className="law-compare__kind">{sourceKind(row.source_url) === "official" ? "official site" : "secondary source"}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
