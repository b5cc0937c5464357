"use client";

import { useState } from "react";
import type { CostAssumption, OwnerProposal, StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { formatMoney, parseMonthlyRent } from "@/lib/contract/fees";
import { MONTHLY_RENT_MAX, serviceLabel } from "@/lib/contract/site";
import { profileDifferences, proposalFeeRows, proposalFirstYear } from "@/lib/contract/proposals";
import { formatDollars } from "@/lib/contract/fees";
import { comparisonMarks, firstYearParts, formatDay, serviceCoverage, type AskedService, type Mark } from "@/lib/contract/proposal-compare";
import { useSave } from "@/components/forms/useSave";
import { ProposalHistory } from "./ProposalHistory";
import "@/styles/proposals.css";

type Offer = OwnerProposal & { proposal: StoredProposal };
type Marks = { cheapest: Mark; mostServices: Mark };
/** What the owner is asked to confirm: for an acceptance, the version and the first-year cost they saw. */
type Ask = { agentId: number; company: string; decision: "accept" | "decline"; revision?: number; firstYear?: string };
type Figures = { rent: number; units: number };

const UNITS_MAX = 10_000;

/** The owner's own figures, as typed; while one is not a valid number, the last valid one is used and a message says so. */
function useAssumption(assumption: CostAssumption) {
  const [rentText, setRentText] = useState(String(assumption.rent));
  const [unitsText, setUnitsText] = useState(String(assumption.units));
  const typedRent = parseMonthlyRent(rentText, MONTHLY_RENT_MAX);
  const typedUnits = Number(unitsText);
  const unitsValid = /^\d+$/.test(unitsText.trim()) && typedUnits > 0 && typedUnits <= UNITS_MAX;
  const rent = typedRent ?? assumption.rent;
  const units = unitsValid ? typedUnits : assumption.units;
  const edited = rent !== assumption.rent || units !== assumption.units;
  const problem =
    typedRent === null
      ? { field: "rent", text: PROPOSAL.badRent(formatMoney(MONTHLY_RENT_MAX), formatMoney(rent)) }
      : !unitsValid
        ? { field: "units", text: PROPOSAL.badUnits(UNITS_MAX, units) }
        : null;
  return { rentText, setRentText, unitsText, setUnitsText, rent, units, edited, problem };
}

function Badges({ offer, marks }: { offer: OwnerProposal; marks: Marks }) {
  return (
    <>
      {marks.cheapest.ids.has(offer.agent_id) && <span className="proposals__badge">{marks.cheapest.tie ? PROPOSAL.tiedCheapest : PROPOSAL.cheapest}</span>}
      {marks.mostServices.ids.has(offer.agent_id) && <span className="proposals__badge">{marks.mostServices.tie ? PROPOSAL.tiedMostServices : PROPOSAL.mostServices}</span>}
      {offer.decision === "accepted" && <span className="proposals__badge proposals__badge--accepted">{PROPOSAL.acceptedMark}</span>}
      {offer.decision === "declined" && <span className="proposals__badge proposals__badge--declined">{PROPOSAL.declinedMark}</span>}
    </>
  );
}

/** The services the owner asked for, against one proposal: offered, missing (marked), or not checkable. */
function AskedServices({ asked, offered }: { asked: readonly AskedService[]; offered: readonly string[] }) {
  const coverage = serviceCoverage(asked, offered);
  return (
    <ul className="proposals__asked">
      {coverage.offered.map((service) => (
        <li key={service}>{service}</li>
      ))}
      {coverage.missing.map((service) => (
        <li key={service} className="proposals__missing">
          {PROPOSAL.missing(service)}
        </li>
      ))}
      {coverage.unchecked.map((service) => (
        <li key={service} className="proposals__unchecked">
          {PROPOSAL.unchecked(service)}
        </li>
      ))}
    </ul>
  );
}

/** A proposal's first-year cost, in whole dollars, with what it includes and the fees it cannot. */
function FirstYear({ offer, total }: { offer: Offer; total: number }) {
  const parts = firstYearParts(offer.proposal);
  return (
    <>
      <span className="proposals__total">{formatDollars(total)}</span>
      <span className="proposals__parts">
        {PROPOSAL.firstYearIncludes(parts.included)}
        {parts.excluded.length > 0 && ` ${PROPOSAL.firstYearExcludes(parts.excluded)}`}
      </span>
    </>
  );
}

/** The rows every manager is compared on: each fee (with the profile's when it differs), term, start, services, message, versions. */
function rowsOf(offer: Offer, asked: readonly AskedService[], figures: Figures): { label: string; value: React.ReactNode }[] {
  const differences = offer.profile ? profileDifferences(offer.profile.fees, offer.proposal) : [];
  const p = offer.proposal;
  return [
    ...proposalFeeRows(p).map((row) => {
      const difference = differences.find((entry) => entry.label === row.label);
      return {
        label: row.label,
        value: (
          <>
            {row.value}
            {difference && <span className="proposals__differs">{`${PROPOSAL.differs}: ${PROPOSAL.profileSays(difference.profile)}`}</span>}
          </>
        ),
      };
    }),
    { label: "Minimum contract term", value: p.contract_months === 0 ? PROPOSAL.monthToMonth : PROPOSAL.months(p.contract_months) },
    { label: "Earliest start", value: formatDay(p.start_date) },
    ...(asked.length ? [{ label: PROPOSAL.askedServices, value: <AskedServices asked={asked} offered={p.services} /> }] : []),
    { label: "Services included", value: p.services.length ? p.services.map((key) => serviceLabel(key) ?? key).join(", ") : "None listed" },
    { label: "Message", value: p.message || "None" },
    { label: "Version", value: <ProposalHistory current={p} history={offer.history} figures={figures} /> },
  ];
}

function Actions({ offer, open, total, onAsk }: { offer: OwnerProposal; open: boolean; total?: number; onAsk: (ask: Ask) => void }) {
  if (!open || offer.decision) return null;
  const accept = offer.proposal && total !== undefined ? { revision: offer.proposal.revision, firstYear: formatDollars(total) } : null;
  return (
    <div className="proposals__actions">
      {accept && (
        <button type="button" className="button" onClick={() => onAsk({ agentId: offer.agent_id, company: offer.company_name, decision: "accept", ...accept })}>
          {PROPOSAL.accept(offer.company_name)}
        </button>
      )}
      <button type="button" className="button button--outline" onClick={() => onAsk({ agentId: offer.agent_id, company: offer.company_name, decision: "decline" })}>
        {PROPOSAL.decline(offer.company_name)}
      </button>
    </div>
  );
}

type ComparisonProps = {
  token: string;
  proposals: OwnerProposal[];
  assumption: CostAssumption;
  askedServices: AskedService[];
  decidedAt: string | null;
  /** After a decision, or a refusal of one: read the page's data again. */
  onChanged: () => void;
};

/**
 * The owner's side of proposals: every proposal side by side in the same fields (a table on a wide
 * screen, a card each on a phone), the first-year cost at the owner's rent and unit count (taken
 * from the request's answers, shown, and editable here) with what it holds and cannot, the
 * services the owner asked for checked, the cheapest first year and the most services asked for
 * marked (ties as ties), each proposal's versions, and accept (one, naming the version seen) or
 * decline (any), each asked twice.
 */
export function ProposalComparison({ token, proposals, assumption, askedServices, decidedAt, onChanged }: ComparisonProps) {
  const figures = useAssumption(assumption);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [said, setSaid] = useState("");
  const { pending, save } = useSave("request/decide");
  const offers = proposals.filter((entry): entry is Offer => entry.proposal !== null);
  const waiting = proposals.filter((entry) => entry.proposal === null);
  const totals = new Map(offers.map((offer) => [offer.agent_id, proposalFirstYear(offer.proposal, figures.rent, figures.units).total]));
  const askedCheckable = askedServices.some((service) => service.keys.length > 0);
  const marks = comparisonMarks(
    offers.map((offer) => ({ id: offer.agent_id, total: totals.get(offer.agent_id)!, askedOffered: serviceCoverage(askedServices, offer.proposal.services).offered.length })),
    { askedCheckable },
  );
  const open = decidedAt === null;
  const accepted = proposals.find((entry) => entry.decision === "accepted");
  const view = { offers, totals, marks, open, onAsk: setAsk, asked: askedServices, figures: { rent: figures.rent, units: figures.units } };

  async function decide() {
    if (!ask) return;
    const body = { token, agent_id: ask.agentId, decision: ask.decision, ...(ask.revision !== undefined ? { revision: ask.revision } : {}) };
    // A refusal (the manager changed its proposal since: 409) is shown in the dialog, saying what changed; the page reads the new version.
    const answer = await save(body, { successPopup: false, onRefused: () => onChanged() });
    setAsk(null);
    if (!answer) return;
    setSaid(answer.message);
    onChanged();
  }

  return (
    <section className="request__section proposals" aria-labelledby="request-proposals">
      <h2 id="request-proposals">{PROPOSAL.ownerTitle}</h2>
      <p role="status" className={accepted ? "request__status proposal__closed--accepted" : "proposals__note"}>
        {said || (accepted ? PROPOSAL.accepted(accepted.company_name) : "")}
      </p>
      {proposals.some((entry) => entry.demo === 1) && <p className="proposals__sample">{PROPOSAL.ownerSampleNote}</p>}
      {offers.length === 0 ? (
        <p>{PROPOSAL.ownerNone}</p>
      ) : (
        <>
          <p className="proposals__note">
            {PROPOSAL.assumption(formatMoney(figures.rent), figures.units, figures.edited ? "your figures" : assumption.from_answers ? PROPOSAL.assumptionFromAnswers : PROPOSAL.assumptionDefault)}
          </p>
          <FiguresEditor figures={figures} />
          <ComparisonTable {...view} />
          <ComparisonCards {...view} />
        </>
      )}
      {waiting.length > 0 && (
        <ul className="request__recipients proposals__waiting">
          {waiting.map((entry) => (
            <li key={entry.agent_id} className="request__recipient">
              <span className="request__company">{entry.company_name}</span>
              <span className="request__delivery">{entry.decision === "declined" ? PROPOSAL.declinedMark : open ? "No proposal yet" : "Closed"}</span>
              <Actions offer={entry} open={open} onAsk={setAsk} />
            </li>
          ))}
        </ul>
      )}
      {ask && <ConfirmDecision ask={ask} pending={pending} onYes={decide} onCancel={() => setAsk(null)} />}
    </section>
  );
}

/** The owner's rent and unit count, editable; a bad number is said, and the last good one is used. */
function FiguresEditor({ figures }: { figures: ReturnType<typeof useAssumption> }) {
  return (
    <div className="proposals__assumption">
      <span className="proposals__note">{PROPOSAL.assumptionEdit}</span>
      <label>
        {PROPOSAL.rentLabel}
        <input inputMode="decimal" value={figures.rentText} aria-invalid={figures.problem?.field === "rent"} aria-describedby="figures-problem" onChange={(event) => figures.setRentText(event.target.value)} />
      </label>
      <label>
        {PROPOSAL.unitsLabel}
        <input inputMode="numeric" value={figures.unitsText} aria-invalid={figures.problem?.field === "units"} aria-describedby="figures-problem" onChange={(event) => figures.setUnitsText(event.target.value)} />
      </label>
      <p id="figures-problem" className="proposals__problem" aria-live="polite">
        {figures.problem?.text}
      </p>
    </div>
  );
}

/** The second ask of a decision; an acceptance names the version and first-year cost the owner saw. */
function ConfirmDecision({ ask, pending, onYes, onCancel }: { ask: Ask; pending: boolean; onYes: () => void; onCancel: () => void }) {
  return (
    <div className="proposals__confirm" role="group" aria-label="Confirm your decision">
      <p id="decision-confirm-text">{ask.decision === "accept" ? PROPOSAL.acceptConfirm(ask.company, ask.revision!, ask.firstYear!) : PROPOSAL.declineConfirm(ask.company)}</p>
      <div className="request__buttons">
        <button type="button" className="button" onClick={onYes} disabled={pending} aria-describedby="decision-confirm-text">
          {pending ? "Sending..." : ask.decision === "accept" ? "Yes, accept" : "Yes, decline"}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}

type ViewProps = { offers: Offer[]; totals: Map<number, number>; marks: Marks; open: boolean; onAsk: (ask: Ask) => void; asked: AskedService[]; figures: Figures };

function ComparisonTable({ offers, totals, marks, open, onAsk, asked, figures }: ViewProps) {
  const rows = offers.map((offer) => rowsOf(offer, asked, figures));
  return (
    <div className="proposals__table-wrap">
      <table className="proposals__table">
        <caption className="visually-hidden">Proposals side by side</caption>
        <thead>
          <tr>
            <td />
            {offers.map((offer) => (
              <th key={offer.agent_id} scope="col">
                {offer.company_name}
                <div>
                  <Badges offer={offer} marks={marks} />
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{PROPOSAL.firstYear}</th>
            {offers.map((offer) => (
              <td key={offer.agent_id}>
                <FirstYear offer={offer} total={totals.get(offer.agent_id)!} />
              </td>
            ))}
          </tr>
          {rows[0].map((row, index) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {rows.map((cells, column) => (
                <td key={offers[column].agent_id}>{cells[index].value}</td>
              ))}
            </tr>
          ))}
          {open && (
            <tr>
              <td />
              {offers.map((offer) => (
                <td key={offer.agent_id}>
                  <Actions offer={offer} open={open} total={totals.get(offer.agent_id)} onAsk={onAsk} />
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * On a phone, above the stacked cards and kept in view while they scroll: each manager's name
 * (a link to its card), its first-year cost, and Accept, so the choice never needs the whole page.
 */
function SummaryStrip({ offers, totals, marks, open, onAsk }: Pick<ViewProps, "offers" | "totals" | "marks" | "open" | "onAsk">) {
  return (
    <div className="proposals__strip" role="group" aria-label={PROPOSAL.stripLabel}>
      <ul>
        {offers.map((offer) => {
          const total = totals.get(offer.agent_id)!;
          const cheapest = marks.cheapest.ids.has(offer.agent_id);
          return (
            <li key={offer.agent_id}>
              <a href={`#proposal-card-${offer.agent_id}`} className="proposals__strip-name">
                {offer.company_name}
              </a>
              <span className={cheapest ? "proposals__strip-total proposals__strip-total--cheapest" : "proposals__strip-total"}>{formatDollars(total)}</span>
              {open && !offer.decision && (
                <button
                  type="button"
                  className="button proposals__strip-accept"
                  aria-label={PROPOSAL.stripAcceptName(offer.company_name, formatDollars(total))}
                  onClick={() => onAsk({ agentId: offer.agent_id, company: offer.company_name, decision: "accept", revision: offer.proposal.revision, firstYear: formatDollars(total) })}
                >
                  {PROPOSAL.stripAccept}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ComparisonCards({ offers, totals, marks, open, onAsk, asked, figures }: ViewProps) {
  return (
    <>
      <SummaryStrip offers={offers} totals={totals} marks={marks} open={open} onAsk={onAsk} />
      <ul className="proposals__cards">
        {offers.map((offer) => (
          <li key={offer.agent_id} id={`proposal-card-${offer.agent_id}`} className="proposals__card">
            <h3>{offer.company_name}</h3>
            <Badges offer={offer} marks={marks} />
            <p className="proposals__first-year">
              {PROPOSAL.firstYear}: <FirstYear offer={offer} total={totals.get(offer.agent_id)!} />
            </p>
            <dl className="request__list">
              {rowsOf(offer, asked, figures).map((row) => (
                <div className="request__item" key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
            <Actions offer={offer} open={open} total={totals.get(offer.agent_id)} onAsk={onAsk} />
          </li>
        ))}
      </ul>
    </>
  );
}
