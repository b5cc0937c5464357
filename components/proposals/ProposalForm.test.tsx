/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Fees, StoredProposal } from "@/lib/contract";
import { PROPOSAL } from "@/lib/contract/proposal-messages";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { ProposalForm, type ListingProfile } from "./ProposalForm";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: jest.fn() } }));

const fees: Fees = {
  management_percent: 8,
  management_flat: null,
  leasing_percent: 50,
  renewal_fee: 150,
  setup_fee: 99,
  maintenance_markup_percent: 10,
  vacancy_fee: null,
};
const profile: ListingProfile = { fees, services: ["rent_collection", "evictions", "a_service_the_form_does_not_offer"] };
const assumption = { rent: 2500, units: 1, from_answers: true };
const saved: StoredProposal = {
  management_percent: null,
  management_flat: 150,
  leasing_percent: null,
  setup_fee: null,
  renewal_fee: null,
  maintenance_markup_percent: null,
  contract_months: 6,
  start_date: "2027-02-01",
  services: ["inspections"],
  message: "",
  revision: 3,
  updated_at: "2026-12-07T03:00:00.000Z",
};
const at = PROPOSAL.atRent("$2,500", 1);

function renderForm(proposal: StoredProposal | null, listing: ListingProfile = profile) {
  render(
    <MessageDialogProvider>
      <ProposalForm token="MANAGER-TOKEN-123456789" proposal={proposal} profile={listing} assumption={assumption} today="2026-12-07" />
    </MessageDialogProvider>,
  );
}

const valueOf = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
const checkedServices = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[name="services"]:checked')).map((box) => box.value);

describe("the manager's proposal form", () => {
  it("starts a first proposal from the listing's fees and services, and shows the owner's first-year cost", () => {
    renderForm(null);
    expect(screen.getByText(PROPOSAL.fromProfile)).toBeTruthy();
    expect([valueOf("management_amount"), valueOf("leasing_percent"), valueOf("setup_fee"), valueOf("renewal_fee"), valueOf("maintenance_markup_percent")]).toEqual(["8", "50", "99", "150", "10"]);
    expect(checkedServices()).toEqual(["rent_collection", "evictions"]);
    // 8% of $2,500 for 12 months ($2,400) + half a month's rent ($1,250) + setup ($99).
    expect(screen.getByText(PROPOSAL.ownerFirstYear("$3,749", at))).toBeTruthy();
  });

  it("follows each keystroke and the fee's kind with the owner's figure", async () => {
    renderForm(null);
    const management = screen.getByLabelText(PROPOSAL.labels.managementPercentValue);
    await userEvent.clear(management);
    await userEvent.type(management, "6");
    expect(screen.getByText(PROPOSAL.ownerFirstYear("$3,149", at))).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(PROPOSAL.labels.setupFee));
    expect(screen.getByText(PROPOSAL.ownerFirstYear("$3,050", at))).toBeTruthy();
    // The same 6 read as $6 a month: $72 a year.
    await userEvent.click(screen.getByLabelText(PROPOSAL.labels.managementFlat));
    expect(screen.getByText(PROPOSAL.ownerFirstYear("$1,322", at))).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(PROPOSAL.labels.managementFlatValue));
    expect(document.querySelector(".proposal-form__figure")?.textContent).toBe("");
  });

  it("starts from the saved proposal once there is one", () => {
    renderForm(saved);
    expect(screen.queryByText(PROPOSAL.fromProfile)).toBeNull();
    expect((screen.getByLabelText(PROPOSAL.labels.managementFlat) as HTMLInputElement).checked).toBe(true);
    expect([valueOf("management_amount"), valueOf("leasing_percent"), valueOf("setup_fee"), valueOf("contract_months")]).toEqual(["150", "", "", "6"]);
    expect(checkedServices()).toEqual(["inspections"]);
    expect(screen.getByText(PROPOSAL.ownerFirstYear("$1,800", at))).toBeTruthy();
  });

  it("starts empty when the listing is gone and nothing was saved", () => {
    renderForm(null, null);
    expect(screen.queryByText(PROPOSAL.fromProfile)).toBeNull();
    expect(valueOf("management_amount")).toBe("");
    expect(checkedServices()).toEqual([]);
    expect(document.querySelector(".proposal-form__figure")?.textContent).toBe("");
  });
});
