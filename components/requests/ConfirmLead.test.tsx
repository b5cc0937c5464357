/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConfirmationRequest } from "@/lib/contract";
import { CONFIRM } from "@/lib/contract/messages";
import { browserApi } from "@/lib/api/browser";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { ConfirmLead } from "./ConfirmLead";

jest.mock("@/lib/api/browser", () => ({ browserApi: { call: jest.fn() } }));
jest.mock("@/styles/requests.css", () => ({}), { virtual: true });

const details = { full_name: "", email_address: "owner@example.org", phone: "", preferred_contact_method: "Email", property_address: "", property_city: "Austin", property_zip: "78701", answers: [] };
const waiting = (reference: string, company: string, place: string, name: string): ConfirmationRequest => ({
  reference,
  recipients: [{ agent_id: reference.length, company_name: company, demo: 0 }],
  details: { ...details, full_name: name },
  saved_at: "2026-12-02T01:15:00.000Z",
  saved_from: place,
});
const stranger = waiting("MG-AAAA-1111", "Stranger Pick Co.", "Houston, TX, US", "Not The Owner");
const owner = waiting("MG-BBBB-2222", "Owner Pick Co.", "", "Olivia Owner");
const call = browserApi.call as jest.Mock;

function renderPage() {
  render(
    <MessageDialogProvider>
      <ConfirmLead token="AAAAAAAAAAAAAAAAAAAAAA" requests={[stranger, owner]} />
    </MessageDialogProvider>,
  );
}

describe("ConfirmLead", () => {
  beforeEach(() => call.mockReset());

  it("ticks nothing, says when and from where each request was saved, and sends only what the owner ticks", async () => {
    renderPage();
    for (const request of [stranger, owner]) expect(screen.getByRole("checkbox", { name: CONFIRM.tick(request.reference) })).not.toBeChecked();
    expect(screen.getByText(CONFIRM.savedAt("December 2, 2026 at 1:15 AM UTC", "Houston, TX, US"))).toBeTruthy();
    expect(screen.getByText(CONFIRM.savedAt("December 2, 2026 at 1:15 AM UTC", ""))).toBeTruthy();
    expect(screen.getByRole("button", { name: CONFIRM.buttonTicked(0, []) })).toBeDisabled();

    await userEvent.click(screen.getByRole("checkbox", { name: CONFIRM.tick(owner.reference) }));
    call.mockResolvedValue({ success: true, message: CONFIRM.sent(1), requests: [{ reference: owner.reference, recipients: owner.recipients, request_path: "/requests/BBBBBBBBBBBBBBBBBBBBBB" }] });
    await userEvent.click(screen.getByRole("button", { name: CONFIRM.button(["Owner Pick Co."]) }));
    expect(call).toHaveBeenCalledWith("lead/confirm", { token: "AAAAAAAAAAAAAAAAAAAAAA", references: [owner.reference] });
    expect(await screen.findByText(CONFIRM.sent(1))).toBeTruthy();
  });

  it("erases a request the owner says is not theirs, and leaves the others waiting", async () => {
    renderPage();
    call.mockResolvedValue({ success: true, message: CONFIRM.erased(stranger.reference), requests: [] });
    await userEvent.click(screen.getByRole("button", { name: CONFIRM.erase(stranger.reference) }));
    expect(call).toHaveBeenCalledWith("lead/confirm", { token: "AAAAAAAAAAAAAAAAAAAAAA", erase: [stranger.reference] });
    expect(await screen.findByText(CONFIRM.erased(stranger.reference))).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: CONFIRM.tick(stranger.reference) })).toBeNull();
    expect(screen.getByRole("checkbox", { name: CONFIRM.tick(owner.reference) })).not.toBeChecked();
  });
});
