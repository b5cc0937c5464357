import Link from "next/link";
import { SEARCH_MAX_LENGTH } from "@/lib/contract/operator";
import { NETWORK } from "@/lib/contract/operator-messages";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { networkCounts } from "@/lib/service/workspace/network";
import { one, type ListQuery } from "./filters";

/**
 * What the operator's pages (applications, messages, subscribers) share: how they write a time,
 * read their filters from the query, and page through a list.
 */
export const when = (iso: string) => `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

/** A list's page number and search from its query (anything else is the caller's). */
export function pagingFrom(query: ListQuery): { page: number; search?: string } {
  const page = Number(one(query.page));
  const search = one(query.q).trim().slice(0, SEARCH_MAX_LENGTH);
  return { page: Number.isSafeInteger(page) && page > 0 ? page : 1, ...(search ? { search } : {}) };
}

/** The list's query with another page (empty values left out). */
function listHref(base: string, params: Record<string, string | undefined>, page?: number): string {
  const query = new URLSearchParams(Object.entries({ ...params, page: page && page > 1 ? String(page) : undefined }).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

export function ListPager({ base, params, page, lastPage, label }: { base: string; params: Record<string, string | undefined>; page: number; lastPage: number; label: string }) {
  if (lastPage <= 1) return null;
  return (
    <nav className="ws-pager" aria-label={label}>
      {page > 1 ? <Link href={listHref(base, params, page - 1)}>Previous</Link> : <span />}
      <span>
        Page {page.toLocaleString("en-US")} of {lastPage.toLocaleString("en-US")}
      </span>
      {page < lastPage ? <Link href={listHref(base, params, page + 1)}>Next</Link> : <span />}
    </nav>
  );
}

/** A list's filter form (GET, so a filtered list has its own address): its fields, then the search box and the button. */
export function ListFilters({ action, label, searchLabel, search, submit = "Filter", children }: { action: string; label: string; searchLabel: string; search?: string; submit?: string; children?: React.ReactNode }) {
  return (
    <form className="ws-filters" method="get" action={action} aria-label={label}>
      {children}
      <div className="field">
        <label htmlFor="filter-q">{searchLabel}</label>
        <input id="filter-q" name="q" type="search" defaultValue={search ?? ""} />
      </div>
      <button type="submit" className="button ws-button">
        {submit}
      </button>
    </form>
  );
}

/** One choice of a list's filters: "any" first, then each value by its label. */
export function FilterSelect<V extends string>({ name, label, any, values, labels, value }: { name: string; label: string; any: string; values: readonly V[]; labels: Record<V, string>; value?: V }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How many rows the filters found (a status line, read out when it changes), or the sentence for none. */
export function ListCount({ total, none, some }: { total: number; none: string; some: (total: number) => string }) {
  return (
    <p className="ws-count" role="status">
      {total === 0 ? none : some(total)}
    </p>
  );
}

/** A status badge: new ones stand out. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={status === "new" ? "ws-badge ws-badge--warning" : "ws-badge ws-badge--notice"}>{label}</span>;
}

/** A phone number as the workspace writes it: +1 (512) 555-0142, or the digits after another country code. */
export function phoneText(digits: string, countryCode = 1): string {
  if (!digits) return "—";
  const local = countryCode === 1 && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
  return `+${countryCode} ${local}`;
}

/** The workspace home's line of the network's waiting tasks: new applications and new messages, each a link to its list. */
export async function NetworkTasks() {
  const counts = await networkCounts(await workspaceDb());
  return (
    <p className="ws-tasks" aria-label={NETWORK.homeTasks}>
      <strong>{NETWORK.homeTasks}:</strong> <Link href={listHref(WORKSPACE_PATHS.applications, { status: "new" })}>{NETWORK.homeApplications(counts.applications)}</Link>
      {" · "}
      <Link href={listHref(WORKSPACE_PATHS.messages, { status: "new" })}>{NETWORK.homeMessages(counts.messages)}</Link>
    </p>
  );
}
