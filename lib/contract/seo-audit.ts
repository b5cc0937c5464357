/**
 * The site-wide SEO audit of the marketers' workspace: rules over the rendered words of every
 * indexable page, computed from the database (no crawl). Pure functions of the rows, so the
 * rules are tested on rows made for them and run the same on 20 pages or 1,000,000.
 */
import { SERP, endsCut, textWidth } from "./serp";
import { LIST_KINDS, emptyListIsNoindex, type SeoFacts, type SeoKind, type SeoSource } from "./seo-text";

/**
 * Where each rule comes from, as the audit shows it: Google's own documentation where it says so,
 * the width estimate of ./serp.ts, or this site's rule.
 */
const RULE_SOURCES = {
  GOOGLE_TITLE: "Google Search Central, title links: every page has a title, descriptive and unique to the page, not boilerplate repeated across pages.",
  GOOGLE_SNIPPET: "Google Search Central, snippets: a meta description for every page, unique to the page.",
  WIDTH_ESTIMATE: "Estimate of this site (lib/contract/serp.ts): results cut by pixel width, not characters; Google does not publish the limits.",
  SITE_RULE: "This site's rule: a result should read as a whole sentence and name the right place.",
  GOOGLE_SOFT_404: "Google Search Central, soft 404 errors: a page open to search engines should have content; an empty list is kept out of the index.",
  GOOGLE_CANONICAL: "Google Search Central, canonical URLs: each page names itself as canonical, and no two pages name the same one.",
  OPEN_GRAPH: "The Open Graph protocol (ogp.me): og:image:alt describes the share image.",
} as const;

/** Each problem: its name, what it means, the field a template writes it in (null: the site's code), and its rule's source. */
export const AUDIT_PROBLEMS = {
  "title-missing": {
    label: "Missing title",
    explain: "The page has no title: search engines make one up.",
    field: "title",
    source: RULE_SOURCES.GOOGLE_TITLE,
  },
  "title-duplicate": {
    label: "Duplicate title",
    explain: "Another indexable page has the same title.",
    field: "title",
    source: RULE_SOURCES.GOOGLE_TITLE,
  },
  "title-too-long": {
    label: `Title over ${SERP.title.maxPx} px`,
    explain: `Wider than about ${SERP.title.maxPx} px at 20 px Arial: results cut it.`,
    field: "title",
    source: RULE_SOURCES.WIDTH_ESTIMATE,
  },
  "title-near-duplicate": {
    label: "Near-duplicate title",
    explain: "Another page of the same kind has the same title except for numbers, case or punctuation: the template does not tell them apart.",
    field: "title",
    source: RULE_SOURCES.GOOGLE_TITLE,
  },
  "description-missing": {
    label: "Missing description",
    explain: "The page has no meta description: results show a snippet of their choosing.",
    field: "description",
    source: RULE_SOURCES.GOOGLE_SNIPPET,
  },
  "description-duplicate": {
    label: "Duplicate description",
    explain: "Another indexable page has the same description.",
    field: "description",
    source: RULE_SOURCES.GOOGLE_SNIPPET,
  },
  "description-too-long": {
    label: `Description over ${SERP.description.desktopMaxPx} px`,
    explain: `Wider than about ${SERP.description.desktopMaxPx} px at 14 px Arial: desktop results cut it (phones at ${SERP.description.phoneMaxPx} px).`,
    field: "description",
    source: RULE_SOURCES.WIDTH_ESTIMATE,
  },
  "description-cut": {
    label: "Description cut mid-sentence",
    explain: "The description ends with an ellipsis: the result shows a sentence that stops in the middle.",
    field: "description",
    source: RULE_SOURCES.SITE_RULE,
  },
  "description-near-duplicate": {
    label: "Near-duplicate description",
    explain: "Another page of the same kind has the same description except for numbers, case or punctuation.",
    field: "description",
    source: RULE_SOURCES.GOOGLE_SNIPPET,
  },
  "same-name-no-state": {
    label: "Same-named city without its state",
    explain: "The city's name exists in more than one state, and the title names neither the state nor its abbreviation.",
    field: "title",
    source: RULE_SOURCES.SITE_RULE,
  },
  "indexable-no-managers": {
    label: "Indexable with no managers",
    explain: "The page is open to search engines but lists no manager.",
    field: null,
    source: RULE_SOURCES.GOOGLE_SOFT_404,
  },
  "canonical-mismatch": {
    label: "Canonical mismatch",
    explain: "The canonical link is not the page's own address, or several pages share one.",
    field: null,
    source: RULE_SOURCES.GOOGLE_CANONICAL,
  },
  "image-alt-missing": {
    label: "Share image without alt text",
    explain: "The Open Graph image has no description for people who cannot see it.",
    field: "image_alt",
    source: RULE_SOURCES.OPEN_GRAPH,
  },
} as const;

