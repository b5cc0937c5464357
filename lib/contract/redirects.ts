import { HEALTH_PATH } from "./routes";
import { REDIRECT_WORDS } from "./redirect-messages";

/**
 * Redirect rules (Workspace → Redirects) and the 404 log: one home for their shapes and bounds.
 * A rule answers one exact path, normalised the way the site's own addresses are (decoded, dot
 * segments resolved, repeated slashes folded, no trailing slash: Next.js redirects `/a/` to `/a`),
 * with 301 or 302 to a path of this site, or 410 (gone). The production server answers rules
 * before its page store (lib/server/redirect-table.ts); the service keeps the set free of loops
 * and chains (checkRule below), so one request never needs more than one hop.
 */
export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
const isRedirectStatus = (value: number): value is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(value);

/**
 * The workspace page (not in routes.ts's WORKSPACE_PATHS: that module is sent whole to every
 * public page's JavaScript, and these are the workspace's only).
 */
export const REDIRECTS_WORKSPACE_PATH = "/workspace/redirects";
/** "Redirect this" on a 404 log row: the page with its form filled with the path. */
export const redirectThisPath = (path: string) => `${REDIRECTS_WORKSPACE_PATH}?from=${encodeURIComponent(path)}#new-rule`;

/** The longest path a rule or the 404 log keeps: longer ones are nobody's real page. */
export const REDIRECT_PATH_MAX = 512;
/** How many rules the site keeps (and each instance holds in memory). */
export const REDIRECT_RULES_MAX = 5_000;
/**
 * A redirects CSV file's largest size: a few thousand rules, and well inside a server action's
 * 1 MB (the dry run posts the file, the import posts the text the dry run read back).
 */
export const REDIRECTS_CSV_MAX_BYTES = 256 * 1024;
/** How many problems a CSV dry run lists (it counts them all). */
export const REDIRECTS_CSV_PROBLEMS_SHOWN = 100;

/** The 404 log keeps at most this many distinct paths: the most-seen, then the latest. */
export const NOT_FOUND_LOG_MAX = 500;
/** Distinct paths an instance gathers between two writes; more are counted as dropped, never kept. */
export const NOT_FOUND_PENDING_MAX = 1_000;
/** An instance writes what it gathered at most this often (one batch). */
export const NOT_FOUND_FLUSH_MS = 5_000;

/** Addresses no rule may take, and the 404 log never counts: the service, build files, the workspace, health. */
const RESERVED_PREFIXES = ["/api", "/_next", "/workspace", HEALTH_PATH] as const;

