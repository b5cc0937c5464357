import { listIndexablePages, type IndexablePage } from "../../db/queries/sitemap";
import { listEmptyListPages, listNoindexFixedPages } from "../../db/queries/unlisted-pages";
import { latestRevisionId } from "../../db/queries/workspace";
import { latestContentChangeId } from "../../db/queries/content-changes";
import { auditOpenPages, countProblems, type AuditProblem } from "../../contract/seo-audit";
import { EMPTY_PATTERN, isEmptyPattern, type SeoField, type SeoKind, type SeoPattern } from "../../contract/seo-text";
import type { Db } from "../../db/schema";
import { changedPaths, fieldEffects, type EffectPages } from "../../contract/publish-effects";
import { abbreviations, buildRows, filterRows, publishedRules, renderRow, type PageFilter, type PageRow, type Rules, type SiteProgress, type SiteRows } from "./pages";

/**
 * The workspace's copy of the site: the rows of pages.ts, built once per change of the content
 * journal or the published revisions and kept while staff use it (released when they stop), and
 * changes tried against it before they are published (a template's draft, a page's, a bulk edit).
 */

/** Facts can change outside the journal (a manager added by hand): read again after this long at most. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * Kept while staff work: released this long after the last workspace read of it (the web process
 * serves the public site too, which never reads it), and built again on the next.
 */
export const SITE_IDLE_RELEASE_MS = 10 * 60_000;

/** `positions`: each path's place in `rows.rows`, which a trial's rows keep. */
type Site = { key: string; at: number; rows: SiteRows; pages: IndexablePage[]; positions: Map<string, number> };
/** Per database (the site has one; the tests several): the rows, the build under way, its progress, the timer that lets them go. */
type State = { cached?: Site; building?: { key: string; promise: Promise<Site> }; progress: SiteProgress | null; release?: NodeJS.Timeout };
const states = new WeakMap<Db, State>();
const stateOf = (db: Db) => {
  let state = states.get(db);
  if (!state) states.set(db, (state = { progress: null }));
  return state;
};

/** Notes a use of the site's rows: SITE_IDLE_RELEASE_MS after the last one, they and the trials are let go. */
function touch(db: Db) {
  const state = stateOf(db);
  clearTimeout(state.release);
  state.release = setTimeout(() => {
    state.cached = undefined;
    trials.delete(db);
  }, SITE_IDLE_RELEASE_MS);
  state.release.unref();
}

const siteKey = async (db: Db) => `${await latestContentChangeId(db)}:${await latestRevisionId(db)}`;
const isFresh = (state: State, key: string) => state.cached?.key === key && Date.now() - state.cached.at < MAX_AGE_MS;

function startBuild(db: Db, key: string): Promise<Site> {
  const state = stateOf(db);
  if (state.building?.key === key) return state.building.promise;
  const promise: Promise<Site> = (async () => {
    state.progress = { phase: "reading", done: 0, total: 0 };
    const [{ pages }, emptyLists, noindexFixed, rules] = await Promise.all([listIndexablePages(db), listEmptyListPages(db), listNoindexFixedPages(db), publishedRules(db)]);
    const unlisted = [...noindexFixed, ...emptyLists];
    const rows = await buildRows(pages, unlisted, rules, (now) => (state.progress = now));
    const site = { key, at: Date.now(), rows, pages, positions: new Map(rows.rows.map((row, index) => [row.path, index])) };
    if (!state.cached || state.cached.at <= site.at) state.cached = site;
    touch(db);
    return site;
  })().finally(() => {
    if (state.building?.promise === promise) {
      state.building = undefined;
      state.progress = null;
    }
  });
  state.building = { key, promise };
  return promise;
}

async function loadSite(db: Db): Promise<Site> {
  touch(db);
  const key = await siteKey(db);
  const state = stateOf(db);
  return isFresh(state, key) ? state.cached! : startBuild(db, key);
}

/** The pages and their rows, read again only when the content journal or the published revisions move. */
export async function siteRows(db: Db): Promise<SiteRows> {
  return (await loadSite(db)).rows;
}

/** Whether the rows are ready; if not, starts building them and says how far it got. */
export async function siteStatus(db: Db): Promise<{ ready: true } | { ready: false; progress: SiteProgress | null }> {
  const key = await siteKey(db);
  const state = stateOf(db);
  if (isFresh(state, key)) return { ready: true };
  void startBuild(db, key).catch(() => undefined);
  return { ready: false, progress: state.progress };
}

// ---------------------------------------------------------------------------------------------
// Trying a template before publishing it

export type TemplateImpact = {
  pages: number;
  sample: PageRow | null;
  /** The widest titles it would produce. */
  widest: PageRow[];
  /** Pages of cities that share their name with a city in another state. */
  sameName: PageRow[];
  counts: Record<AuditProblem, number>;
};

/**
 * A change tried against the whole site: templates and page overrides as they would be (an
 * override of null: the page's own words removed). Only the pages it touches are rendered again;
 * the whole site is audited again (duplicates arise between pages of any kind).
 */
export type TrialChange = { templates?: ReadonlyMap<SeoKind, SeoPattern>; overrides?: ReadonlyMap<string, SeoPattern | null> };
/**
 * `rows` in the site's order, sharing the site's row wherever the change leaves a page's words and
 * problems as they are: a kept trial costs the pages it changes, not a second copy of the site.
 */
type Trial = { before: SiteRows; rows: PageRow[]; byPath: Pick<ReadonlyMap<string, PageRow>, "get">; touched: (row: { kind: SeoKind; path: string }) => boolean };

