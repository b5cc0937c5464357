"use client";

import { useId } from "react";
import { NOBODY_RECEIVES_YET, RECIPIENTS, consentSentence, type ContactWays } from "@/lib/contract/messages";
import { RECIPIENT_COSTS } from "@/lib/contract/cost-messages";
import { feeHeadline, formatDollars, formatMoney } from "@/lib/contract/fees";
import { firstYearCost } from "@/lib/contract/first-year-cost";
import { licenseText } from "@/lib/contract/license";
import type { CostAssumption, ServingAgent } from "@/lib/contract";
import { categoryLabel } from "@/lib/contract/site";
import { chosenAgents, type RecipientsState } from "./useRecipients";
import "@/styles/recipients.css";

/**
 * "Who should receive your request?": the managers serving the ZIP for the category as
 * checkboxes, at most three ticked, each with its fee headline, license line and distance, and
 * "Sample listing" where it is one. With nobody serving the ZIP, says so and what happens next.
 */
export function RecipientChoice({
  state,
  onToggle,
  onRetry,
  zip,
  categoryId,
  email,
  assumption,
  headingLevel = 2,
}: {
  state: RecipientsState;
  onToggle: (id: number, checked: boolean) => void;
  onRetry: () => void;
  zip: string;
  categoryId: number;
  /** The owner's email, for the promise made when nobody serves the ZIP. */
  email: string;
  /** The rent and units each manager's first-year cost is figured at (from the owner's answers). */
  assumption: CostAssumption;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const hintId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const category = categoryLabel(categoryId) ?? "these";

  return (
    <section className="recipients" aria-labelledby={headingId}>
      <Heading id={headingId} className="recipients__title">
        {RECIPIENTS.heading}
      </Heading>
      {state.status === "loading" && (
        <p className="recipients__note" aria-busy="true">
          {RECIPIENTS.loading}
        </p>
      )}
      {state.status === "error" && (
        <div className="recipients__note" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.status === "ready" && state.notServing.length > 0 && (
        <p className="recipients__not-serving" role="status">
          {RECIPIENTS.chosenNotServing(
            state.notServing.map((agent) => agent.company_name),
            zip.trim(),
            category,
          )}
        </p>
      )}
      {state.status === "ready" && state.matches.length === 0 && (
        <div className="recipients__none" role="status">
          <p>
            <strong>{RECIPIENTS.noMatch(zip.trim(), category)}</strong>
          </p>
          <p>{RECIPIENTS.noMatchPromise(email.trim())}</p>
        </div>
      )}
      {state.status === "ready" && state.matches.length > 0 && <RecipientList state={state} hintId={hintId} zip={zip} assumption={assumption} onToggle={onToggle} />}
    </section>
  );
}

/** The managers serving the ZIP, as checkboxes, with how they were chosen and what their first year costs. */
function RecipientList({
  state,
  hintId,
  zip,
  assumption,
  onToggle,
}: {
  state: Extract<RecipientsState, { status: "ready" }>;
  hintId: string;
  zip: string;
  assumption: CostAssumption;
  onToggle: (id: number, checked: boolean) => void;
}) {
  return (
    <fieldset className="recipients__list" aria-describedby={hintId}>
      <legend className="visually-hidden">{RECIPIENTS.heading}</legend>
      <p id={hintId} className="recipients__rule">
        {state.rule} {RECIPIENTS.limit}
      </p>
      <p className="recipients__rule">{RECIPIENT_COSTS.assumption(formatMoney(assumption.rent), assumption.units, assumption.from_answers)}</p>
      {state.matches.map((agent) => (
        <RecipientOption
          key={agent.agent_id}
          agent={agent}
          zip={state.place?.zip || zip.trim()}
          assumption={assumption}
          checked={state.selected.includes(agent.agent_id)}
          disabled={!state.selected.includes(agent.agent_id) && state.selected.length >= RECIPIENTS.max}
          onToggle={onToggle}
        />
      ))}
      {state.matches.some((agent) => agent.demo === 1) && <p className="recipients__sample-note">{RECIPIENTS.sampleNote}</p>}
    </fieldset>
  );
}

function RecipientOption({
  agent,
  zip,
  assumption,
  checked,
  disabled,
  onToggle,
}: {
  agent: ServingAgent;
  /** The owner's ZIP code: every distance is measured from its point. */
  zip: string;
  assumption: CostAssumption;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number, checked: boolean) => void;
}) {
  const id = useId();
  const detailsId = useId();
  const { total } = firstYearCost({ fees: agent.fees, monthlyRent: assumption.rent, units: assumption.units });
  return (
    <div className={`recipient${checked ? " recipient--checked" : ""}${disabled ? " recipient--disabled" : ""}`}>
      <input
        id={id}
        type="checkbox"
        className="recipient__box"
        checked={checked}
        disabled={disabled}
        aria-describedby={detailsId}
        onChange={(event) => onToggle(agent.agent_id, event.target.checked)}
      />
      {/* The name alone names the checkbox; the label stretches over the card (CSS), so a tap anywhere on it ticks. */}
      <label htmlFor={id} className="recipient__label">
        {agent.company_name}
      </label>
      <div id={detailsId} className="recipient__details">
        {(agent.featured === 1 || agent.demo === 1) && (
          <p className="recipient__badges">
            {agent.featured === 1 && <span className="recipient__badge recipient__badge--featured">Featured</span>}
            {agent.demo === 1 && <span className="recipient__badge recipient__badge--sample">{RECIPIENTS.sample}</span>}
          </p>
        )}
        <p>{feeHeadline(agent.fees)}</p>
        <p className="recipient__first-year">{RECIPIENT_COSTS.firstYear(total === null ? null : formatDollars(total))}</p>
        <p>{licenseText(agent.license)}</p>
        <p>{RECIPIENTS.distance(agent.distance_miles, zip)}</p>
      </div>
    </div>
  );
}

/**
 * The one sentence next to Submit: who receives the details, how they may contact the owner, and
 * that nobody else will (the service stores the same sentence with each recipient).
 */
export function ConsentLine({ id, state, ways }: { id: string; state: RecipientsState; ways: ContactWays }) {
  if (state.status !== "ready") return null;
  const text = state.matches.length === 0 ? NOBODY_RECEIVES_YET : consentSentence(chosenAgents(state), ways);
  return (
    <p id={id} className="consent-line">
      {text}
    </p>
  );
}
