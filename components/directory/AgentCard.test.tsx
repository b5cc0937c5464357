import { renderToStaticMarkup } from "react-dom/server";
import type { ServingAgent } from "@/lib/contract";
import { cardFirstYear } from "@/lib/contract/cost-messages";
import { AgentCardList } from "./AgentCard";
import { cardFields } from "./card-fields";

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

/** One card as a list renders it. */
const card = (manager: typeof agent, options: Parameters<typeof cardFields>[1]) => renderToStaticMarkup(<AgentCardList id="l" start={1} cards={[cardFields(manager, options)]} compareFormId="c" />);

/** The card's facts line, the second paragraph (the stylesheet styles the card's paragraphs by position). */
const factsOf = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1])[1];

describe("a manager's card", () => {
  it("leads its facts with the first-year cost the list is sorted by, and says when it is not known", () => {
    const sorted = card(agent, { placeName: "Austin", costRent: 2500 });
    // 8% of $2,500 for 12 months ($2,400) + half a month's rent ($1,250) + setup ($99).
    expect(factsOf(sorted)).toMatch(new RegExp(`^${cardFirstYear("$2,500", "$3,749").replace(/\$/g, "\\$")} · 8% of rent`));
    const unlisted = card({ ...agent, fees: { ...agent.fees, setup_fee: null } }, { placeName: "Austin", costRent: 2500 });
    expect(factsOf(unlisted)).toContain(cardFirstYear("$2,500", null));
    // Every paragraph keeps its place: the cost adds no element.
    expect(sorted.match(/<p>/g)).toHaveLength(card(agent, { placeName: "Austin" }).match(/<p>/g)!.length);
  });

  it("shows no cost on a list not sorted by it", () => {
    expect(factsOf(card(agent, { placeName: "Austin" }))).not.toContain("First year");
  });
});

describe("a list's cards", () => {
  it("carry the page's ItemList, built from the cards themselves: each name and absolute URL at its position", () => {
    const cards = [7, 8].map((id) => cardFields({ ...agent, agent_id: id, company_name: `Bay Homes ${id}` }, { placeName: "Austin" }));
    const html = renderToStaticMarkup(<AgentCardList id="l" start={21} cards={cards} compareFormId="c" itemList={{ origin: "https://example.com", name: "Austin, page 2", firstPosition: 21, total: 22 }} />);
    const json = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(json.name).toBe("Austin, page 2");
    expect(json.itemListElement).toEqual([
      { "@type": "ListItem", position: 21, url: "https://example.com/agent/TX/austin/7", name: "Bay Homes 7" },
      { "@type": "ListItem", position: 22, url: "https://example.com/agent/TX/austin/8", name: "Bay Homes 8" },
    ]);
    expect(renderToStaticMarkup(<AgentCardList id="l" start={1} cards={cards} compareFormId="c" />)).not.toContain("application/ld+json");
  });
});
