import Link from "next/link";
import { notFound } from "next/navigation";
import { SEO_KIND_LABELS, isSeoKind } from "@/lib/contract/seo-text";
import { WORKSPACE_PATHS, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { SEO_FIELD_LABELS, WORKSPACE } from "@/lib/contract/staff";
import { ApiError } from "@/lib/contract/errors";
import { parseRecordId } from "@/lib/contract/record-id";
import { workspaceDb } from "@/lib/service/workspace";
import { rollbackPreview } from "@/lib/service/workspace/seo";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { FocusedHeading } from "@/components/workspace/FocusedHeading";
import { PatternChanges } from "@/components/workspace/PatternChanges";
import { PublishEffects } from "@/components/workspace/PublishEffects";
import { rollbackAction } from "../../../../actions";
import { effectListHref } from "../../../../filters";
import { requireStaff } from "../../../../staff-session";

type Props = { params: Promise<{ kind: string; revision: string }> };

export const metadata = { title: "Roll back a template" };

/**
 * The confirmation a template's rollback needs, like its publish: a page of its own, rendered on
 * the server (it works without JavaScript), saying what putting the earlier words back does,
 * field by field, before anything changes. Roll back names the live revision as shown, so a
 * publish in between is refused rather than undone; Cancel goes back to the template.
 */
export default async function RollbackTemplatePage({ params }: Props) {
  const staff = await requireStaff();
  const { kind, revision: revisionParam } = await params;
  const revisionId = parseRecordId(revisionParam);
  if (!isSeoKind(kind) || revisionId === null) notFound();
  const label = `${SEO_KIND_LABELS[kind].toLowerCase()} template`;
  const cancel = (
    <Link className="button ws-button ws-button--outline" href={workspaceTemplatePath(kind)}>
      Cancel
    </Link>
  );
  let preview: Awaited<ReturnType<typeof rollbackPreview>>;
  try {
    preview = await rollbackPreview(await workspaceDb(), staff, { revisionId });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 404) notFound();
    return (
      <>
        <FocusedHeading>{WORKSPACE.rollbackConfirmTitle(revisionId, label)}</FocusedHeading>
        <p className="ws-notice ws-notice--error" role="alert">
          {error.message}
        </p>
        <div className="ws-actions">{cancel}</div>
      </>
    );
  }
  const { revision, target, words, live, liveRevisionId, effect } = preview;
  if (target.type !== "template" || target.kind !== kind) notFound();
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.templates}>Templates</Link> › <Link href={workspaceTemplatePath(kind)}>{SEO_KIND_LABELS[kind]}</Link> › Roll back
      </p>
      <FocusedHeading>{WORKSPACE.rollbackConfirmTitle(revision.id, label)}</FocusedHeading>
      <p className="ws-lead">{WORKSPACE.rollbackConfirmLead(effect.pages, effect.fields.map((field) => ({ field: SEO_FIELD_LABELS[field.field].toLowerCase(), pages: field.changed })))}</p>

      <section aria-labelledby="rollback-effects-heading">
        <h2 id="rollback-effects-heading">What it does, field by field</h2>
        <PublishEffects fields={effect.fields} listHref={(pages) => effectListHref({ kind }, null, pages)} />
      </section>

      <section aria-labelledby="rollback-words-heading">
        <h2 id="rollback-words-heading">The patterns</h2>
        <PatternChanges kind={kind} from={live} to={words} unchanged={WORKSPACE.rollbackChangesNothing} />
      </section>

      <ActionForm action={rollbackAction} className="ws-panel ws-confirm" label="Confirm the rollback">
        <input type="hidden" name="revision_id" value={revision.id} />
        <input type="hidden" name="live_revision_id" value={liveRevisionId ?? ""} />
        <input type="hidden" name="type" value="template" />
        <input type="hidden" name="kind" value={kind} />
        <div className="ws-actions">
          <IntentButton variant="danger" busy={WORKSPACE.changingPages("rollback", effect.pages)}>
            Roll back
          </IntentButton>
          {cancel}
        </div>
      </ActionForm>
    </>
  );
}
