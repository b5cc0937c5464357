"use client";

import { useState } from "react";
import Link from "next/link";
import type { ConfirmationRequest, ConfirmedRequest } from "@/lib/contract";
import { CONFIRM, SAMPLE } from "@/lib/contract/messages";
import { useSave } from "@/components/forms/useSave";
import "@/styles/requests.css";

function RecipientList({ request }: { request: ConfirmationRequest }) {
  if (request.recipients.length === 0) return <p>{CONFIRM.nobodyChosen}</p>;
  return (
    <ul className="request__recipients">
      {request.recipients.map((recipient) => (
        <li key={recipient.agent_id} className="request__recipient">
          <span className="request__company">{recipient.company_name}</span>
          {recipient.demo === 1 && <span className="request__delivery">{SAMPLE.recipient}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Everything the managers would receive about the owner and the property, before anything is sent. */
function Details({ details }: { details: ConfirmationRequest["details"] }) {
  const labels = CONFIRM.detailLabels;
  const property = [details.property_address, `${details.property_city} ${details.property_zip}`.trim()].filter(Boolean).join(", ");
  const rows: [string, string][] = [
    [labels.name, details.full_name],
    [labels.email, details.email_address],
    [labels.phone, details.phone],
    [labels.contact, details.preferred_contact_method],
    [labels.property, property],
    ...details.answers.map((entry): [string, string] => [entry.question, entry.answer]),
  ];
  return (
    <>
      <p className="request__note">{CONFIRM.detailsIntro}</p>
      <dl className="request__list">
        {rows.map(([label, value], index) => (
          <div key={`${index}-${label}`} className="request__item">
            <dt>{label}</dt>
            <dd className={value ? undefined : "request__missing"}>{value || CONFIRM.notGiven}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The confirmation page (issues 19 and 26): each waiting request of the mailbox with everything its
 * managers would receive and a tick (on by default only for those saved from where the first
 * request came from); its button sends the ticked ones (lead/confirm, by reference), then links
 * each to its private page.
 */
export function ConfirmLead({ token, requests }: { token: string; requests: ConfirmationRequest[] }) {
  const { pending, save } = useSave("lead/confirm");
  const [ticked, setTicked] = useState(() => new Set(requests.filter((request) => request.ticked).map((request) => request.reference)));
  const [done, setDone] = useState<{ message: string; requests: ConfirmedRequest[] } | null>(null);
  const chosen = requests.filter((request) => ticked.has(request.reference));
  const companies = [...new Set(chosen.flatMap((request) => request.recipients.map((recipient) => recipient.company_name)))];

  function toggle(reference: string, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(reference);
      else next.delete(reference);
      return next;
    });
  }

  async function confirm() {
    // Only what the owner ticked on this page: a request saved since it was opened is not sent unseen.
    const answer = await save({ token, references: chosen.map((request) => request.reference) }, { successPopup: false });
    if (answer) setDone({ message: answer.message, requests: answer.requests });
  }

  if (done) {
    return (
      <div role="status">
        <p className="confirm-lead__done">{done.message}</p>
        {done.requests.map((request) => (
          <p key={request.reference}>
            <Link href={request.request_path}>{CONFIRM.pageLink(request.reference)}</Link>
          </p>
        ))}
      </div>
    );
  }
  if (requests.length === 0) return <p role="status">{CONFIRM.alreadySent}</p>;
  return (
    <>
      <p>{CONFIRM.intro}</p>
      {requests.map((request) => (
        <section key={request.reference} className="request__section" aria-label={`Request ${request.reference}`}>
          <h2>Request {request.reference}</h2>
          <label className="confirm-lead__tick">
            <input type="checkbox" checked={ticked.has(request.reference)} onChange={(event) => toggle(request.reference, event.target.checked)} />
            {CONFIRM.tick(request.reference)}
          </label>
          {!request.ticked && <p className="request__note confirm-lead__warning">{CONFIRM.notTicked}</p>}
          <RecipientList request={request} />
          <Details details={request.details} />
        </section>
      ))}
      {chosen.length === 0 && (
        <p className="request__note" role="status">
          {CONFIRM.noneTicked}
        </p>
      )}
      <button type="button" className="button" onClick={confirm} disabled={pending || chosen.length === 0} aria-busy={pending}>
        {pending ? CONFIRM.pending : CONFIRM.buttonTicked(chosen.length, companies)}
      </button>
    </>
  );
}
