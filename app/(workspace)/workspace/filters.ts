import { isAuditCauseSource, isAuditProblem } from "@/lib/contract/seo-audit";
import { isSeoField, isSeoKind, type SeoField } from "@/lib/contract/seo-text";
import type { PageFilter } from "@/lib/service/workspace/pages";
import type { EffectPages } from "@/lib/contract/publish-effects";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { isPageSort } from "@/lib/contract/staff";
import { parseRecordId } from "@/lib/contract/record-id";
import { isRobotsFilter } from "@/lib/contract/robots";

/** The list's filters from its query (anything unknown is ignored), and back. */
export type ListQuery = { [key: string]: string | string[] | undefined };

export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export function filterFrom(query: ListQuery): { filter: PageFilter; page: number } {
  const kind = one(query.kind);
  const problem = one(query.problem);
  const source = one(query.source);
  const state = one(query.state).toUpperCase();
  const q = one(query.q).slice(0, 200);
  const page = Number(one(query.page));
  const draft = parseRecordId(one(query.draft));
  const changed = one(query.changed);
  const errors = one(query.errors);
  const sort = one(query.sort);
  const robots = one(query.robots);
  return {
    filter: {
      ...(isSeoKind(kind) ? { kind } : {}),
      ...(isAuditProblem(problem) ? { problem, ...(isAuditCauseSource(source) ? { source } : {}) } : {}),
      ...(/^[A-Z]{2}$/.test(state) ? { state } : {}),
      ...(q.trim() ? { q } : {}),
      ...(draft !== null ? { draft } : {}),
      ...(isSeoField(changed) ? { changed } : {}),
      ...(isSeoField(errors) ? { errors } : {}),
      ...(isPageSort(sort) ? { sort } : {}),
      ...(isRobotsFilter(robots) ? { robots } : {}),
    },
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function queryString(filter: PageFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.state) params.set("state", filter.state);
  if (filter.problem) params.set("problem", filter.problem);
  if (filter.problem && filter.source) params.set("source", filter.source);
  if (filter.q) params.set("q", filter.q);
  if (filter.errors) params.set("errors", filter.errors);
  if (filter.changed) params.set("changed", filter.changed);
  if (filter.draft) params.set("draft", String(filter.draft));
  if (filter.sort) params.set("sort", filter.sort);
  if (filter.robots) params.set("robots", filter.robots);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list showing the pages behind one of a publish confirmation's counts, within `scope`. */
export function effectListHref(scope: PageFilter, draft: number, pages: EffectPages): string;
/** Without a draft (a rollback's confirmation): the pages as they are now, or null for a count only a draft can list. */
export function effectListHref(scope: PageFilter, draft: number | null, pages: EffectPages): string | null;
export function effectListHref(scope: PageFilter, draft: number | null, { after, ...pages }: EffectPages): string | null {
  const needsDraft = after || "changed" in pages;
  if (needsDraft && draft === null) return null;
  return `${WORKSPACE_PATHS.home}${queryString({ ...scope, ...pages, ...(needsDraft && draft !== null ? { draft } : {}) })}`;
}

/**
 * A bulk edit as the list's form sends it (GET to its confirmation) and the confirmation's form
 * posts it again: the rows chosen (`path`, repeated) or every row of the filter (`scope=filter`),
 * the field, and its new words or "clear".
 */
export type BulkQuery = { filter: PageFilter; scope: "selected" | "filter"; paths: string[]; field: SeoField; op: "set" | "clear"; value: string };

const every = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

export function bulkFrom(query: ListQuery): BulkQuery {
  const field = one(query.field);
  // The rows as they are now: a bulk edit never reads a draft's list.
  const { draft: _draft, changed: _changed, ...filter } = filterFrom(query).filter;
  return {
    filter,
    scope: one(query.scope) === "filter" ? "filter" : "selected",
    paths: every(query.path).filter((path) => path.startsWith("/")).slice(0, 1_000),
    field: isSeoField(field) ? field : "title",
    op: one(query.op) === "clear" ? "clear" : "set",
    value: one(query.value).slice(0, 1_000),
  };
}

/** A form's fields as a query (repeated names kept), for bulkFrom. */
export function queryOf(formData: FormData): ListQuery {
  const query: ListQuery = {};
  for (const name of new Set(formData.keys())) query[name] = formData.getAll(name).filter((value): value is string => typeof value === "string");
  return query;
}
