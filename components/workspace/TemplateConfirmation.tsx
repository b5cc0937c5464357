import Link from "next/link";
import type { ReactNode } from "react";
import { SEO_KIND_LABELS, type SeoKind, type SeoPattern } from "@/lib/contract/seo-text";
import { WORKSPACE_PATHS, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { SEO_FIELD_LABELS } from "@/lib/contract/staff";
import { ActionForm } from "./ActionForm";
import { FocusedHeading } from "./FocusedHeading";
import { PatternChanges } from "./PatternChanges";
import { PublishEffects } from "./PublishEffects";

/** A template's confirmation pages: a publish and a rollback (app/(workspace)/workspace/templates/[kind]/…). */
type Step = { kind: SeoKind; title: string };

function Cancel({ kind }: { kind: SeoKind }) {
  return (
    <Link className="button ws-button ws-button--outline" href={workspaceTemplatePath(kind)}>
      Cancel
    </Link>
  );
}

/** What a confirmation page shows when the change cannot be made: why, and the way back. */
export function TemplateConfirmRefused({ kind, title, reason }: Step & { reason: string }) {
  return (
    <>
      <FocusedHeading>{title}</FocusedHeading>
      <p className="ws-notice ws-notice--error" role="alert">
        {reason}
      </p>
      <div className="ws-actions">
        <Cancel kind={kind} />
      </div>
    </>
  );
}

type Confirmation = Step & {
  /** The breadcrumb's last step ("Publish", "Roll back"). */
  crumb: string;
  /** The sentence that sums the change up, from its counts. */
  lead: (pages: number, fields: { field: string; pages: number }[]) => string;
  /** How many pages it changes, and field by field (the service's publish effect). */
  effect: { pages: number; fields: Parameters<typeof PublishEffects>[0]["fields"] };
  /** Where a count's pages are listed. */
  listHref: Parameters<typeof PublishEffects>[0]["listHref"];
  from: SeoPattern;
  to: SeoPattern;
  unchanged: string;
  action: Parameters<typeof ActionForm>[0]["action"];
  formLabel: string;
  /** The form's hidden fields: what the button names, as shown. */
  fields: Record<string, string | number>;
  /** The button that makes the change. */
  children: ReactNode;
};

/**
 * A template change about to go live: what it does, field by field, the patterns before and after,
 * and the form whose button makes it (with Cancel beside it). Rendered on the server: it works
 * without JavaScript.
 */
export function TemplateConfirmation({ kind, title, crumb, lead, effect, listHref, from, to, unchanged, action, formLabel, fields, children }: Confirmation) {
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.templates}>Templates</Link> › <Link href={workspaceTemplatePath(kind)}>{SEO_KIND_LABELS[kind]}</Link> › {crumb}
      </p>
      <FocusedHeading>{title}</FocusedHeading>
      <p className="ws-lead">{lead(effect.pages, effect.fields.map((field) => ({ field: SEO_FIELD_LABELS[field.field].toLowerCase(), pages: field.changed })))}</p>

      <section aria-labelledby="confirm-effects-heading">
        <h2 id="confirm-effects-heading">What it does, field by field</h2>
        <PublishEffects fields={effect.fields} listHref={listHref} />
      </section>

      <section aria-labelledby="confirm-words-heading">
        <h2 id="confirm-words-heading">The patterns</h2>
        <PatternChanges kind={kind} from={from} to={to} unchanged={unchanged} />
      </section>

      <ActionForm action={action} className="ws-panel ws-confirm" label={formLabel}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="ws-actions">
          {children}
          <Cancel kind={kind} />
        </div>
      </ActionForm>
    </>
  );
}
