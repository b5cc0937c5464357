/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SiteHeader } from "./SiteHeader";

jest.mock("next/navigation", () => ({ usePathname: () => "/about-us" }));
jest.mock("@/lib/env", () => ({ env: () => ({ AGENT_PANEL_URL: "https://panel.example.com" }) }));

const nav = () => within(screen.getByRole("navigation", { name: "Main" }));

describe("SiteHeader", () => {
  it("full: carries the home banner with Get Started to /search", () => {
    render(<SiteHeader variant="full" banner={{ heading: "Find trusted managers", description: "<p>Compare quotes.</p>" }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Find trusted managers" })).toBeInTheDocument();
    expect(screen.getByText("Compare quotes.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/search");
    expect(nav().getByRole("button", { name: "Join Our Network" })).toBeInTheDocument();
  });

  it("has the menu: Home, Resources (Laws, Blog, FAQs), About Us, Sign In in a new tab", () => {
    render(<SiteHeader variant="small" />);
    expect(nav().getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    // One name per place: the menu calls /resources what the footer calls it.
    expect(nav().getByRole("link", { name: "Resources" })).toHaveAttribute("href", "/resources");
    expect(nav().getByLabelText("More in Resources")).toBeInTheDocument();
    expect(nav().queryByText("Find Managers")).toBeNull();
    expect(nav().getByRole("link", { name: "Laws" })).toHaveAttribute("href", "/laws");
    expect(nav().getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blogs");
    expect(nav().getByRole("link", { name: "FAQs" })).toHaveAttribute("href", "/faqs");
    expect(nav().getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    const signIn = nav().getByRole("link", { name: "Sign In" });
    expect(signIn).toHaveAttribute("href", "https://panel.example.com");
    expect(signIn).toHaveAttribute("target", "_blank");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("lists each entry once: one menu for every screen, and the details header's Laws, Blog and FAQs on top instead of in a dropdown", () => {
    const { unmount } = render(<SiteHeader variant="small" />);
    expect(nav().getByRole("link", { name: "Join Our Network" })).toHaveAttribute("target", "_blank");
    expect(screen.getAllByRole("navigation")).toHaveLength(1);
    unmount();
    render(<SiteHeader variant="details" />);
    for (const name of ["Home", "Resources", "Laws", "Blog", "FAQs", "About Us", "Sign In"]) expect(nav().getAllByRole("link", { name })).toHaveLength(1);
    expect(nav().queryByLabelText("More in Resources")).toBeNull();
    expect(nav().getByRole("button", { name: "Join Our Network" })).toBeInTheDocument();
  });

  it("closes an open dropdown on Escape and returns focus to it", async () => {
    render(<SiteHeader variant="small" />);
    const summary = nav().getByLabelText("More in Resources");
    await userEvent.click(summary);
    const details = summary.closest("details")!;
    expect(details).toHaveAttribute("open");
    await userEvent.keyboard("{Escape}");
    expect(details).not.toHaveAttribute("open");
    expect(summary).toHaveFocus();
  });

  it("opens and closes the phone menu with its Menu button (a link to the list without JavaScript)", async () => {
    render(<SiteHeader variant="details" />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("href", "#site-menu");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("navigation", { name: "Main" })).toHaveAttribute("data-open", "true");
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
