import Link from "next/link";
import { AUDIT_CAUSE_SOURCES, AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { SEO_FIELDS, SEO_KINDS, SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { SERP } from "@/lib/contract/serp";
import { WORKSPACE_PATHS, workspacePagePath } from "@/lib/contract/workspace-routes";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { type PageFilter, type PageRow } from "@/lib/service/workspace/pages";
import { changeOf } from "@/lib/service/workspace/site";
import { PAGE_LIST_SIZE, listPages } from "@/lib/service/workspace/page-list";
import { myDraftById } from "@/lib/service/workspace/seo";
import { requireStaff } from "./staff-session";
import { filterFrom, one, queryString, type ListQuery } from "./filters";
import { AUDIT_PAGE, CSV_EXPORT, PAGE_SORT_LABELS, SEO_FIELD_LABELS, WORKSPACE, can } from "@/lib/contract/staff";
import { afterPublishMessage, deployment } from "@/lib/service/workspace/deployment";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { CsvExport } from "@/components/workspace/CsvExport";
import { NetworkTasks } from "./network-ui";
import { PAGE_SETTINGS_COPY, WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";
import { ROBOTS_FILTERS, robotsText, type RobotsFilter } from "@/lib/contract/robots";

const ROBOTS_FILTER_LABELS: Record<RobotsFilter, string> = {
  index: PAGE_SETTINGS_COPY.filterIndex,
  noindex: PAGE_SETTINGS_COPY.filterNoindex,
  nofollow: PAGE_SETTINGS_COPY.filterNofollow,
  canonical: PAGE_SETTINGS_COPY.filterCanonical,
};

export const metadata = { title: "Pages" };

type Props = { searchParams: Promise<ListQuery> };

const number = (value: number) => value.toLocaleString("en-US");

type PageList = Awaited<ReturnType<typeof listPages>>;

/** The site's pages (the sitemap's own list, and the pages their own settings keep out of it), with their words, filters and CSV. */
export default async function PagesListPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const query = await searchParams;
  const { filter, page } = filterFrom(query);
  const db = await workspaceDb();
  // ?draft=N: the list as the staff member's own draft would make it (a publish's confirmation links here).
  const draft = filter.draft ? await myDraftById(db, staff, { draftId: filter.draft }) : null;
  const list = await listPages(db, { filter, page, ...(draft ? { change: changeOf(draft.target, draft.pattern) } : {}) });
  const published = Number(one(query.published));
  // Bulk edits work on the pages as they are, not on a draft's view of them.
  const bulk = can(staff.role, "page:publish") && !filter.draft && list.total > 0;
  const first = (list.page - 1) * PAGE_LIST_SIZE + 1;
  return (
    <>
      <div className="ws-title-row">
        <h1>{WORKSPACE_PAGES.listTitle}</h1>
        <CsvExport action={WORKSPACE_PATHS.csv} fields={Object.fromEntries(new URLSearchParams(queryString(filter)))} />
      </div>
      <NetworkTasks />
      <p className="ws-lead">
        {WORKSPACE_PAGES.sitemapLead(number(list.all))}
      </p>
      {filter.draft && (
        <p className={draft ? "ws-notice ws-notice--ok" : "ws-notice ws-notice--error"}>
          {draft ? WORKSPACE.listWithDraft(draft.target.type === "template" ? `the ${SEO_KIND_LABELS[draft.target.kind]} template` : draft.target.path) : WORKSPACE.listDraftGone}{" "}
          <Link href={`${WORKSPACE_PATHS.home}${queryString({ ...filter, draft: undefined, changed: undefined })}`}>Show the pages as they are</Link>
        </p>
      )}
      {one(query.published) !== "" && Number.isSafeInteger(published) && published >= 0 && (
        <p className="ws-notice ws-notice--ok" role="status">
          {afterPublishMessage("published", published, deployment())}
        </p>
      )}
      <p className="ws-lead">{CSV_EXPORT.note(list.noindex)}</p>
      <Filters filter={filter} list={list} />
      {bulk && <BulkForm filter={filter} total={list.total} />}
      <p className="ws-count" role="status">
        {list.total === 0 ? WORKSPACE.noPageMatches : `Pages ${number(first)}–${number(first + list.rows.length - 1)} of ${number(list.total)}`}
      </p>
      {list.rows.length > 0 && <PagesTable list={list} origin={siteUrl()} selectable={bulk} />}
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
        <label htmlFor="filter-source">{AUDIT_PAGE.sourceFilter}</label>
        <select id="filter-source" name="source" defaultValue={filter.source ?? ""}>
          <option value="">{AUDIT_PAGE.sourceAny}</option>
          {AUDIT_CAUSE_SOURCES.map((source) => (
            <option key={source} value={source}>
              {AUDIT_PAGE.sources[source]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">Order</label>
        <select id="filter-sort" name="sort" defaultValue={filter.sort ?? ""}>
          {Object.entries(PAGE_SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <RobotsFilterField value={filter.robots} />
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

/** The robots filter: indexable pages, noindex, nofollow, or canonical to another page. */
function RobotsFilterField({ value }: { value: RobotsFilter | undefined }) {
  return (
    <div className="field">
      <label htmlFor="filter-robots">{PAGE_SETTINGS_COPY.filterLabel}</label>
      <select id="filter-robots" name="robots" defaultValue={value ?? ""}>
        <option value="">{PAGE_SETTINGS_COPY.filterAny}</option>
        {ROBOTS_FILTERS.map((choice) => (
          <option key={choice} value={choice}>
            {ROBOTS_FILTER_LABELS[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One screen of the list: a row per page, with its words, their widths and its problems. */
function PagesTable({ list, origin, selectable }: { list: PageList; origin: string; selectable: boolean }) {
  const columns = ["Type", "Page", "Title", "Description", "Keywords", "Canonical, robots, share image"];
  return (
    <WorkspaceTable caption={`Indexable pages, ${number(list.total)} matching`} columns={selectable ? ["Select", ...columns] : columns}>
      {list.rows.map((row) => (
        <PageTableRow key={row.path} row={row} origin={origin} selectable={selectable} />
      ))}
    </WorkspaceTable>
  );
}

/** One page: its type, address and problems, its words with their widths, canonical, robots and share image. */
function PageTableRow({ row, origin, selectable }: { row: PageRow; origin: string; selectable: boolean }) {
  return (
    <tr>
      {selectable && (
        <td data-label="Select">
          <input type="checkbox" name="path" value={row.path} form={BULK_FORM_ID} aria-label={`Select ${row.path}`} className="ws-select" />
        </td>
      )}
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
        <span className={row.robots === "noindex" || row.nofollow ? "ws-block ws-robots ws-robots--off" : "ws-block ws-robots"} data-robots={robotsText(row)}>
          {robotsText(row)}
        </span>
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

const BULK_FORM_ID = "bulk-edit";

/**
 * Bulk edit: the rows ticked in the table (their checkboxes belong to this
 * form) or every row of the filter, one field set or cleared; sent as a GET to the confirmation,
 * which shows what it does before anything is published.
 */
function BulkForm({ filter, total }: { filter: PageFilter; total: number }) {
  const kept = (["kind", "state", "problem", "q", "errors", "robots"] as const).filter((name) => filter[name] !== undefined);
  return (
    <form id={BULK_FORM_ID} className="ws-panel ws-bulk" method="get" action={WORKSPACE_PATHS.bulk} aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">Bulk edit</h2>
      {kept.map((name) => (
        <input key={name} type="hidden" name={name} value={String(filter[name])} />
      ))}
      <fieldset className="ws-choices">
        <legend>Which pages</legend>
        <label>
          <input type="radio" name="scope" value="selected" defaultChecked /> The rows ticked below
        </label>
        <label>
          <input type="radio" name="scope" value="filter" /> Every row of this filter ({number(total)} {total === 1 ? "page" : "pages"})
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="bulk-field">Field</label>
        <select id="bulk-field" name="field" defaultValue="title">
          {SEO_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SEO_FIELD_LABELS[field]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ws-choices">
        <legend>Change</legend>
        <label>
          <input type="radio" name="op" value="set" defaultChecked /> Set each page&apos;s own words to
        </label>
        <label>
          <input type="radio" name="op" value="clear" /> Clear each page&apos;s own words (back to its template)
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="bulk-value">New words (variables such as {"{site}"} work)</label>
        <input id="bulk-value" name="value" maxLength={1000} />
      </div>
      <button type="submit" className="button ws-button">
        Review bulk edit
      </button>
    </form>
  );
}
