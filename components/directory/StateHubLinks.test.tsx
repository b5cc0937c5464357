/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { StateHubLinks } from "./StateHubLinks";

const state = (id: number, abbreviation: string, name: string) => ({ id, abbreviation, state: name, slug: name.toLowerCase().replace(/ /g, "-") });
const STATES = [state(44, "TX", "Texas"), state(2, "AK", "Alaska"), state(9, "DC", "District of Columbia"), state(5, "CA", "California")];

describe("StateHubLinks", () => {
  it("links every state's hub as a plain link, by name in alphabetical order, with no script needed", () => {
    render(<StateHubLinks states={STATES} heading="h2" />);
    const nav = within(screen.getByRole("navigation", { name: "Property managers by state" }));
    const links = nav.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Alaska", "/agents/AK"],
      ["California", "/agents/CA"],
      ["District of Columbia", "/agents/DC"],
      ["Texas", "/agents/TX"],
    ]);
    expect(nav.getByRole("heading", { level: 2, name: "Property managers by state" })).toBeInTheDocument();
  });

  it("stays light: a short list item a state and nothing else (a crawler's links, not a widget)", () => {
    const html = renderToStaticMarkup(<StateHubLinks states={STATES} heading="h3" />);
    // The server HTML holds each hub as an <a href>, whatever JavaScript later does with the page.
    for (const item of STATES) expect(html).toContain(`<a href="/agents/${item.abbreviation}">${item.state}</a>`);
    // 51 states at this size stay under about 2.5 kB of HTML.
    const perState = (html.length - renderToStaticMarkup(<StateHubLinks states={[]} heading="h3" />).length) / STATES.length;
    expect(perState).toBeLessThan(48);
  });
});
