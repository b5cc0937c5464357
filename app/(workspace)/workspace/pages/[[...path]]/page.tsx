import Link from "next/link";
import { notFound } from "next/navigation";
import { AUDIT_PROBLEMS } from "@/lib/contract/seo-audit";
import {
  EMPTY_PATTERN,
  SEO_FIELDS,
  SEO_KIND_LABELS,
  SOCIAL_FIELDS,
  isSocialField,
  resolveSeo,
  templateTarget,
  type ResolvedSeo,
  type SeoField,
  type SeoKind,
  type SeoSource,
} from "@/lib/contract/seo-text";
import { variablesOf } from "@/lib/contract/seo-variables";
import { WORKSPACE_PATHS, workspacePreviewPath, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { can, SEO_FIELD_LABELS, SOCIAL_CARDS, SOCIAL_FALLBACK_LABELS, WORKSPACE } from "@/lib/contract/staff";
import { PAGE_REVALIDATE_SECONDS } from "@/lib/contract/cache-policy";
import { breadcrumbNames } from "@/lib/contract/json-ld-check";
import { spokenDuration } from "@/lib/service/workspace/deployment";
import { siteUrl } from "@/lib/env";
import { workspaceDb } from "@/lib/service/workspace";
import { readLivePage } from "@/lib/service/workspace/live-page";
import { type PageRow } from "@/lib/service/workspace/pages";
import { changeOf, publishEffect, siteRows } from "@/lib/service/workspace/site";
import { addedErrors } from "@/lib/contract/publish-effects";
import { editorState, liveRulesFor, patternFromRow } from "@/lib/service/workspace/seo";
import { DraftForm } from "@/components/workspace/DraftForm";
import { PAGE_SETTING_FIELDS, settingsOf, type PageSettings } from "@/lib/contract/seo-fields";
import { previewNotes } from "@/lib/contract/robots";
import { servedShareImages } from "@/lib/service/workspace/page-settings";
import { JsonLdReport } from "@/components/workspace/JsonLdReport";
import { RevisionList } from "@/components/workspace/RevisionList";
import { SerpPreview } from "@/components/workspace/SerpPreview";
import { SocialCards } from "@/components/workspace/SocialCards";
import { TextDiff } from "@/components/workspace/TextDiff";
import { draftAction, rollbackAction } from "../../actions";
import { requireStaff } from "../../staff-session";
import { PAGE_SETTINGS_COPY, WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

type Props = { params: Promise<{ path?: string[] }> };

export const metadata = { title: "Page" };

const SOURCE_LABELS: Record<SeoSource, string> = { override: "this page's override", template: "its type's template", default: "the default wording" };
/** Where a field's live words come from; a social field no level sets is its fallback. */
const sourceOf = (field: SeoField, source: SeoSource) => (isSocialField(field) && source === "default" ? SOCIAL_FALLBACK_LABELS[field] : SOURCE_LABELS[source]);

type EditorState = Awaited<ReturnType<typeof editorState>>;
type Served = Awaited<ReturnType<typeof readLivePage>>;

/** One page's search and social appearance: previews, share cards, JSON-LD, draft, diff, history. */
export default async function PageEditor({ params }: Props) {
  const staff = await requireStaff();
  const { path: segments = [] } = await params;
  const path = `/${segments.map((segment) => decodeURIComponent(segment)).join("/")}`;
  const db = await workspaceDb();
  const row = (await siteRows(db)).byPath.get(path);
  if (!row) notFound();

  const target = { type: "page" as const, kind: row.kind, path };
  const [{ live, draft, revisions }, rules, served, images] = await Promise.all([
    editorState(db, staff, target),
    liveRulesFor(db, { kind: row.kind, path }),
    readLivePage(siteUrl(), path),
    servedShareImages(),
  ]);
  const url = `${siteUrl()}${path}`;
  const published = resolveSeo({ kind: row.kind, facts: row.facts, template: rules.template, override: rules.override } as Parameters<typeof resolveSeo>[0]);
  const drafted = draft ? resolveSeo({ kind: row.kind, facts: row.facts, template: rules.template, override: patternFromRow(draft) } as Parameters<typeof resolveSeo>[0]) : null;
  const withoutOverride = resolveSeo({ kind: row.kind, facts: row.facts, template: rules.template, override: EMPTY_PATTERN } as Parameters<typeof resolveSeo>[0]);
  const formValues = patternFromRow(draft) ?? rules.override ?? EMPTY_PATTERN;
  const liveSettings = settingsOf(rules.override);
  const draftSettings = draft ? settingsOf(draft) : null;
  const image = served.ok ? (served.og.image ?? null) : row.image.url ? `${siteUrl()}${row.image.url}` : null;
  const crumbs = served.ok ? breadcrumbNames(served.jsonLd) : null;
  const shown = (drafted ?? published).text;
  const canEdit = can(staff.role, "page:edit");
  const canPublish = can(staff.role, "page:publish");
  // What publishing the draft would break, said before Publish is pressed (a template's publish has a confirmation page).
  const errorsAdded = draft && canPublish ? addedErrors((await publishEffect(db, changeOf(target, patternFromRow(draft)!))).fields) : [];

  return (
    <>
      <PageHeading row={row} path={path} url={url} />
      <LiveSection row={row} url={url} live={live} published={published} served={served} crumbs={crumbs} settings={liveSettings} />
      <section aria-labelledby="draft-heading">
        <h2 id="draft-heading">{draft ? "Your draft" : canEdit ? "Change this page" : "Drafts"}</h2>
        {errorsAdded.length > 0 && (
          <p className="ws-notice ws-notice--warning" role="note">
            {WORKSPACE.publishAddsErrors(errorsAdded.map((error) => ({ label: AUDIT_PROBLEMS[error.problem].label, pages: error.pages })))}
          </p>
        )}
        {canEdit ? (
          <DraftForm
            action={draftAction}
            target={target}
            values={Object.fromEntries(SEO_FIELDS.map((field) => [field, formValues[field] ?? ""])) as Record<SeoField, string>}
            placeholders={withoutOverride.text}
            variables={variablesOf(row.kind)}
            draftId={draft?.id ?? null}
            canPublish={canPublish}
            previewHref={draft ? workspacePreviewPath(draft.id) : null}
            emptyMeans={WORKSPACE.pageEmptyMeans(SEO_KIND_LABELS[row.kind].toLowerCase())}
            live={{ url, kind: row.kind, facts: row.facts, level: "page", template: rules.template, date: row.published, image, crumbs }}
            settings={{ values: settingsOf(formValues), url, origin: siteUrl(), images }}
          />
        ) : (
          <p>{WORKSPACE_PAGES.pageReadOnly(staff.role)}</p>
        )}
        {draft && drafted && draftSettings && <DraftAgainstLive url={url} published={published} drafted={drafted} crumbs={crumbs} settings={{ live: liveSettings, draft: draftSettings }} />}
      </section>

      <section aria-labelledby="social-heading">
        <h2 id="social-heading">Share cards</h2>
        <p className="ws-hint">{draft ? WORKSPACE.cardsWithDraft : WORKSPACE.cardsAsPublished}</p>
        <SocialCards url={url} title={shown.og_title} description={shown.og_description} image={image} alt={shown.image_alt} />
        <p className="ws-hint">{SOCIAL_CARDS.howCut}</p>
      </section>

      <section aria-labelledby="jsonld-heading">
        <h2 id="jsonld-heading">Structured data (JSON-LD)</h2>
        {served.ok ? <JsonLdReport blocks={served.jsonLd} /> : <p>{served.error}</p>}
      </section>

      <PageHistory kind={row.kind} live={live} revisions={revisions} canRollBack={canPublish} />
    </>
  );
}

/** Where the page sits, its address, its type's template and its problems. */
function PageHeading({ row, path, url }: { row: PageRow; path: string; url: string }) {
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.home}>Pages</Link> › {SEO_KIND_LABELS[row.kind]}
      </p>
      <h1 className="ws-break">{path}</h1>
      <p>
        <a href={url} target="_blank" rel="noopener">
          Open the public page
        </a>{" "}
        · Type: {SEO_KIND_LABELS[row.kind]} (<Link href={workspaceTemplatePath(row.kind)}>its template</Link>)
      </p>
      {row.problems.length > 0 && (
        <ul className="ws-problems" aria-label="Problems">
          {row.problems.map((problem) => (
            <li key={problem}>
              <strong>{AUDIT_PROBLEMS[problem].label}</strong>: {AUDIT_PROBLEMS[problem].explain}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What the page publishes now, where each word comes from, and what it really serves. */
type Crumbs = readonly string[] | null;

function LiveSection({ row, url, live, published, served, crumbs, settings }: { row: PageRow; url: string; live: EditorState["live"]; published: ResolvedSeo; served: Served; crumbs: Crumbs; settings: PageSettings }) {
  return (
    <section aria-labelledby="live-heading">
      <h2 id="live-heading">Live</h2>
      <dl className="ws-facts">
        {SEO_FIELDS.map((field) => (
          <div key={field}>
            <dt>{SEO_FIELD_LABELS[field]}</dt>
            <dd>
              {published.text[field] || <em>none</em>} {field !== "keywords" && <span className="ws-source">from {sourceOf(field, published.sources[field])}</span>}
            </dd>
          </div>
        ))}
        <dt>Canonical</dt>
        <dd>{served.ok ? (served.canonical ?? "none") : `${siteUrl()}${row.canonical}`}</dd>
        <dt>Robots</dt>
        <dd>{served.ok ? (served.robots ?? "none (index, follow)") : row.robots}</dd>
        {live && (
          <>
            <dt>Override</dt>
            <dd>
              Revision {live.revision_id}, published by {live.published_by}
            </dd>
          </>
        )}
      </dl>
      {served.ok ? (
        served.title !== published.text.title && (
          <p className="ws-notice ws-notice--error">{WORKSPACE.servedStale(served.title ?? "", spokenDuration(2 * PAGE_REVALIDATE_SECONDS))}</p>
        )
      ) : (
        <p className="ws-notice ws-notice--error">{served.error}</p>
      )}
      <SerpPreview url={url} title={published.text.title} description={published.text.description} date={row.published} crumbs={crumbs} label="Live search result" {...previewNotes(settings, { path: row.path, origin: siteUrl() })} />
    </section>
  );
}

const SETTING_LABELS = { robots: PAGE_SETTINGS_COPY.robotsLabel, canonical: PAGE_SETTINGS_COPY.canonicalLabel, share_image: PAGE_SETTINGS_COPY.shareImageLabel } as const;
const SETTING_DEFAULTS = { robots: PAGE_SETTINGS_COPY.robotsDefault, canonical: PAGE_SETTINGS_COPY.canonicalDefault, share_image: PAGE_SETTINGS_COPY.shareImageDefault } as const;

/** The draft's words and settings beside the live ones, what publishing does to the index, and its search result. */
function DraftAgainstLive({ url, published, drafted, crumbs, settings }: { url: string; published: ResolvedSeo; drafted: ResolvedSeo; crumbs: Crumbs; settings: { live: PageSettings; draft: PageSettings } }) {
  const path = new URL(url).pathname;
  const [before, after] = [settings.live, settings.draft].map((side) => previewNotes(side, { path, origin: siteUrl() }).hidden !== null);
  return (
    <>
      <h3>Draft against what is live</h3>
      {before !== after && (
        <p className="ws-notice ws-notice--warning" role="note">
          {after ? PAGE_SETTINGS_COPY.publishLeaves : PAGE_SETTINGS_COPY.publishReturns}
        </p>
      )}
      {SEO_FIELDS.filter((field) => !SOCIAL_FIELDS.includes(field as never) || published.text[field] !== drafted.text[field]).map((field) => (
        <TextDiff key={field} label={SEO_FIELD_LABELS[field]} live={published.text[field]} draft={drafted.text[field]} />
      ))}
      {PAGE_SETTING_FIELDS.filter((field) => settings.live[field] !== settings.draft[field]).map((field) => (
        <TextDiff key={field} label={SETTING_LABELS[field]} live={settings.live[field] ?? SETTING_DEFAULTS[field]} draft={settings.draft[field] ?? SETTING_DEFAULTS[field]} />
      ))}
      <SerpPreview url={url} title={drafted.text.title} description={drafted.text.description} crumbs={crumbs} label="Draft search result" {...previewNotes(settings.draft, { path, origin: siteUrl() })} />
    </>
  );
}

/** The revisions of this page's override, and a link to its template's own history. */
function PageHistory({ kind, live, revisions, canRollBack }: { kind: SeoKind; live: EditorState["live"]; revisions: EditorState["revisions"]; canRollBack: boolean }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History of this page&apos;s override</h2>
      <RevisionList rollback={rollbackAction} revisions={revisions.map((revision) => ({ ...revision, liveRevisionId: live?.revision_id ?? null, canRollBack }))} />
      <p className="ws-hint">
        The {SEO_KIND_LABELS[kind].toLowerCase()} template has its own history: <Link href={workspaceTemplatePath(kind)}>{templateTarget(kind)}</Link>.
      </p>
    </section>
  );
}
