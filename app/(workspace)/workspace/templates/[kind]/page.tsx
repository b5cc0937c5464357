import Link from "next/link";
import { notFound } from "next/navigation";
import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { DEFAULT_SEO_TEMPLATES, EMPTY_PATTERN, SEO_KIND_LABELS, SEO_VARIABLES, isSeoKind } from "@/lib/contract/seo-text";
import { SERP } from "@/lib/contract/serp";
import { WORKSPACE_PATHS, workspacePagePath, workspacePreviewPath } from "@/lib/contract/routes";
import { can } from "@/lib/contract/staff";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { siteRows, templateImpact, type PageRow } from "@/lib/service/workspace/pages";
import { editorState, patternFromRow } from "@/lib/service/workspace/seo";
import { DraftForm } from "@/components/workspace/DraftForm";
import { RevisionList } from "@/components/workspace/RevisionList";
import { SerpPreview } from "@/components/workspace/SerpPreview";
import { draftAction, rollbackAction } from "../../actions";
import { requireStaff } from "../../staff-session";

type Props = { params: Promise<{ kind: string }> };

export const metadata = { title: "Template" };

const number = (value: number) => value.toLocaleString("en-US");

function Example({ title, row, previewBase }: { title: string; row: PageRow; previewBase: string | null }) {
  return (
    <div className="ws-example">
      <h4>
        {title}: <Link href={workspacePagePath(row.path)}>{row.path}</Link>
        {previewBase && (
          <>
            {" "}
            ·{" "}
            <a href={`${previewBase}${row.path}`} target="_blank" rel="noopener">
              preview
            </a>
          </>
        )}
      </h4>
      <SerpPreview url={`${siteUrl()}${row.path}`} title={row.title} description={row.description} label={`${title}: search result`} />
    </div>
  );
}

/** One kind's template: its patterns, what a change would do to every page of the kind, and its history. */
export default async function TemplateEditor({ params }: Props) {
  const staff = await requireStaff();
  const { kind } = await params;
  if (!isSeoKind(kind)) notFound();
  const db = await workspaceDb();
  const target = { type: "template" as const, kind };
  const { live, draft, revisions } = await editorState(db, staff, target);
  const livePattern = patternFromRow(live) ?? EMPTY_PATTERN;
  const tried = patternFromRow(draft) ?? livePattern;
  const [impact, site] = await Promise.all([templateImpact(db, { kind, pattern: tried }), siteRows(db)]);
  const defaults = DEFAULT_SEO_TEMPLATES[kind];
  const values = patternFromRow(draft) ?? livePattern;
  const canEdit = can(staff.role, "template:edit");
  const previewBase = draft ? workspacePreviewPath(draft.id) : null;
  const ofKind = site.rows.filter((row) => row.kind === kind);
  const problemsNow = Object.fromEntries(AUDIT_PROBLEM_KEYS.map((key) => [key, ofKind.filter((row) => row.problems.includes(key)).length]));

  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.templates}>Templates</Link> › {SEO_KIND_LABELS[kind]}
      </p>
      <h1>{SEO_KIND_LABELS[kind]} template</h1>
      <p className="ws-lead">
        {number(impact.pages)} pages of this kind.{" "}
        {live && (live.title ?? live.description ?? live.keywords) !== null
          ? `Live: revision ${live.revision_id}, by ${live.published_by}.`
          : `It uses the default wording${live ? ` (revision ${live.revision_id}, by ${live.published_by})` : ""}.`}
      </p>

      <section aria-labelledby="template-form-heading">
        <h2 id="template-form-heading">{draft ? "Your draft" : "Patterns"}</h2>
        {canEdit ? (
          <DraftForm
            action={draftAction}
            target={target}
            values={{ title: values.title ?? "", description: values.description ?? "", keywords: values.keywords ?? "" }}
            placeholders={defaults}
            variables={SEO_VARIABLES[kind]}
            draftId={draft?.id ?? null}
            canPublish={can(staff.role, "template:publish")}
            previewHref={draft && impact.sample ? `${previewBase}${impact.sample.path}` : null}
            emptyMeans="Leave a field empty to use the default wording (shown greyed). Pages with their own override keep it. Saving keeps a draft; only Publish changes the site."
          />
        ) : (
          <>
            <p>Only admins change templates; your role ({staff.role}) can see them.</p>
            <dl className="ws-facts">
              <dt>Title</dt>
              <dd>
                <code>{livePattern.title ?? defaults.title}</code>
              </dd>
              <dt>Description</dt>
              <dd>
                <code>{livePattern.description ?? defaults.description}</code>
              </dd>
              <dt>Keywords</dt>
              <dd>
                <code>{livePattern.keywords ?? defaults.keywords}</code>
              </dd>
            </dl>
          </>
        )}
      </section>

      <section aria-labelledby="impact-heading">
        <h2 id="impact-heading">{draft ? "What publishing this draft would do" : "How the pages read now"}</h2>
        {draft && (
          <p className="ws-impact" role="status">
            This change affects {number(impact.affected)} {impact.affected === 1 ? "page" : "pages"}, {number(impact.overLimit)} of them over the width limit (title{" "}
            {SERP.title.maxPx} px or description {SERP.description.desktopMaxPx} px).
          </p>
        )}
        <div className="ws-table-scroll">
          <table className="ws-table ws-table--compact">
            <caption>Problems among the {SEO_KIND_LABELS[kind].toLowerCase()} pages</caption>
            <thead>
              <tr>
                <th scope="col">Problem</th>
                <th scope="col">Now</th>
                {draft && <th scope="col">With the draft</th>}
              </tr>
            </thead>
            <tbody>
              {AUDIT_PROBLEM_KEYS.filter((key) => problemsNow[key] > 0 || impact.counts[key] > 0).map((key) => (
                <tr key={key}>
                  <th scope="row">{AUDIT_PROBLEMS[key].label}</th>
                  <td>{number(problemsNow[key])}</td>
                  {draft && <td>{number(impact.counts[key])}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {impact.sample && <Example title="Sample" row={impact.sample} previewBase={previewBase} />}
        {impact.widest.map((row, index) => (
          <Example key={row.path} title={`Widest title ${index + 1}`} row={row} previewBase={previewBase} />
        ))}
        {impact.sameName.length > 0 && (
          <>
            <h3>Same-named cities</h3>
            <p>Cities that share a name across states must tell them apart.</p>
            {impact.sameName.map((row) => (
              <Example key={row.path} title={`${(row.facts as { city?: string }).city}, ${row.state}`} row={row} previewBase={previewBase} />
            ))}
          </>
        )}
      </section>

      <section aria-labelledby="template-history-heading">
        <h2 id="template-history-heading">History of this template</h2>
        <RevisionList
          rollback={rollbackAction}
          revisions={revisions.map((revision) => ({ ...revision, liveRevisionId: live?.revision_id ?? null, canRollBack: can(staff.role, "template:publish") }))}
        />
      </section>
    </>
  );
}
