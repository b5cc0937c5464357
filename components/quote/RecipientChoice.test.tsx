/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import type { ServingAgent } from "@/lib/contract";
import { RecipientChoice } from "./RecipientChoice";
import type { RecipientsState } from "./useRecipients";

jest.mock("@/styles/recipients.css", () => ({}), { virtual: true });

const manager = (agent_id: number, company_name: string, distance_miles: number, demo = 0): ServingAgent => ({
  agent_id,
  user_id: agent_id,
  company_name,
  photo: "",
  featured: 0,
  address: "1 Main St",
  city: "Miami",
  city_slug: "miami",
  state: "FL",
  state_name: "Florida",
  zip: "33130",
  about: "",
  category: "Single Family",
  category_ids: [1],
  read_more: 0,
  fees: { management_percent: 8, management_flat: null, leasing_percent: null, renewal_fee: null, setup_fee: null, maintenance_markup_percent: null, vacancy_fee: null },
  services: [],
  license: null,
  service_area: null,
  units_managed: null,
  year_founded: null,
  demo,
  distance_miles,
});

const stateOf = (matches: ServingAgent[], selected = matches.map((agent) => agent.agent_id)): RecipientsState => ({
  status: "ready",
  matches,
  total: matches.length,
  rule: "The closest managers.",
  place: { zip: "33131", city: "Miami", state: "FL", lat: 25.76, lng: -80.19 },
  selected,
  notServing: [],
});

describe("RecipientChoice", () => {
  it("measures each office from the owner's ZIP code and says so, not from the city (issue 30)", () => {
    render(
      <RecipientChoice
        state={stateOf([manager(1, "Bay Homes", 0.8), manager(2, "Brickell Rentals", 0.3)])}
        onToggle={() => {}}
        onRetry={() => {}}
        zip="33131"
        categoryId={1}
        email=""
      />,
    );
    expect(screen.getByText("Office 0.8 miles from ZIP 33131")).toBeTruthy();
    expect(screen.getByText("Office less than half a mile from ZIP 33131")).toBeTruthy();
    expect(screen.queryByText(/from Miami|in Miami/)).toBeNull();
  });
});
