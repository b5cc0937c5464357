"use client";

import { useSyncExternalStore } from "react";
import Link from "next/link";
import { CONFIRM, RECEIPT, RECIPIENTS, REQUEST_PAGE, SAMPLE } from "@/lib/contract/messages";
import { lawPath } from "@/lib/contract/routes";
import { readLeadReceipt, LEAD_RECEIPT_KEY, type LeadReceipt as Receipt } from "@/lib/lead-form/storage";

const neverChanges = () => () => {};
let cached: { text: string | null; receipt: Receipt | null } = { text: null, receipt: null };

/** The receipt as one stable object per stored text (useSyncExternalStore compares snapshots). */
function snapshot(): Receipt | null {
  let text: string | null = null;
  try {
    text = window.sessionStorage.getItem(LEAD_RECEIPT_KEY);
  } catch {
    return null;
  }
  if (text !== cached.text) cached = { text, receipt: readLeadReceipt() };
  return cached.receipt;
}

/**
 * What happened to the request, on /thank-you: its reference, who received it and how
 * they will make contact, and the link to its private page. A sample listing is named as what it
 * is, a company that does not exist. The answer of lead/save arrives in sessionStorage
 * (see LEAD_RECEIPT_KEY: the page clears the lead values in localStorage).
 */
export function LeadReceipt() {
  const receipt = useSyncExternalStore(neverChanges, snapshot, () => null);
  if (!receipt) return null;
  const { reference, recipients, request_path, contact, unserved, confirmation, state } = receipt;
  const samples = recipients.filter((recipient) => recipient.demo === 1).length;
  const awaitingConfirmation = confirmation === "emailed";
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="receipt__title">
        Your request <span className="receipt__reference">{reference}</span>
      </h2>
      {awaitingConfirmation && (
        <div className="receipt__confirm" role="status">
          <p>
            <strong>{CONFIRM.checkEmail(recipients.map((recipient) => recipient.company_name))}</strong>
          </p>
          <p>{CONFIRM.checkEmailNote(CONFIRM.linkDays)}</p>
        </div>
      )}
      {recipients.length > 0 ? (
        <>
          <p>{awaitingConfirmation ? RECEIPT.goesTo(recipients.length) : RECEIPT.wentTo(recipients.length)}</p>
          <ul className="receipt__recipients">
            {recipients.map((recipient) => (
              <li key={recipient.agent_id}>
                {recipient.company_name}
                {recipient.demo === 1 && <span className="receipt__sample">{SAMPLE.recipient}</span>}
              </li>
            ))}
          </ul>
          <p>{RECEIPT.howTheyContact(contact, contact.preferred, { real: recipients.length - samples, samples })}</p>
        </>
      ) : unserved ? (
        <>
          <p>
            <strong>{RECIPIENTS.noMatch(unserved.zip, unserved.category)}</strong>
          </p>
          <p>{RECIPIENTS.noMatchPromise(unserved.email)}</p>
        </>
      ) : (
        <p>{RECEIPT.noneChosen}</p>
      )}
      <p>
        <Link href={request_path} className="receipt__link">
          {RECEIPT.pageLink}
        </Link>
      </p>
      <p className="receipt__note">
        {REQUEST_PAGE.keepLinkPrivate} {contact.email ? RECEIPT.emailing : RECEIPT.bookmark}
      </p>
      {/* The property's own state (its abbreviation; the law page redirects it to its canonical slug), not the index. */}
      {state && (
        <p>
          <Link href={lawPath(state.toLowerCase())} className="receipt__link">
            {RECEIPT.lawSummary(state)}
          </Link>
        </p>
      )}
    </section>
  );
}
