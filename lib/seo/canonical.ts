import { notFound, permanentRedirect } from "next/navigation";
import { pageDecision } from "../contract/page-table";

/**
 * A dynamic page's side of the page table (lib/contract/page-table.ts): no record, or no page by
 * the table, is Next.js's 404; another spelling of a real page is one permanent redirect to its
 * canonical address; otherwise the record, for the page to render. The production server's route
 * resolver decides the same from the same table before the page is ever rendered.
 */
export function requirePage<T>(record: T | null | undefined, requested: string, canonicalOf: (record: T) => string | null): T {
  const decision = pageDecision(requested, record === null || record === undefined ? null : canonicalOf(record));
  if (decision.kind === "missing") notFound();
  if (decision.kind === "redirect") permanentRedirect(decision.location);
  return record as T;
}
