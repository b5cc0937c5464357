/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { SiteFooter } from "./SiteFooter";

const config = { profiles: [] as string[] };
jest.mock("@/lib/env", () => ({
  siteOperator: () => ({ email: "hello@example.com", address: "1 Example Street" }),
  socialProfiles: () => config.profiles,
}));
jest.mock("@/components/forms/JoinNetwork", () => ({ JoinNetworkButton: ({ children }: { children: React.ReactNode }) => <button type="button">{children}</button> }));

const keepInTouch = () => within(screen.getByRole("heading", { name: "Keep in Touch" }).parentElement!);

describe("SiteFooter's Keep in Touch", () => {
  it("names no social account by default: the contact page alone", () => {
    config.profiles = [];
    render(<SiteFooter />);
    expect(keepInTouch().getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/contact-us"]);
    expect(document.body.innerHTML).not.toMatch(/facebook|linkedin|twitter|instagram/);
  });

  it("links exactly the profiles SOCIAL_PROFILES gives, in its order: an icon for a network it draws, the host name otherwise", () => {
    config.profiles = ["https://www.linkedin.com/company/example-co", "https://mastodon.social/@example"];
    render(<SiteFooter />);
    const links = keepInTouch().getAllByRole("link");
    expect(links.map((link) => [link.getAttribute("href"), link.textContent || link.querySelector("img")?.getAttribute("alt")])).toEqual([
      ["https://www.linkedin.com/company/example-co", "LinkedIn"],
      ["https://mastodon.social/@example", "mastodon.social"],
      ["/contact-us", "Write to us"],
    ]);
    expect(links[0].querySelector("img")).toHaveAttribute("src", "/icons/linkedin.svg");
  });
});
