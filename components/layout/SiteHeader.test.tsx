/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SiteHeader } from "./SiteHeader";

jest.mock("next/navigation", () => ({ usePathname: () => "/about-us" }));
jest.mock("@/lib/env", () => ({ env: () => ({ AGENT_PANEL_URL: "https://panel.example.com" }) }));

const desktopNav = () => screen.getByRole("navigation", { name: "Main" });

describe("SiteHeader", () => {
  it("full: carries the home banner with Get Started to /search", () => {
    render(<SiteHeader variant="full" banner={{ heading: "Find trusted managers", description: "<p>Compare quotes.</p>" }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Find trusted managers" })).toBeInTheDocument();
    expect(screen.getByText("Compare quotes.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/search");
    expect(within(desktopNav()).getByRole("button", { name: "Join Our Network" })).toBeInTheDocument();
  });

  it("has the menu: Home, Resources (Laws, Blog, FAQ's), About Us, Sign In in a new tab", () => {
    render(<SiteHeader variant="small" />);
    const nav = within(desktopNav());
    expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(nav.getByText("Resources")).toBeInTheDocument();
    expect(nav.getByRole("link", { name: "Laws" })).toHaveAttribute("href", "/laws");
    expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blogs");
    expect(nav.getByRole("link", { name: "FAQ's" })).toHaveAttribute("href", "/faqs");
    expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    const signIn = nav.getByRole("link", { name: "Sign In" });
    expect(signIn).toHaveAttribute("href", "https://panel.example.com");
    expect(signIn).toHaveAttribute("target", "_blank");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("small: Join Our Network is the external link; details: Laws, Blog and FAQ's also on top", () => {
    const { unmount } = render(<SiteHeader variant="small" />);
    expect(within(desktopNav()).getByRole("link", { name: "Join Our Network" })).toHaveAttribute("target", "_blank");
    unmount();
    render(<SiteHeader variant="details" />);
    expect(within(desktopNav()).getAllByRole("link", { name: "Laws" })).toHaveLength(2);
    expect(within(desktopNav()).getByRole("button", { name: "Join Our Network" })).toBeInTheDocument();
  });

  it("closes an open dropdown on Escape and returns focus to it", async () => {
    render(<SiteHeader variant="details" />);
    const summary = within(desktopNav()).getByText("Resources");
    await userEvent.click(summary);
    const details = summary.closest("details")!;
    expect(details).toHaveAttribute("open");
    await userEvent.keyboard("{Escape}");
    expect(details).not.toHaveAttribute("open");
    expect(summary).toHaveFocus();
  });

  it("has a phone menu with the same links", () => {
    render(<SiteHeader variant="details" />);
    const mobile = within(screen.getByRole("navigation", { name: "Mobile" }));
    expect(mobile.getByRole("link", { name: "Find Managers" })).toHaveAttribute("href", "/resources");
    expect(within(desktopNav()).getByRole("link", { name: "Find Managers" })).toHaveAttribute("href", "/resources");
    expect(mobile.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about-us");
    expect(screen.getByLabelText("Menu").tagName).toBe("SUMMARY");
  });
});
