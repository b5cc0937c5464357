import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { ApiError } from "../../contract/errors";
import { can, type StaffRole } from "../../contract/staff";
import { REDIRECTS_PAGE } from "../../contract/redirect-messages";
import { REDIRECT_WORDS } from "../../contract/redirect-messages";
import {
  NOT_FOUND_LOG_MAX,
  REDIRECT_RULES_MAX,
  REDIRECTS_CSV_MAX_BYTES,
  checkRule,
  readRedirectsCsv,
  readRule,
  type CsvProblem,
  type RedirectRule,
  type RedirectStatus,
  type RuleInput,
} from "../../contract/redirects";
import { countRedirectRules, deleteNotFoundPath, deleteRedirectRule, listNotFoundPaths, listRedirectRules, putRedirectRule } from "../../db/queries/redirects";
import { listAudit } from "../../db/queries/workspace";
import { announceRedirectsChanged } from "../redirects-signal";
import { listSitemapEntries } from "../../db/queries/sitemap";
import { INDEXABLE_FIXED_PATHS, matchDynamicRoute } from "../../contract/routes";
import { audit, refuseUnless, type StaffIdentity } from "./audit";

/**
 * Workspace → Redirects: the rules (lib/contract/redirects.ts) and the 404 log. Every staff member
 * reads them; editors and admins change them (`redirect:manage`), checked here and again by the
 * page's server actions. Every change is one audit line and is announced to the production
 * server's rule table (redirects-signal.ts), which answers it on every instance.
 */
type Db = Kysely<Database>;

export const managesRedirects = (role: StaffRole) => can(role, "redirect:manage");

const requireManager = (db: Db, staff: StaffIdentity) => refuseUnless(db, staff, "redirect:manage", REDIRECTS_PAGE.forbidden(staff.role));

const now = () => new Date().toISOString();
const AUDIT_TARGET = (from: string) => `redirect:${from}`;
const describe = (rule: RedirectRule) => (rule.to === null ? `${rule.status} gone` : `${rule.status} → ${rule.to}`);

async function currentRules(db: Db): Promise<Map<string, RedirectRule>> {
  const rows = await listRedirectRules(db, { limit: REDIRECT_RULES_MAX });
  return new Map(rows.map((row) => [row.from_path, { from: row.from_path, status: row.status as RedirectStatus, to: row.to_path }]));
}

/** The page: the rules, the 404 log (most seen first) and the latest changes to the rules. */
export async function redirectsOverview(db: Db) {
  const [rules, total, notFound, history] = await Promise.all([
    listRedirectRules(db, { limit: REDIRECT_RULES_MAX }),
    countRedirectRules(db),
    listNotFoundPaths(db, { limit: NOT_FOUND_LOG_MAX }),
    listAudit(db, { limit: 20, actions: ["redirect.saved", "redirect.removed", "redirects.imported"] }),
  ]);
  return { rules, total, notFound, history };
}

/**
 * Whether a path is one of the site's indexable pages today (the sitemap's list, read without
 * rendering anything): a rule for it hides that page from visitors and search engines. A path no
 * route of the site could answer is known not to be one without reading the list (about 1.5 s on
 * the seeded site).
 */
