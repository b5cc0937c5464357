/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { ApiError } from "@/lib/contract/errors";
import { JoinNetworkButton, JoinNetworkProvider } from "./JoinNetwork";

const call = jest.fn();
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: (...args: unknown[]) => call(...args) } }));

function renderPopup() {
  render(
    <MessageDialogProvider>
      <JoinNetworkProvider>
        <JoinNetworkButton />
      </JoinNetworkProvider>
    </MessageDialogProvider>,
  );
}

async function openAndFill() {
  await userEvent.click(screen.getByRole("button", { name: "Join Our Network" }));
  const popup = screen.getByRole("dialog", { name: "Join our Network" });
  await userEvent.type(within(popup).getByLabelText("Company Name"), "Lone Star Rentals");
  await userEvent.type(within(popup).getByLabelText("Email Address"), "hello@lonestar.example");
  await userEvent.selectOptions(within(popup).getByLabelText("Country Code"), "91");
  await userEvent.type(within(popup).getByLabelText("Mobile Number"), "98765432101234");
  return popup;
}

beforeEach(() => call.mockReset());

describe("Join our Network popup", () => {
  it("sends no form in the page's HTML (only JavaScript opens it), and has it on opening", async () => {
    const html = renderToString(
      <MessageDialogProvider>
        <JoinNetworkProvider>
          <JoinNetworkButton />
        </JoinNetworkProvider>
      </MessageDialogProvider>,
    );
    expect(html).toContain('<dialog class="modal">');
    expect(html).not.toContain("Company Name");
    renderPopup();
    await userEvent.click(screen.getByRole("button", { name: "Join Our Network" }));
    expect(within(screen.getByRole("dialog", { name: "Join our Network" })).getByLabelText("Company Name")).toBeVisible();
  });

  it("offers US +1 (1) and IN +91 (91), and limits the mobile number to 10 characters", async () => {
    renderPopup();
    const popup = await openAndFill();
    const options = within(popup).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.value])).toEqual([
      ["US +1", "1"],
      ["IN +91", "91"],
    ]);
    expect(within(popup).getByLabelText("Mobile Number")).toHaveValue("9876543210");
  });

  it("on success clears the fields, resets the code to 1, closes and shows Success!", async () => {
    call.mockResolvedValue({ success: true, message: "Thank you for applying." });
    renderPopup();
    const popup = await openAndFill();
    await userEvent.click(within(popup).getByRole("button", { name: "Submit" }));
    expect(call).toHaveBeenCalledWith("agent/save", {
      company_name: "Lone Star Rentals",
      email: "hello@lonestar.example",
      country_code: 91,
      mobile: "9876543210",
      website: "",
    });
    const success = await screen.findByRole("alertdialog");
    expect(success).toHaveTextContent("Success!");
    expect(success).toHaveTextContent("Thank you for applying.");
    expect(popup).not.toHaveAttribute("open");
    expect(within(popup).getByLabelText("Company Name")).toHaveValue("");
    expect(within(popup).getByLabelText("Country Code")).toHaveValue("1");
    expect(within(popup).getByLabelText("Mobile Number")).toHaveValue("");
  });

  it("on failure keeps the popup and what was typed, with the server's message in Error!", async () => {
    call.mockRejectedValue(new ApiError(400, "Please enter a valid email address."));
    renderPopup();
    const popup = await openAndFill();
    await userEvent.click(within(popup).getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Please enter a valid email address.");
    expect(popup).toHaveAttribute("open");
    expect(within(popup).getByLabelText("Company Name")).toHaveValue("Lone Star Rentals");
  });

  it("keeps the digits of a formatted or pasted number: a text field with the phone keypad and national-number autofill", async () => {
    renderPopup();
    await userEvent.click(screen.getByRole("button", { name: "Join Our Network" }));
    const mobile = within(screen.getByRole("dialog", { name: "Join our Network" })).getByLabelText("Mobile Number");
    expect(mobile).toHaveAttribute("type", "text");
    expect(mobile).toHaveAttribute("inputmode", "tel");
    expect(mobile).toHaveAttribute("autocomplete", "tel-national");
    expect(mobile).not.toHaveAttribute("maxlength");

    await userEvent.click(mobile);
    await userEvent.paste("(512) 555-0142");
    expect(mobile).toHaveValue("5125550142");
    await userEvent.clear(mobile);
    await userEvent.paste("+1 512 555 0142");
    expect(mobile).toHaveValue("5125550142");
    await userEvent.clear(mobile);
    await userEvent.type(mobile, "+1 512 555 0142");
    expect(mobile).toHaveValue("5125550142");
  });

  it("after the Error! dialog closes, focus goes to the field the service named", async () => {
    call.mockRejectedValue(new ApiError(400, "Please enter a valid email address.", "email"));
    renderPopup();
    const popup = await openAndFill();
    await userEvent.click(within(popup).getByRole("button", { name: "Submit" }));
    const error = await screen.findByRole("alertdialog");
    await userEvent.click(within(error).getByRole("button", { name: "OK" }));
    expect(within(popup).getByLabelText("Email Address")).toHaveFocus();
  });

  it("without a field named, focus goes back to where it was", async () => {
    call.mockRejectedValue(new ApiError(429, "You have sent too many requests. Please wait a minute and try again."));
    renderPopup();
    const popup = await openAndFill();
    const submit = within(popup).getByRole("button", { name: "Submit" });
    await userEvent.click(submit);
    const error = await screen.findByRole("alertdialog");
    await userEvent.click(within(error).getByRole("button", { name: "OK" }));
    expect(submit).toHaveFocus();
  });
});
