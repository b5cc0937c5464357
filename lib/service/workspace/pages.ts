import { NOINDEX_FIXED_PAGES } from "../../contract/fixed-pages";
import { listIndexablePages, type IndexablePage } from "../../db/queries/sitemap";
import { listEmptyListPages, listNoindexFixedPages } from "../../db/queries/unlisted-pages";
import type { RESOLUTION_STATUS } from "../../contract/page-table";
import { indexability } from "./indexability";
import { pageHeading } from "../../contract/page-headings";
import type { PageSort } from "../../contract/staff";
import { latestRevisionId, listLiveRules } from "../../db/queries/workspace";
import { latestContentChangeId } from "../../db/queries/content-changes";
import { SERP, textWidth } from "../../contract/serp";
import { auditOpenPages, causeSource, countProblems, type AuditCauseSource, type AuditProblem } from "../../contract/seo-audit";
import {
  EMPTY_PATTERN,
  isEmptyPattern,
  patternOf,
  pageTarget,
  resolveSeo,
  shareImageFor,
  templateTarget,
  type SeoFacts,
  type SeoField,
  type SeoKind,
  type SeoPattern,
  type SeoSource,
  type SeoText,
} from "../../contract/seo-text";
import type { Db } from "../../db/schema";
import { matchesRobotsFilter, type RobotsFilter } from "../../contract/robots";
import { changedPaths, fieldEffects, hasFieldError, ownWords, type EffectPages } from "../../contract/publish-effects";

/**
 * Every indexable page as the workspace shows it: found from the sitemap's own list (kind, path,
 * facts), rendered with what is published (templates and overrides), measured, and audited. The
 * facts are read once and kept while the content journal and the published revisions stay the
 * same, so paging through 20,000 rows or filtering them does not read them again.
 */
export type PageRow = SeoText & {
  kind: SeoKind;
  path: string;
  facts: SeoFacts;
  sources: Record<SeoField, SeoSource>;
  canonical: string;
  robots: "index" | "noindex";
  /** Its override asks search engines not to follow its links. */
  nofollow: boolean;
  /** The share image, and its alt text as the page declares it (text.image_alt). */
  image: { url: string | null; alt: string };
  titlePx: number;
  descriptionPx: number;
  /** The state the page is about, as its abbreviation, when it is about one. */
  state: string | null;
  /** A blog post's date (results show it before the description); null for other pages. */
  published: string | null;
  /** The page's h1, as the page renders it (lib/contract/page-headings.ts). */
  h1: string;
  /** What the public page answers, by the page table (lib/contract/page-table.ts): no page is fetched. */
  status: (typeof RESOLUTION_STATUS)[keyof typeof RESOLUTION_STATUS];
  /** Whether a search engine may index it, and why (or why not). */
  indexable: boolean;
  indexabilityReason: string;
  problems: AuditProblem[];
};

/**
 * `rows`: the indexable pages (the sitemap's), audited; `noindex`: the list pages the site serves
 * but keeps out of the index (empty lists), for the CSV, not audited (no result shows them).
 */
export type SiteRows = { rows: PageRow[]; noindex: PageRow[]; byPath: Map<string, PageRow>; counts: Record<AuditProblem, number>; builtAt: string; buildMs: number };

type Rules = { templates: Map<SeoKind, SeoPattern>; overrides: Map<string, SeoPattern> };

async function publishedRules(db: Db): Promise<Rules> {
  const templates = new Map<SeoKind, SeoPattern>();
  const overrides = new Map<string, SeoPattern>();
  for (const row of await listLiveRules(db)) {
    const pattern = patternOf(row);
    if (row.target === templateTarget(row.kind as SeoKind)) templates.set(row.kind as SeoKind, pattern);
    else if (row.path !== null && row.target === pageTarget(row.path)) overrides.set(row.path, pattern);
  }
  return { templates, overrides };
}

/** A page's row, with its words from `rules` (what is published, or a template being tried). */
export function renderRow(page: IndexablePage, rules: Rules, stateAbbreviations: Map<string, string>): Omit<PageRow, "problems"> {
  const override = rules.overrides.get(page.path);
  const { text, sources } = resolveSeo({ kind: page.kind, facts: page.facts, template: rules.templates.get(page.kind), override } as Parameters<typeof resolveSeo>[0]);
  // A noindex page with a title of its own (the review step) says it, as its metadata does.
  const ownTitle = page.kind === "fixed" ? NOINDEX_FIXED_PAGES[page.path]?.title : undefined;
  if (ownTitle) text.title = ownTitle;
  const facts = page.facts as { state?: string; state_abbr?: string };
  return {
    kind: page.kind,
    path: page.path,
    facts: page.facts,
    ...text,
    sources,
    // What pageMetadata declares: the page's own address, or its override's canonical (lib/seo/metadata.ts).
    canonical: override?.canonical ?? page.path,
    ...indexability(page, override),
    image: { url: override?.share_image ?? shareImageFor(page).url, alt: text.image_alt },
    titlePx: textWidth(text.title, SERP.title.fontPx),
    descriptionPx: textWidth(text.description, SERP.description.fontPx),
    state: facts.state_abbr ?? (facts.state ? (stateAbbreviations.get(facts.state) ?? null) : null),
    published: page.kind === "blog" ? (page.lastModified ?? null) : null,
    h1: pageHeading(page),
  };
}

