import Link from "next/link";
import { DEFAULT_SEO_TEMPLATES, SEO_KINDS, SEO_KIND_LABELS, templateTarget } from "@/lib/contract/seo-text";
import { workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { siteRows } from "@/lib/service/workspace/site";
import { listLiveTemplates } from "@/lib/service/workspace/seo";
import { requireStaff } from "../staff-session";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

export const metadata = { title: "Templates" };

/** One template per kind of page: the words of thousands of generated pages at once. */
export default async function TemplatesPage() {
  await requireStaff();
  const db = await workspaceDb();
  const [site, live] = await Promise.all([siteRows(db), listLiveTemplates(db)]);
  const counts = new Map<string, number>();
  for (const row of site.rows) counts.set(row.kind, (counts.get(row.kind) ?? 0) + 1);
  return (
    <>
      <h1>Templates</h1>
      <p className="ws-lead">{WORKSPACE_PAGES.templatesLead}</p>
      <WorkspaceTable columns={["Kind", "Pages", "Title pattern", "Published"]}>
        {SEO_KINDS.map((kind) => {
          const published = live.get(templateTarget(kind));
          return (
            <tr key={kind}>
              <td data-label="Kind">
                <Link href={workspaceTemplatePath(kind)}>{SEO_KIND_LABELS[kind]}</Link>
              </td>
              <td data-label="Pages">{(counts.get(kind) ?? 0).toLocaleString("en-US")}</td>
              <td data-label="Title pattern">
                <code>{published?.title ?? DEFAULT_SEO_TEMPLATES[kind].title}</code>
              </td>
              <td data-label="Published">{published ? `Revision ${published.revision_id} by ${published.published_by}` : "Default wording"}</td>
            </tr>
          );
        })}
      </WorkspaceTable>
    </>
  );
}
