import Link from "next/link";
import {
  AUDIT_PROBLEMS,
  AUDIT_PROBLEM_KEYS,
  AUDIT_SEVERITY,
  auditCauses,
  auditSummary,
  bySeverity,
  duplicateGroups,
  type AuditCause,
  type AuditProblem,
} from "@/lib/contract/seo-audit";
import { SEO_KINDS, SEO_KIND_LABELS } from "@/lib/contract/seo-text";
import { AUDIT_PAGE } from "@/lib/contract/staff";
import { WORKSPACE_PATHS, workspacePagePath, workspaceTemplatePath } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { type PageRow } from "@/lib/service/workspace/pages";
import { siteRows, siteStatus } from "@/lib/service/workspace/site";
import { duplicateLists } from "@/lib/service/workspace/duplicate-lists";
import { AuditProgress } from "@/components/workspace/AuditProgress";
import { auditStatus } from "../actions";
import { requireStaff } from "../staff-session";
import { queryString } from "../filters";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { WORKSPACE_PAGES } from "@/lib/contract/workspace-messages";

export const metadata = { title: "Audit" };

const number = (value: number) => value.toLocaleString("en-US");
/** Duplicate groups shown per problem, and pages shown per group; the list filtered by the problem holds the rest. */
const GROUPS_SHOWN = 10;
const PAGES_SHOWN = 20;

/**
 * The site-wide audit, from the database (no crawl): each problem with its severity and its rule's
 * source, then grouped by cause (the template, default wording, override or code that makes it,
 * with the way to mend it), then the pages that share their words; every count links to its pages.
 */
export default async function AuditPage() {
  await requireStaff();
  const db = await workspaceDb();
  const status = await siteStatus(db);
  if (!status.ready) {
    return (
      <>
        <h1>Site audit</h1>
        <AuditProgress poll={auditStatus} initial={status.progress} />
      </>
    );
  }
  const site = await siteRows(db);
  const summary = auditSummary(site.rows);
  return (
    <>
      <h1>Site audit</h1>
      <p className="ws-lead">
        {AUDIT_PAGE.summary(number(summary.indexable), number(summary.withError), number(summary.withAnyProblem - summary.withError))}{" "}
        {WORKSPACE_PAGES.auditChecked(new Date(site.builtAt).toUTCString(), number(site.buildMs))}
      </p>
      <Problems rows={site.rows} counts={site.counts} />
      <Causes causes={auditCauses(site.rows)} />
      <Duplicates rows={site.rows} counts={site.counts} />
      <DuplicateLists lists={await duplicateLists(db)} />
    </>
  );
}

const listLink = (filter: Parameters<typeof queryString>[0]) => `${WORKSPACE_PATHS.home}${queryString(filter)}`;

function Severity({ problem }: { problem: AuditProblem }) {
  const severity = AUDIT_SEVERITY[problem];
  return <span className={`ws-badge ws-badge--${severity}`}>{AUDIT_PAGE.severities[severity]}</span>;
}

/** A problem's name, what it means and its rule's source. */
function Rule({ problem }: { problem: AuditProblem }) {
  return (
    <>
      {AUDIT_PROBLEMS[problem].label}
      <span className="ws-block ws-small">{AUDIT_PROBLEMS[problem].explain}</span>
      <span className="ws-block ws-small ws-hint">
        {AUDIT_PAGE.rule} {AUDIT_PROBLEMS[problem].source}
      </span>
    </>
  );
}

