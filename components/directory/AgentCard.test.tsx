import { renderToStaticMarkup } from "react-dom/server";
import type { ServingAgent } from "@/lib/contract";
import { cardFirstYear } from "@/lib/contract/cost-messages";
import { AgentCard } from "./AgentCard";

const agent: ServingAgent = {
  agent_id: 7,
  user_id: 7,
  company_name: "Bay Homes",
  photo: "/logo.svg",
  featured: 0,
  address: "1 Main St",
  city: "Austin",
  city_slug: "austin",
  state: "TX",
  state_name: "Texas",
  zip: "78701",
  about: "We manage homes.",
  category: "Single Family",
  category_ids: [1],
  read_more: 0,
  fees: { management_percent: 8, management_flat: null, leasing_percent: 50, renewal_fee: 150, setup_fee: 99, maintenance_markup_percent: null, vacancy_fee: null },
  services: [],
  license: null,
  service_area: null,
  units_managed: null,
  year_founded: null,
  demo: 0,
  distance_miles: 1.2,
};

/** The card's facts line, the second paragraph (the stylesheet styles the card's paragraphs by position). */
const factsOf = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1])[1];

describe("a manager's card", () => {
  it("leads its facts with the first-year cost the list is sorted by, and says when it is not known", () => {
    const sorted = renderToStaticMarkup(<AgentCard agent={agent} placeName="Austin" compareFormId="c" costRent={2500} />);
    // 8% of $2,500 for 12 months ($2,400) + half a month's rent ($1,250) + setup ($99).
    expect(factsOf(sorted)).toMatch(new RegExp(`^${cardFirstYear("$2,500", "$3,749").replace(/\$/g, "\\$")} · 8% of rent`));
    const unlisted = renderToStaticMarkup(<AgentCard agent={{ ...agent, fees: { ...agent.fees, setup_fee: null } }} placeName="Austin" compareFormId="c" costRent={2500} />);
    expect(factsOf(unlisted)).toContain(cardFirstYear("$2,500", null));
    // Every paragraph keeps its place: the cost adds no element.
    expect(sorted.match(/<p>/g)).toHaveLength(renderToStaticMarkup(<AgentCard agent={agent} placeName="Austin" compareFormId="c" />).match(/<p>/g)!.length);
  });

  it("shows no cost on a list not sorted by it", () => {
    expect(factsOf(renderToStaticMarkup(<AgentCard agent={agent} placeName="Austin" compareFormId="c" />))).not.toContain("First year");
  });
});
