/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { CategoryTabs } from "./CategoryTabs";
import { DIRECTORY_PAGE_SIZE } from "@/lib/contract/site";

const counts = [
  { category_id: 1, managers: 2 * DIRECTORY_PAGE_SIZE + 1 },
  { category_id: 2, managers: DIRECTORY_PAGE_SIZE },
  { category_id: 3, managers: 0 },
  { category_id: 8, managers: DIRECTORY_PAGE_SIZE + 1 },
];

describe("CategoryTabs", () => {
  it("links each tab's later pages, so a crawler reaches them from the city page (three links from home)", () => {
    const { container } = render(<CategoryTabs state="TX" citySlug="austin" counts={counts} />);
    // The tabs themselves stay five links at most; the later pages are a line of their own under them.
    expect(within(screen.getByRole("navigation", { name: "Property types" })).getAllByRole("link")).toHaveLength(4);
    const nav = within(container.querySelector<HTMLElement>(".tabs__pages")!);
    expect(nav.getByRole("link", { name: "Single Family, page 2" })).toHaveAttribute("href", "/agents/TX/austin/single-family/page/2");
    expect(nav.getByRole("link", { name: "Single Family, page 3" })).toHaveAttribute("href", "/agents/TX/austin/single-family/page/3");
    expect(nav.getByRole("link", { name: "Commercial, page 2" })).toHaveAttribute("href", "/agents/TX/austin/commercial/page/2");
    // A tab of one page has none; an empty category has no tab at all.
    expect(nav.queryByRole("link", { name: /Multi Family, page/ })).toBeNull();
    expect(nav.queryByRole("link", { name: /Association/ })).toBeNull();
    expect(nav.getAllByRole("link")).toHaveLength(3);
  });

  it("has no later-page line when every tab fits one page", () => {
    const { container } = render(<CategoryTabs state="TX" citySlug="austin" counts={[{ category_id: 1, managers: 3 }]} />);
    expect(container.querySelector(".tabs__pages")).toBeNull();
  });
});