/** The problems found, errors first then the most pages, with their pages by type; then the rules no page breaks. */
function Problems({ rows, counts }: { rows: PageRow[]; counts: Record<AuditProblem, number> }) {
  const ordered = [...AUDIT_PROBLEM_KEYS].sort((a, b) => bySeverity(a, b) || counts[b] - counts[a]);
  const found = ordered.filter((problem) => counts[problem] > 0);
  const clean = ordered.filter((problem) => counts[problem] === 0);
  return (
    <section aria-labelledby="audit-problems">
      <h2 id="audit-problems">{AUDIT_PAGE.problemsHeading}</h2>
      {found.length === 0 ? (
        <p className="ws-lead">{AUDIT_PAGE.causesNone}</p>
      ) : (
        <WorkspaceTable caption={AUDIT_PAGE.problemsHeading} columns={["Problem", "Severity", "Pages", ...SEO_KINDS.map((kind) => ({ key: kind, label: SEO_KIND_LABELS[kind], className: "ws-small ws-wide-only" }))]}>
          {found.map((problem) => (
            <tr key={problem}>
              <th scope="row" data-label="Problem" className="ws-audit-rule">
                <Rule problem={problem} />
              </th>
              <td data-label="Severity">
                <Severity problem={problem} />
              </td>
              <td data-label="Pages">
                <Link href={listLink({ problem })}>{number(counts[problem])}</Link>
              </td>
              {SEO_KINDS.map((kind) => {
                const count = rows.filter((row) => row.kind === kind && row.problems.includes(problem)).length;
                return (
                  <td key={kind} data-label={SEO_KIND_LABELS[kind]} className="ws-small ws-wide-only">
                    {count > 0 ? <Link href={listLink({ problem, kind })}>{number(count)}</Link> : "0"}
                  </td>
                );
              })}
            </tr>
          ))}
        </WorkspaceTable>
      )}
      {clean.length > 0 && (
        <details className="ws-audit-clean">
          <summary>{AUDIT_PAGE.cleanRules(clean.length)}</summary>
          <ul>
            {clean.map((problem) => (
              <li key={problem}>
                <Severity problem={problem} /> <Rule problem={problem} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** How a cause is mended: its template's editor, the pages' own editors, or a developer. */
function Mend({ cause }: { cause: AuditCause }) {
  const pages = number(cause.pages);
  if (cause.source === "template") return <Link href={workspaceTemplatePath(cause.kind)}>{AUDIT_PAGE.editTemplate(pages)}</Link>;
  if (cause.source === "default") return <Link href={workspaceTemplatePath(cause.kind)}>{AUDIT_PAGE.writeTemplate(pages)}</Link>;
  if (cause.source === "override") return <Link href={listLink({ problem: cause.problem, kind: cause.kind, source: "override" })}>{AUDIT_PAGE.editPages}</Link>;
  return <>{AUDIT_PAGE.codeChange}</>;
}

function Causes({ causes }: { causes: AuditCause[] }) {
  return (
    <section aria-labelledby="audit-causes">
      <h2 id="audit-causes">{AUDIT_PAGE.causesHeading}</h2>
      <p className="ws-lead">{causes.length ? AUDIT_PAGE.causesIntro : AUDIT_PAGE.causesNone}</p>
      {causes.length > 0 && (
        <WorkspaceTable caption={AUDIT_PAGE.causesHeading} columns={["Problem", "Type", "Words from", "Pages", "To mend it"]}>
          {causes.map((cause) => (
            <tr key={`${cause.problem}|${cause.kind}|${cause.source}`}>
              <th scope="row" data-label="Problem">
                {AUDIT_PROBLEMS[cause.problem].label} <Severity problem={cause.problem} />
              </th>
              <td data-label="Type">{SEO_KIND_LABELS[cause.kind]}</td>
              <td data-label="Words from">{AUDIT_PAGE.sources[cause.source]}</td>
              <td data-label="Pages">
                <Link href={listLink({ problem: cause.problem, kind: cause.kind, source: cause.source })}>{number(cause.pages)}</Link>
              </td>
              <td data-label="To mend it">
                <Mend cause={cause} />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </section>
  );
}

const DUPLICATE_PROBLEMS = [
  { problem: "title-duplicate", field: "title", near: false },
  { problem: "description-duplicate", field: "description", near: false },
  { problem: "title-near-duplicate", field: "title", near: true },
  { problem: "description-near-duplicate", field: "description", near: true },
] as const;

/** Each duplicate problem's groups, the largest first, each listing its pages. */
function Duplicates({ rows, counts }: { rows: PageRow[]; counts: Record<AuditProblem, number> }) {
  const found = DUPLICATE_PROBLEMS.filter(({ problem }) => counts[problem] > 0);
  return (
    <section aria-labelledby="audit-duplicates">
      <h2 id="audit-duplicates">{AUDIT_PAGE.duplicatesHeading}</h2>
      <p className="ws-lead">{found.length ? AUDIT_PAGE.duplicatesIntro : AUDIT_PAGE.duplicatesNone}</p>
      {found.map(({ problem, field, near }) => {
        const groups = duplicateGroups(rows, field, { near });
        return (
          <div key={problem} className="ws-duplicates">
            <h3>
              {AUDIT_PROBLEMS[problem].label}: <Link href={listLink({ problem })}>{number(counts[problem])} pages</Link>
            </h3>
            {groups.slice(0, GROUPS_SHOWN).map((group) => (
              <details key={group.paths[0]}>
                <summary>{AUDIT_PAGE.groupSummary(number(group.paths.length), group.text)}</summary>
                <ul>
                  {group.paths.slice(0, PAGES_SHOWN).map((path) => (
                    <li key={path}>
                      <Link href={workspacePagePath(path)}>{path}</Link>
                    </li>
                  ))}
                  {group.paths.length > PAGES_SHOWN && <li>{AUDIT_PAGE.morePages(number(group.paths.length - PAGES_SHOWN))}</li>}
                </ul>
              </details>
            ))}
            {groups.length > GROUPS_SHOWN && (
              <p>
                <Link href={listLink({ problem })}>{AUDIT_PAGE.moreGroups(number(groups.length - GROUPS_SHOWN))}</Link>
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** Pages that list the same managers: the tabs the duplicate rule handles, and groups of city pages. */
function DuplicateLists({ lists }: { lists: Awaited<ReturnType<typeof duplicateLists>> }) {
  const pages = lists.cityGroups.reduce((total, group) => total + group.length, 0);
  return (
    <section aria-labelledby="audit-duplicate-lists">
      <h2 id="audit-duplicate-lists">{AUDIT_PAGE.duplicateListsHeading}</h2>
      <p className="ws-hint">{AUDIT_PAGE.duplicateListsRule}</p>
      <p>{AUDIT_PAGE.tabsRepeatingCity(number(lists.tabsRepeatingCity))}</p>
      <p className="ws-lead">{lists.cityGroups.length === 0 ? AUDIT_PAGE.cityGroupsNone : AUDIT_PAGE.cityGroups(number(lists.cityGroups.length), number(pages))}</p>
      <div className="ws-duplicates">
        {lists.cityGroups.slice(0, GROUPS_SHOWN).map((group) => (
          <details key={group[0]}>
            <summary>
              {AUDIT_PAGE.cityGroupSummary(number(group.length))} {group.slice(0, 3).join(", ")}
              {group.length > 3 ? ", …" : ""}
            </summary>
            <ul>
              {group.slice(0, PAGES_SHOWN).map((path) => (
                <li key={path}>
                  <Link href={workspacePagePath(path)}>{path}</Link>
                </li>
              ))}
              {group.length > PAGES_SHOWN && <li>{AUDIT_PAGE.morePages(number(group.length - PAGES_SHOWN))}</li>}
            </ul>
          </details>
        ))}
        {lists.cityGroups.length > GROUPS_SHOWN && <p>{AUDIT_PAGE.moreCityGroups(number(lists.cityGroups.length - GROUPS_SHOWN))}</p>}
      </div>
    </section>
  );
}
