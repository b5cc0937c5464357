"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { CostAssumption, OwnerProposal, StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { formatMoney, parseMonthlyRent } from "@/lib/contract/fees";
import { MONTHLY_RENT_MAX, serviceLabel } from "@/lib/contract/site";
import { profileDifferences, proposalFeeRows, proposalFirstYear } from "@/lib/contract/proposals";
import { useSave } from "@/components/forms/useSave";
import "@/styles/proposals.css";

type Offer = OwnerProposal & { proposal: StoredProposal };
type Marks = { cheapest: Set<number>; mostServices: Set<number> };
type Ask = { agentId: number; company: string; decision: "accept" | "decline" };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
const UNITS_MAX = 10_000;

/** The owner's own figures, as typed; the last valid ones are used while a field is being edited. */
function useAssumption(assumption: CostAssumption) {
  const [rentText, setRentText] = useState(String(assumption.rent));
  const [unitsText, setUnitsText] = useState(String(assumption.units));
  const rent = parseMonthlyRent(rentText, MONTHLY_RENT_MAX) ?? assumption.rent;
  const typedUnits = Number(unitsText);
  const units = Number.isInteger(typedUnits) && typedUnits > 0 && typedUnits <= UNITS_MAX ? typedUnits : assumption.units;
  const edited = rent !== assumption.rent || units !== assumption.units;
  return { rentText, setRentText, unitsText, setUnitsText, rent, units, edited };
}

function marksOf(offers: Offer[], totals: Map<number, number>): Marks {
  const cheapestTotal = Math.min(...offers.map((offer) => totals.get(offer.agent_id)!));
  const most = Math.max(...offers.map((offer) => offer.proposal.services.length));
  return {
    cheapest: new Set(offers.length > 1 ? offers.filter((offer) => totals.get(offer.agent_id) === cheapestTotal).map((offer) => offer.agent_id) : []),
    mostServices: new Set(offers.length > 1 && most > 0 ? offers.filter((offer) => offer.proposal.services.length === most).map((offer) => offer.agent_id) : []),
  };
}

function Badges({ offer, marks }: { offer: OwnerProposal; marks: Marks }) {
  return (
    <>
      {marks.cheapest.has(offer.agent_id) && <span className="proposals__badge">{PROPOSAL.cheapest}</span>}
      {marks.mostServices.has(offer.agent_id) && <span className="proposals__badge">{PROPOSAL.mostServices}</span>}
      {offer.decision === "accepted" && <span className="proposals__badge proposals__badge--accepted">{PROPOSAL.acceptedMark}</span>}
      {offer.decision === "declined" && <span className="proposals__badge proposals__badge--declined">{PROPOSAL.declinedMark}</span>}
    </>
  );
}

/** The rows every manager is compared on: each fee (with the profile's when it differs), term, start, services, message. */
function rowsOf(offer: Offer): { label: string; value: React.ReactNode }[] {
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
    { label: "Earliest start", value: p.start_date },
    { label: "Services included", value: p.services.length ? p.services.map((key) => serviceLabel(key) ?? key).join(", ") : "None listed" },
    { label: "Message", value: p.message || "None" },
    { label: "Version", value: PROPOSAL.version(p.revision, when(p.updated_at)) },
  ];
}

function Actions({ offer, open, onAsk }: { offer: OwnerProposal; open: boolean; onAsk: (ask: Ask) => void }) {
  if (!open || offer.decision) return null;
  return (
    <div className="proposals__actions">
      {offer.proposal && (
        <button type="button" className="button" onClick={() => onAsk({ agentId: offer.agent_id, company: offer.company_name, decision: "accept" })}>
          {PROPOSAL.accept(offer.company_name)}
        </button>
      )}
      <button type="button" className="button button--outline" onClick={() => onAsk({ agentId: offer.agent_id, company: offer.company_name, decision: "decline" })}>
        {PROPOSAL.decline(offer.company_name)}
      </button>
    </div>
  );
}

/**
 * The owner's side of issue 28: every proposal side by side in the same fields (a table on a wide
 * screen, a card each on a phone), the first-year cost at the owner's rent and unit count (taken
 * from the request's answers, shown, and editable here), the cheapest first year and the most
 * services marked, a fee that differs from the manager's directory profile pointed out, and
 * accept (one) or decline (any), each asked twice.
 */
