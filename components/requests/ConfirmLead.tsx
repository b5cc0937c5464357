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

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/**
 * The confirmation page: each waiting request of the mailbox with when and from where it was
 * saved and everything its managers would receive. Anyone can type an address, so nothing is
 * ticked: the owner ticks their own requests and the button sends those (lead/confirm with
 * `references`); "Not mine" erases one at once (lead/confirm with `erase`), and nobody is told.
 * Then each sent request links to its private page.
 */
export function ConfirmLead({ token, requests }: { token: string; requests: ConfirmationRequest[] }) {
  const send = useSave("lead/confirm");
  const eraser = useSave("lead/confirm");
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [erased, setErased] = useState<{ references: ReadonlySet<string>; message: string }>({ references: new Set(), message: "" });
  const [done, setDone] = useState<{ message: string; requests: ConfirmedRequest[] } | null>(null);
  const waiting = requests.filter((request) => !erased.references.has(request.reference));
  const chosen = waiting.filter((request) => ticked.has(request.reference));
  const companies = [...new Set(chosen.flatMap((request) => request.recipients.map((recipient) => recipient.company_name)))];
  const pending = send.pending || eraser.pending;

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
    const answer = await send.save({ token, references: chosen.map((request) => request.reference) }, { successPopup: false });
    if (answer) setDone({ message: answer.message, requests: answer.requests });
  }

  async function erase(reference: string) {
    const answer = await eraser.save({ token, erase: [reference] }, { successPopup: false });
    if (answer) setErased((current) => ({ references: new Set([...current.references, reference]), message: answer.message }));
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
      <p className="request__note" role="status">
        {erased.message}
      </p>
      {waiting.map((request) => (
        <section key={request.reference} className="request__section" aria-labelledby={`confirm-${request.reference}`}>
          <h2 id={`confirm-${request.reference}`}>Request {request.reference}</h2>
          <p className="confirm-lead__saved">{CONFIRM.savedAt(when(request.saved_at), request.saved_from)}</p>
          <RecipientList request={request} />
          <Details details={request.details} />
          <div className="confirm-lead__choice">
            <label className="confirm-lead__tick">
              <input type="checkbox" checked={ticked.has(request.reference)} onChange={(event) => toggle(request.reference, event.target.checked)} disabled={pending} />
              {CONFIRM.tick(request.reference)}
            </label>
            <button type="button" className="button button--outline confirm-lead__erase" onClick={() => erase(request.reference)} disabled={pending}>
              {CONFIRM.erase(request.reference)}
            </button>
          </div>
        </section>
      ))}
      {waiting.length > 0 && (
        <div className="confirm-lead__send">
          {chosen.length === 0 && <p className="request__note">{CONFIRM.noneTicked}</p>}
          <button type="button" className="button" onClick={confirm} disabled={pending || chosen.length === 0} aria-busy={send.pending}>
            {send.pending ? CONFIRM.pending : CONFIRM.buttonTicked(chosen.length, companies)}
          </button>
        </div>
      )}
    </>
  );
}
