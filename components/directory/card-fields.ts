import type { ServingAgent } from "@/lib/contract";
import { agentPath } from "@/lib/contract/routes";
import { cardFirstYear } from "@/lib/contract/cost-messages";
import { formatDollars, formatMoney } from "@/lib/contract/fees";
import { firstYearCost } from "@/lib/contract/first-year-cost";
import { cardAboutText, cardDistanceText, cardFeeText, cardLicenseText, servicesCountText, shortYearsText } from "./manager-facts";

/**
 * What a manager's card shows, worded on the server: the client card (AgentCard.tsx) only lays
 * these out. A city page's twenty cards travel in its flight data as these few strings rather than
 * as their rendered elements (issue 42: 1.25 kB of elements a card against about 0.4 kB of fields).
 */
export type CardFields = {
  id: number;
  photo: string;
  href: string;
  name: string;
  sample: boolean;
  featured: boolean;
  /** Where the office is: "2.1 miles away", "Office in Austin", or its city and state. */
  place: string;
  /** Fee, services and years (led by the first-year cost on a list sorted by it). */
  facts: string;
  /** What it manages, and its license unless it is a sample listing. */
  kind: string;
  address: string;
  about: string;
};

type Agent = Omit<ServingAgent, "distance_miles"> & { distance_miles?: number };

/** "First year at $2,500 a month: $3,749", the figure a list sorted by cost follows. */
function firstYearLine(fees: Agent["fees"], rent: number): string {
  const { total } = firstYearCost({ fees, monthlyRent: rent });
  return cardFirstYear(formatMoney(rent), total === null ? null : formatDollars(total));
}

/**
 * A card's fields. `placeName`: the place the list is about (absent: the card says where the
 * office is); `costRent`: a list sorted by first-year cost, the rent it is figured at.
 */
export function cardFields(agent: Agent, { placeName, costRent }: { placeName?: string; costRent?: number } = {}): CardFields {
  const cost = costRent === undefined ? null : firstYearLine(agent.fees, costRent);
  return {
    id: agent.agent_id,
    photo: agent.photo,
    href: agentPath(agent),
    name: agent.company_name,
    sample: agent.demo === 1,
    featured: agent.featured === 1,
    // The list is about one place (its title names it): "2.1 miles away" says enough.
    place: placeName ? cardDistanceText(agent.distance_miles, agent.city, placeName) : `${agent.city}, ${agent.state}`,
    facts: [cost, cardFeeText(agent.fees), servicesCountText(agent.services), shortYearsText(agent.year_founded)].filter(Boolean).join(" · "),
    // A sample listing's license data is fictional: its badge and the page's notice say so.
    kind: agent.demo === 1 ? agent.category : [agent.category, cardLicenseText(agent.license)].filter(Boolean).join(" · "),
    address: `${agent.address}, ${agent.city}, ${agent.state}`,
    about: cardAboutText(agent.about),
  };
}