export type AuditProblem = keyof typeof AUDIT_PROBLEMS;

/**
 * How much each problem matters: an error is what a result shows wrong today (cut, duplicated,
 * missing, or a page open to search engines that should not be); a warning, what a marketer should
 * look at (a template that does not tell pages apart); a notice, what only some tools report.
 */
export type AuditSeverity = "error" | "warning" | "notice";
export const AUDIT_SEVERITY: Record<AuditProblem, AuditSeverity> = {
  "title-missing": "error",
  "title-duplicate": "error",
  "title-too-long": "error",
  "title-near-duplicate": "warning",
  "description-missing": "error",
  "description-duplicate": "error",
  "description-too-long": "error",
  "description-cut": "error",
  "description-near-duplicate": "warning",
  "same-name-no-state": "warning",
  "indexable-no-managers": "error",
  "canonical-mismatch": "error",
  "image-alt-missing": "notice",
};
export const isAuditError = (problem: AuditProblem) => AUDIT_SEVERITY[problem] === "error";
/**
 * The field whose words a problem is about: a publish's confirmation counts each field's errors
 * apart (a change to titles is not blamed for descriptions). Null: the page's other facts.
 */
export const AUDIT_PROBLEM_FIELD = Object.fromEntries(Object.entries(AUDIT_PROBLEMS).map(([problem, { field }]) => [problem, field])) as {
  [P in AuditProblem]: (typeof AUDIT_PROBLEMS)[P]["field"];
};
export const AUDIT_PROBLEM_KEYS = Object.keys(AUDIT_PROBLEMS) as AuditProblem[];
export const isAuditProblem = (value: string): value is AuditProblem => Object.hasOwn(AUDIT_PROBLEMS, value);

export type AuditedPage = {
  kind: SeoKind;
  path: string;
  title: string;
  description: string;
  canonical: string;
  robots: "index" | "noindex";
  image: { alt: string };
  facts: SeoFacts;
  /** The widths, when already measured (textWidth otherwise). */
  titlePx?: number;
  descriptionPx?: number;
};

/** Case, spacing and punctuation do not make two titles different. */
const exactKey = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
/** Nor, for a near-duplicate, do numbers: "25 managers in Austin" and "12 managers in Austin". */
const nearKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/\d+/g, "#")
    .replace(/[^\p{L}#]+/gu, " ")
    .trim();

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const value = key(item);
    if (value === null) return;
    const group = groups.get(value);
    if (group) group.push(index);
    else groups.set(value, [index]);
  });
  return groups;
}

const PLACE_KINDS: ReadonlySet<SeoKind> = new Set(["city", "category", "profile"]);

const placeOf = (page: AuditedPage) => {
  const facts = page.facts as { city?: string; state?: string; state_abbr?: string };
  return PLACE_KINDS.has(page.kind) && facts.city ? { city: facts.city, state: facts.state ?? "", abbr: facts.state_abbr ?? "" } : null;
};

const mentions = (text: string, word: string) => word !== "" && new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "iu").test(text);

/** The list a page belongs to: "/agents/TX/austin" for "/agents/TX/austin/page/3". */
const seriesOf = (path: string) => path.replace(/\/page\/\d+$/, "");

