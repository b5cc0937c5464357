import Link from "next/link";
import { notFound } from "next/navigation";
import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_LABELS, NETWORK } from "@/lib/contract/operator-messages";
import { WORKSPACE_PATHS } from "@/lib/contract/workspace-routes";
import { workspaceDb } from "@/lib/service/workspace";
import { decidesNetwork, messageDetail, operatorDelivery, type MessageRecord, type ReplyRecord } from "@/lib/service/workspace/network";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { messageStatusAction, replyAction } from "../../network-actions";
import { requireStaff } from "../../staff-session";
import { StatusBadge, phoneText, when } from "../../network-ui";
import { parseRecordId } from "@/lib/contract/record-id";

export const metadata = { title: "Message" };

type Props = { params: Promise<{ id: string }> };
type Delivery = { kind: string; channel: string; status: string };

/** One message and its thread: the replies sent from the workspace, the reply form and the status. */
export default async function MessagePage({ params }: Props) {
  const staff = await requireStaff();
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  const detail = await messageDetail(await workspaceDb(), { id });
  if (!detail) notFound();
  const { message, replies, deliveries } = detail;
  const decides = decidesNetwork(staff.role);
  const replyDeliveries = deliveries.filter((delivery) => delivery.kind === "contact.reply");
  return (
    <>
      <p className="ws-crumbs">
        <Link href={WORKSPACE_PATHS.messages}>{NETWORK.messagesTitle}</Link>
      </p>
      <h1>{NETWORK.messageTitle(message.name)}</h1>
      <MessageFacts message={message} deliveries={deliveries.filter((delivery) => delivery.kind === "contact.message")} />
      <blockquote className="ws-panel ws-message">{message.message}</blockquote>
      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading">{NETWORK.threadHeading}</h2>
        {replies.length === 0 ? <p>{NETWORK.noReplies}</p> : <Thread replies={replies} deliveries={replyDeliveries} />}
      </section>
      {decides ? <ReplySection message={message} /> : <p className="ws-hint">{NETWORK.readOnly(staff.role)}</p>}
      {decides && <StatusSection message={message} />}
    </>
  );
}

function MessageFacts({ message, deliveries }: { message: MessageRecord; deliveries: Delivery[] }) {
  const toManager = message.agent_id > 0;
  const managerDelivery =
    message.is_demo === 1
      ? NETWORK.managerSample
      : deliveries.length === 0
        ? NETWORK.managerNotQueued
        : NETWORK.managerQueued(deliveries.map((delivery) => NETWORK.delivery(delivery.status, delivery.channel)).join("; "));
  return (
    <dl className="ws-facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={message.status} label={MESSAGE_STATUS_LABELS[message.status]} />
      </dd>
      <dt>From</dt>
      <dd>
        {message.name}, {message.email}
      </dd>
      <dt>Phone</dt>
      <dd>{phoneText(message.mobile)}</dd>
      <dt>Sent</dt>
      <dd>{when(message.created_at)}</dd>
      <dt>Sent to</dt>
      <dd>{toManager ? `${NETWORK.toManager(message.company_name ?? MESSAGE_KIND_LABELS.manager)} ${managerDelivery}` : NETWORK.toSite}</dd>
    </dl>
  );
}

function Thread({ replies, deliveries }: { replies: ReplyRecord[]; deliveries: Delivery[] }) {
  return (
    <ol className="ws-thread">
      {replies.map((reply, index) => (
        <li key={reply.id} className="ws-panel">
          <p className="ws-source">
            {NETWORK.repliedBy(reply.staff_email, when(reply.created_at))}
            {deliveries[index] ? `: ${NETWORK.delivery(deliveries[index].status, deliveries[index].channel)}` : ""}
          </p>
          <p className="ws-message">{reply.body}</p>
        </li>
      ))}
    </ol>
  );
}

function ReplySection({ message }: { message: MessageRecord }) {
  return (
    <section aria-labelledby="reply-heading">
      <h2 id="reply-heading">{NETWORK.replyHeading}</h2>
      <ActionForm action={replyAction} className="ws-panel" label={NETWORK.replyHeading}>
        <input type="hidden" name="message_id" value={message.id} />
        <div className="field">
          <label htmlFor="reply-body">Reply</label>
          <textarea id="reply-body" name="body" rows={6} aria-describedby="reply-body-hint" />
          <p id="reply-body-hint" className="ws-hint">
            {NETWORK.replyLead(message.email, operatorDelivery().replyTo)}
          </p>
        </div>
        <IntentButton>Send the reply</IntentButton>
      </ActionForm>
    </section>
  );
}

function StatusSection({ message }: { message: MessageRecord }) {
  return (
    <ActionForm action={messageStatusAction} className="ws-inline-form" label="Status of the message">
      <input type="hidden" name="message_id" value={message.id} />
      {message.status !== "closed" && (
        <IntentButton intent="closed" variant="outline">
          Close without replying
        </IntentButton>
      )}
      {message.status !== "new" && (
        <IntentButton intent="new" variant="outline">
          Mark as new
        </IntentButton>
      )}
    </ActionForm>
  );
}
