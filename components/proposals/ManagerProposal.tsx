import type { AnyCallResponse, StoredProposal } from "@/lib/contract";
import { categoryLabel, serviceLabel } from "@/lib/contract/site";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { proposalFeeRows } from "@/lib/contract/proposals";
import { formatDay } from "@/lib/contract/proposal-compare";
import { ProposalForm } from "./ProposalForm";
import "@/styles/requests.css";
import "@/styles/proposals.css";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** A proposal's terms as a list (the manager's own, above the form; the same rows as the owner's comparison). */
function ProposalTermsList({ proposal }: { proposal: StoredProposal }) {
  return (
    <dl className="request__list">
      {proposalFeeRows(proposal).map((row) => (
        <div className="request__item" key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="request__item">
        <dt>Minimum contract term</dt>
        <dd>{proposal.contract_months === 0 ? PROPOSAL.monthToMonth : PROPOSAL.months(proposal.contract_months)}</dd>
      </div>
      <div className="request__item">
        <dt>Earliest start date</dt>
        <dd>{formatDay(proposal.start_date)}</dd>
      </div>
      <div className="request__item">
        <dt>Services included</dt>
        <dd>{proposal.services.length ? proposal.services.map((key) => serviceLabel(key) ?? key).join(", ") : "None listed"}</dd>
      </div>
      {proposal.message && (
        <div className="request__item">
          <dt>Message</dt>
          <dd className="proposal__message">{proposal.message}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * A recipient manager's private page: the request as delivered (the owner's contact
 * details stay in the message), their own proposal and the form while the request is open; once
 * withdrawn or decided, a page that says the link is closed and why.
 */
export function ManagerProposal({ answer, token, onSaved }: { answer: AnyCallResponse<"proposal/get">; token: string; onSaved?: () => void }) {
  const { request, manager, proposal, status } = answer;
  const open = status === "open";
  return (
    <div className="container section request proposal">
      {open ? (
        <>
          <p className="request__status">{PROPOSAL.intro(manager.company_name)}</p>
          <p className="request__note">{PROPOSAL.privateNote}</p>
        </>
      ) : (
        <p className={`request__status proposal__closed proposal__closed--${status}`} role="status">
          {PROPOSAL.closed[status === "declined" && !proposal ? "unanswered" : status]}
        </p>
      )}

      <section className="request__section" aria-labelledby="proposal-request">
        <h2 id="proposal-request">Request {request.reference}</h2>
        <p className="request__note">
          Sent {when(request.submitted_at)}. {open ? PROPOSAL.contactNote : ""}
        </p>
        <dl className="request__list">
          <div className="request__item">
            <dt>Property type</dt>
            <dd>{categoryLabel(request.property_category) ?? ""}</dd>
          </div>
          {request.property_address && (
            <div className="request__item">
              <dt>Address</dt>
              <dd>{request.property_address}</dd>
            </div>
          )}
          <div className="request__item">
            <dt>City and ZIP</dt>
            <dd>
              {request.property_city} {request.property_zip}
            </dd>
          </div>
          {request.price && (
            <div className="request__item">
              <dt>Named price</dt>
              <dd>${request.price} a month</dd>
            </div>
          )}
          {request.answers.map((entry) => (
            <div className="request__item" key={entry.question}>
              <dt>{entry.question}</dt>
              <dd>{entry.answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      {proposal && (
        <section className="request__section" aria-labelledby="proposal-current">
          <h2 id="proposal-current">{PROPOSAL.current(proposal.revision, when(proposal.updated_at))}</h2>
          <ProposalTermsList proposal={proposal} />
        </section>
      )}

      {open && (
        <section className="request__section" aria-labelledby="proposal-form">
          <h2 id="proposal-form">{proposal ? "Change your proposal" : "Your proposal"}</h2>
          <ProposalForm
            token={token}
            proposal={proposal}
            profile={manager.profile}
            assumption={answer.assumption}
            today={new Date().toISOString().slice(0, 10)}
            onSaved={onSaved}
          />
        </section>
      )}
    </div>
  );
}
