/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import type { RequestView } from "@/lib/contract";
import { CONFIRM, REQUEST_PAGE, SAMPLE } from "@/lib/contract/messages";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { RequestDetails } from "./RequestDetails";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: jest.fn() } }));
jest.mock("@/styles/requests.css", () => ({}), { virtual: true });

const request: RequestView = {
  reference: "MG-4K7Q-2XRD",
  created_at: "2026-11-25T09:00:00.000Z",
  withdrawn_at: null,
  property_category: 1,
  property_address: "415 W 6th St",
  property_city: "Austin",
  property_zip: "78701",
  full_name: "Jordan Ellis",
  email_masked: "j•••@example.org",
  phone_masked: "",
  preferred_contact_method: "Email",
  price: "",
  answers: [],
  recipients: [
    { agent_id: 1, company_name: "Real Property Co.", delivery: "sent", delivered_at: "2026-11-25T10:00:00.000Z", demo: 0 },
    { agent_id: 2, company_name: "Sample Homes", delivery: "sent", delivered_at: "2026-11-25T10:00:00.000Z", demo: 1 },
    { agent_id: 3, company_name: "Slow Rentals", delivery: "retrying", delivered_at: null, demo: 0 },
  ],
  awaiting_match: false,
  awaiting_confirmation: false,
  matches: [],
  match_rule: "",
};

const SAMPLE_TEXT = "Sample listing: this company does not exist, so nobody will contact you from it.";
const statusOf = (company: string) => within(screen.getByText(company).closest("li")!).getByText(/./, { selector: ".request__delivery" }).textContent;

describe("RequestDetails", () => {
  it("shows how far each real company's copy got, and that a sample listing is a company that does not exist", () => {
    render(
      <MessageDialogProvider>
        <RequestDetails request={request} token="t" />
      </MessageDialogProvider>,
    );
    expect(statusOf("Real Property Co.")).toBe("Delivered November 25, 2026 at 10:00 AM UTC");
    expect(statusOf("Sample Homes")).toBe(SAMPLE.recipient);
    expect(statusOf("Slow Rentals")).toBe("Not delivered yet: we keep trying");
    expect(screen.getByText("Not given")).toBeInTheDocument(); // the phone was never given
  });

  it("says Withdrawn for every recipient of a withdrawn request, and Erased for what was erased", () => {
    const withdrawn: RequestView = {
      ...request,
      withdrawn_at: "2026-11-25T11:00:00.000Z",
      full_name: "",
      email_masked: "",
      property_address: "",
      recipients: request.recipients.map((recipient) => (recipient.agent_id === 3 ? { ...recipient, delivery: "cancelled" as const } : recipient)),
    };
    render(<RequestDetails request={withdrawn} token="t" />);
    expect(statusOf("Real Property Co.")).toBe("Withdrawn: it had been delivered November 25, 2026 at 10:00 AM UTC, and we told them you withdrew it");
    expect(statusOf("Sample Homes")).toMatch(/^Withdrawn/);
    expect(statusOf("Slow Rentals")).toBe("Withdrawn before it was sent");
    expect(screen.queryByText(/^Delivered/)).toBeNull();
    expect(screen.queryByText("Not given")).toBeNull();
    expect(screen.getAllByText("Erased when you withdrew the request").length).toBeGreaterThanOrEqual(3);
    // Nothing is "partly hidden" once it is erased.
    expect(screen.queryByText(/Partly hidden/)).toBeNull();
    expect(screen.getByText("This request was withdrawn and its details erased.")).toBeTruthy();
  });
  it("says plainly to check the email to send the request while the address is not confirmed", () => {
    render(
      <MessageDialogProvider>
        <RequestDetails request={{ ...request, awaiting_confirmation: true }} token="AAAAAAAAAAAAAAAAAAAAAA" />
      </MessageDialogProvider>,
    );
    expect(screen.getByText("Check your email to send your request to Real Property Co., Sample Homes and Slow Rentals.")).toBeTruthy();
    expect(statusOf("Real Property Co.")).toBe("Waiting for you to confirm your email address");
    expect(statusOf("Sample Homes")).toBe(SAMPLE_TEXT);
    // Whoever typed the address holds this page: only the mailed link's page decides the request.
    expect(screen.queryByRole("button", { name: "Withdraw my request" })).toBeNull();
    expect(screen.getByText(CONFIRM.unconfirmedNotWithdrawn)).toBeTruthy();
  });

  it("says a phone-only request held by a daily cap was not sent, and why", () => {
    const held: RequestView = { ...request, email_masked: "", phone_masked: "•••-•••-0147", recipients: [{ agent_id: 1, company_name: "Real Property Co.", delivery: "held", delivered_at: null, demo: 0 }] };
    render(
      <MessageDialogProvider>
        <RequestDetails request={held} token="t" />
      </MessageDialogProvider>,
    );
    expect(statusOf("Real Property Co.")).toBe(REQUEST_PAGE.held);
    expect(screen.getByRole("button", { name: "Withdraw my request" })).toBeTruthy();
  });
});
