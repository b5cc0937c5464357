import { isAuditCauseSource, isAuditProblem } from "@/lib/contract/seo-audit";
import { isSeoKind } from "@/lib/contract/seo-text";
import type { PageFilter } from "@/lib/service/workspace/pages";

/** The list's filters from its query (anything unknown is ignored), and back. */
export type ListQuery = { [key: string]: string | string[] | undefined };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export function filterFrom(query: ListQuery): { filter: PageFilter; page: number } {
  const kind = one(query.kind);
  const problem = one(query.problem);
  const source = one(query.source);
  const state = one(query.state).toUpperCase();
  const q = one(query.q).slice(0, 200);
  const page = Number(one(query.page));
  return {
    filter: {
      ...(isSeoKind(kind) ? { kind } : {}),
      ...(isAuditProblem(problem) ? { problem, ...(isAuditCauseSource(source) ? { source } : {}) } : {}),
      ...(/^[A-Z]{2}$/.test(state) ? { state } : {}),
      ...(q.trim() ? { q } : {}),
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
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