function isReservedPath(path: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const BASE = "http://redirects.invalid";

type Normalised = { ok: true; path: string } | { ok: false; problem: string };

/**
 * A path as the site compares it: `/Agents/TX//austin/` → `/Agents/TX/austin`. The same function
 * reads a rule's "from" in the workspace and every request's path in the server, so both meet.
 */
export function normalisePath(input: string): Normalised {
  const raw = input.trim();
  if (!raw.startsWith("/")) return { ok: false, problem: REDIRECT_WORDS.notAPath };
  if (/[?#]/.test(raw)) return { ok: false, problem: REDIRECT_WORDS.noQuery };
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(raw.replace(/\/{2,}/g, "/"), BASE).pathname);
  } catch {
    return { ok: false, problem: REDIRECT_WORDS.notAPath };
  }
  if (CONTROL_CHARACTERS.test(decoded)) return { ok: false, problem: REDIRECT_WORDS.notAPath };
  const path = decoded.length > 1 ? decoded.replace(/\/+$/, "") || "/" : decoded;
  if (path.length > REDIRECT_PATH_MAX) return { ok: false, problem: REDIRECT_WORDS.tooLong(REDIRECT_PATH_MAX) };
  return { ok: true, path };
}

/** A request's path for the rule table and the 404 log: null when it is malformed, too long or reserved. */
export function requestKey(rawPath: string): string | null {
  if (rawPath.length > REDIRECT_PATH_MAX * 3) return null;
  const normalised = normalisePath(rawPath);
  return normalised.ok && !isReservedPath(normalised.path) ? normalised.path : null;
}

export type RedirectRule = { from: string; status: RedirectStatus; to: string | null };
export type RuleInput = { from: string; to: string; status: string | number };
type CheckedRule = { ok: true; rule: RedirectRule } | { ok: false; problem: string; field: "from" | "to" | "status" };

/** The path part of a target (`/a?b=1` → `/a`), which rules are keyed by. */
const targetPath = (to: string) => to.replace(/[?#].*$/, "");

/**
 * One rule's own fields: the from-path normalised and not reserved; 301/302 with a target that is
 * a path of this site or a URL on `origin` (kept as its path), 410 with none.
 */
export function readRule(input: RuleInput, origin: string): CheckedRule {
  const from = normalisePath(input.from);
  if (!from.ok) return { ok: false, problem: from.problem, field: "from" };
  if (isReservedPath(from.path)) return { ok: false, problem: REDIRECT_WORDS.reserved(from.path), field: "from" };
  const status = Number(String(input.status).trim());
  if (!isRedirectStatus(status)) return { ok: false, problem: REDIRECT_WORDS.badStatus, field: "status" };
  const rawTarget = input.to.trim();
  if (status === 410) {
    if (rawTarget) return { ok: false, problem: REDIRECT_WORDS.goneHasTarget, field: "to" };
    return { ok: true, rule: { from: from.path, status, to: null } };
  }
  if (!rawTarget) return { ok: false, problem: REDIRECT_WORDS.targetMissing, field: "to" };
  const to = readTarget(rawTarget, origin);
  if (!to.ok) return { ok: false, problem: to.problem, field: "to" };
  if (targetPath(to.path) === from.path) return { ok: false, problem: REDIRECT_WORDS.toItself, field: "to" };
  return { ok: true, rule: { from: from.path, status, to: to.path } };
}

/** A target: a path (with an optional query), or a URL on this site's origin, kept as its path. */
function readTarget(raw: string, origin: string): Normalised {
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return { ok: false, problem: REDIRECT_WORDS.targetNotOnSite(origin) };
  }
  if (url.origin !== new URL(origin).origin || !(raw.startsWith("/") || /^https?:\/\//i.test(raw)) || raw.startsWith("//")) {
    return { ok: false, problem: REDIRECT_WORDS.targetNotOnSite(origin) };
  }
  const path = normalisePath(url.pathname);
  if (!path.ok) return path;
  if (isReservedPath(path.path)) return { ok: false, problem: REDIRECT_WORDS.reserved(path.path) };
  const query = url.search.length > 1 ? url.search : "";
  if (CONTROL_CHARACTERS.test(query) || path.path.length + query.length > REDIRECT_PATH_MAX) return { ok: false, problem: REDIRECT_WORDS.tooLong(REDIRECT_PATH_MAX) };
  return { ok: true, path: `${path.path}${query}` };
}

/**
 * Whether `rule` may join `rules` (keyed by from-path; a rule with the same from-path is the one
 * it replaces): no hop may lead to another rule, so a loop (a → b → a) or a chain (a → b → c)
 * is refused, whichever of its rules comes last.
 */
export function checkRule(rules: ReadonlyMap<string, RedirectRule>, rule: RedirectRule): string | null {
  if (rule.to !== null) {
    const next = rules.get(targetPath(rule.to));
    if (next && next.from !== rule.from) {
      return next.to !== null && targetPath(next.to) === rule.from ? REDIRECT_WORDS.loop(rule.from, rule.to) : REDIRECT_WORDS.chainAfter(rule.to, next.to);
    }
  }
  for (const other of rules.values()) {
    if (other.from !== rule.from && other.to !== null && targetPath(other.to) === rule.from) return REDIRECT_WORDS.chainBefore(other.from, rule.from);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The CSV file: columns from,to,status (a header line first), one rule a line.

const REDIRECTS_CSV_COLUMNS = ["from", "to", "status"] as const;

export type CsvProblem = { line: number; message: string };
type CsvReading = { rules: Array<RedirectRule & { line: number }>; problems: CsvProblem[] };

/** Splits one CSV line into fields (quotes as RFC 4180; a field never spans lines here). */
function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (quoted && char === '"' && line[at + 1] === '"') {
      field += '"';
      at++;
    } else if (quoted && char === '"') quoted = false;
    else if (!quoted && char === '"' && field === "") quoted = true;
    else if (!quoted && char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/**
 * Reads a redirects CSV against the rules there are: every line's problems (by its line number),
 * and the rules it would add or replace, checked in order against the rules and the lines before
 * it, so a loop or chain made inside the file is refused like one made in two steps.
 */
export function readRedirectsCsv(text: string, existing: ReadonlyMap<string, RedirectRule>, origin: string): CsvReading {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const problems: CsvProblem[] = [];
  const rules: CsvReading["rules"] = [];
  const header = csvFields(lines[0] ?? "")?.map((name) => name.trim().toLowerCase());
  if (!header || header.join(",") !== REDIRECTS_CSV_COLUMNS.join(",")) {
    return { rules, problems: [{ line: 1, message: REDIRECT_WORDS.csvHeader(REDIRECTS_CSV_COLUMNS.join(",")) }] };
  }
  const working = new Map(existing);
  const seen = new Map<string, number>();
  for (let index = 1; index < lines.length; index++) {
    const line = index + 1;
    if (lines[index].trim() === "") continue;
    const fields = csvFields(lines[index]);
    if (!fields || fields.length !== REDIRECTS_CSV_COLUMNS.length) {
      problems.push({ line, message: REDIRECT_WORDS.csvFields(REDIRECTS_CSV_COLUMNS.length) });
      continue;
    }
    const [from, to, status] = fields;
    const read = readRule({ from, to, status }, origin);
    if (!read.ok) {
      problems.push({ line, message: read.problem });
      continue;
    }
    const earlier = seen.get(read.rule.from);
    if (earlier !== undefined) {
      problems.push({ line, message: REDIRECT_WORDS.csvDuplicate(read.rule.from, earlier) });
      continue;
    }
    const refused = checkRule(working, read.rule);
    if (refused) {
      problems.push({ line, message: refused });
      continue;
    }
    seen.set(read.rule.from, line);
    working.set(read.rule.from, read.rule);
    rules.push({ ...read.rule, line });
  }
  if (rules.length === 0 && problems.length === 0) problems.push({ line: 2, message: REDIRECT_WORDS.csvEmpty });
  if (working.size > REDIRECT_RULES_MAX) problems.push({ line: lines.length, message: REDIRECT_WORDS.tooManyRules(REDIRECT_RULES_MAX) });
  return { rules, problems };
}