async function isSitePage(db: Db, path: string): Promise<boolean> {
  if ((INDEXABLE_FIXED_PATHS as readonly string[]).includes(path)) return true;
  if (matchDynamicRoute(path.split("/").slice(1)) === null) return false;
  const { entries } = await listSitemapEntries(db, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
  return entries.some((entry) => entry.path === path);
}

export type SavedRedirect = { outcome: "added" | "replaced"; rule: RedirectRule; warning: string | null };

/** Adds a rule, or replaces the rule of its from-path; refused (nothing written) when it is invalid or makes a loop or chain. */
export async function saveRedirect(db: Db, staff: StaffIdentity, { input, origin }: { input: RuleInput; origin: string }): Promise<SavedRedirect> {
  await requireManager(db, staff);
  const read = readRule(input, origin);
  if (!read.ok) throw new ApiError(400, read.problem, read.field);
  const { rule } = read;
  const outcome = await db.transaction().execute(async (trx) => {
    const rules = await currentRules(trx);
    const refused = checkRule(rules, rule);
    if (refused) throw new ApiError(409, refused);
    if (!rules.has(rule.from) && (await countRedirectRules(trx)) >= REDIRECT_RULES_MAX) throw new ApiError(409, REDIRECT_WORDS.tooManyRules(REDIRECT_RULES_MAX));
    const previous = rules.get(rule.from);
    const result = await putRedirectRule(trx, { from_path: rule.from, status: rule.status, to_path: rule.to, updated_at: now(), updated_by: staff.email });
    await deleteNotFoundPath(trx, { path: rule.from });
    await audit(trx, staff, "redirect.saved", AUDIT_TARGET(rule.from), previous ? `${describe(rule)} (was ${describe(previous)})` : describe(rule));
    return result;
  });
  await announceRedirectsChanged();
  return { outcome, rule, warning: (await isSitePage(db, rule.from)) ? REDIRECTS_PAGE.pageWarning(rule.from) : null };
}

/** Removes the rule of a from-path; 404 when there is none. */
export async function removeRedirect(db: Db, staff: StaffIdentity, { from }: { from: string }): Promise<void> {
  await requireManager(db, staff);
  await db.transaction().execute(async (trx) => {
    const previous = (await currentRules(trx)).get(from);
    if (!previous || !(await deleteRedirectRule(trx, { fromPath: from }))) throw new ApiError(404, REDIRECTS_PAGE.notThere);
    await audit(trx, staff, "redirect.removed", AUDIT_TARGET(from), `was ${describe(previous)}`);
  });
  await announceRedirectsChanged();
}

// ---------------------------------------------------------------------------------------------
// The CSV import: a dry run that writes nothing, then the same text applied whole or not at all.

export type CsvCheck = { added: number; replaced: number; problems: CsvProblem[]; sha256: string };

const sha256Of = (text: string) => createHash("sha256").update(text).digest("hex");

async function checkCsv(db: Db, text: string, origin: string): Promise<{ rules: RedirectRule[]; check: CsvCheck }> {
  if (Buffer.byteLength(text) > REDIRECTS_CSV_MAX_BYTES) throw new ApiError(413, REDIRECTS_PAGE.tooLarge(REDIRECTS_CSV_MAX_BYTES / 1024));
  const existing = await currentRules(db);
  const { rules, problems } = readRedirectsCsv(text, existing, origin);
  const replaced = rules.filter((rule) => existing.has(rule.from)).length;
  return { rules, check: { added: rules.length - replaced, replaced, problems, sha256: sha256Of(text) } };
}

/** A dry run: what the file would add and replace, and every problem by its line. */
export async function dryRunRedirectsCsv(db: Db, staff: StaffIdentity, { text, origin }: { text: string; origin: string }): Promise<CsvCheck> {
  await requireManager(db, staff);
  return (await checkCsv(db, text, origin)).check;
}

/**
 * Applies the text a dry run read (its SHA-256 must be the one the dry run showed), checked again
 * against the rules as they are now, in one transaction: all of it, or nothing when it has problems.
 */
export async function applyRedirectsCsv(db: Db, staff: StaffIdentity, { text, origin, sha256 }: { text: string; origin: string; sha256: string }): Promise<CsvCheck & { applied: boolean }> {
  await requireManager(db, staff);
  if (sha256Of(text) !== sha256) throw new ApiError(409, REDIRECTS_PAGE.fileChanged);
  const result = await db.transaction().execute(async (trx) => {
    const { rules, check } = await checkCsv(trx, text, origin);
    if (check.problems.length > 0) return { ...check, applied: false };
    const at = now();
    for (const rule of rules) {
      await putRedirectRule(trx, { from_path: rule.from, status: rule.status, to_path: rule.to, updated_at: at, updated_by: staff.email });
      await deleteNotFoundPath(trx, { path: rule.from });
    }
    await audit(trx, staff, "redirects.imported", null, `${check.added} added, ${check.replaced} replaced; sha256 ${sha256}`);
    return { ...check, applied: true };
  });
  if (result.applied) await announceRedirectsChanged();
  return result;
}
