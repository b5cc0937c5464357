import type { DeliveryState, RequestView } from "@/lib/contract";
import { categoryLabel } from "@/lib/contract/site";
import { CONFIRM, REQUEST_PAGE, SAMPLE } from "@/lib/contract/messages";
import { WithdrawRequest } from "./WithdrawRequest";
import { ChooseRecipientsLater } from "./ChooseRecipientsLater";
import "@/styles/requests.css";
import { REQUEST_STATUS } from "@/lib/contract/page-messages";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

type Recipient = RequestView["recipients"][number];

/**
 * Where a manager's copy is, in the owner's words: a withdrawn request says "Withdrawn" for every
 * recipient, and a sample listing (a company that does not exist) says so instead of a delivery.
 */
function recipientStatus(recipient: Recipient, withdrawn: boolean, awaitingConfirmation: boolean): string {
  if (withdrawn) {
    if (recipient.demo === 1) return REQUEST_PAGE.withdrawnSample;
    return recipient.delivery === "sent"
      ? `Withdrawn: it had been delivered${recipient.delivered_at ? ` ${when(recipient.delivered_at)}` : ""}, and we told them you withdrew it`
      : "Withdrawn before it was sent";
  }
  if (recipient.demo === 1) return SAMPLE.recipient;
  return awaitingConfirmation ? CONFIRM.waiting : deliveryText(recipient.delivery, recipient.delivered_at);
}

function deliveryText(delivery: DeliveryState, deliveredAt: string | null): string {
  switch (delivery) {
    case "sent":
      return deliveredAt ? `Delivered ${when(deliveredAt)}` : "Delivered";
    case "queued":
      return "Being sent";
    case "retrying":
      return "Not delivered yet: we keep trying";
    case "failed":
      return "Could not be delivered: we stopped trying after 72 hours";
    case "cancelled":
      return "Not sent: you withdrew the request first";
    case "held":
      return REQUEST_PAGE.held;
  }
}

/** A detail of the request; an empty one was not given, or erased when the request was withdrawn. */
function Item({ term, value, erased = false }: { term: string; value: string; erased?: boolean }) {
  return (
    <div className="request__item">
      <dt>{term}</dt>
      <dd>{value.trim() ? value : <span className="request__missing">{erased ? "Erased when you withdrew the request" : "Not given"}</span>}</dd>
    </div>
  );
}

/** Where the request stands: withdrawn, waiting for the owner's confirmation, or sent. */
function RequestStatus({ request }: { request: RequestView }) {
  if (request.withdrawn_at !== null) {
    return (
      <p className="request__status request__status--withdrawn" role="status">
        {REQUEST_STATUS.withdrawnOn(when(request.withdrawn_at!))}{" "}
        {request.recipients.some((recipient) => recipient.demo !== 1)
          ? REQUEST_PAGE.erasedAndTold
          : REQUEST_PAGE.erasedOnly}
      </p>
    );
  }
  if (request.awaiting_confirmation) {
    return (
      <div className="request__status request__status--confirm" role="status">
        <p>
          <strong>{CONFIRM.checkEmail(request.recipients.map((recipient) => recipient.company_name))}</strong>
        </p>
        <p>{CONFIRM.checkEmailNote(CONFIRM.linkDays)}</p>
      </div>
    );
  }
  return <p className="request__status">{REQUEST_STATUS.sent(when(request.created_at))}</p>;
}

/**
 * An owner's private request page: what was sent, to whom and how far each copy got,
 * the contact details partly masked, and "Withdraw my request". A request nobody received yet
 * offers the managers who serve its ZIP now.
 */
/** `proposals`: the managers' proposals side by side, shown right after where the request stands. */
export function RequestDetails({ request, token, proposals }: { request: RequestView; token: string; proposals?: React.ReactNode }) {
  const category = categoryLabel(request.property_category) ?? "";
  const withdrawn = request.withdrawn_at !== null;
  return (
    <div className="container section request">
      <RequestStatus request={request} />
      {proposals}

      <section className="request__section" aria-labelledby="request-recipients">
        <h2 id="request-recipients">{request.awaiting_confirmation && !withdrawn && request.recipients.length > 0 ? "Who receives it once you confirm" : "Who received it"}</h2>
        {request.recipients.length > 0 ? (
          <ul className="request__recipients">
            {request.recipients.map((recipient) => (
              <li key={recipient.agent_id} className={`request__recipient request__recipient--${withdrawn ? "withdrawn" : recipient.delivery}`}>
                <span className="request__company">{recipient.company_name}</span>
                <span className="request__delivery">{recipientStatus(recipient, withdrawn, request.awaiting_confirmation)}</span>
              </li>
            ))}
          </ul>
        ) : withdrawn ? (
          <p>{REQUEST_STATUS.nobodyReceived}</p>
        ) : request.matches.length > 0 ? (
          <ChooseRecipientsLater
            token={token}
            matches={request.matches}
            rule={request.match_rule}
            city={request.property_city}
            zip={request.property_zip}
            ways={{ email: Boolean(request.email_masked), phone: Boolean(request.phone_masked), preferred: request.preferred_contact_method }}
            answers={request.answers}
          />
        ) : (
          <p>{REQUEST_STATUS.nobodyServes(request.property_zip, category, request.email_masked)}</p>
        )}
      </section>

      <section className="request__section" aria-labelledby="request-details">
        <h2 id="request-details">Your request</h2>
        <dl className="request__list">
          <Item term="Property type" value={category} />
          <Item term="Address" value={request.property_address} erased={withdrawn} />
          <Item term="City" value={request.property_city} />
          <Item term="ZIP Code" value={request.property_zip} />
          {request.price && <Item term="Named price" value={`$${request.price} a month`} />}
          {request.answers.map((entry) => (
            <Item key={entry.question} term={entry.question} value={Array.isArray(entry.answer) ? entry.answer.join(", ") : entry.answer} erased={withdrawn} />
          ))}
        </dl>
      </section>

      <section className="request__section" aria-labelledby="request-contact">
        <h2 id="request-contact">Your contact details</h2>
        <p className="request__note">{withdrawn ? REQUEST_PAGE.erased : REQUEST_PAGE.partlyHidden}</p>
        <dl className="request__list">
          <Item term="Full Name" value={request.full_name} erased={withdrawn} />
          <Item term="Email" value={request.email_masked} erased={withdrawn} />
          <Item term="Phone" value={request.phone_masked} erased={withdrawn} />
          <Item term="Preferred Contact Method" value={request.preferred_contact_method} erased={withdrawn} />
        </dl>
      </section>

      {/* A request not confirmed yet is decided on the confirmation email's page only (whoever typed the address holds this page). */}
      {!withdrawn && request.awaiting_confirmation && (
        <section className="request__section" aria-labelledby="request-unsent">
          <h2 id="request-unsent">{REQUEST_STATUS.changedMind}</h2>
          <p>{CONFIRM.unconfirmedNotWithdrawn}</p>
        </section>
      )}
      {!withdrawn && !request.awaiting_confirmation && <WithdrawRequest token={token} recipients={request.recipients.length} />}
    </div>
  );
}
