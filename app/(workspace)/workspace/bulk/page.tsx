import Link from "next/link";
import { SEO_FIELD_LABELS, WORKSPACE, can } from "@/lib/contract/staff";
import { WORKSPACE_PATHS, workspacePagePath } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { bulkChange, bulkPages, publishEffect, type PublishEffect } from "@/lib/service/workspace/site";
import { BULK_EDIT_LIMIT, cleanBulkValue, publishedStamp } from "@/lib/service/workspace/seo";
import { ApiError } from "@/lib/contract/errors";
import { effectAnchor, effectCounts, type EffectPages } from "@/lib/contract/publish-effects";
import { AUDIT_PROBLEMS } from "@/lib/contract/seo-audit";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { FocusedHeading } from "@/components/workspace/FocusedHeading";
import { PublishEffects } from "@/components/workspace/PublishEffects";
import { bulkAction } from "../actions";
import { bulkFrom, queryString, type BulkQuery, type ListQuery } from "../filters";
import { requireStaff } from "../staff-session";

export const metadata = { title: "Bulk edit" };

type Props = { searchParams: Promise<ListQuery> };

/**
 * Where the counts link: a bulk edit has no draft for the page list to show "after", so every
 * count links to its own list of pages further down this confirmation (BehindCounts).
 */
const countHref = (pages: EffectPages) => `#${effectAnchor(pages)}`;

const LIST_SHOWN = 50;

/** The pages behind each count of the confirmation, now and after publishing, each under its anchor. */
function BehindCounts({ effect }: { effect: PublishEffect }) {
  const lists = effectCounts(effect.fields).filter(({ count }) => count > 0);
  if (lists.length === 0) return null;
  return (
    <section aria-labelledby="bulk-behind-heading">
      <h2 id="bulk-behind-heading">The pages behind each count</h2>
      {lists.map(({ pages, count }) => {
        const paths = effect.pathsOf(pages);
        const what = "problem" in pages ? AUDIT_PROBLEMS[pages.problem].label : SEO_FIELD_LABELS["changed" in pages ? pages.changed : pages.errors];
        const which = "changed" in pages ? "changed" : "errors" in pages ? (pages.after ? "errorsAfter" : "errorsNow") : pages.after ? "after" : "now";
        return (
          <div key={effectAnchor(pages)} id={effectAnchor(pages)} className="ws-behind" tabIndex={-1}>
            <h3>{WORKSPACE.effectPagesLabel(what, which, count)}</h3>
            <ul className="ws-bulk-pages">
              {paths.slice(0, LIST_SHOWN).map((path) => (
                <li key={path}>
                  <Link href={workspacePagePath(path)}>{path}</Link>
                </li>
              ))}
              {paths.length > LIST_SHOWN && <li>{WORKSPACE.andMore(paths.length - LIST_SHOWN)}</li>}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

/**
 * A bulk edit's confirmation: the rows chosen on the list (or every row of its
 * filter), one field set or cleared, and what publishing that does, field by field, as for a
 * template. Rendered on the server from the list form's GET, so it works without JavaScript;
 * Publish posts the same fields and the latest revision id it showed; Cancel changes nothing.
 */
export default async function BulkEditPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const bulk = bulkFrom(await searchParams);
  const db = await workspaceDb();
  const pages = await bulkPages(db, bulk);
  const field = SEO_FIELD_LABELS[bulk.field].toLowerCase();
  const back = `${WORKSPACE_PATHS.home}${queryString(bulk.filter)}`;
  const cancel = (
    <Link className="button ws-button ws-button--outline" href={back}>
      Cancel
    </Link>
  );
  const value = bulk.op === "set" ? bulk.value : null;
  let refusal = !can(staff.role, "page:publish")
    ? WORKSPACE.forbidden(staff.role, "publish pages")
    : pages.length === 0
      ? WORKSPACE.bulkNoPages
      : pages.length > BULK_EDIT_LIMIT
        ? WORKSPACE.bulkTooMany(BULK_EDIT_LIMIT)
        : bulk.op === "set" && !bulk.value.trim()
          ? WORKSPACE.bulkNoValue
          : null;
  let clean: string | null = null;
  if (!refusal) {
    try {
      clean = cleanBulkValue({ pages, field: bulk.field, value });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusal = error.message;
    }
  }
  const title = WORKSPACE.bulkTitle(bulk.op, field, pages.length);
  if (refusal) {
    return (
      <>
        <FocusedHeading>{title}</FocusedHeading>
        <p className="ws-notice ws-notice--error" role="alert">
          {refusal}
        </p>
        <div className="ws-actions">{cancel}</div>
      </>
    );
  }
  const [effect, stamp] = await Promise.all([publishEffect(db, await bulkChange(db, { paths: pages.map((page) => page.path), field: bulk.field, value: clean })), publishedStamp(db)]);
  return (
    <>
      <p className="ws-crumbs">
        <Link href={back}>Pages</Link> › Bulk edit
      </p>
      <FocusedHeading>{title}</FocusedHeading>
      <p className="ws-lead">{WORKSPACE.confirmLead(effect.pages, effect.fields.map((each) => ({ field: SEO_FIELD_LABELS[each.field].toLowerCase(), pages: each.changed })))}</p>
      <section aria-labelledby="bulk-effects-heading">
        <h2 id="bulk-effects-heading">What it does, field by field</h2>
        <PublishEffects fields={effect.fields} listHref={countHref} />
      </section>
      <section aria-labelledby="bulk-pages-heading">
        <h2 id="bulk-pages-heading">The pages</h2>
        <p>
          {SEO_FIELD_LABELS[bulk.field]}: {clean === null ? <em>the template&apos;s words (the override is cleared)</em> : <code>{clean}</code>}
        </p>
        <ul className="ws-bulk-pages">
          {pages.slice(0, LIST_SHOWN).map((page) => (
            <li key={page.path}>{page.path}</li>
          ))}
          {pages.length > LIST_SHOWN && <li>{WORKSPACE.andMore(pages.length - LIST_SHOWN)}</li>}
        </ul>
      </section>
      <BehindCounts effect={effect} />
      <ActionForm action={bulkAction} className="ws-panel ws-confirm" label="Confirm the bulk edit">
        <BulkFields bulk={bulk} />
        <input type="hidden" name="reviewed" value={stamp} />
        <div className="ws-actions">
          <IntentButton>Publish</IntentButton>
          {cancel}
        </div>
      </ActionForm>
    </>
  );
}

/** The bulk edit's fields again, for its Publish. */
function BulkFields({ bulk }: { bulk: BulkQuery }) {
  const filter = Object.entries(bulk.filter).filter(([, value]) => value !== undefined);
  return (
    <>
      {filter.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <input type="hidden" name="scope" value={bulk.scope} />
      {bulk.scope === "selected" && bulk.paths.map((path) => <input key={path} type="hidden" name="path" value={path} />)}
      <input type="hidden" name="field" value={bulk.field} />
      <input type="hidden" name="op" value={bulk.op} />
      <input type="hidden" name="value" value={bulk.value} />
    </>
  );
}
