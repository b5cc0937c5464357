import type { OwnerProposal, StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { proposalFirstYear } from "@/lib/contract/proposals";
import { formatDollars } from "@/lib/contract/fees";
import { proposalChanges } from "@/lib/contract/proposal-compare";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/**
 * A proposal's version and, once it changed, every version before it: when each was sent and what
 * it changed (the first-year cost at the owner's figures first), newest first.
 */
export function ProposalHistory({ current, history, figures }: { current: StoredProposal; history: OwnerProposal["history"]; figures: { rent: number; units: number } }) {
  const label = PROPOSAL.version(current.revision, when(current.updated_at));
  if (history.length < 2) return <span>{label}</span>;
  const entries = history.map((version, index) => {
    const before = history[index - 1];
    const what = before
      ? proposalChanges(before, version, figures).join(", ") || PROPOSAL.historyMessageOnly
      : `${PROPOSAL.historyFirst}: ${PROPOSAL.firstYear.toLowerCase()} ${formatDollars(proposalFirstYear(version, figures.rent, figures.units).total)}`;
    return { revision: version.revision, text: `${PROPOSAL.historyEntry(version.revision, when(version.updated_at))}: ${what}` };
  });
  return (
    <details className="proposals__history">
      <summary>
        {label} · {PROPOSAL.history(history.length)}
      </summary>
      <ol reversed>
        {entries.reverse().map((entry) => (
          <li key={entry.revision}>{entry.text}</li>
        ))}
      </ol>
    </details>
  );
}
