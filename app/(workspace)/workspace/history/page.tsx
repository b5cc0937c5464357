import Link from "next/link";
import { WORKSPACE_PATHS, workspacePagePath, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { SEO_KIND_LABELS, isSeoKind } from "@/lib/contract/seo-text";
import { can } from "@/lib/contract/staff";
import { workspaceDb } from "@/lib/service/workspace";
import { auditActionLabel, historyPage } from "@/lib/service/workspace/seo";
import { RevisionList } from "@/components/workspace/RevisionList";
import { rollbackAction } from "../actions";
import { requireStaff } from "../staff-session";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";

export const metadata = { title: "History" };

type Props = { searchParams: Promise<{ page?: string }> };

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }) + " UTC";

function TargetLink({ target }: { target: string | null }) {
  if (!target) return <>—</>;
  if (target.startsWith("template:")) {
    const kind = target.slice("template:".length);
    return <Link href={workspaceTemplatePath(kind)}>{isSeoKind(kind) ? `${SEO_KIND_LABELS[kind]} template` : target}</Link>;
  }
  if (target.startsWith("page:")) return <Link href={workspacePagePath(target.slice("page:".length))}>{target.slice("page:".length)}</Link>;
  return <>{target}</>;
}

/** Who did what and when: every publish and rollback (with its own rollback), then the whole audit log. */
export default async function HistoryPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const { revisions, liveByTarget, log, logPages } = await historyPage(await workspaceDb(), { page });
  return (
    <>
      <h1>History</h1>
      <section aria-labelledby="published-heading">
        <h2 id="published-heading">Published changes</h2>
        <RevisionList
          rollback={rollbackAction}
          revisions={revisions.map((revision) => ({
            ...revision,
            liveRevisionId: liveByTarget.get(revision.target) ?? null,
            canRollBack: can(staff.role, revision.target.startsWith("template:") ? "template:publish" : "page:publish"),
            targetLabel: <TargetLink target={revision.target} />,
          }))}
        />
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading">Audit log</h2>
        <WorkspaceTable compact columns={["When", "Who", "What", "On", "Detail"]}>
          {log.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When" className="ws-nowrap">
                {when(entry.at)}
              </td>
              <td data-label="Who">{entry.staff_email}</td>
              <td data-label="What">{auditActionLabel(entry.action)}</td>
              <td data-label="On">
                <TargetLink target={entry.target} />
              </td>
              <td data-label="Detail">{entry.detail}</td>
            </tr>
          ))}
        </WorkspaceTable>
        {logPages > 1 && (
          <nav className="ws-pager" aria-label="Pages of the log">
            {page > 1 ? <Link href={`${WORKSPACE_PATHS.history}?page=${page - 1}`}>Newer</Link> : <span />}
            <span>
              Page {page} of {logPages}
            </span>
            {page < logPages ? <Link href={`${WORKSPACE_PATHS.history}?page=${page + 1}`}>Older</Link> : <span />}
          </nav>
        )}
      </section>
    </>
  );
}
