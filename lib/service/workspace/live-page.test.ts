import { parseHead } from "./live-page";

const html = `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>
<title>Property Managers in Austin, TX | Managely</title>
<meta name="description" content="25 property managers serve Austin, Texas. Texas&#x27;s &amp; more"/>
<meta name="keywords" content="a, b"/><meta name="robots" content="index, follow"/>
<link rel="canonical" href="http://127.0.0.1:3130/agents/TX/austin"/>
<meta property="og:title" content="OG title"/><meta property="og:image" content="http://127.0.0.1:3130/brand/og-image.png"/>
<meta property="og:image:alt" content="The card"/><meta name="twitter:card" content="summary_large_image"/>
</head><body><script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"http://127.0.0.1:3130/"}]}</script>
<meta name="description" content="not in the head"/></body></html>`;

describe("parseHead", () => {
  it("reads what a crawler reads from the head, entities decoded", () => {
    const head = parseHead(html);
    expect(head).toMatchObject({
      title: "Property Managers in Austin, TX | Managely",
      description: "25 property managers serve Austin, Texas. Texas's & more",
      keywords: "a, b",
      robots: "index, follow",
      canonical: "http://127.0.0.1:3130/agents/TX/austin",
      og: { title: "OG title", image: "http://127.0.0.1:3130/brand/og-image.png", "image:alt": "The card" },
      twitter: { card: "summary_large_image" },
    });
    expect(head.jsonLd).toEqual([expect.objectContaining({ types: ["BreadcrumbList"], problems: [] })]);
  });

  it("answers null for what the page does not declare", () => {
    expect(parseHead("<html><head></head><body></body></html>")).toMatchObject({ title: null, description: null, canonical: null, jsonLd: [] });
  });
});
