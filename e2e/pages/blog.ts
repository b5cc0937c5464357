import type { Locator } from "@playwright/test";
import { SitePage } from "./site";

/** /blogs and a post: a reader picks an article and reads it. */
export class BlogPage extends SitePage {
  get posts(): Locator {
    return this.page.locator(".blog-card");
  }

  async titleOf(post: Locator): Promise<string> {
    return (await post.getByRole("heading").textContent())!.trim();
  }

  async readMore(post: Locator): Promise<void> {
    await post.getByRole("link", { name: /Read more/ }).click();
  }
}