export function ProposalComparison({ token, proposals, assumption, decidedAt }: { token: string; proposals: OwnerProposal[]; assumption: CostAssumption; decidedAt: string | null }) {
  const router = useRouter();
  const figures = useAssumption(assumption);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [said, setSaid] = useState("");
  const { pending, save } = useSave("request/decide");
  const offers = proposals.filter((entry): entry is Offer => entry.proposal !== null);
  const waiting = proposals.filter((entry) => entry.proposal === null);
  const totals = new Map(offers.map((offer) => [offer.agent_id, proposalFirstYear(offer.proposal, figures.rent, figures.units).total]));
  const marks = marksOf(offers, totals);
  const open = decidedAt === null;
  const accepted = proposals.find((entry) => entry.decision === "accepted");

  async function decide() {
    if (!ask) return;
    const answer = await save({ token, agent_id: ask.agentId, decision: ask.decision }, { successPopup: false });
    if (!answer) return;
    setSaid(answer.message);
    setAsk(null);
    router.refresh();
  }

  return (
    <section className="request__section proposals" aria-labelledby="request-proposals">
      <h2 id="request-proposals">{PROPOSAL.ownerTitle}</h2>
      <p role="status" className={accepted ? "request__status proposal__closed--accepted" : "proposals__note"}>
        {accepted ? PROPOSAL.accepted(accepted.company_name) : said}
      </p>
      {proposals.some((entry) => entry.demo === 1) && <p className="proposals__sample">{PROPOSAL.ownerSampleNote}</p>}
      {offers.length === 0 ? (
        <p>{PROPOSAL.ownerNone}</p>
      ) : (
        <>
          <p className="proposals__note">
            {PROPOSAL.assumption(formatMoney(figures.rent), figures.units, figures.edited ? "your figures" : assumption.from_answers ? PROPOSAL.assumptionFromAnswers : PROPOSAL.assumptionDefault)}
          </p>
          <div className="proposals__assumption">
            <span className="proposals__note">{PROPOSAL.assumptionEdit}</span>
            <label>
              {PROPOSAL.rentLabel}
              <input inputMode="decimal" value={figures.rentText} onChange={(event) => figures.setRentText(event.target.value)} />
            </label>
            <label>
              {PROPOSAL.unitsLabel}
              <input inputMode="numeric" value={figures.unitsText} onChange={(event) => figures.setUnitsText(event.target.value)} />
            </label>
          </div>
          <ComparisonTable offers={offers} totals={totals} marks={marks} open={open} onAsk={setAsk} />
          <ComparisonCards offers={offers} totals={totals} marks={marks} open={open} onAsk={setAsk} />
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
      {ask && (
        <div className="proposals__confirm" role="group" aria-label="Confirm your decision">
          <p id="decision-confirm-text">{ask.decision === "accept" ? PROPOSAL.acceptConfirm(ask.company) : PROPOSAL.declineConfirm(ask.company)}</p>
          <div className="request__buttons">
            <button type="button" className="button" onClick={decide} disabled={pending} aria-describedby="decision-confirm-text">
              {pending ? "Sending..." : ask.decision === "accept" ? "Yes, accept" : "Yes, decline"}
            </button>
            <button type="button" className="button button--outline" onClick={() => setAsk(null)} disabled={pending}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

type ViewProps = { offers: Offer[]; totals: Map<number, number>; marks: Marks; open: boolean; onAsk: (ask: Ask) => void };

function ComparisonTable({ offers, totals, marks, open, onAsk }: ViewProps) {
  const rows = offers.map(rowsOf);
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
              <td key={offer.agent_id} className="proposals__total">
                {formatMoney(totals.get(offer.agent_id)!)}
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
                  <Actions offer={offer} open={open} onAsk={onAsk} />
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonCards({ offers, totals, marks, open, onAsk }: ViewProps) {
  return (
    <ul className="proposals__cards">
      {offers.map((offer) => (
        <li key={offer.agent_id} className="proposals__card">
          <h3>{offer.company_name}</h3>
          <Badges offer={offer} marks={marks} />
          <p className="proposals__total">
            {PROPOSAL.firstYear}: {formatMoney(totals.get(offer.agent_id)!)}
          </p>
          <dl className="request__list">
            {rowsOf(offer).map((row) => (
              <div className="request__item" key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <Actions offer={offer} open={open} onAsk={onAsk} />
        </li>
      ))}
    </ul>
  );
}
