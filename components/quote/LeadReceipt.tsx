"use client";

import { useSyncExternalStore } from "react";
import Link from "next/link";
import { RECIPIENTS, SAMPLE } from "@/lib/contract/messages";
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

/** Who will be in touch and how: only the companies that exist (a sample listing never calls). */
function howTheyContact({ email, phone, preferred }: Receipt["contact"], real: number, samples: number): string {
  if (real === 0) return "Nobody will contact you about this request: every company you chose is a sample listing. Nobody else received your details, and we never sell them.";
  const ways = email && phone ? "by phone or email" : email ? "by email" : "by phone";
  const who = samples > 0 ? (real === 1 ? "The one that exists" : "The ones that exist") : real === 1 ? "It" : "They";
  return `${who} may contact you ${ways}${preferred && email && phone ? ` (you asked for ${preferred.toLowerCase()})` : ""}; nobody else received your details, and we never sell them.`;
}

/**
 * What happened to the request, on /thank-you (issue 11): its reference, who received it and how
 * they will make contact, and the link to its private page. A sample listing is named as what it
 * is, a company that does not exist (issue 20). The answer of lead/save arrives in sessionStorage
 * (see LEAD_RECEIPT_KEY: the page clears the lead values in localStorage).
 */
export function LeadReceipt() {
  const receipt = useSyncExternalStore(neverChanges, snapshot, () => null);
  if (!receipt) return null;
  const { reference, recipients, request_path, contact, unserved } = receipt;
  const samples = recipients.filter((recipient) => recipient.demo === 1).length;
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="receipt__title">
        Your request <span className="receipt__reference">{reference}</span>
      </h2>
      {recipients.length > 0 ? (
        <>
          <p>It went to {recipients.length === 1 ? "the manager" : `the ${recipients.length} managers`} you chose:</p>
          <ul className="receipt__recipients">
            {recipients.map((recipient) => (
              <li key={recipient.agent_id}>
                {recipient.company_name}
                {recipient.demo === 1 && <span className="receipt__sample">{SAMPLE.recipient}</span>}
              </li>
            ))}
          </ul>
          <p>{howTheyContact(contact, recipients.length - samples, samples)}</p>
        </>
      ) : unserved ? (
        <>
          <p>
            <strong>{RECIPIENTS.noMatch(unserved.zip, unserved.category)}</strong>
          </p>
          <p>{RECIPIENTS.noMatchPromise(unserved.email)}</p>
        </>
      ) : (
        <p>Nobody has received your request: you did not choose a manager. You can choose on its private page.</p>
      )}
      <p>
        <Link href={request_path} className="receipt__link">
          See your request, follow its delivery or withdraw it
        </Link>
      </p>
      <p className="receipt__note">
        Keep this link to yourself: anyone who has it can see your request and withdraw it.
        {contact.email ? " We are emailing it to you with your reference." : " Bookmark it: without an email address we cannot send it to you."}
      </p>
    </section>
  );
}
