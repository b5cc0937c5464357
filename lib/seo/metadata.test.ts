import { pageMetadata } from "./metadata";

const config = { TWITTER_SITE: undefined as string | undefined };
jest.mock("../env", () => ({ env: () => config }));

describe("pageMetadata", () => {
  it("names the site's X account as twitter:site when TWITTER_SITE is set, and leaves it out otherwise", () => {
    const page = { title: "Property Managers in Austin, TX | Managely", description: "25 managers serve Austin.", path: "/agents/TX/austin" };
    expect(pageMetadata(page).twitter).not.toHaveProperty("site", expect.anything());
    config.TWITTER_SITE = "@managely";
    expect(pageMetadata(page).twitter).toMatchObject({ card: "summary_large_image", site: "@managely" });
  });
});
