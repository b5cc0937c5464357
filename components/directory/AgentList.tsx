import type { ServingAgent } from "@/lib/contract";
import { PATHS } from "@/lib/contract/routes";
import { AgentCardList, type CardItemList } from "./AgentCard";
import { cardFields } from "./card-fields";
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
  /** The page's schema.org ItemList of these cards: its origin, name and the list's size. */
  itemList?: Omit<CardItemList, "firstPosition">;
};

export function AgentList({ agents, placeName, id = "managers", start = 1, quotePlace = {}, costRent, itemList }: Props) {
  const formId = `${id}-c`;
  return (
    <>
      <AgentCardList
        id={id}
        start={start}
        cards={agents.map((agent) => cardFields(agent, { placeName, costRent }))}
        compareFormId={formId}
        itemList={itemList && { ...itemList, firstPosition: start }}
      />
      <form id={formId} action={PATHS.compare} method="get" className="agent-list-form" aria-label="Managers to compare">
        <CompareControls formId={formId} />
      </form>
      <CardQuoteLinks listId={id} values={quotePlace} />
    </>
  );
}
