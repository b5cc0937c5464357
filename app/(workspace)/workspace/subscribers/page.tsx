import { NETWORK } from "@/lib/contract/operator-messages";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { subscribersPage } from "@/lib/service/workspace/network";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { CsvExport } from "@/components/workspace/CsvExport";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { removeSubscriberAction } from "../network-actions";
import { requireStaff } from "../staff-session";
import { one, type ListQuery } from "../filters";
import { ListCount, ListFilters, ListPager, pagingFrom, when } from "../network-ui";

export const metadata = { title: "Subscribers" };

type Props = { searchParams: Promise<ListQuery> };

/** The newsletter's confirmed subscribers, for admins and operators: search, CSV export, removal. */
export default async function SubscribersPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const query = await searchParams;
  const { page, search } = pagingFrom(query);
  const list = await subscribersPage(await workspaceDb(), staff, { search, page });
  return (
    <>
      <div className="ws-title-row">
        <h1>{NETWORK.subscribersTitle}</h1>
        {list && <CsvExport action={WORKSPACE_PATHS.subscribersCsv} fields={{}} />}
      </div>
      <p className="ws-lead">{NETWORK.subscribersLead}</p>
      {one(query.removed) === "1" && (
        <p className="ws-notice ws-notice--ok" role="status">
          {NETWORK.subscriberRemoved}
        </p>
      )}
      {!list ? (
        <p className="ws-notice ws-notice--error">{NETWORK.subscribersOnlyManagers(staff.role)}</p>
      ) : (
        <>
          <ListFilters action={WORKSPACE_PATHS.subscribers} label="Find a subscriber" searchLabel="Email contains" search={search} submit="Find" />
          <ListCount total={list.total} none={NETWORK.noSubscribers} some={NETWORK.subscriberCount} />
          {list.rows.length > 0 && (
            <WorkspaceTable caption="Confirmed subscribers, newest first" columns={["Email", "Subscribed", "Confirmed", "Remove"]}>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Email">{row.email_address}</td>
                  <td data-label="Subscribed">{when(row.created_at)}</td>
                  <td data-label="Confirmed">{when(row.confirmed_at)}</td>
                  <td data-label="Remove">
                    <ActionForm action={removeSubscriberAction} className="ws-inline-form" label={NETWORK.removeConfirm(row.email_address)}>
                      <input type="hidden" name="subscriber_id" value={row.id} />
                      <IntentButton variant="danger">{NETWORK.removeConfirm(row.email_address)}</IntentButton>
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </WorkspaceTable>
          )}
          <ListPager base={WORKSPACE_PATHS.subscribers} params={{ q: search }} page={list.page} lastPage={list.lastPage} label="Pages of the subscribers" />
        </>
      )}
    </>
  );
}
