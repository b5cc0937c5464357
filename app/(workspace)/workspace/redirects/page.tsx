import Link from "next/link";
import { REDIRECTS_PAGE } from "@/lib/contract/redirect-messages";
import { NOT_FOUND_LOG_MAX, REDIRECT_PATH_MAX, REDIRECT_STATUSES, REDIRECTS_CSV_MAX_BYTES, redirectThisPath } from "@/lib/contract/redirects";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { auditActionLabel } from "@/lib/service/workspace/seo";
import { managesRedirects, redirectsOverview } from "@/lib/service/workspace/redirects";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { RedirectsImport } from "@/components/workspace/RedirectsImport";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { redirectsImportAction, removeRedirectAction, saveRedirectAction } from "../redirects-actions";
import { requireStaff } from "../staff-session";
import { one } from "../filters";

export const metadata = { title: REDIRECTS_PAGE.title };

type Props = { searchParams: Promise<{ from?: string | string[] }> };

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

type Overview = Awaited<ReturnType<typeof redirectsOverview>>;

/** Workspace → Redirects: the rules, a form and a CSV import for editors and admins, the 404 log and the rules' history. */
export default async function RedirectsPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const manages = managesRedirects(staff.role);
  // "Redirect this" on a 404 log row opens the form with its path (the form checks it like any).
  const prefill = one((await searchParams).from).slice(0, REDIRECT_PATH_MAX);
  const { rules, total, notFound, history } = await redirectsOverview(await workspaceDb());
  return (
    <>
      <h1>{REDIRECTS_PAGE.title}</h1>
      <p className="ws-lead">{REDIRECTS_PAGE.lead}</p>
      {!manages && <p className="ws-notice">{REDIRECTS_PAGE.readOnly(staff.role)}</p>}
      {manages && <NewRule prefill={prefill} />}
      <Rules rules={rules} total={total} manages={manages} />
      {manages && <RedirectsImport action={redirectsImportAction} maxBytes={REDIRECTS_CSV_MAX_BYTES} />}
      <NotFoundLog rows={notFound} manages={manages} />
      <History entries={history} />
    </>
  );
}

