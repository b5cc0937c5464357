import { notFound } from "next/navigation";
import { SEO_KIND_LABELS, isSeoKind } from "@/lib/contract/seo-text";
import { WORKSPACE } from "@/lib/contract/staff";
import { ApiError } from "@/lib/contract/errors";
import { parseRecordId } from "@/lib/contract/record-id";
import { workspaceDb } from "@/lib/service/workspace";
import { rollbackPreview } from "@/lib/service/workspace/seo";
import { IntentButton } from "@/components/workspace/ActionForm";
import { TemplateConfirmRefused, TemplateConfirmation } from "@/components/workspace/TemplateConfirmation";
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
  const title = WORKSPACE.rollbackConfirmTitle(revisionId, `${SEO_KIND_LABELS[kind].toLowerCase()} template`);
  let preview: Awaited<ReturnType<typeof rollbackPreview>>;
  try {
    preview = await rollbackPreview(await workspaceDb(), staff, { revisionId });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 404) notFound();
    return <TemplateConfirmRefused kind={kind} title={title} reason={error.message} />;
  }
  const { revision, target, words, live, liveRevisionId, effect } = preview;
  if (target.type !== "template" || target.kind !== kind) notFound();
  return (
    <TemplateConfirmation
      kind={kind}
      title={title}
      crumb="Roll back"
      lead={WORKSPACE.rollbackConfirmLead}
      effect={effect}
      listHref={(pages) => effectListHref({ kind }, null, pages)}
      from={live}
      to={words}
      unchanged={WORKSPACE.rollbackChangesNothing}
      action={rollbackAction}
      formLabel="Confirm the rollback"
      fields={{ revision_id: revision.id, live_revision_id: liveRevisionId ?? "", type: "template", kind }}
    >
      <IntentButton variant="danger" busy={WORKSPACE.changingPages("rollback", effect.pages)}>
        Roll back
      </IntentButton>
    </TemplateConfirmation>
  );
}
