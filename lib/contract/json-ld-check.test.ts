import { breadcrumbNames, checkJsonLd } from "./json-ld-check";
import { wordDiff } from "./text-diff";

const crumbs = (items: unknown[]) => JSON.stringify({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: items });

describe("checkJsonLd", () => {
  it("passes the breadcrumbs the site writes", () => {
    const block = checkJsonLd(
      crumbs([
        { "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" },
        { "@type": "ListItem", position: 2, name: "Texas", item: "https://example.com/agents/TX" },
      ]),
    );
    expect(block).toMatchObject({ types: ["BreadcrumbList"], problems: [] });
  });

  it("says what is wrong with broken blocks", () => {
    expect(checkJsonLd("{not json").problems[0]).toMatch(/^Not valid JSON/);
    expect(checkJsonLd(JSON.stringify({ "@type": "WebSite", name: "Managely", url: "https://example.com/" })).problems).toEqual([
      "The block does not name https://schema.org as its @context.",
    ]);
    expect(checkJsonLd(JSON.stringify({ "@context": "https://schema.org", "@type": "BlogPosting", headline: "" })).problems).toEqual([
      "The block (BlogPosting) has no headline.",
      "The block (BlogPosting) has no datePublished.",
    ]);
    expect(checkJsonLd(crumbs([{ "@type": "ListItem", position: 2, name: "", item: "/relative" }, { position: 3, name: "x" }])).problems).toEqual([
      "The block: list item 1 has position 2, not 1.",
      "The block: breadcrumb 1 has no name.",
      "The block: breadcrumb 1 has no absolute URL in item.",
      "The block: list item 2 has position 3, not 2.",
    ]);
    expect(checkJsonLd(JSON.stringify({ "@context": "https://schema.org", name: "x" })).problems).toEqual(["The block has no @type."]);
  });

  it("reads arrays of blocks and @graph", () => {
    const block = checkJsonLd(
      JSON.stringify([
        { "@context": "https://schema.org", "@type": "Organization", name: "Managely", url: "https://example.com/" },
        { "@context": "https://schema.org", "@graph": [{ "@type": "WebSite", name: "Managely", url: "https://example.com/" }] },
      ]),
    );
    expect(block).toMatchObject({ types: ["Organization", "WebSite"], problems: [] });
  });
});

describe("wordDiff", () => {
  it("marks removed and added words, keeping the rest", () => {
    expect(wordDiff("Property Managers in Austin, TX | Managely", "Top Property Managers in Austin, Texas | Managely")).toEqual([
      { kind: "added", text: "Top " },
      { kind: "same", text: "Property Managers in Austin, " },
      { kind: "removed", text: "TX" },
      { kind: "added", text: "Texas" },
      { kind: "same", text: " | Managely" },
    ]);
  });

  it("joins back into each side", () => {
    const before = "25 property managers serve Austin";
    const after = "Compare 25 managers who serve Austin today";
    const parts = wordDiff(before, after);
    expect(parts.filter((part) => part.kind !== "added").map((part) => part.text).join("")).toBe(before);
    expect(parts.filter((part) => part.kind !== "removed").map((part) => part.text).join("")).toBe(after);
  });
});

describe("breadcrumbNames", () => {
  const trail = [
    { "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" },
    { "@type": "ListItem", position: 2, name: "Texas", item: "https://example.com/agents/TX" },
    { "@type": "ListItem", position: 3, name: " Austin ", item: "https://example.com/agents/TX/austin" },
  ];

  it("reads the names of the first BreadcrumbList among a page's blocks, in order", () => {
    const website = checkJsonLd(JSON.stringify({ "@context": "https://schema.org", "@type": "WebSite", name: "Managely", url: "https://example.com/" }));
    expect(breadcrumbNames([website, checkJsonLd(crumbs(trail))])).toEqual(["Home", "Texas", "Austin"]);
    // A block holding several things (an array) still gives its breadcrumb.
    const both = checkJsonLd(JSON.stringify([JSON.parse(website.json), JSON.parse(crumbs(trail))]));
    expect(breadcrumbNames([both])).toEqual(["Home", "Texas", "Austin"]);
  });

  it("is null for a page without one, or with only unnamed crumbs", () => {
    expect(breadcrumbNames([])).toBeNull();
    expect(breadcrumbNames([checkJsonLd("{not json")])).toBeNull();
    expect(breadcrumbNames([checkJsonLd(crumbs([{ "@type": "ListItem", position: 1, name: "" }]))])).toBeNull();
  });
});
