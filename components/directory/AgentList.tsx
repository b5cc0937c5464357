import type { ServingAgent } from "@/lib/contract";
import { PATHS } from "@/lib/contract/routes";
import { AgentCard } from "./AgentCard";
import { CompareControls } from "./CompareControls";
import { CardQuoteLinks } from "./CardQuoteLinks";

/**
 * The cards of a list page and the compare form they belong to: a plain GET to /compare without
 * JavaScript, a bar that counts the ticked managers with it. The cards' checkboxes point at the
 * form by its id, so the list itself stays a plain ordered list.
 */
type Props = {
  agents: ServingAgent[];
  placeName?: string;
  id?: string;
  start?: number;
  /** What a card's "Request a quote from this manager" fills in: the list's city or ZIP code. */
  quotePlace?: { property_city?: string; property_zip?: string };
  /** Sorted by first-year cost at this rent: each card shows its figure. */
  costRent?: number;
};

export function AgentList({ agents, placeName, id = "managers", start = 1, quotePlace = {}, costRent }: Props) {
  const formId = `${id}-c`;
  return (
    <>
      <ol className="agent-list" id={id} start={start}>
        {agents.map((agent) => (
          <AgentCard key={agent.agent_id} agent={agent} placeName={placeName} compareFormId={formId} costRent={costRent} />
        ))}
      </ol>
      <form id={formId} action={PATHS.compare} method="get" className="agent-list-form" aria-label="Managers to compare">
        <CompareControls formId={formId} />
      </form>
      <CardQuoteLinks listId={id} values={quotePlace} />
    </>
  );
}
