import Link from "next/link";
import { notFound } from "next/navigation";
import { AUDIT_PROBLEMS, AUDIT_PROBLEM_KEYS } from "@/lib/contract/seo-audit";
import { EMPTY_PATTERN, SEO_FIELDS, SEO_KIND_LABELS, isEmptyPattern, isSeoKind, patternOf, wordsBelowTemplate, type SeoField, type SeoKind, type SeoPattern } from "@/lib/contract/seo-text";
import { variablesOf } from "@/lib/contract/seo-variables";
import { WORKSPACE_PATHS, workspacePagePath, workspacePreviewPath } from "@/lib/contract/workspace-routes";
import { can, SEO_FIELD_LABELS, type StaffRole, WORKSPACE } from "@/lib/contract/staff";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { type PageRow } from "@/lib/service/workspace/pages";
import { changeOf, publishEffect, siteRows, templateImpact, type PublishEffect, type TemplateImpact } from "@/lib/service/workspace/site";
import { afterPublishMessage, deployment } from "@/lib/service/workspace/deployment";
import { PublishEffects } from "@/components/workspace/PublishEffects";
import { effectListHref } from "../../filters";
import { editorState, patternFromRow } from "@/lib/service/workspace/seo";
import { DraftForm } from "@/components/workspace/DraftForm";
import { RevisionList } from "@/components/workspace/RevisionList";
import { SerpPreview } from "@/components/workspace/SerpPreview";
import { draftAction, rollbackAction } from "../../actions";
import { requireStaff } from "../../staff-session";
import { WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

type Props = { params: Promise<{ kind: string }>; searchParams: Promise<{ published?: string; pages?: string }> };

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

type EditorState = Awaited<ReturnType<typeof editorState>>;

/** One kind's template: its patterns, what a change would do to every page of the kind, and its history. */
export default async function TemplateEditor({ params, searchParams }: Props) {
  const staff = await requireStaff();
  const { kind } = await params;
  const query = await searchParams;
  if (!isSeoKind(kind)) notFound();
  const db = await workspaceDb();
  const target = { type: "template" as const, kind };
  const { live, draft, revisions } = await editorState(db, staff, target);
  const livePattern = patternFromRow(live) ?? EMPTY_PATTERN;
  const tried = patternFromRow(draft) ?? livePattern;
  const [impact, site, effect] = await Promise.all([templateImpact(db, { kind, pattern: tried }), siteRows(db), draft ? publishEffect(db, changeOf(target, tried)) : null]);
  const defaults = wordsBelowTemplate(kind);
  const values = patternFromRow(draft) ?? livePattern;
  const canEdit = can(staff.role, "template:edit");
  const canPublish = can(staff.role, "template:publish");
  const previewBase = draft ? workspacePreviewPath(draft.id) : null;
  const ofKind = site.rows.filter((row) => row.kind === kind);
  const problemsNow = Object.fromEntries(AUDIT_PROBLEM_KEYS.map((key) => [key, ofKind.filter((row) => row.problems.includes(key)).length]));

  return (
    <>
      <TemplateHeading kind={kind} pages={impact.pages} live={live} />
      {live && query.published === String(live.revision_id) && (
        <p className="ws-notice ws-notice--ok" role="status">
          {afterPublishMessage("published", Number(query.pages) || 0, deployment())}
        </p>
      )}

      <section aria-labelledby="template-form-heading">
        <h2 id="template-form-heading">{draft ? "Your draft" : "Patterns"}</h2>
        {canEdit ? (
          <DraftForm
            action={draftAction}
            target={target}
            values={Object.fromEntries(SEO_FIELDS.map((field) => [field, values[field] ?? ""])) as Record<SeoField, string>}
            placeholders={defaults}
            variables={variablesOf(kind)}
            draftId={draft?.id ?? null}
            canPublish={canPublish}
            confirmFirst
            previewHref={draft && impact.sample ? `${previewBase}${impact.sample.path}` : null}
            emptyMeans={WORKSPACE.templateEmptyMeans}
            live={sampleOf(ofKind)}
          />
        ) : (
          <LivePatterns role={staff.role} pattern={livePattern} defaults={defaults} />
        )}
      </section>

      <ImpactSection kind={kind} draftId={draft?.id ?? null} effect={effect} impact={impact} problemsNow={problemsNow} previewBase={previewBase} />

      <section aria-labelledby="template-history-heading">
        <h2 id="template-history-heading">History of this template</h2>
        <RevisionList rollback={rollbackAction} revisions={revisions.map((revision) => ({ ...revision, liveRevisionId: live?.revision_id ?? null, canRollBack: canPublish }))} />
      </section>
    </>
  );
}

/** The kind, how many pages it has, and which revision (or the default wording) is live. */
function TemplateHeading({ kind, pages, live }: { kind: SeoKind; pages: number; live: EditorState["live"] }) {
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.templates}>Templates</Link> › {SEO_KIND_LABELS[kind]}
      </p>
      <h1>{SEO_KIND_LABELS[kind]} template</h1>
      <p className="ws-lead">
        {WORKSPACE_PAGES.templatePages(number(pages))}{" "}
        {live && !isEmptyPattern(patternOf(live))
          ? `Live: revision ${live.revision_id}, by ${live.published_by}.`
          : `It uses the default wording${live ? ` (revision ${live.revision_id}, by ${live.published_by})` : ""}.`}
      </p>
    </>
  );
}