function abbreviations(pages: IndexablePage[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const page of pages) {
    const facts = page.facts as { state?: string; state_abbr?: string };
    if (facts.state && facts.state_abbr) map.set(facts.state, facts.state_abbr);
  }
  return map;
}

/** How far the current build has got (the audit page shows it while it runs). */
export type SiteProgress = { phase: "reading" | "rendering" | "auditing"; done: number; total: number };

const CHUNK = 1_000;
/** Lets the process answer other requests between chunks: the site is served by the same process. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function buildRows(pages: IndexablePage[], unlisted: IndexablePage[], rules: Rules, report: (progress: SiteProgress) => void): Promise<SiteRows> {
  const started = performance.now();
  const states = abbreviations(pages);
  // Not audited: no search result shows them.
  const noindex = unlisted.map((page) => ({ ...renderRow(page, rules, states), problems: [] }));
  const rendered: Omit<PageRow, "problems">[] = [];
  for (let start = 0; start < pages.length; start += CHUNK) {
    report({ phase: "rendering", done: start, total: pages.length });
    for (const page of pages.slice(start, start + CHUNK)) rendered.push(renderRow(page, rules, states));
    await yieldToOthers();
  }
  report({ phase: "auditing", done: pages.length, total: pages.length });
  await yieldToOthers();
  const problems = auditOpenPages(rendered);
  const rows = rendered.map((row, index) => ({ ...row, problems: problems[index] }));
  return { rows, noindex, byPath: new Map(rows.map((row) => [row.path, row])), counts: countProblems(problems), builtAt: new Date().toISOString(), buildMs: Math.round(performance.now() - started) };
}

/** Facts can change outside the journal (a manager added by hand): read again after this long at most. */
const MAX_AGE_MS = 5 * 60_000;

type Site = { key: string; at: number; rows: SiteRows; pages: IndexablePage[] };
/** Per database (the site has one; the tests several): the rows, the build under way, its progress. */
type State = { cached?: Site; building?: { key: string; promise: Promise<Site> }; progress: SiteProgress | null };
const states = new WeakMap<Db, State>();
const stateOf = (db: Db) => {
  let state = states.get(db);
  if (!state) states.set(db, (state = { progress: null }));
  return state;
};

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
    const site = { key, at: Date.now(), rows, pages };
    if (!state.cached || state.cached.at <= site.at) state.cached = site;
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
// The list: filters and pages

/**
 * The list's filters. `source` (where the words with the problem come from) only narrows a
 * problem. `draft` shows the list as the staff member's draft would make it (a publish's
 * confirmation links there); `changed`, only the pages whose words for that field it changes;
 * `errors`, only the pages with an audit error about that field.
 */
export type PageFilter = { kind?: SeoKind; state?: string; problem?: AuditProblem; source?: AuditCauseSource; q?: string; draft?: number; changed?: SeoField; errors?: SeoField; sort?: PageSort; robots?: RobotsFilter };

export function filterRows(rows: PageRow[], { kind, state, problem, source, q, changed, errors, robots }: PageFilter, before?: ReadonlyMap<string, PageRow>): PageRow[] {
  const query = q?.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!kind || row.kind === kind) &&
      (!state || row.state === state) &&
      (!problem || (row.problems.includes(problem) && (!source || causeSource(problem, row.sources) === source))) &&
      (!errors || hasFieldError(row.problems, errors)) &&
      (!robots || matchesRobotsFilter(row, robots)) &&
      (!changed || !before?.has(row.path) || ownWords(before.get(row.path)!, changed) !== ownWords(row, changed)) &&
      (!query || row.path.toLowerCase().includes(query) || row.title.toLowerCase().includes(query)),
  );
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
type Trial = { before: SiteRows; rows: PageRow[]; byPath: Map<string, PageRow>; touched: (row: { kind: SeoKind; path: string }) => boolean };

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
  const rows: PageRow[] = rendered.map((row, index) => ({ ...row, problems: problems[index] }));
  return { before: site.rows, rows, byPath: new Map(rows.map((row) => [row.path, row])), touched };
}

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
