/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TopBar } from "./TopBar";

beforeEach(() => sessionStorage.clear());

describe("TopBar", () => {
  it("shows the announcement and slides up when closed", async () => {
    jest.useFakeTimers();
    render(<TopBar html='<p>Owners pay nothing. <a href="/search">Get started</a></p>' />);
    const bar = screen.getByRole("region", { name: "Announcement" });
    expect(bar).toHaveTextContent("Owners pay nothing.");
    fireEvent.click(screen.getByRole("button", { name: "Close announcement" }));
    expect(bar).toHaveClass("top-bar--closing");
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole("region", { name: "Announcement" })).toBeNull();
    jest.useRealTimers();
  });

  it("stays closed for the rest of the visit", async () => {
    const first = render(<TopBar html="<p>News</p>" />);
    await userEvent.click(screen.getByRole("button", { name: "Close announcement" }));
    first.unmount();
    render(<TopBar html="<p>News</p>" />);
    expect(screen.queryByRole("region", { name: "Announcement" })).toBeNull();
  });
});
