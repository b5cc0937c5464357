import Link from "next/link";
import { PAGE_SETTING_FIELDS, RULE_FIELDS, isSocialField, type PageSettingField, type RuleField, type SeoPattern } from "@/lib/contract/seo-fields";
import { workspaceTemplateRollbackPath } from "@/lib/contract/workspace-routes";
import { HISTORY, SEO_FIELD_LABELS } from "@/lib/contract/staff";
import { ActionForm, IntentButton, type ActionState } from "./ActionForm";
import { PAGE_SETTINGS_COPY, WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

/** A page's settings in the history: their names, and what none of them set means. */
const SETTING_LABELS: Record<PageSettingField, string> = { robots: PAGE_SETTINGS_COPY.robotsLabel, canonical: PAGE_SETTINGS_COPY.canonicalLabel, share_image: PAGE_SETTINGS_COPY.shareImageLabel };
const SETTING_DEFAULTS: Record<PageSettingField, string> = { robots: PAGE_SETTINGS_COPY.robotsDefault, canonical: PAGE_SETTINGS_COPY.canonicalDefault, share_image: PAGE_SETTINGS_COPY.shareImageDefault };
const isSetting = (field: RuleField): field is PageSettingField => (PAGE_SETTING_FIELDS as readonly string[]).includes(field);

/** Publishes and rollbacks of one target (or of all), newest first, each with a rollback when allowed. */
export type RevisionItem = {
  id: number;
  target: string;
  kind: string;
  path: string | null;
  action: "publish" | "rollback";
  published_at: string;
  published_by_email: string;
  restored_revision_id: number | null;
  /** The words live before it and the words it made live (lib/service/workspace/history.ts). */
  before: SeoPattern;
  after: SeoPattern;
  isLive: boolean;
  /** Rolling it back would put different words live. */
  rollbackChangesLive: boolean;
  /** The live revision of its target now (the rollback is checked against it). */
  liveRevisionId: number | null;
  /** The staff member's role may roll it back. */
  canRollBack: boolean;
  targetLabel?: React.ReactNode;
};

const isTemplate = (revision: RevisionItem) => revision.target.startsWith("template:");

function describe(revision: RevisionItem): string {
  if (revision.action === "publish") return "published";
  if (RULE_FIELDS.every((field) => (revision.after[field] ?? null) === null)) return `rolled back to ${HISTORY.levelBelow(isTemplate(revision))}`;
  return `rolled back to the words of revision ${revision.restored_revision_id}`;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

function Words({ words, revision, field }: { words: string | null; revision: RevisionItem; field: RuleField }) {
  return words ?? <em>{isSetting(field) ? SETTING_DEFAULTS[field] : HISTORY.levelBelow(isTemplate(revision))}</em>;
}

/** Each field's words before and after the revision; a field it left as it was says so once. */
function Sides({ revision }: { revision: RevisionItem }) {
  return (
    <div className="ws-sides">
      {/* A social field no side sets (the share card follows the search words) is left out. */}
      {/* So is a page setting no side sets (a template never has one). */}
      {RULE_FIELDS.filter((field) => (!isSetting(field) && !isSocialField(field)) || (revision.before[field] ?? null) !== null || (revision.after[field] ?? null) !== null).map((field) => (
        <div key={field} className="ws-sides__field" data-field={field}>
          <p className="ws-sides__label">{isSetting(field) ? SETTING_LABELS[field] : SEO_FIELD_LABELS[field]}</p>
          {(revision.before[field] ?? null) === (revision.after[field] ?? null) ? (
            <p className="ws-sides__same">
              <span className="ws-sides__side">{HISTORY.unchanged}: </span>
              <Words words={revision.after[field]} revision={revision} field={field} />
            </p>
          ) : (
            <dl className="ws-sides__pair">
              <dt>Before</dt>
              <dd className="ws-sides__before" data-side="before">
                <Words words={revision.before[field]} revision={revision} field={field} />
              </dd>
              <dt>After</dt>
              <dd className="ws-sides__after" data-side="after">
                <Words words={revision.after[field]} revision={revision} field={field} />
              </dd>
            </dl>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * "Roll back" where it would put different words live, else why not. A template's rollback, which
 * changes every page it governs, opens its confirmation first (what it does, field by field), as
 * its publish does; a page's rolls back here. The form stays mounted either way, so its answer
 * ("Rolled back…") stays on screen after the list is drawn again and this revision no longer has
 * anything to roll back.
 */
function Rollback({ revision, rollback }: { revision: RevisionItem; rollback: (state: ActionState, formData: FormData) => Promise<ActionState> }) {
  if (!revision.canRollBack || revision.liveRevisionId === null) return null;
  if (isTemplate(revision) && revision.rollbackChangesLive) {
    return (
      <div className="ws-actions">
        <Link className="button ws-button ws-button--outline" href={workspaceTemplateRollbackPath(revision.kind, revision.id)}>
          Roll back this change…
        </Link>
      </div>
    );
  }
  return (
    <ActionForm action={rollback} label={`Roll back revision ${revision.id}`}>
      {revision.rollbackChangesLive ? (
        <>
          <input type="hidden" name="revision_id" value={revision.id} />
          <input type="hidden" name="live_revision_id" value={revision.liveRevisionId} />
          <input type="hidden" name="type" value={isTemplate(revision) ? "template" : "page"} />
          <input type="hidden" name="kind" value={revision.kind} />
          <IntentButton variant="outline">Roll back this change</IntentButton>
        </>
      ) : (
        <p className="ws-small">{HISTORY.rollbackWouldChangeNothing}</p>
      )}
    </ActionForm>
  );
}

export function RevisionList({ revisions, rollback }: { revisions: RevisionItem[]; rollback: (state: ActionState, formData: FormData) => Promise<ActionState> }) {
  if (revisions.length === 0) return <p>{WORKSPACE_PAGES.noRevisions}</p>;
  return (
    <ol className="ws-revisions">
      {revisions.map((revision) => (
        <li key={revision.id} className={revision.isLive ? "ws-revision ws-revision--live" : "ws-revision"} aria-label={`Revision ${revision.id}${revision.isLive ? `, ${HISTORY.liveNow.toLowerCase()}` : ""}`}>
          <p className="ws-revision__head">
            <strong>Revision {revision.id}</strong>: {describe(revision)} by {revision.published_by_email}, {when(revision.published_at)}
            {revision.isLive && <span className="ws-badge ws-badge--live">{HISTORY.liveNow}</span>}
          </p>
          {revision.targetLabel && <p className="ws-revision__target">{revision.targetLabel}</p>}
          <Sides revision={revision} />
          <Rollback revision={revision} rollback={rollback} />
        </li>
      ))}
    </ol>
  );
}
