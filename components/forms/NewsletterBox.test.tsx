/** @jest-environment jsdom */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MessageDialogProvider } from "@/components/ui/MessageDialog";
import { ApiError } from "@/lib/contract/errors";
import { NewsletterBox } from "./NewsletterBox";

const call = jest.fn();
jest.mock("@/lib/api/browser", () => ({ browserApi: { call: (...args: unknown[]) => call(...args) } }));

const renderBox = () =>
  render(
    <MessageDialogProvider>
      <NewsletterBox />
    </MessageDialogProvider>,
  );

beforeEach(() => call.mockReset());

describe("NewsletterBox", () => {
  it("shows the spec's texts", () => {
    renderBox();
    expect(screen.getByRole("heading", { name: "Get Exclusive Insights Directly to Your Inbox!" })).toBeInTheDocument();
    expect(screen.getByText("Subscribe to our newsletter, articles, resources, and events")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Email address")).toBeInTheDocument();
  });

  it("refuses an empty email with an Error! dialog and sends nothing", async () => {
    renderBox();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Error!");
    expect(dialog).toHaveTextContent("Please enter email address.");
    expect(call).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(screen.getByLabelText("Email address")).toHaveFocus();
  });

  it("clears the input and shows Success! with the server's message", async () => {
    call.mockResolvedValue({ success: true, message: "Thank you for subscribing!" });
    renderBox();
    const input = screen.getByLabelText("Email address");
    await userEvent.type(input, "reader@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Success!");
    expect(dialog).toHaveTextContent("Thank you for subscribing!");
    expect(call).toHaveBeenCalledWith("newsletter/save", { email_address: "reader@example.org", website: "" });
    expect(input).toHaveValue("");
  });

  it("keeps the input and shows the server's message in Error! on failure", async () => {
    call.mockRejectedValue(new ApiError(400, "Please enter a valid email address."));
    renderBox();
    const input = screen.getByLabelText("Email address");
    await userEvent.type(input, "reader@");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Please enter a valid email address.");
    expect(input).toHaveValue("reader@");
  });

  it("focuses the email input when the Error! dialog about it closes", async () => {
    call.mockRejectedValue(new ApiError(400, "Please enter a valid email address.", "email_address"));
    renderBox();
    const input = screen.getByLabelText("Email address");
    await userEvent.type(input, "reader@");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(input).toHaveFocus();
  });

  it("reads Processing... while the call is pending", async () => {
    let finish: (value: unknown) => void = () => undefined;
    call.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderBox();
    await userEvent.type(screen.getByLabelText("Email address"), "a@b.co");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
    finish({ success: true, message: "ok" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Subscribe" })).toBeEnabled());
  });
});
