/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { OwnerProposal, StoredProposal } from "@/lib/contract";
import { ApiError } from "@/lib/contract/errors";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { browserApi } from "@/lib/api/browser";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { ProposalComparison } from "./ProposalComparison";
import { proposalNotices } from "./LiveProposals";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: jest.fn() } }));
jest.mock("react-hot-toast", () => ({ __esModule: true, default: jest.fn(), Toaster: () => null }));
jest.mock("@/styles/proposals.css", () => ({}), { virtual: true });

const call = browserApi.call as jest.Mock;

const terms: StoredProposal = {
  management_percent: 6,
  management_flat: null,
  leasing_percent: 50,
  setup_fee: null,
  renewal_fee: 150,
  maintenance_markup_percent: null,
  contract_months: 12,
  start_date: "2027-01-15",
  services: ["rent_collection"],
  message: "",
  revision: 1,
  updated_at: "2026-12-07T03:00:00.000Z",
};
const offer = (agentId: number, company: string, proposal: StoredProposal | null, history: StoredProposal[] = proposal ? [proposal] : []): OwnerProposal => ({
  agent_id: agentId,
  company_name: company,
  demo: 0,
  decision: null,
  profile: null,
  proposal,
  history,
});
const raised = { ...terms, management_percent: 8, revision: 2, updated_at: "2026-12-07T03:20:00.000Z" };
// $2,500 a month, 1 unit: A (version 2, 8%) $3,650 and B (6%, $600 setup) $3,650: a tie.
const proposals = [offer(1, "Alpha Homes", raised, [terms, raised]), offer(2, "Beta Rentals", { ...terms, setup_fee: 600 }), offer(3, "Gamma Realty", null)];
const asked = [
  { answer: "Rent collection", keys: ["rent_collection"] },
  { answer: "Maintenance coordination", keys: ["maintenance_coordination"] },
];

function renderComparison(onChanged = jest.fn()) {
  render(
    <MessageDialogProvider>
      <ProposalComparison token="OWNER-TOKEN-123456789a" proposals={proposals} assumption={{ rent: 2500, units: 1, from_answers: true }} askedServices={asked} decidedAt={null} onChanged={onChanged} />
    </MessageDialogProvider>,
  );
  return onChanged;
}

beforeEach(() => call.mockReset());

describe("the owner's comparison", () => {
  it("says ties as ties, marks a service asked for and not offered, and names what the first-year cost cannot hold", () => {
    renderComparison();
    // Table and cards are both in the document (CSS shows one): each mark twice.
    expect(screen.getAllByText(PROPOSAL.tiedCheapest)).toHaveLength(4);
    expect(screen.queryByText(PROPOSAL.cheapest)).toBeNull();
    expect(screen.getAllByText(PROPOSAL.tiedMostServices)).toHaveLength(4);
    expect(screen.getAllByText(PROPOSAL.missing("Maintenance coordination"))).toHaveLength(4);
    // Table, card, and the phone's summary strip.
    expect(screen.getAllByText("$3,650")).toHaveLength(6);
    expect(screen.getAllByText(/Cannot include the \$150 renewal fee \(due when a lease renews\)\./)).toHaveLength(4);
    expect(screen.getAllByText("January 15, 2027")).toHaveLength(4);
    // Alpha's earlier version, and what changed.
    expect(screen.getAllByText(/^Version 2, .*: first-year cost \$3,050 → \$3,650, management fee 6% of collected rent → 8% of collected rent$/)).toHaveLength(2);
  });

  it("says a bad rent and keeps the last good figure", async () => {
    renderComparison();
    const rent = screen.getByLabelText(PROPOSAL.rentLabel);
    await userEvent.clear(rent);
    await userEvent.type(rent, "lots");
    expect(screen.getByText(PROPOSAL.badRent("$100,000", "$2,500"))).toBeTruthy();
    expect(rent.getAttribute("aria-invalid")).toBe("true");
  });

  it("asks to accept the version and price seen, and sends that version", async () => {
    call.mockResolvedValue({ success: true, message: "accepted" });
    const onChanged = renderComparison();
    await userEvent.click(screen.getAllByRole("button", { name: PROPOSAL.accept("Alpha Homes") })[0]);
    expect(screen.getByText(PROPOSAL.acceptConfirm("Alpha Homes", 2, "$3,650"))).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Yes, accept" }));
    expect(call).toHaveBeenCalledWith("request/decide", { token: "OWNER-TOKEN-123456789a", agent_id: 1, decision: "accept", revision: 2 });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it("sums every proposal up in the phone's strip: a link to each card, its first-year cost, and an Accept that asks about that version and price", async () => {
    call.mockResolvedValue({ success: true, message: "accepted" });
    renderComparison();
    const strip = screen.getByRole("group", { name: PROPOSAL.stripLabel });
    const rows = Array.from(strip.querySelectorAll("li")).map((row) => row.textContent);
    expect(rows).toEqual(["Alpha Homes$3,650Accept", "Beta Rentals$3,650Accept"]);
    expect(screen.getByRole("link", { name: "Beta Rentals" }).getAttribute("href")).toBe("#proposal-card-2");
    expect(document.getElementById("proposal-card-2")?.querySelector("h3")?.textContent).toBe("Beta Rentals");
    await userEvent.click(screen.getByRole("button", { name: PROPOSAL.stripAcceptName("Alpha Homes", "$3,650") }));
    expect(screen.getByText(PROPOSAL.acceptConfirm("Alpha Homes", 2, "$3,650"))).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Yes, accept" }));
    expect(call).toHaveBeenCalledWith("request/decide", { token: "OWNER-TOKEN-123456789a", agent_id: 1, decision: "accept", revision: 2 });
  });

  it("shows a refusal of a changed proposal and reads the page again", async () => {
    call.mockRejectedValue(new ApiError(409, PROPOSAL.staleRevision("Alpha Homes", 2, 3, ["first-year cost $3,650 → $5,388"])));
    const onChanged = renderComparison();
    await userEvent.click(screen.getAllByRole("button", { name: PROPOSAL.accept("Alpha Homes") })[0]);
    await userEvent.click(screen.getByRole("button", { name: "Yes, accept" }));
    expect(await screen.findByText(PROPOSAL.staleRevision("Alpha Homes", 2, 3, ["first-year cost $3,650 → $5,388"]))).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });
});

describe("the live page's notices", () => {
  it("tells of a proposal that arrived and one that changed, and of nothing else", () => {
    const before = { success: true as const, decided_at: null, withdrawn: false, assumption: { rent: 2500, units: 1, from_answers: true }, asked_services: [], proposals: [offer(1, "Alpha Homes", terms), offer(2, "Beta Rentals", null), offer(3, "Gamma Realty", terms)] };
    const after = { ...before, proposals: [offer(1, "Alpha Homes", raised), offer(2, "Beta Rentals", terms), offer(3, "Gamma Realty", terms)] };
    expect(proposalNotices(before, after)).toEqual([PROPOSAL.changed("Alpha Homes", 2), PROPOSAL.arrived("Beta Rentals")]);
    expect(proposalNotices(after, after)).toEqual([]);
  });
});
