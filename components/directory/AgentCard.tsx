import type { ServingAgent } from "@/lib/contract";
import { STEP_PATHS, agentPath } from "@/lib/contract/routes";
import { CompareCheckbox } from "./CompareCheckbox";
import { cardAboutText, cardDistanceText, cardFeeText, cardLicenseText, servicesCountText, shortYearsText } from "./manager-facts";
import { cardFirstYear } from "@/lib/contract/cost-messages";
import { formatDollars, formatMoney } from "@/lib/contract/fees";
import { firstYearCost } from "@/lib/contract/first-year-cost";

/** One element each, shared by every card: the flight data sends a repeated element once and refers to it. */
const SAMPLE_BADGE = <b className="badge badge--sample">Sample listing</b>;
const FEATURED_BADGE = <b className="badge badge--featured">Featured</b>;

/** "First year at $2,500 a month: $3,749", the figure a list sorted by cost follows. */
function firstYearLine(fees: Props["agent"]["fees"], rent: number): string {
  const { total } = firstYearCost({ fees, monthlyRent: rent });
  return cardFirstYear(formatMoney(rent), total === null ? null : formatDollars(total));
}

type Props = {
  agent: Omit<ServingAgent, "distance_miles"> & { distance_miles?: number };
  /** The place the list is about (absent: the card says where the office is). */
  placeName?: string;
  /** The form of the list's Compare checkboxes. */
  compareFormId: string;
  /** A list sorted by first-year cost: the rent it is figured at, and each card shows its figure. */
  costRent?: number;
};

/**
 * A manager in a list (spec 2.5): logo, name linking to the profile, "Sample listing" and
 * "Featured" where they apply, the office's address and how far it is, then its fee, services and
 * years, what it manages and its license, the about text's first sentence, the spec's "View
 * Detail" link to the profile, a Compare checkbox and "Request a quote from this manager". Compact on purpose (three fit on a
 * phone screen) and plain markup styled by position (styles/site.css): a server component's every
 * element and class is sent twice, as HTML and in the page's flight data (a city page
 * of 20 cards within 70 kB).
 */
export function AgentCard({ agent, placeName, compareFormId, costRent }: Props) {
  // The list is about one place (its title names it): "2.1 miles away" says enough.
  const distance = placeName ? cardDistanceText(agent.distance_miles, agent.city, placeName) : `${agent.city}, ${agent.state}`;
  // Sorted by first-year cost: the figure the order follows comes first.
  const cost = costRent === undefined ? null : firstYearLine(agent.fees, costRent);
  const facts = [cost, cardFeeText(agent.fees), servicesCountText(agent.services), shortYearsText(agent.year_founded)].filter(Boolean).join(" · ");
  return (
    <li className="agent-card">
      {/* Sized by the stylesheet (48 or 64 px square), so the layout never shifts. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a logo served as it is (components/ui/Img.tsx) */}
      <img src={agent.photo} alt="" loading="lazy" />
      <h2>
        <a href={agentPath(agent)}>{agent.company_name}</a>
      </h2>
      <p>
        {agent.demo === 1 && SAMPLE_BADGE}
        {agent.featured === 1 && FEATURED_BADGE}
        {distance}
      </p>
      <p>{facts}</p>
      {/* A sample listing's license data is fictional: its badge and the page's notice say so. */}
      <p>{agent.demo === 1 ? agent.category : [agent.category, cardLicenseText(agent.license)].filter(Boolean).join(" · ")}</p>
      <p>{`${agent.address}, ${agent.city}, ${agent.state}`}</p>
      <p>{cardAboutText(agent.about)}</p>
      <a href={agentPath(agent)}>
        View Detail<span className="visually-hidden">{` of ${agent.company_name}`}</span>
      </a>
      <CompareCheckbox id={agent.agent_id} name={agent.company_name} form={compareFormId} />
      {/* The list's CardQuoteLinks chooses this manager on the way (data-quote-agent). */}
      <a href={STEP_PATHS[1]} data-quote-agent={agent.agent_id} className="agent-card__quote">
        Request a quote from this manager<span className="visually-hidden">{` (${agent.company_name})`}</span>
      </a>
    </li>
  );
}
