import Link from "next/link";
import { MESSAGE_KINDS, MESSAGE_STATUSES, isMessageKind, isMessageStatus } from "@/lib/contract/operator";
import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_LABELS, NETWORK } from "@/lib/contract/operator-messages";
import { WORKSPACE_PATHS, workspaceMessagePath } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { decidesNetwork, messagesPage } from "@/lib/service/workspace/network";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { requireStaff } from "../staff-session";
import { one, type ListQuery } from "../filters";
import { FilterSelect, ListCount, ListFilters, ListPager, StatusBadge, pagingFrom, when } from "../network-ui";

export const metadata = { title: "Messages" };

type Props = { searchParams: Promise<ListQuery> };

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** "Contact Us" messages and messages to managers, newest first, filtered by status, recipient and words. */
export default async function MessagesPage({ searchParams }: Props) {
  const staff = await requireStaff();
  const query = await searchParams;
  const { page, search } = pagingFrom(query);
  const status = one(query.status);
  const kind = one(query.kind);
  const filter = { ...(isMessageStatus(status) ? { status } : {}), ...(isMessageKind(kind) ? { kind } : {}), ...(search ? { search } : {}) };
  const list = await messagesPage(await workspaceDb(), { filter, page });
  return (
    <>
      <h1>{NETWORK.messagesTitle}</h1>
      <p className="ws-lead">{NETWORK.messagesLead}</p>
      {!decidesNetwork(staff.role) && <p className="ws-hint">{NETWORK.readOnly(staff.role)}</p>}
      <ListFilters action={WORKSPACE_PATHS.messages} label="Filter the messages" searchLabel="Name, email or words" search={search}>
        <FilterSelect name="status" label="Status" any="Any status" values={MESSAGE_STATUSES} labels={MESSAGE_STATUS_LABELS} value={filter.status} />
        <FilterSelect name="kind" label="Sent to" any="Anyone" values={MESSAGE_KINDS} labels={MESSAGE_KIND_LABELS} value={filter.kind} />
      </ListFilters>
      <ListCount total={list.total} none={NETWORK.noMessages} some={NETWORK.messageCount} />
      {list.rows.length > 0 && (
        <WorkspaceTable caption="Messages, newest first" columns={["From", "Sent to", "Message", "Sent", "Status"]}>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td data-label="From">
                <Link href={workspaceMessagePath(row.id)}>{row.name}</Link>
                <br />
                <span className="ws-source">{row.email}</span>
              </td>
              <td data-label="Sent to">{row.agent_id > 0 ? (row.company_name ?? MESSAGE_KIND_LABELS.manager) : MESSAGE_KIND_LABELS.site}</td>
              <td data-label="Message">{excerpt(row.message)}</td>
              <td data-label="Sent">{when(row.created_at)}</td>
              <td data-label="Status">
                <StatusBadge status={row.status} label={MESSAGE_STATUS_LABELS[row.status]} />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <ListPager base={WORKSPACE_PATHS.messages} params={{ status: filter.status, kind: filter.kind, q: search }} page={list.page} lastPage={list.lastPage} label="Pages of the messages" />
    </>
  );
}
