import Link from "next/link";
import { APPLICATION_STATUSES, isApplicationStatus } from "@/lib/contract/operator";
import { APPLICATION_STATUS_LABELS, NETWORK } from "@/lib/contract/operator-messages";
import { WORKSPACE_PATHS, workspaceApplicationPath } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { applicationsPage, decidesNetwork } from "@/lib/service/workspace/network";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { requireStaff } from "../staff-session";
import { one, type ListQuery } from "../filters";
import { FilterSelect, ListCount, ListFilters, ListPager, StatusBadge, pagingFrom, phoneText, when } from "../network-ui";

export const metadata = { title: "Applications" };

type Props = { searchParams: Promise<ListQuery> };

/** The "Join Our Network" applications, newest first, filtered by status and words. */
export default async function ApplicationsPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const query = await searchParams;
  const { page, search } = pagingFrom(query);
  const status = one(query.status);
  const filter = { ...(isApplicationStatus(status) ? { status } : {}), ...(search ? { search } : {}) };
  const list = await applicationsPage(await workspaceDb(), { filter, page });
  const params = { status: filter.status, q: search };
  return (
    <>
      <h1>{NETWORK.applicationsTitle}</h1>
      <p className="ws-lead">{NETWORK.applicationsLead}</p>
      {!decidesNetwork(staff.role) && <p className="ws-hint">{NETWORK.readOnly(staff.role)}</p>}
      <ListFilters action={WORKSPACE_PATHS.applications} label="Filter the applications" searchLabel="Company, email or phone" search={search}>
        <FilterSelect name="status" label="Status" any="Any status" values={APPLICATION_STATUSES} labels={APPLICATION_STATUS_LABELS} value={filter.status} />
      </ListFilters>
      <ListCount total={list.total} none={NETWORK.noApplications} some={NETWORK.applicationCount} />
      {list.rows.length > 0 && (
        <WorkspaceTable caption="Applications, newest first" columns={["Company", "Email", "Mobile", "Applied", "Status"]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Company">
                <Link href={workspaceApplicationPath(row.id)}>{row.company_name}</Link>
              </td>
              <td data-label="Email">{row.email}</td>
              <td data-label="Mobile">{phoneText(row.mobile, row.country_code)}</td>
              <td data-label="Applied">{when(row.created_at)}</td>
              <td data-label="Status">
                <StatusBadge status={row.status} label={APPLICATION_STATUS_LABELS[row.status]} />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <ListPager base={WORKSPACE_PATHS.applications} params={params} page={list.page} lastPage={list.lastPage} label="Pages of the applications" />
    </>
  );
}
