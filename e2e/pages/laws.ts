import type { Locator } from "@playwright/test";
import { SitePage } from "./site";

/**
 * Landlord-tenant law as an owner reads it: the laws index, a state's page with each fact's
 * statute and source, and a topic's 50-state comparison table with its filter.
 */
export class LawPage extends SitePage {
  /** The notice before the first section. */
  get topNotice(): Locator {
    return this.page.locator('[data-notice="top"]');
  }

  /** The notice after the last table: the comparison's and the index's (`end`), or a state page's section. */
  endNotice(which: "end" | "state page"): Locator {
    return this.page.locator(which === "end" ? '[data-notice="end"]' : "#important-notice");
  }

  /** Whether the top notice comes before the first section and the end notice after the last table. */
  noticeOrder(which: "end" | "state page"): Promise<{ topFirst: boolean; endLast: boolean }> {
    return this.page.evaluate((selector) => {
      const top = document.querySelector('[data-notice="top"]')!;
      const firstHeading = document.querySelector("main h2")!;
      const end = document.querySelector(selector)!;
      const tables = document.querySelectorAll("main table");
      const lastTable = tables[tables.length - 1];
      const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return { topFirst: follows(top, firstHeading), endLast: !lastTable || follows(lastTable, end) };
    }, which === "end" ? '[data-notice="end"]' : "#important-notice");
  }

  /** A table by its caption. */
  table(caption: RegExp): Locator {
    return this.page.getByRole("table", { name: caption });
  }

  columnHeader(name: string, table?: Locator): Locator {
    return table ? table.getByRole("columnheader", { name }) : this.page.getByRole("columnheader", { name });
  }

  /** A state's row in a table, by the state's name at its start. */
  stateRow(table: Locator, state: string): Locator {
    return table.getByRole("row", { name: new RegExp(`^${state}\\b`) });
  }

  /** A row by the state's two-letter abbreviation. */
  rowOf(table: Locator, abbreviation: string): Locator {
    return table.locator(`tr[data-abbreviation="${abbreviation}"]`);
  }

  rows(table: Locator): Locator {
    return table.getByRole("row");
  }

  bodyRows(table: Locator): Locator {
    return table.locator("tbody tr");
  }

  /** The rows the filter leaves shown, and their states' names. */
  shownRows(table: Locator): Locator {
    return table.locator("tbody tr:visible");
  }

  shownStates(table: Locator): Locator {
    return table.locator("tbody tr:visible th");
  }

  get stateFilter(): Locator {
    return this.page.getByRole("searchbox", { name: "Filter by state name" });
  }

  /** The fact block under the question heading `question`. */
  fact(question: string): Locator {
    const heading = this.page.getByRole("heading", { level: 3, name: question });
    return this.page.locator(".law-block").filter({ has: heading });
  }

  citationOf(fact: Locator): Locator {
    return fact.locator(".law-block__citation");
  }

  get lastSection(): Locator {
    return this.page.locator(".law-section").last();
  }

  /** A section by its anchor (`rent-control`). */
  section(id: string): Locator {
    return this.page.locator(`#${id}`);
  }

  /** The first cell reading `--` (a fact that is the absence of a statute). */
  get noStatuteCell(): Locator {
    return this.page.getByRole("cell", { name: "--" }).first();
  }
}
