/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import type { ServingAgent } from "@/lib/contract";
import { ConsentLine, RecipientChoice } from "./RecipientChoice";
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
  it("measures each office from the owner's ZIP code and says so, not from the city", () => {
    render(
      <RecipientChoice
        state={stateOf([manager(1, "Bay Homes", 0.8), manager(2, "Brickell Rentals", 0.3)])}
        onToggle={() => {}}
        onRetry={() => {}}
        zip="33131"
        categoryId={1}
        email=""
        assumption={{ rent: 2500, units: 1, from_answers: true }}
      />,
    );
    expect(screen.getByText("Office 0.8 miles from ZIP 33131")).toBeTruthy();
    expect(screen.getByText("Office less than half a mile from ZIP 33131")).toBeTruthy();
    expect(screen.queryByText(/from Miami|in Miami/)).toBeNull();
  });

  it("gives each manager's first-year cost from its listed fees at the owner's rent and units, and says when a fee is missing", () => {
    const complete = { ...manager(1, "Bay Homes", 0.8), fees: { ...manager(1, "", 0).fees, leasing_percent: 50, setup_fee: 99 } };
    render(
      <RecipientChoice
        state={stateOf([complete, manager(2, "Brickell Rentals", 0.3)])}
        onToggle={() => {}}
        onRetry={() => {}}
        zip="33131"
        categoryId={1}
        email=""
        assumption={{ rent: 1500, units: 2, from_answers: true }}
      />,
    );
    // Two units at $1,500: 8% for 12 months ($2,880) + half a month's rent each ($1,500) + setup ($99).
    expect(screen.getByText("First year from its listed fees: $4,479")).toBeTruthy();
    expect(screen.getByText("First year: not known (a fee it adds up is not listed)")).toBeTruthy();
    expect(screen.getByText(/^First-year costs at \$1,500 a month for 2 units \(from your answers\)/)).toBeTruthy();
  });
});

describe("ConsentLine", () => {
  const sentence = (state: RecipientsState, ways: { email: boolean; phone: boolean; preferred?: string }) => {
    const { container } = render(<ConsentLine id="consent" state={state} ways={ways} />);
    return container.textContent;
  };

  it("says the contact method the owner chose, not every way the owner gave", () => {
    const real = stateOf([manager(1, "Bay Homes", 0.8), manager(2, "Key Rentals", 1.2)]);
    expect(sentence(real, { email: true, phone: true, preferred: "Email" })).toBe(
      "Only Bay Homes and Key Rentals will receive your request and contact details, and they may contact you by email; nobody else will, and we never sell them.",
    );
    expect(sentence(real, { email: true, phone: true, preferred: "Phone" })).toContain("they may contact you by phone;");
    // The quote-guarantee modal asks for no method: every way given.
    expect(sentence(real, { email: true, phone: true })).toContain("they may contact you by phone or email;");
  });

  it("promises no contact from a sample listing", () => {
    expect(sentence(stateOf([manager(1, "Bay Homes", 0.8, 1)]), { email: true, phone: true, preferred: "Email" })).toBe(
      "Bay Homes is a sample listing, a company that does not exist, so nobody will contact you from it. Nobody else will receive your details, and we never sell them.",
    );
    expect(sentence(stateOf([manager(1, "Bay Homes", 0.8), manager(2, "Sample Rentals", 0.9, 1), manager(3, "Demo Realty", 1, 1)]), { email: true, phone: false, preferred: "Email" })).toBe(
      "Only Bay Homes will receive your request and contact details, and it may contact you by email; Sample Rentals and Demo Realty are sample listings, companies that do not exist, so nobody will contact you from them. Nobody else will receive your details, and we never sell them.",
    );
  });
});
