"use client";

import { useState } from "react";
import Link from "next/link";
import type { ConfirmedRequest, WaitingRequest } from "@/lib/contract";
import { CONFIRM, SAMPLE } from "@/lib/contract/messages";
import { useSave } from "@/components/forms/useSave";
import "@/styles/requests.css";

function RecipientList({ request }: { request: WaitingRequest }) {
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

/**
 * The confirmation page's one button (issue 19): lists each waiting request of the address with
 * its managers, and sends those (by reference) with lead/confirm; then links each to its private page.
 */
export function ConfirmLead({ token, requests }: { token: string; requests: WaitingRequest[] }) {
  const { pending, save } = useSave("lead/confirm");
  const [done, setDone] = useState<{ message: string; requests: ConfirmedRequest[] } | null>(null);
  const companies = [...new Set(requests.flatMap((request) => request.recipients.map((recipient) => recipient.company_name)))];

  async function confirm() {
    // Only what this page shows: a request saved since it was opened is not sent unseen.
    const answer = await save({ token, references: requests.map((request) => request.reference) }, { successPopup: false });
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
          <RecipientList request={request} />
        </section>
      ))}
      <button type="button" className="button" onClick={confirm} disabled={pending} aria-busy={pending}>
        {pending ? CONFIRM.pending : CONFIRM.button(companies)}
      </button>
    </>
  );
}
