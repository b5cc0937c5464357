import Link from "next/link";
import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { SEO_KINDS, SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { SERP } from "@/lib/contract/serp";
import { WORKSPACE_PATHS, workspacePagePath } from "@/lib/contract/routes";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { PAGE_LIST_SIZE, listPages, type PageFilter, type PageRow } from "@/lib/service/workspace/pages";
import { requireStaff } from "./staff-session";
import { filterFrom, queryString, type ListQuery } from "./filters";
import { CSV_EXPORT, WORKSPACE } from "@/lib/contract/staff";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { CsvExport } from "@/components/workspace/CsvExport";

export const metadata = { title: "Pages" };

type Props = { searchParams: Promise<ListQuery> };

const number = (value: number) => value.toLocaleString("en-US");

type PageList = Awaited<ReturnType<typeof listPages>>;

/** Every indexable page of the site (the sitemap's own list), with its words, filters and CSV. */
export default async function PagesListPage({ searchParams }: Props) {
  await requireStaff();
  const { filter, page } = filterFrom(await searchParams);
  const list = await listPages(await workspaceDb(), { filter, page });
  const first = (list.page - 1) * PAGE_LIST_SIZE + 1;
  return (
    <>
      <div className="ws-title-row">
        <h1>Every indexable page</h1>
        <CsvExport action={WORKSPACE_PATHS.csv} fields={Object.fromEntries(new URLSearchParams(queryString(filter)))} />
      </div>
      <p className="ws-lead">
        The {number(list.all)} pages of the sitemap, with the title, description and keywords they serve, their canonical link, robots and share image.
        Widths are estimates at {SERP.title.fontPx} px (titles, limit {SERP.title.maxPx} px) and {SERP.description.fontPx} px (descriptions, limit {SERP.description.desktopMaxPx} px).
      </p>
      <p className="ws-lead">{CSV_EXPORT.note(list.noindex)}</p>
      <Filters filter={filter} list={list} />
      <p className="ws-count" role="status">
        {list.total === 0 ? WORKSPACE.noPageMatches : `Pages ${number(first)}–${number(first + list.rows.length - 1)} of ${number(list.total)}`}
      </p>
      {list.rows.length > 0 && <PagesTable list={list} origin={siteUrl()} />}
      {list.lastPage > 1 && <Pager filter={filter} list={list} />}
    </>
  );
}

/** The filters (type, state, problem with its count, words), sent as a GET query. */
function Filters({ filter, list }: { filter: PageFilter; list: PageList }) {
  return (
    <form className="ws-filters" method="get" action={WORKSPACE_PATHS.home} aria-label="Filter the pages">
      <div className="field">
        <label htmlFor="filter-kind">Type</label>
        <select id="filter-kind" name="kind" defaultValue={filter.kind ?? ""}>
          <option value="">Every type</option>
          {SEO_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {SEO_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-state">State</label>
        <select id="filter-state" name="state" defaultValue={filter.state ?? ""}>
          <option value="">Every state</option>
          {list.states.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-problem">Problem</label>
        <select id="filter-problem" name="problem" defaultValue={filter.problem ?? ""}>
          <option value="">Any, or none</option>
          {AUDIT_PROBLEM_KEYS.map((problem) => (
            <option key={problem} value={problem}>
              {AUDIT_PROBLEMS[problem].label} ({number(list.counts[problem])})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-q">Address or title contains</label>
        <input id="filter-q" name="q" type="search" defaultValue={filter.q ?? ""} />
      </div>
      <button type="submit" className="button ws-button">
        Filter
      </button>
    </form>
  );
}

/** One screen of the list: a row per page, with its words, their widths and its problems. */
function PagesTable({ list, origin }: { list: PageList; origin: string }) {
  return (
    <WorkspaceTable caption={`Indexable pages, ${number(list.total)} matching`} columns={["Type", "Page", "Title", "Description", "Keywords", "Canonical, robots, share image"]}>
      {list.rows.map((row) => (
        <PageTableRow key={row.path} row={row} origin={origin} />
      ))}
    </WorkspaceTable>
  );
}

/** One page: its type, address and problems, its words with their widths, canonical, robots and share image. */
function PageTableRow({ row, origin }: { row: PageRow; origin: string }) {
  return (
    <tr>
      <td data-label="Type">{SEO_KIND_LABELS[row.kind]}</td>
      <td data-label="Page">
        <Link href={workspacePagePath(row.path)} className="ws-path">
          {row.path}
        </Link>
        {row.problems.length > 0 && (
          <ul className="ws-badges" aria-label="Problems">
            {row.problems.map((problem) => (
              <li key={problem} className="ws-badge">
                {AUDIT_PROBLEMS[problem].label}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Title">
        {row.title}
        <span className={row.titlePx > SERP.title.maxPx ? "ws-px ws-px--over" : "ws-px"}>{Math.round(row.titlePx)} px</span>
      </td>
      <td data-label="Description">
        {row.description}
        <span className={row.descriptionPx > SERP.description.desktopMaxPx ? "ws-px ws-px--over" : "ws-px"}>{Math.round(row.descriptionPx)} px</span>
      </td>
      <td data-label="Keywords" className="ws-small">
        {row.keywords}
      </td>
      <td data-label="Canonical, robots, share image" className="ws-small">
        <span className="ws-block">{origin + row.canonical}</span>
        <span className="ws-block">{row.robots === "index" ? "index, follow" : "noindex, follow"}</span>
        <span className="ws-block">{row.image.url ?? "the page's own card"}</span>
      </td>
    </tr>
  );
}

/** Previous and next screens of the list, keeping the filters. */
function Pager({ filter, list }: { filter: PageFilter; list: PageList }) {
  return (
    <nav className="ws-pager" aria-label="Pages of the list">
      {list.page > 1 ? <Link href={`${WORKSPACE_PATHS.home}${queryString(filter, list.page - 1)}`}>Previous</Link> : <span />}
      <span>
        Page {number(list.page)} of {number(list.lastPage)}
      </span>
      {list.page < list.lastPage ? <Link href={`${WORKSPACE_PATHS.home}${queryString(filter, list.page + 1)}`}>Next</Link> : <span />}
    </nav>
  );
}
