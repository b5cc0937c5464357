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

describe("pageMetadata with a page's own settings from the workspace", () => {
  const page = { title: "Property Managers in Austin, TX | Managely", description: "25 managers serve Austin.", path: "/agents/TX/austin" };

  it("says index, follow and names the page itself when no setting is made", () => {
    const plain = pageMetadata({ ...page, robots: null, canonical: null, share_image: null });
    expect(plain.robots).toEqual({ index: true, follow: true });
    expect(plain.alternates).toEqual({ canonical: "/agents/TX/austin" });
    expect(plain.openGraph?.images).toEqual([expect.objectContaining({ url: "/brand/og-image.png", width: 1200 })]);
  });

  it("adds noindex and nofollow to what the page decides, each on its own", () => {
    expect(pageMetadata({ ...page, robots: "noindex" }).robots).toEqual({ index: false, follow: true });
    expect(pageMetadata({ ...page, robots: "nofollow" }).robots).toEqual({ index: true, follow: false });
    expect(pageMetadata({ ...page, robots: "noindex, nofollow" }).robots).toEqual({ index: false, follow: false });
    // The page's own noindex (an empty list) stays whatever the setting says.
    expect(pageMetadata({ ...page, noindex: true, robots: "nofollow" }).robots).toEqual({ index: false, follow: false });
  });

  it("names the canonical path instead of the page's own, in the canonical link and og:url", () => {
    const moved = pageMetadata({ ...page, canonical: "/agents/TX/round-rock" });
    expect(moved.alternates).toEqual({ canonical: "/agents/TX/round-rock" });
    expect(moved.openGraph).toMatchObject({ url: "/agents/TX/round-rock" });
  });

  it("shows the chosen share image in og:image and twitter:image, over a segment's own card", () => {
    const chosen = pageMetadata({ ...page, image: "from-segment", share_image: "/brand/icon-512.png", image_alt: "Managely's icon" });
    expect(chosen.openGraph?.images).toEqual([{ url: "/brand/icon-512.png", alt: "Managely's icon" }]);
    expect(chosen.twitter?.images).toEqual([{ url: "/brand/icon-512.png", alt: "Managely's icon" }]);
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