function NewRule({ prefill }: { prefill: string }) {
  return (
    <section aria-labelledby="new-rule">
      <h2 id="new-rule">{REDIRECTS_PAGE.addHeading}</h2>
      {/* A new key per prefill: "Redirect this" on another row fills the form again. */}
      <ActionForm key={prefill} action={saveRedirectAction} className="ws-panel ws-redirect-form" label={REDIRECTS_PAGE.addHeading}>
        <div className="field">
          <label htmlFor="redirect-from">{REDIRECTS_PAGE.fromLabel}</label>
          <input id="redirect-from" name="from" required defaultValue={prefill} maxLength={REDIRECT_PATH_MAX * 3} aria-describedby="redirect-from-hint" />
          <p id="redirect-from-hint" className="ws-hint">
            {REDIRECTS_PAGE.fromHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor="redirect-status">{REDIRECTS_PAGE.statusLabel}</label>
          <select id="redirect-status" name="status" defaultValue="301">
            {REDIRECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REDIRECTS_PAGE.statusNames[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="redirect-to">{REDIRECTS_PAGE.toLabel}</label>
          <input id="redirect-to" name="to" maxLength={REDIRECT_PATH_MAX * 3} aria-describedby="redirect-to-hint" autoFocus={prefill !== ""} />
          <p id="redirect-to-hint" className="ws-hint">
            {REDIRECTS_PAGE.toHint}
          </p>
        </div>
        <div className="ws-actions">
          <IntentButton>{REDIRECTS_PAGE.addButton}</IntentButton>
        </div>
      </ActionForm>
    </section>
  );
}

function Rules({ rules, total, manages }: { rules: Overview["rules"]; total: number; manages: boolean }) {
  const { columns } = REDIRECTS_PAGE;
  return (
    <section aria-labelledby="rules-heading">
      <h2 id="rules-heading">{REDIRECTS_PAGE.rulesHeading(total)}</h2>
      {rules.length === 0 ? (
        <p>{REDIRECTS_PAGE.noRules}</p>
      ) : (
        <WorkspaceTable compact caption={REDIRECTS_PAGE.rulesHeading(total)} columns={[...Object.values(columns), ...(manages ? [{ key: "remove", label: <span className="visually-hidden">{REDIRECTS_PAGE.removeButton}</span> }] : [])]}>
          {rules.map((rule) => (
            <tr key={rule.from_path}>
              <td data-label={columns.from} className="ws-break">
                {rule.from_path}
              </td>
              <td data-label={columns.status}>{rule.status}</td>
              <td data-label={columns.to} className="ws-break">
                {rule.to_path ?? "—"}
              </td>
              <td data-label={columns.changed} className="ws-nowrap">
                {when(rule.updated_at)}
              </td>
              <td data-label={columns.by} className="ws-break">
                {rule.updated_by}
              </td>
              {manages && (
                <td>
                  <ActionForm action={removeRedirectAction} label={REDIRECTS_PAGE.removeLabel(rule.from_path)}>
                    <input type="hidden" name="from" value={rule.from_path} />
                    <IntentButton variant="outline">{REDIRECTS_PAGE.removeButton}</IntentButton>
                  </ActionForm>
                </td>
              )}
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </section>
  );
}

function NotFoundLog({ rows, manages }: { rows: Overview["notFound"]; manages: boolean }) {
  const columns = REDIRECTS_PAGE.notFoundColumns;
  return (
    <section aria-labelledby="not-found-heading">
      <h2 id="not-found-heading">{REDIRECTS_PAGE.notFoundHeading}</h2>
      <p className="ws-hint">{REDIRECTS_PAGE.notFoundLead(NOT_FOUND_LOG_MAX)}</p>
      {rows.length === 0 ? (
        <p>{REDIRECTS_PAGE.noNotFound}</p>
      ) : (
        <WorkspaceTable compact caption={REDIRECTS_PAGE.notFoundHeading} columns={[...Object.values(columns), ...(manages ? [{ key: "redirect", label: <span className="visually-hidden">{REDIRECTS_PAGE.redirectThis}</span> }] : [])]}>
          {rows.map((row) => (
            <tr key={row.path}>
              <td data-label={columns.path} className="ws-break">
                {row.path}
              </td>
              <td data-label={columns.hits}>{row.hits.toLocaleString("en-US")}</td>
              <td data-label={columns.first} className="ws-nowrap">
                {when(row.first_seen)}
              </td>
              <td data-label={columns.last} className="ws-nowrap">
                {when(row.last_seen)}
              </td>
              {manages && (
                <td>
                  <Link href={redirectThisPath(row.path)} aria-label={REDIRECTS_PAGE.redirectThisLabel(row.path)}>
                    {REDIRECTS_PAGE.redirectThis}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </section>
  );
}

function History({ entries }: { entries: Overview["history"] }) {
  return (
    <section aria-labelledby="redirect-history-heading">
      <h2 id="redirect-history-heading">{REDIRECTS_PAGE.historyHeading}</h2>
      <p className="ws-hint">
        {REDIRECTS_PAGE.historyLead} <Link href={WORKSPACE_PATHS.history}>History</Link>.
      </p>
      {entries.length === 0 ? (
        <p>{REDIRECTS_PAGE.noHistory}</p>
      ) : (
        <WorkspaceTable compact caption={REDIRECTS_PAGE.historyHeading} columns={["When", "Who", "What", "On", "Detail"]}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When" className="ws-nowrap">
                {when(entry.at)}
              </td>
              <td data-label="Who" className="ws-break">
                {entry.staff_email}
              </td>
              <td data-label="What">{auditActionLabel(entry.action)}</td>
              <td data-label="On" className="ws-break">
                {entry.target?.replace(/^redirect:/, "") ?? "—"}
              </td>
              <td data-label="Detail" className="ws-break">
                {entry.detail}
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </section>
  );
}
