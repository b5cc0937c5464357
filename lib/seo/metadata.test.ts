import { pageMetadata, privatePageMetadata } from "./metadata";

const config = { TWITTER_SITE: undefined as string | undefined };
jest.mock("../env", () => ({ env: () => config }));

describe("pageMetadata", () => {
  it("names the site's X account as twitter:site when TWITTER_SITE is set, and leaves it out otherwise", () => {
    const page = { title: "Property Managers in Austin, TX | Managely", description: "25 managers serve Austin.", path: "/agents/TX/austin" };
    expect(pageMetadata(page).twitter).not.toHaveProperty("site", expect.anything());
    config.TWITTER_SITE = "@managely";
    expect(pageMetadata(page).twitter).toMatchObject({ card: "summary_large_image", site: "@managely" });
  });

  it("gives the share card its own title, description and image alt text when the page has them, and the search ones otherwise", () => {
    const page = { title: "Property Managers in Austin, TX | Managely", description: "25 managers serve Austin.", path: "/agents/TX/austin" };
    const plain = pageMetadata(page);
    expect(plain.openGraph).toMatchObject({ title: page.title, description: page.description });
    const own = pageMetadata({ ...page, og_title: "Austin's 25 managers, compared", og_description: "Fees side by side.", image_alt: "The Managely card for Austin" });
    expect(own.title).toEqual({ absolute: page.title });
    expect(own.description).toBe(page.description);
    expect(own.openGraph).toMatchObject({ title: "Austin's 25 managers, compared", description: "Fees side by side." });
    expect(own.openGraph?.images).toEqual([expect.objectContaining({ alt: "The Managely card for Austin" })]);
    expect(own.twitter?.images).toEqual([expect.objectContaining({ alt: "The Managely card for Austin" })]);
    // Empty words are no words: the search ones stand.
    expect(pageMetadata({ ...page, og_title: "", og_description: "", image_alt: "" }).openGraph).toMatchObject({ title: page.title, description: page.description });
  });
});

describe("privatePageMetadata", () => {
  it("titles a private page with the site's name, keeps it out of every index, and sends its address to nobody", () => {
    expect(privatePageMetadata("Your proposal")).toEqual({
      title: { absolute: "Your proposal | Managely" },
      robots: { index: false, follow: false },
      referrer: "no-referrer",
    });
  });
});