/** Each page's problems, in the order of the pages given. */
export function auditPages(pages: AuditedPage[]): AuditProblem[][] {
  const problems: AuditProblem[][] = pages.map(() => []);
  const flag = (indexes: Iterable<number>, problem: AuditProblem) => {
    for (const index of indexes) if (!problems[index].includes(problem)) problems[index].push(problem);
  };

  pages.forEach((page, index) => {
    if (!page.title.trim()) flag([index], "title-missing");
    else if ((page.titlePx ?? textWidth(page.title, SERP.title.fontPx)) > SERP.title.maxPx) flag([index], "title-too-long");
    if (!page.description.trim()) flag([index], "description-missing");
    else if ((page.descriptionPx ?? textWidth(page.description, SERP.description.fontPx)) > SERP.description.desktopMaxPx) flag([index], "description-too-long");
    if (endsCut(page.description)) flag([index], "description-cut");
    if (!page.image.alt.trim()) flag([index], "image-alt-missing");
    if (page.canonical !== page.path) flag([index], "canonical-mismatch");
    const count = Number((page.facts as { count?: number }).count);
    if (page.robots === "index" && LIST_KINDS.has(page.kind) && emptyListIsNoindex(count)) flag([index], "indexable-no-managers");
  });

  // Only pages open to search engines compete with each other.
  const indexed = (page: AuditedPage) => page.robots === "index";
  for (const field of ["title", "description"] as const) {
    const exact = groupBy(pages, (page) => (indexed(page) && page[field].trim() ? exactKey(page[field]) : null));
    for (const group of exact.values()) if (group.length > 1) flag(group, `${field}-duplicate`);
    const near = groupBy(pages, (page) => (indexed(page) && page[field].trim() ? `${page.kind}|${nearKey(page[field])}` : null));
    for (const group of near.values()) {
      // Near, not exact: a page whose group holds a text other than its own, from another list
      // (the pages of one paginated list differ by their number, as they should).
      const texts = group.map((index) => exactKey(pages[index][field]));
      const series = group.map((index) => seriesOf(pages[index].path));
      flag(
        group.filter((_, position) => texts.some((text, other) => text !== texts[position] && series[other] !== series[position])),
        `${field}-near-duplicate`,
      );
    }
  }

  for (const group of groupBy(pages, (page) => page.canonical).values()) if (group.length > 1) flag(group, "canonical-mismatch");

  // A city name found in more than one state, on a page whose title names neither its state nor the abbreviation.
  const statesByCity = new Map<string, Set<string>>();
  for (const page of pages) {
    const place = placeOf(page);
    if (!place) continue;
    const key = place.city.toLowerCase();
    statesByCity.set(key, (statesByCity.get(key) ?? new Set()).add(place.abbr || place.state));
  }
  pages.forEach((page, index) => {
    const place = placeOf(page);
    if (!place || (statesByCity.get(place.city.toLowerCase())?.size ?? 0) < 2) return;
    if (!mentions(page.title, place.state) && !mentions(page.title, place.abbr)) flag([index], "same-name-no-state");
  });

  return problems;
}

/** How many pages have each problem. */
export function countProblems(problems: AuditProblem[][]): Record<AuditProblem, number> {
  const counts = Object.fromEntries(AUDIT_PROBLEM_KEYS.map((key) => [key, 0])) as Record<AuditProblem, number>;
  for (const list of problems) for (const problem of list) counts[problem]++;
  return counts;
}

/**
 * Each page's problems, auditing only the pages open to search engines: a page the workspace set
 * noindex, or canonical to another page, shows in no result, so it has none and takes no part in
 * another's (a duplicate title with a noindex page is no duplicate).
 */
export function auditOpenPages(pages: AuditedPage[]): AuditProblem[][] {
  const open = pages.flatMap((page, index) => (page.robots === "index" && page.canonical === page.path ? [index] : []));
  const found = auditPages(open.map((index) => pages[index]));
  const problems: AuditProblem[][] = pages.map(() => []);
  open.forEach((index, position) => (problems[index] = found[position]));
  return problems;
}

