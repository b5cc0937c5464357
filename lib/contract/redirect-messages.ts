/**
 * The words of Workspace → Redirects (lib/contract/redirects.ts): the rules' refusals, the CSV
 * import's problems, the 404 log and the page itself. One home: the page, the service and the
 * tests import these.
 */
const count = (value: number, one: string, many: string) => `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;

export const REDIRECT_WORDS = {
  notAPath: "Write a path of this site that starts with a slash, like /old-page.",
  noQuery: "A rule matches a path exactly: leave out the query (?…) and the fragment (#…).",
  tooLong: (max: number) => `That path is longer than ${max} characters: no page of the site has one that long.`,
  reserved: (path: string) => `${path} belongs to the site itself (its service, build files, workspace or health check): no rule may take it.`,
  badStatus: "Choose 301 (moved permanently), 302 (moved for now) or 410 (gone).",
  goneHasTarget: "A 410 (gone) sends nobody anywhere: leave the target empty, or choose 301 or 302.",
  targetMissing: "Write where a 301 or 302 sends the visitor: a path like /new-page.",
  targetNotOnSite: (origin: string) => `The target must be a path of this site (like /new-page) or an address on ${origin}.`,
  toItself: "A path cannot redirect to itself.",
  loop: (from: string, to: string) => `That makes a loop: ${to} already redirects back to ${from}.`,
  chainAfter: (to: string, next: string | null) =>
    next === null ? `${to} is itself gone (410): send the visitor to a page that answers.` : `${to} itself redirects to ${next}: point the rule straight at ${next}, so a visitor makes one hop.`,
  chainBefore: (other: string, from: string) => `${other} redirects to ${from}: change that rule first (to its final target), so no visitor makes two hops.`,
  tooManyRules: (max: number) => `The site keeps at most ${max.toLocaleString("en-US")} rules: remove some first.`,
  csvHeader: (columns: string) => `The first line must name the columns ${columns}.`,
  csvFields: (columns: number) => `This line does not have ${columns} fields (from,to,status), or a quote is not closed.`,
  csvDuplicate: (from: string, line: number) => `${from} already has a rule on line ${line} of this file.`,
  csvEmpty: "The file has no rules below its header line.",
} as const;

export const REDIRECTS_PAGE = {
  title: "Redirects",
  lead: "Send an old address to its new page (301 moved permanently, 302 moved for now) or say it is gone (410). A rule matches one exact path and is answered before any page, on every instance, as soon as it is saved.",
  readOnly: (role: string) => `Your role (${role}) can read the rules and the 404 log; editors and admins change them.`,
  forbidden: (role: string) => `Your role (${role}) cannot change redirects, so nothing was changed: ask an editor or an admin.`,
  notFromTheSite: "This form must be sent from the workspace itself. Nothing was changed.",
  addHeading: "Add a rule",
  fromLabel: "From path",
  fromHint: "An exact path of this site, like /old-page (no query).",
  toLabel: "To",
  toHint: "A path of this site or an address on it; empty for 410.",
  statusLabel: "Answer",
  statusNames: { 301: "301 moved permanently", 302: "302 moved for now", 410: "410 gone" } as Record<number, string>,
  addButton: "Save rule",
  saved: (from: string) => `Saved: ${from} is answered by its rule on every instance now.`,
  replaced: (from: string) => `Saved: the rule for ${from} was replaced.`,
  pageWarning: (from: string) => `${from} is a page of the site today: with this rule, visitors and search engines no longer reach it.`,
  removeButton: "Remove",
  removeLabel: (from: string) => `Remove the rule for ${from}`,
  removed: (from: string) => `Removed the rule for ${from}: the path is answered by the site's pages again.`,
  notThere: "That rule is not there any more (someone removed it). Nothing was changed.",
  rulesHeading: (rules: number) => `Rules (${rules.toLocaleString("en-US")})`,
  noRules: "No rules yet.",
  columns: { from: "From", status: "Answer", to: "To", changed: "Changed", by: "By" },
  importHeading: "Import a CSV file",
  fileLabel: "CSV file",
  fileHint: (maxKb: number) => `Columns from,to,status with a header line; at most ${maxKb.toLocaleString("en-US")} KB. A rule for a path that has one replaces it.`,
  checkButton: "Check this file (dry run)",
  noFile: "Choose a CSV file to check.",
  tooLarge: (maxKb: number) => `The file is larger than ${maxKb.toLocaleString("en-US")} KB: split it.`,
  dryRunHeading: (file: string) => `Dry run of ${file}: nothing was written`,
  dryRunCounts: (added: number, replaced: number) => `${count(added, "rule to add", "rules to add")}, ${count(replaced, "rule to replace", "rules to replace")}.`,
  problemsHeading: (problems: number) => count(problems, "problem", "problems"),
  problemLine: (line: number, message: string) => `Line ${line}: ${message}`,
  problemsFirst: (shown: number, total: number) => `The first ${shown} of ${total}:`,
  cannotApply: "It cannot be applied: a file is imported whole or not at all. Fix the problems and check the file again.",
  applyButton: "Apply this import",
  fileChanged: "The file to apply is not the one the dry run checked. Nothing was written: check the file again.",
  applied: (added: number, replaced: number) => `Imported: ${count(added, "rule", "rules")} added, ${count(replaced, "rule", "rules")} replaced.`,
  notApplied: (problems: number) => `Nothing was imported: the rules changed since the dry run and the file now has ${count(problems, "problem", "problems")}. Check it again.`,
  notFoundHeading: "404 log",
  notFoundLead: (max: number) =>
    `Public paths that answered 404, most seen first: the ${max.toLocaleString("en-US")} most-seen are kept, counts are written every few seconds, and a path with a rule leaves the log.`,
  noNotFound: "No 404s recorded.",
  notFoundColumns: { path: "Path", hits: "Times", first: "First seen", last: "Last seen" },
  redirectThis: "Redirect this",
  redirectThisLabel: (path: string) => `Redirect ${path}`,
  historyHeading: "Recent changes",
  historyLead: "The latest changes to the rules, from the audit log; the whole log is in",
  noHistory: "No changes yet.",
} as const;

/** What a visitor reads at a path a 410 rule answers (lib/server/front.ts). */
export const GONE_PAGE = {
  title: "Gone",
  text: "This page was removed from the site and is not coming back.",
} as const;
