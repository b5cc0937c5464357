import type { Locator } from "@playwright/test";
import { PATHS } from "../../lib/contract/routes";
import { SitePage } from "./site";

/** The home page: the state picker and its cities, the ZIP search, the testimonials. */
export class HomePage extends SitePage {
  async open(path: string = PATHS.home) {
    return super.open(path);
  }

  state(abbreviation: string): Locator {
    return this.page.getByRole("button", { name: abbreviation, exact: true });
  }

  async pickState(abbreviation: string): Promise<void> {
    await this.state(abbreviation).click();
  }

  /** A city of the picked state, as the picker links it. */
  city(name: string): Locator {
    return this.page.getByRole("link", { name, exact: true });
  }

  /** The first city list's links (`Cities in …`). */
  get cityLinks(): Locator {
    return this.page.getByRole("list", { name: /Cities in/ }).getByRole("link");
  }

  async seeAllStates(): Promise<void> {
    await this.page.getByRole("button", { name: "See All" }).first().click();
  }

  get zipSearch(): Locator {
    return this.page.getByRole("form", { name: "Find property managers by ZIP code" });
  }

  async typeZip(zip: string): Promise<void> {
    await this.zipSearch.getByLabel("ZIP code").fill(zip);
  }

  /** The ZIP form's "Get free quotes": the quote flow with the ZIP code along. */
  get freeQuotesForZip(): Locator {
    return this.zipSearch.getByRole("link", { name: "Get free quotes" });
  }

  async findManagers(zip: string, propertyType: string): Promise<void> {
    await this.typeZip(zip);
    await this.zipSearch.getByLabel("Property type").selectOption(propertyType);
    await this.zipSearch.getByRole("button", { name: "Find managers" }).click();
  }

  /** The testimonials' still row, there until the carousel starts. */
  get testimonialsStill(): Locator {
    return this.page.locator(".testimonials__still");
  }

  /** Swiper's markup: none before the carousel is loaded. */
  get swiper(): Locator {
    return this.page.locator(".swiper");
  }

  get movingTestimonials(): Locator {
    return this.page.locator(".testimonials__carousel.swiper-initialized");
  }

  async openFirstTestimonial(): Promise<Locator> {
    await this.page.locator(".testimonial-card").first().click();
    return this.page.getByRole("dialog");
  }
}
