import { notFound } from "next/navigation";
import { EMPTY_PATTERN, SEO_KIND_LABELS, isSeoKind } from "@/lib/contract/seo-text";
import { WORKSPACE, can } from "@/lib/contract/staff";
import { workspaceDb } from "@/lib/service/workspace";
import { changeOf, publishEffect } from "@/lib/service/workspace/site";
import { editorState, patternFromRow } from "@/lib/service/workspace/seo";
import { IntentButton } from "@/components/workspace/ActionForm";
import { TemplateConfirmRefused, TemplateConfirmation } from "@/components/workspace/TemplateConfirmation";
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
  const title = WORKSPACE.confirmTitle(`${SEO_KIND_LABELS[kind].toLowerCase()} template`);
  const refusal = !can(staff.role, "template:publish") ? WORKSPACE.forbidden(staff.role, "publish templates") : !draft ? WORKSPACE.confirmNoDraft : null;
  if (refusal || !draft) return <TemplateConfirmRefused kind={kind} title={title} reason={refusal!} />;
  const pattern = patternFromRow(draft)!;
  const effect = await publishEffect(db, changeOf(target, pattern));
  return (
    <TemplateConfirmation
      kind={kind}
      title={title}
      crumb="Publish"
      lead={WORKSPACE.confirmLead}
      effect={effect}
      listHref={(pages) => effectListHref({ kind }, draft.id, pages)}
      from={patternFromRow(live) ?? EMPTY_PATTERN}
      to={pattern}
      unchanged={WORKSPACE.confirmChangesNothing}
      action={draftAction}
      formLabel="Confirm the publish"
      fields={{ type: "template", kind, draft_id: draft.id, reviewed: draft.updated_at }}
    >
      <IntentButton intent="publish" busy={WORKSPACE.changingPages("publish", effect.pages)}>
        Publish
      </IntentButton>
    </TemplateConfirmation>
  );
}
