import { SEARCH_FIELDS, SEO_FIELD_LABELS, SEO_PATTERN_MAX_LENGTH, SOCIAL_FIELDS, type SeoField } from "@/lib/contract/seo-fields";
import { SOCIAL_CARDS, WORKSPACE } from "@/lib/contract/staff";
import { ActionForm, IntentButton, type ActionState } from "./ActionForm";
import { LiveDraftPreview, type LiveDraftPreviewProps } from "./LiveDraftPreview";
import { PageSettingsFields, type PageSettingsFieldsProps } from "./PageSettingsFields";

/**
 * The words a draft sets (a template's patterns, or one page's override): each field empty means
 * "no change at this level". Saving keeps a draft (nothing goes live); Publish makes it live.
 */
type Fields = Record<SeoField, string>;

/** The fields written on several lines. */
const MULTILINE: ReadonlySet<SeoField> = new Set(["description", "og_description"]);

function PatternField({ field, value, placeholder }: { field: SeoField; value: string; placeholder: string }) {
  const id = `draft-${field.replace("_", "-")}`;
  const common = { id, name: field, defaultValue: value, placeholder, maxLength: SEO_PATTERN_MAX_LENGTH[field] };
  return (
    <div className="field">
      <label htmlFor={id}>{SEO_FIELD_LABELS[field]}</label>
      {MULTILINE.has(field) ? <textarea {...common} rows={3} /> : <input {...common} />}
    </div>
  );
}

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  target: { type: "template" | "page"; kind: string; path?: string };
  values: Fields;
  /** What each field shows when left empty (the level below). */
  placeholders: Fields;
  variables: readonly { name: string; meaning: string }[];
  draftId: number | null;
  canPublish: boolean;
  /** A template: Publish first shows what it does (the typed words are saved, then the confirmation opens). */
  confirmFirst?: boolean;
  previewHref: string | null;
  emptyMeans: string;
  /** The page the draft is drawn on while typing (a template's sample page); none: no live preview. */
  live?: Omit<LiveDraftPreviewProps, "initial" | "initialSettings">;
  /** A page's own settings (robots, canonical, share image); a template has none. */
  settings?: PageSettingsFieldsProps;
};

export function DraftForm({ action, target, values, placeholders, variables, draftId, canPublish, confirmFirst = false, previewHref, emptyMeans, live, settings }: Props) {
  return (
    <ActionForm action={action} className="ws-panel ws-draft" label="Draft">
      <input type="hidden" name="type" value={target.type} />
      <input type="hidden" name="kind" value={target.kind} />
      {target.path !== undefined && <input type="hidden" name="path" value={target.path} />}
      {draftId !== null && <input type="hidden" name="draft_id" value={draftId} />}
      {SEARCH_FIELDS.map((field) => (
        <PatternField key={field} field={field} value={values[field]} placeholder={placeholders[field]} />
      ))}
      <p className="ws-hint">{emptyMeans}</p>
      <fieldset className="ws-social-fields">
        <legend>{WORKSPACE.socialLegend}</legend>
        {SOCIAL_FIELDS.map((field) => (
          <PatternField key={field} field={field} value={values[field]} placeholder={placeholders[field]} />
        ))}
        <p className="ws-hint">{WORKSPACE.socialEmptyMeans}</p>
      </fieldset>
      {settings && <PageSettingsFields {...settings} />}
      <details className="ws-variables">
        <summary>Variables you can use</summary>
        <dl>
          {variables.map((variable) => (
            <div key={variable.name}>
              <dt>
                <code>{`{${variable.name}}`}</code>
              </dt>
              <dd>{variable.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
      {live && <LiveDraftPreview {...live} initial={values} initialSettings={settings?.values ?? null} />}
      {live && <p className="ws-hint">{SOCIAL_CARDS.howCut}</p>}
      <div className="ws-actions">
        <IntentButton intent="save" variant={draftId === null ? "primary" : "outline"}>
          Save draft
        </IntentButton>
        {draftId !== null && previewHref && (
          <a className="button ws-button ws-button--outline" href={previewHref} target="_blank" rel="noopener">
            Preview on the real page
          </a>
        )}
        {/* "Review and publish" saves the typed words first, so it needs no saved draft. */}
        {canPublish && confirmFirst && <IntentButton intent="confirm">Review and publish</IntentButton>}
        {draftId !== null && canPublish && !confirmFirst && <IntentButton intent="publish">Publish</IntentButton>}
        {draftId !== null && (
          <IntentButton intent="discard" variant="danger">
            Discard draft
          </IntentButton>
        )}
      </div>
    </ActionForm>
  );
}
