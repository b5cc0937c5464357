import Link from "next/link";
import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { SEO_KINDS, SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { SERP } from "@/lib/contract/serp";
import { WORKSPACE_PATHS, workspacePagePath } from "@/lib/contract/routes";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { PAGE_LIST_SIZE, changeOf, listPages, type PageFilter, type PageRow } from "@/lib/service/workspace/pages";
import { myDraftById } from "@/lib/service/workspace/seo";
import { requireStaff } from "./staff-session";
import { filterFrom, queryString, type ListQuery } from "./filters";
import { WORKSPACE } from "@/lib/contract/staff";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";

export const metadata = { title: "Pages" };

type Props = { searchParams: Promise<ListQuery> };

const number = (value: number) => value.toLocaleString("en-US");

type PageList = Awaited<ReturnType<typeof listPages>>;

/** Every indexable page of the site (the sitemap's own list), with its words, filters and CSV. */
export default async function PagesListPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const { filter, page } = filterFrom(await searchParams);
  const db = await workspaceDb();
  // ?draft=N: the list as the staff member's own draft would make it (a publish's confirmation links here).
  const draft = filter.draft ? await myDraftById(db, staff, { draftId: filter.draft }) : null;
  const list = await listPages(db, { filter, page, ...(draft ? { change: changeOf(draft.target, draft.pattern) } : {}) });
  const first = (list.page - 1) * PAGE_LIST_SIZE + 1;
  return (
    <>
      <div className="ws-title-row">
        <h1>Every indexable page</h1>
        <a className="button ws-button ws-button--outline" href={`${WORKSPACE_PATHS.csv}${queryString(filter)}`} download>
          Export CSV
        </a>
      </div>
      <p className="ws-lead">
        The {number(list.all)} pages of the sitemap, with the title, description and keywords they serve, their canonical link, robots and share image.
        Widths are estimates at {SERP.title.fontPx} px (titles, limit {SERP.title.maxPx} px) and {SERP.description.fontPx} px (descriptions, limit {SERP.description.desktopMaxPx} px).
      </p>
      {filter.draft && (
        <p className={draft ? "ws-notice ws-notice--ok" : "ws-notice ws-notice--error"}>
          {draft ? WORKSPACE.listWithDraft(draft.target.type === "template" ? `the ${SEO_KIND_LABELS[draft.target.kind]} template` : draft.target.path) : WORKSPACE.listDraftGone}{" "}
          <Link href={`${WORKSPACE_PATHS.home}${queryString({ ...filter, draft: undefined, changed: undefined })}`}>Show the pages as they are</Link>
        </p>
      )}
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
      {filter.draft && <input type="hidden" name="draft" value={filter.draft} />}
      {filter.changed && <input type="hidden" name="changed" value={filter.changed} />}
      {filter.errors && <input type="hidden" name="errors" value={filter.errors} />}
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
