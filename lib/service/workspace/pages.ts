import { NOINDEX_FIXED_PAGES } from "../../contract/fixed-pages";
import type { IndexablePage } from "../../db/queries/sitemap";
import type { RESOLUTION_STATUS } from "../../contract/page-table";
import { indexability } from "./indexability";
import { pageHeading } from "../../contract/page-headings";
import type { PageSort } from "../../contract/staff";
import { listLiveRules } from "../../db/queries/workspace";
import { SERP, textWidth } from "../../contract/serp";
import { auditOpenPages, causeSource, countProblems, type AuditCauseSource, type AuditProblem } from "../../contract/seo-audit";
import {
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
import { hasFieldError, ownWords } from "../../contract/publish-effects";

/**
 * Every indexable page as the workspace shows it: found from the sitemap's own list (kind, path,
 * facts), rendered with what is published (templates and overrides), measured, and audited.
 * site.ts keeps them while staff use them, so paging through 20,000 rows does not read them again.
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

export type Rules = { templates: Map<SeoKind, SeoPattern>; overrides: Map<string, SeoPattern> };

export async function publishedRules(db: Db): Promise<Rules> {
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

export function abbreviations(pages: IndexablePage[]): Map<string, string> {
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

export async function buildRows(pages: IndexablePage[], unlisted: IndexablePage[], rules: Rules, report: (progress: SiteProgress) => void): Promise<SiteRows> {
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