/** The audit in figures: indexable pages, how many have at least one error, and each problem's count. */
export function auditSummary(pages: { robots: "index" | "noindex"; indexable?: boolean; problems: AuditProblem[] }[]) {
  const indexable = pages.filter((page) => page.robots === "index" && page.indexable !== false);
  const withError = indexable.filter((page) => page.problems.some(isAuditError)).length;
  return {
    indexable: indexable.length,
    withError,
    withAnyProblem: indexable.filter((page) => page.problems.length > 0).length,
    /** The share of indexable pages with no error, in percent (100 for no pages). */
    cleanPercent: indexable.length === 0 ? 100 : (100 * (indexable.length - withError)) / indexable.length,
    counts: countProblems(indexable.map((page) => page.problems)),
  };
}

/** Where the words with a problem come from: a kind's template, its default wording, a page's own override, or the site's code. */
export type AuditCauseSource = SeoSource | "code";
export type AuditCause = { problem: AuditProblem; kind: SeoKind; source: AuditCauseSource; pages: number };
type CausedRow = { kind: SeoKind; problems: readonly AuditProblem[]; sources: Record<"title" | "description" | "image_alt", SeoSource> };

export const AUDIT_CAUSE_SOURCES = ["template", "default", "override", "code"] as const satisfies readonly AuditCauseSource[];
export const isAuditCauseSource = (value: string): value is AuditCauseSource => (AUDIT_CAUSE_SOURCES as readonly string[]).includes(value);

/** Where a page's words with `problem` come from (the code's, for a problem no template writes). */
export const causeSource = (problem: AuditProblem, sources: CausedRow["sources"]): AuditCauseSource => {
  const field = AUDIT_PROBLEMS[problem].field;
  return field ? sources[field] : "code";
};

const SEVERITY_RANK: Record<AuditSeverity, number> = { error: 0, warning: 1, notice: 2 };
/** Orders problems errors first, then warnings, then notices. */
export const bySeverity = (a: AuditProblem, b: AuditProblem) => SEVERITY_RANK[AUDIT_SEVERITY[a]] - SEVERITY_RANK[AUDIT_SEVERITY[b]];

/**
 * The audit grouped by cause: each problem's pages by kind and by where the faulty words come
 * from, errors first, then the most pages. A template's group is the pages editing that template
 * can mend; an override's, pages mended one by one; the code's, a developer's change.
 */
export function auditCauses(rows: readonly CausedRow[]): AuditCause[] {
  const causes = new Map<string, AuditCause>();
  for (const row of rows) {
    for (const problem of row.problems) {
      const source = causeSource(problem, row.sources);
      const key = `${problem}|${row.kind}|${source}`;
      const cause = causes.get(key);
      if (cause) cause.pages++;
      else causes.set(key, { problem, kind: row.kind, source, pages: 1 });
    }
  }
  return [...causes.values()].sort(
    (a, b) => bySeverity(a.problem, b.problem) || b.pages - a.pages || a.kind.localeCompare(b.kind),
  );
}

/** Pages that share one title (or description): the text as the first of them has it, and their paths. */
export type DuplicateGroup = { text: string; paths: string[] };
type WordedRow = { kind: SeoKind; path: string; title: string; description: string; problems: readonly AuditProblem[] };

/**
 * The groups behind a duplicate problem, the largest first: pages with the same words (case and
 * spacing aside), or with `near`, pages of one kind whose words differ only by numbers.
 */
export function duplicateGroups(rows: readonly WordedRow[], field: "title" | "description", { near = false }: { near?: boolean } = {}): DuplicateGroup[] {
  const problem: AuditProblem = near ? `${field}-near-duplicate` : `${field}-duplicate`;
  const groups = new Map<string, DuplicateGroup>();
  for (const row of rows) {
    if (!row.problems.includes(problem)) continue;
    const key = near ? `${row.kind}|${nearKey(row[field])}` : exactKey(row[field]);
    const group = groups.get(key);
    if (group) group.paths.push(row.path);
    else groups.set(key, { text: row[field], paths: [row.path] });
  }
  return [...groups.values()].sort((a, b) => b.paths.length - a.paths.length || a.text.localeCompare(b.text));
}
