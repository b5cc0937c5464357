import Link from "next/link";
import { notFound } from "next/navigation";
import { EMPTY_PATTERN, SEO_KIND_LABELS, isSeoKind } from "@/lib/contract/seo-text";
import { WORKSPACE_PATHS, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { SEO_FIELD_LABELS, WORKSPACE, can } from "@/lib/contract/staff";
import { workspaceDb } from "@/lib/service/workspace";
import { changeOf, publishEffect } from "@/lib/service/workspace/pages";
import { editorState, patternFromRow } from "@/lib/service/workspace/seo";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { FocusedHeading } from "@/components/workspace/FocusedHeading";
import { PatternChanges } from "@/components/workspace/PatternChanges";
import { PublishEffects } from "@/components/workspace/PublishEffects";
import { draftAction } from "../../../actions";
import { effectListHref } from "../../../filters";
import { requireStaff } from "../../../staff-session";

type Props = { params: Promise<{ kind: string }> };

export const metadata = { title: "Publish a template" };

/**
 * The confirmation a template's publish needs: a page of its own, rendered on
 * the server, so it works without JavaScript. It says what publishing the staff member's draft
 * does, field by field, before anything is published; Publish names the draft as shown (its
 * updated_at), Cancel goes back to the editor and changes nothing.
 */
export default async function PublishTemplatePage({ params }: Props) {
  const staff = await requireStaff();
  const { kind } = await params;
  if (!isSeoKind(kind)) notFound();
  const db = await workspaceDb();
  const target = { type: "template" as const, kind };
  const { live, draft } = await editorState(db, staff, target);
  const label = `${SEO_KIND_LABELS[kind].toLowerCase()} template`;
  const cancel = (
    <Link className="button ws-button ws-button--outline" href={workspaceTemplatePath(kind)}>
      Cancel
    </Link>
  );
  const refusal = !can(staff.role, "template:publish") ? WORKSPACE.forbidden(staff.role, "publish templates") : !draft ? WORKSPACE.confirmNoDraft : null;
  if (refusal || !draft) {
    return (
      <>
        <FocusedHeading>{WORKSPACE.confirmTitle(label)}</FocusedHeading>
        <p className="ws-notice ws-notice--error" role="alert">
          {refusal}
        </p>
        <div className="ws-actions">{cancel}</div>
      </>
    );
  }
  const pattern = patternFromRow(draft)!;
  const now = patternFromRow(live) ?? EMPTY_PATTERN;
  const effect = await publishEffect(db, changeOf(target, pattern));
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.templates}>Templates</Link> › <Link href={workspaceTemplatePath(kind)}>{SEO_KIND_LABELS[kind]}</Link> › Publish
      </p>
      <FocusedHeading>{WORKSPACE.confirmTitle(label)}</FocusedHeading>
      <p className="ws-lead">{WORKSPACE.confirmLead(effect.pages, effect.fields.map((field) => ({ field: SEO_FIELD_LABELS[field.field].toLowerCase(), pages: field.changed })))}</p>

      <section aria-labelledby="confirm-effects-heading">
        <h2 id="confirm-effects-heading">What it does, field by field</h2>
        <PublishEffects fields={effect.fields} listHref={(pages) => effectListHref({ kind }, draft.id, pages)} />
      </section>

      <section aria-labelledby="confirm-words-heading">
        <h2 id="confirm-words-heading">The patterns</h2>
        <PatternChanges kind={kind} from={now} to={pattern} unchanged={WORKSPACE.confirmChangesNothing} />
      </section>

      <ActionForm action={draftAction} className="ws-panel ws-confirm" label="Confirm the publish">
        <input type="hidden" name="type" value="template" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="draft_id" value={draft.id} />
        <input type="hidden" name="reviewed" value={draft.updated_at} />
        <div className="ws-actions">
          <IntentButton intent="publish" busy={WORKSPACE.changingPages("publish", effect.pages)}>
            Publish
          </IntentButton>
          {cancel}
        </div>
      </ActionForm>
    </>
  );
}
