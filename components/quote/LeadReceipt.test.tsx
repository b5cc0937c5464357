/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { LEAD_RECEIPT_KEY, type LeadReceipt as Receipt } from "@/lib/lead-form/storage";
import { LeadReceipt } from "./LeadReceipt";

const receipt: Receipt = {
  reference: "MG-4K7Q-2XRD",
  recipients: [{ agent_id: 1, company_name: "Bay Homes", demo: 1 }],
  request_path: "/requests/abcdefghijklmnopqrstuv",
  contact: { email: true, phone: true, preferred: "Email" },
  confirmation: "emailed",
  state: "FL",
  unserved: null,
};

describe("LeadReceipt on /thank-you", () => {
  afterEach(() => window.sessionStorage.clear());

  it("links the law page of the property's own state, not the index of every state", () => {
    window.sessionStorage.setItem(LEAD_RECEIPT_KEY, JSON.stringify(receipt));
    render(<LeadReceipt />);
    expect(screen.getByRole("link", { name: "Landlord-tenant law summary for FL" }).getAttribute("href")).toBe("/laws/fl");
  });
});
