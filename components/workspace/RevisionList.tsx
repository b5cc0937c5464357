import { ActionForm, IntentButton, type ActionState } from "./ActionForm";

/** Publishes and rollbacks of one target (or of all), newest first, each with a rollback when allowed. */
export type RevisionItem = {
  id: number;
  target: string;
  kind: string;
  path: string | null;
  action: "publish" | "rollback";
  title: string | null;
  description: string | null;
  keywords: string | null;
  published_at: string;
  published_by_email: string;
  restored_revision_id: number | null;
  /** The live revision of its target now (the rollback is checked against it). */
  liveRevisionId: number | null;
  canRollBack: boolean;
  targetLabel?: React.ReactNode;
};

const followsLevelBelow = (revision: RevisionItem) => revision.title === null && revision.description === null && revision.keywords === null;

function describe(revision: RevisionItem): string {
  if (revision.action === "publish") return "published";
  if (followsLevelBelow(revision)) return `rolled back to ${revision.target.startsWith("template:") ? "the default wording" : "the template's words"}`;
  return `rolled back to the words of revision ${revision.restored_revision_id}`;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

export function RevisionList({ revisions, rollback }: { revisions: RevisionItem[]; rollback: (state: ActionState, formData: FormData) => Promise<ActionState> }) {
  if (revisions.length === 0) return <p>Nothing has been published here yet: the page uses its template or the default wording.</p>;
  return (
    <ol className="ws-revisions">
      {revisions.map((revision) => (
        <li key={revision.id} className="ws-revision">
          <p className="ws-revision__head">
            <strong>Revision {revision.id}</strong>: {describe(revision)} by{" "}
            {revision.published_by_email}, {when(revision.published_at)}
            {revision.liveRevisionId === revision.id && <span className="ws-badge ws-badge--live">live</span>}
          </p>
          {revision.targetLabel && <p className="ws-revision__target">{revision.targetLabel}</p>}
          <dl className="ws-revision__words">
            <dt>Title</dt>
            <dd>{revision.title ?? <em>from the level below</em>}</dd>
            <dt>Description</dt>
            <dd>{revision.description ?? <em>from the level below</em>}</dd>
          </dl>
          {revision.canRollBack && revision.liveRevisionId !== null && (
            <ActionForm action={rollback} label={`Roll back revision ${revision.id}`}>
              <input type="hidden" name="revision_id" value={revision.id} />
              <input type="hidden" name="live_revision_id" value={revision.liveRevisionId} />
              <input type="hidden" name="type" value={revision.target.startsWith("template:") ? "template" : "page"} />
              <input type="hidden" name="kind" value={revision.kind} />
              <IntentButton variant="outline">Roll back this change</IntentButton>
            </ActionForm>
          )}
        </li>
      ))}
    </ol>
  );
}
