import Link from "next/link";
import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { SEO_KINDS, SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { WORKSPACE_PATHS } from "@/lib/contract/routes";
import { workspaceDb } from "@/lib/service/workspace";
import { siteRows, siteStatus } from "@/lib/service/workspace/pages";
import { AuditProgress } from "@/components/workspace/AuditProgress";
import { auditStatus } from "../actions";
import { requireStaff } from "../staff-session";
import { queryString } from "../filters";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";

export const metadata = { title: "Audit" };

const number = (value: number) => value.toLocaleString("en-US");

/** The site-wide audit, from the database (no crawl): how many pages have each problem, with links to them. */
export default async function AuditPage() {
  await requireStaff();
  const db = await workspaceDb();
  const status = await siteStatus(db);
  if (!status.ready) {
    return (
      <>
        <h1>Site audit</h1>
        <AuditProgress poll={auditStatus} initial={status.progress} />
      </>
    );
  }
  const site = await siteRows(db);
  const withProblems = site.rows.filter((row) => row.problems.length > 0).length;
  return (
    <>
      <h1>Site audit</h1>
      <p className="ws-lead">
        {number(site.rows.length)} indexable pages checked from the database on {new Date(site.builtAt).toUTCString()} in {number(site.buildMs)} ms;{" "}
        {number(withProblems)} have at least one problem. It runs again when content changes or anything is published.
      </p>
      <WorkspaceTable columns={["Problem", "Pages", ...SEO_KINDS.map((kind) => ({ key: kind, label: SEO_KIND_LABELS[kind], className: "ws-small ws-wide-only" }))]}>
        {AUDIT_PROBLEM_KEYS.map((problem) => (
          <tr key={problem}>
            <th scope="row" data-label="Problem">
              {AUDIT_PROBLEMS[problem].label}
              <span className="ws-block ws-small">{AUDIT_PROBLEMS[problem].explain}</span>
            </th>
            <td data-label="Pages">
              {site.counts[problem] > 0 ? <Link href={`${WORKSPACE_PATHS.home}${queryString({ problem })}`}>{number(site.counts[problem])}</Link> : "0"}
            </td>
            {SEO_KINDS.map((kind) => {
              const count = site.rows.filter((row) => row.kind === kind && row.problems.includes(problem)).length;
              return (
                <td key={kind} data-label={SEO_KIND_LABELS[kind]} className="ws-small ws-wide-only">
                  {count > 0 ? <Link href={`${WORKSPACE_PATHS.home}${queryString({ problem, kind })}`}>{number(count)}</Link> : "0"}
                </td>
              );
            })}
          </tr>
        ))}
      </WorkspaceTable>
    </>
  );
}
