/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { LawSections } from "./LawSections";

const sections = [
  {
    sectionTitle: "Security Deposits",
    content: [{ question: "How much can a landlord charge?", answer: "<p>One month's rent.</p>", content: '<p>Statute: Tex. Prop. Code § 92.102. <a href="https://example.org">Source: example.org</a>.</p>' }],
  },
  { sectionTitle: "About Us", content: [{ content: "<p>Shown without its title.</p>" }] },
  { sectionTitle: "Got Questions?", content: [{ content: "<p>Also untitled.</p>" }] },
  { sectionTitle: "Explore Property Management", content: [{ items: ['<a href="/agents/TX/austin">Austin</a>'] }] },
  {
    sectionTitle: "Statutes Cited",
    content: [{ rows: [{ code: "Tex. Prop. Code § 92.103", description: "Deposit return" }, { code: "", description: "Late fees" }, { code: "§ 1", description: "" }] }],
  },
  { sectionTitle: "Unsafe", content: [{ content: '<p onclick="steal()">Text<script>alert(1)</script></p>', items: ['<img src=x onerror="alert(1)">Item'] }] },
];

describe("LawSections", () => {
  it("shows section titles except the three the spec hides, which stay as visually hidden headings", () => {
    render(<LawSections sections={sections} />);
    const headings = screen.getAllByRole("heading", { level: 2 });
    const shown = headings.filter((heading) => !heading.classList.contains("visually-hidden")).map((heading) => heading.textContent);
    expect(shown).toEqual(["Security Deposits", "Statutes Cited", "Unsafe"]);
    const hidden = headings.filter((heading) => heading.classList.contains("visually-hidden")).map((heading) => heading.textContent);
    expect(hidden).toEqual(["About Us", "Got Questions?", "Explore Property Management"]);
    // Every section is named by its heading.
    for (const region of screen.getAllByRole("region").filter((element) => element.tagName === "SECTION")) {
      expect(region).toHaveAccessibleName();
    }
    expect(screen.getByText("Shown without its title.")).toBeInTheDocument();
    expect(screen.getByText("Also untitled.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Austin" })).toHaveAttribute("href", "/agents/TX/austin");
  });

  it("renders a question in bold with its answer, and the statute line right under the answer", () => {
    render(<LawSections sections={sections} />);
    const question = screen.getByRole("heading", { level: 3, name: "How much can a landlord charge?" });
    expect(question.querySelector("strong")).not.toBeNull();
    const answer = screen.getByText("One month's rent.");
    const citation = screen.getByText(/Statute: Tex\. Prop\. Code § 92\.102/);
    expect(answer.closest(".law-block__answer")?.nextElementSibling).toBe(citation.closest(".law-block__citation"));
  });

  it("renders rows as a captioned Code / Description table with -- for empty cells", () => {
    render(<LawSections sections={sections} />);
    const table = screen.getByRole("table");
    expect(table.querySelector("caption")?.textContent).toContain("statute behind each rule");
    expect(table).toHaveAccessibleName(/statute behind each rule/);
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Code", "Description"]);
    const cells = within(table).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["Tex. Prop. Code § 92.103", "Deposit return", "--", "Late fees", "§ 1", "--"]);
  });

  it("sanitizes content and items", () => {
    const { container } = render(<LawSections sections={sections} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.innerHTML).not.toContain("onclick");
    expect(screen.getByText("Item")).toBeInTheDocument();
  });
});