/** The last few trials (an editor, its confirmation and its "after" list ask for the same one). */
const TRIALS_KEPT = 4;
const trials = new WeakMap<Db, Map<string, Promise<Trial>>>();

const changeKey = (change: TrialChange) => JSON.stringify([[...(change.templates ?? [])], [...(change.overrides ?? [])]]);

export function trySite(db: Db, change: TrialChange): Promise<Trial> {
  return (async () => {
    const site = await loadSite(db);
    const key = `${site.key}|${changeKey(change)}`;
    let kept = trials.get(db);
    if (!kept) trials.set(db, (kept = new Map()));
    const found = kept.get(key);
    if (found) return found;
    const trial = runTrial(db, site, change);
    kept.set(key, trial);
    trial.catch(() => kept.delete(key));
    while (kept.size > TRIALS_KEPT) kept.delete(kept.keys().next().value!);
    return trial;
  })();
}

async function runTrial(db: Db, site: Site, change: TrialChange): Promise<Trial> {
  const rules = await publishedRules(db);
  const overrides = new Map(rules.overrides);
  for (const [path, pattern] of change.overrides ?? []) {
    if (pattern) overrides.set(path, pattern);
    else overrides.delete(path);
  }
  const trial: Rules = { templates: new Map([...rules.templates, ...(change.templates ?? [])]), overrides };
  const touched = (row: { kind: SeoKind; path: string }) => Boolean(change.templates?.has(row.kind) || change.overrides?.has(row.path));
  const states = abbreviations(site.pages);
  const rendered = site.pages.map((page, index) => (touched(page) ? renderRow(page, trial, states) : site.rows.rows[index]));
  const problems = auditOpenPages(rendered);
  const rows: PageRow[] = rendered.map((row, index) => {
    const kept = site.rows.rows[index];
    return row === kept && sameProblems(kept.problems, problems[index]) ? kept : { ...row, problems: problems[index] };
  });
  const byPath = { get: (path: string) => rows[site.positions.get(path) ?? -1] };
  return { before: site.rows, rows, byPath, touched };
}

const sameProblems = (a: readonly AuditProblem[], b: readonly AuditProblem[]) => a.length === b.length && a.every((problem, index) => problem === b[index]);

/** A draft's change to the site: a kind's template, or one page's own words (none left: no override). */
export function changeOf(target: { type: "template"; kind: SeoKind } | { type: "page"; path: string }, pattern: SeoPattern): TrialChange {
  if (target.type === "template") return { templates: new Map([[target.kind, pattern]]) };
  return { overrides: new Map([[target.path, isEmptyPattern(pattern) ? null : pattern]]) };
}

/** The pages a bulk edit names: the rows chosen (only indexable pages of the site), or every row of a filter. */
export async function bulkPages(db: Db, { scope, paths, filter }: { scope: "selected" | "filter"; paths: readonly string[]; filter: PageFilter }) {
  const site = await siteRows(db);
  const rows = scope === "filter" ? filterRows(site.rows, filter) : [...new Set(paths)].flatMap((path) => site.byPath.get(path) ?? []);
  return rows.map((row) => ({ kind: row.kind, path: row.path }));
}

/** A bulk edit's change: each page's published override with one field set (or cleared: null). */
export async function bulkChange(db: Db, { paths, field, value }: { paths: readonly string[]; field: SeoField; value: string | null }): Promise<TrialChange> {
  const { overrides } = await publishedRules(db);
  const changed = new Map<string, SeoPattern | null>();
  for (const path of paths) {
    const words = { ...(overrides.get(path) ?? EMPTY_PATTERN), [field]: value };
    changed.set(path, isEmptyPattern(words) ? null : words);
  }
  return { overrides: changed };
}

/**
 * What publishing a change would do, for its confirmation: per field, the pages it changes and
 * the errors before and after among the pages it governs, and the paths whose words change.
 */
export async function publishEffect(db: Db, change: TrialChange) {
  const trial = await trySite(db, change);
  const governed = trial.rows.filter(trial.touched);
  return {
    pages: governed.length,
    fields: fieldEffects(trial.before.byPath, governed),
    paths: changedPaths(trial.before.byPath, governed),
    /** The paths behind one of the counts, now or (`after`) as the change would make them (a bulk edit lists them on its confirmation). */
    pathsOf: ({ after, ...pages }: EffectPages) =>
      after
        ? filterRows(governed, pages, trial.before.byPath).map((row) => row.path)
        : filterRows(governed.flatMap((row) => trial.before.byPath.get(row.path) ?? []), { ...pages, changed: undefined }).map((row) => row.path),
  };
}
export type PublishEffect = Awaited<ReturnType<typeof publishEffect>>;

/** What publishing `pattern` as the template of `kind` would do to the site. */
export async function templateImpact(db: Db, { kind, pattern }: { kind: SeoKind; pattern: SeoPattern }): Promise<TemplateImpact> {
  const trial = await trySite(db, { templates: new Map([[kind, pattern]]) });
  const triedRows = trial.rows.filter((row) => row.kind === kind);
  const byCity = new Map<string, PageRow[]>();
  for (const row of triedRows) {
    const city = (row.facts as { city?: string }).city;
    if (city) byCity.set(city, [...(byCity.get(city) ?? []), row]);
  }
  const sameName = [...byCity.values()].filter((rows) => new Set(rows.map((row) => row.state)).size > 1).sort((a, b) => b.length - a.length)[0] ?? [];
  return {
    pages: triedRows.length,
    sample: triedRows[0] ?? null,
    widest: [...triedRows].sort((a, b) => b.titlePx - a.titlePx).slice(0, 3),
    sameName: sameName.slice(0, 4),
    counts: countProblems(triedRows.map((row) => row.problems)),
  };
}
