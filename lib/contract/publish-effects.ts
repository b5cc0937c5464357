import { AUDIT_PROBLEM_FIELD, AUDIT_PROBLEM_KEYS, isAuditError, type AuditProblem } from "./seo-audit";
import { SEO_FIELDS, isSocialField, type SeoField, type SeoSource } from "./seo-text";

/**
 * What a publish does, field by field: how many pages' title, description or
 * keywords change, and the audit's errors about that field alone, before and after. A change to
 * titles is never blamed for the descriptions' overruns that were there already. Pure: the rows
 * before and after come from lib/service/workspace/pages.ts; components/workspace/PublishEffects
 * shows them.
 */
export type EffectRow = { path: string; problems: readonly AuditProblem[]; sources?: Partial<Record<SeoField, SeoSource>> } & Record<SeoField, string>;

/**
 * A field's own words on a row: a social field that falls back to the search words has none (a
 * title change is the title's effect, not a second one on the social title it carries along).
 */
export const ownWords = (row: EffectRow, field: SeoField) => (isSocialField(field) && row.sources?.[field] === "default" ? null : row[field]);

/** Pages breaking one rule, before and after; `fixed` and `broken` as for a field's errors. */
type ProblemEffect = { problem: AuditProblem; before: number; after: number; fixed: number; broken: number };
export type FieldEffect = {
  field: SeoField;
  /** Pages whose words for this field change. */
  changed: number;
  /**
   * Pages with at least one error about this field, before and after; and, apart, the pages the
   * change rids of every such error (`fixed`) and those it gives one (`broken`): a change that
   * fixes one page and breaks another is no "no change".
   */
  errors: { before: number; after: number; fixed: number; broken: number };
  /** Each error rule of the field that any page breaks, before or after: what gets worse first. */
  problems: ProblemEffect[];
};

const ERRORS_OF: Record<SeoField, AuditProblem[]> = Object.fromEntries(
  SEO_FIELDS.map((field) => [field, AUDIT_PROBLEM_KEYS.filter((problem) => AUDIT_PROBLEM_FIELD[problem] === field && isAuditError(problem))]),
) as Record<SeoField, AuditProblem[]>;

/** Whether a page has an error about `field`. */
export const hasFieldError = (problems: readonly AuditProblem[], field: SeoField) => problems.some((problem) => ERRORS_OF[field].includes(problem));

const worsening = (effect: { before: number; after: number; broken?: number }) => effect.broken ?? effect.after - effect.before;

/**
 * The effect on the pages in `after` (the pages the change governs: a template's kind, a bulk
 * edit's rows), each compared with the same path in `before`. Fields are ordered by what gets
 * worse first (pages given an error), then by how many pages change; a field nothing changes comes last.
 */
export function fieldEffects(before: ReadonlyMap<string, EffectRow>, after: readonly EffectRow[]): FieldEffect[] {
  const effects = SEO_FIELDS.map((field): FieldEffect => {
    const problems = ERRORS_OF[field].map((problem): ProblemEffect => ({ problem, before: 0, after: 0, fixed: 0, broken: 0 }));
    const errors = { before: 0, after: 0, fixed: 0, broken: 0 };
    let changed = 0;
    for (const row of after) {
      const was = before.get(row.path);
      if (!was || ownWords(was, field) !== ownWords(row, field)) changed++;
      const erredBefore = Boolean(was && hasFieldError(was.problems, field));
      const errsAfter = hasFieldError(row.problems, field);
      if (erredBefore) errors.before++;
      if (errsAfter) errors.after++;
      if (erredBefore && !errsAfter) errors.fixed++;
      if (!erredBefore && errsAfter) errors.broken++;
      for (const effect of problems) {
        const had = Boolean(was?.problems.includes(effect.problem));
        const has = row.problems.includes(effect.problem);
        if (had) effect.before++;
        if (has) effect.after++;
        if (had && !has) effect.fixed++;
        if (!had && has) effect.broken++;
      }
    }
    return {
      field,
      changed,
      errors,
      problems: problems.filter((effect) => effect.before > 0 || effect.after > 0).sort((a, b) => worsening(b) - worsening(a)),
    };
  });
  return effects.sort((a, b) => Number(b.changed > 0) - Number(a.changed > 0) || worsening(b.errors) - worsening(a.errors) || b.changed - a.changed);
}

/** The paths whose words change at all (a CDN purge names them). */
export function changedPaths(before: ReadonlyMap<string, EffectRow>, after: readonly EffectRow[]): string[] {
  return after.filter((row) => SEO_FIELDS.some((field) => before.get(row.path)?.[field] !== row[field])).map((row) => row.path);
}

/**
 * The pages behind one of the confirmation's counts: those whose field changes, those with an
 * error about a field, or those with one problem; as they are now or (`after`) with the draft.
 */
export type EffectPages = { after: boolean } & ({ changed: SeoField } | { errors: SeoField } | { problem: AuditProblem });

/** Every count of a confirmation: each field's pages changed and with errors now and after, and each problem's now and after. */
export function effectCounts(fields: readonly FieldEffect[]): { pages: EffectPages; count: number }[] {
  return fields.flatMap((effect) => [
    { pages: { after: true, changed: effect.field }, count: effect.changed },
    { pages: { after: false, errors: effect.field }, count: effect.errors.before },
    { pages: { after: true, errors: effect.field }, count: effect.errors.after },
    ...effect.problems.flatMap((problem) => [
      { pages: { after: false, problem: problem.problem }, count: problem.before },
      { pages: { after: true, problem: problem.problem }, count: problem.after },
    ]),
  ]);
}

/** The anchor of a count's page list on the confirmation itself ("pages-after-errors-title"). */
export const effectAnchor = ({ after, ...pages }: EffectPages) =>
  `pages-${after ? "after" : "now"}-${"changed" in pages ? `changed-${pages.changed}` : "errors" in pages ? `errors-${pages.errors}` : `problem-${pages.problem}`}`;

/** The audit errors a change gives pages that did not have them, each with its count of pages (a publish warns of them first). */
export function addedErrors(fields: readonly FieldEffect[]): { problem: AuditProblem; pages: number }[] {
  return fields.flatMap((effect) => effect.problems.filter((problem) => problem.broken > 0).map((problem) => ({ problem: problem.problem, pages: problem.broken })));
}
