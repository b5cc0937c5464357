import Link from "next/link";
import { AUDIT_PROBLEMS } from "@/lib/contract/seo-audit";
import { isSocialField, type SeoField } from "@/lib/contract/seo-fields";
import { SEO_FIELD_LABELS, WORKSPACE } from "@/lib/contract/staff";
import type { EffectPages, FieldEffect } from "@/lib/contract/publish-effects";

/**
 * What a publish does, field by field: the pages whose words change and the
 * audit's errors about that field before and after, what gets worse first. Every count links to
 * the page list filtered to those pages: as they are now, or (`draft`) as the draft makes them.
 */
type Props = {
  fields: FieldEffect[];
  /** The page list's address showing the pages behind a count (app/(workspace)/workspace/filters.ts); null: no list shows them. */
  listHref: (pages: EffectPages) => string | null;
};

const number = (value: number) => value.toLocaleString("en-US");

/** The pages a change makes better and worse, counted apart (one fixed and one broken is not "no change"). */
function Change({ fixed, broken }: { fixed: number; broken: number }) {
  if (fixed === 0 && broken === 0) return <span className="ws-hint"> (no change)</span>;
  return (
    <>
      {fixed > 0 && <span className="ws-good">{` (${number(fixed)} better)`}</span>}
      {broken > 0 && <span className="ws-bad">{` (${number(broken)} worse)`}</span>}
    </>
  );
}

export function PublishEffects({ fields: all, listHref }: Props) {
  // A share card's field is named only when the change gives it words of its own (or takes them away).
  const fields = all.filter((effect) => !isSocialField(effect.field) || effect.changed > 0);
  const worse = fields.filter((effect) => effect.errors.broken > 0);
  const link = (count: number, pages: EffectPages, label: string) => {
    // A count of no pages links nowhere.
    const href = count === 0 ? null : listHref(pages);
    return href === null ? (
      number(count)
    ) : (
      <Link href={href} aria-label={label}>
        {number(count)}
      </Link>
    );
  };
  const label = (field: SeoField) => SEO_FIELD_LABELS[field];
  return (
    <>
      {worse.length > 0 && (
        <ul className="ws-worse" aria-label="What gets worse">
          {worse.map((effect) => (
            <li key={effect.field}>{WORKSPACE.confirmWorse(label(effect.field), effect.errors)}</li>
          ))}
        </ul>
      )}
      <div className="ws-table-scroll">
        <table className="ws-table ws-table--compact ws-effects">
          <caption>Field by field: pages changed, and pages with an audit error about that field now and after publishing</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Pages changed</th>
              <th scope="col">Errors now</th>
              <th scope="col">Errors after</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((effect) => {
              const name = label(effect.field);
              return [
                <tr key={effect.field} className="ws-effects__field">
                  <th scope="row">{name}</th>
                  <td data-label="Pages changed">{link(effect.changed, { after: true, changed: effect.field }, `${number(effect.changed)} pages whose ${name.toLowerCase()} changes`)}</td>
                  <td data-label="Errors now">{link(effect.errors.before, { after: false, errors: effect.field }, `${number(effect.errors.before)} pages with a ${name.toLowerCase()} error now`)}</td>
                  <td data-label="Errors after">
                    {link(effect.errors.after, { after: true, errors: effect.field }, `${number(effect.errors.after)} pages with a ${name.toLowerCase()} error after publishing`)}
                    <Change fixed={effect.errors.fixed} broken={effect.errors.broken} />
                  </td>
                </tr>,
                ...effect.problems.map((problem) => (
                  <tr key={`${effect.field}-${problem.problem}`} className="ws-effects__problem">
                    <th scope="row">{AUDIT_PROBLEMS[problem.problem].label}</th>
                    <td className="ws-wide-only" />
                    <td data-label="Now">{link(problem.before, { after: false, problem: problem.problem }, `${number(problem.before)} pages: ${AUDIT_PROBLEMS[problem.problem].label}, now`)}</td>
                    <td data-label="After">
                      {link(problem.after, { after: true, problem: problem.problem }, `${number(problem.after)} pages: ${AUDIT_PROBLEMS[problem.problem].label}, after publishing`)}
                      <Change fixed={problem.fixed} broken={problem.broken} />
                    </td>
                  </tr>
                )),
              ];
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