/** The live patterns, read-only, for a role that may not change templates. */
function LivePatterns({ role, pattern, defaults }: { role: StaffRole; pattern: SeoPattern; defaults: Record<SeoField, string> }) {
  return (
    <>
      <p>{WORKSPACE_PAGES.templatesReadOnly(role)}</p>
      <dl className="ws-facts">
        {SEO_FIELDS.map((field) => (
          <div key={field}>
            <dt>{SEO_FIELD_LABELS[field]}</dt>
            <dd>
              <code>{pattern[field] ?? defaults[field]}</code>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

type ImpactProps = { kind: SeoKind; draftId: number | null; effect: PublishEffect | null; impact: TemplateImpact; problemsNow: Record<string, number>; previewBase: string | null };

/** How the kind's pages read now, or what publishing the draft would do to them: field by field, problem counts and examples. */
function ImpactSection({ kind, draftId, effect, impact, problemsNow, previewBase }: ImpactProps) {
  const withDraft = draftId !== null;
  return (
    <section aria-labelledby="impact-heading">
      <h2 id="impact-heading">{withDraft ? "What publishing this draft would do" : "How the pages read now"}</h2>
      {draftId !== null && effect && <PublishEffects fields={effect.fields} listHref={(pages) => effectListHref({ kind }, draftId, pages)} />}
      <ProblemCounts kind={kind} withDraft={withDraft} counts={impact.counts} problemsNow={problemsNow} />
      {impact.sample && <Example title="Sample" row={impact.sample} previewBase={previewBase} />}
      {impact.widest.map((row, index) => (
        <Example key={row.path} title={`Widest title ${index + 1}`} row={row} previewBase={previewBase} />
      ))}
      {impact.sameName.length > 0 && (
        <>
          <h3>Same-named cities</h3>
          <p>{WORKSPACE_PAGES.sameNameCities}</p>
          {impact.sameName.map((row) => (
            <Example key={row.path} title={`${(row.facts as { city?: string }).city}, ${row.state}`} row={row} previewBase={previewBase} />
          ))}
        </>
      )}
    </section>
  );
}

/** Each problem the kind's pages have now (and would have with the draft). */
function ProblemCounts({ kind, withDraft, counts, problemsNow }: { kind: SeoKind; withDraft: boolean; counts: TemplateImpact["counts"]; problemsNow: Record<string, number> }) {
  return (
    <div className="ws-table-scroll">
      <table className="ws-table ws-table--compact">
        <caption>Problems among the {SEO_KIND_LABELS[kind].toLowerCase()} pages</caption>
        <thead>
          <tr>
            <th scope="col">Problem</th>
            <th scope="col">Now</th>
            {withDraft && <th scope="col">With the draft</th>}
          </tr>
        </thead>
        <tbody>
          {AUDIT_PROBLEM_KEYS.filter((key) => problemsNow[key] > 0 || counts[key] > 0).map((key) => (
            <tr key={key}>
              <th scope="row">{AUDIT_PROBLEMS[key].label}</th>
              <td>{number(problemsNow[key])}</td>
              {withDraft && <td>{number(counts[key])}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The page a template's draft is drawn on while typing: the first of its kind. */
function sampleOf(rows: PageRow[]) {
  const row = rows[0];
  if (!row) return undefined;
  const image = row.image.url ? `${siteUrl()}${row.image.url}` : null;
  return { url: `${siteUrl()}${row.path}`, kind: row.kind, facts: row.facts, level: "template" as const, template: null, date: row.published, image };
}
