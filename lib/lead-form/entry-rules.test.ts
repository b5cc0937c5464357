import { entryRuleFor } from "./entry-rules";

/** Spec section 3's clearing rules and spec 2.2's slow scroll, read off the one table. */
describe("what a page does on entry", () => {
  it.each(["/", "/thank-you", "/property-management", "/contact-us", "/my-client-center", "/limited-use-disclosure", "/laws", "/laws/texas", "/privacy-policy", "/resources"])(
    "%s clears every lead value, phone_no included",
    (path) => expect(entryRuleFor(path).clear).toBe("all"),
  );

  it.each(["/about-us", "/our-mission", "/resource-center", "/career"])("%s clears all but phone_no", (path) => {
    expect(entryRuleFor(path).clear).toBe("keepPhone");
  });

  it.each(["/faqs", "/blogs", "/blog/some-post", "/search", "/search-three", "/preview", "/agents/TX/austin", "/agent/TX/austin/1", "/acceptable-use-policy"])(
    "%s keeps the saved values",
    (path) => expect(entryRuleFor(path).clear).toBeUndefined(),
  );

  it("scrolls slowly on content pages only", () => {
    for (const path of ["/about-us", "/faqs", "/blogs", "/blog/x", "/laws", "/laws/ohio", "/privacy-policy"]) expect(entryRuleFor(path).smoothScroll).toBe(true);
    for (const path of ["/", "/search", "/preview", "/agents/TX/austin", "/agent/TX/austin/1"]) expect(entryRuleFor(path).smoothScroll).toBe(false);
  });

  it("reads a trailing slash like the path without it", () => {
    expect(entryRuleFor("/about-us/")).toEqual(entryRuleFor("/about-us"));
  });
});
