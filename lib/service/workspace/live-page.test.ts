import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseHead, readLivePage } from "./live-page";

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

describe("parseHead, as a crawler reads a head", () => {
  it("keeps the first of two tags, skips a meta without a name or content, and keeps Open Graph and X apart", () => {
    const head = parseHead(`<head><meta charset="utf-8"><meta name="description" content="First"><meta name="description" content="Second">
<meta name="author"><meta property="og:title" content="OG"><meta name="twitter:title" content="X"></head>`);
    expect(head.description).toBe("First");
    expect(head.og).toEqual({ title: "OG" });
    expect(head.twitter).toEqual({ title: "X" });
  });

  it("reads single-quoted attributes, decimal and named entities, a title with attributes and a link without rel before the canonical one", () => {
    const head = parseHead(`<head><title data-rh='true'>Tom&#39;s &quot;place&quot; &copy;</title><link href='/style.css'>
<link rel='Canonical' href='https://example.com/it&#x27;s'><meta name='description' content='Rock &amp; roll'></head>`);
    expect(head.title).toBe(`Tom's "place" &copy;`);
    expect(head.canonical).toBe("https://example.com/it's");
    expect(head.description).toBe("Rock & roll");
  });

  it("reads the whole document when it has no </head>, and JSON-LD blocks whatever the script's other attributes", () => {
    const head = parseHead(`<title>No head end</title><script id="ld" type="application/ld+json" nonce="n">{"@context":"https://schema.org","@type":"Organization","name":"Managely","url":"https://example.com/"}</script>`);
    expect(head.title).toBe("No head end");
    expect(head.jsonLd).toEqual([expect.objectContaining({ types: ["Organization"] })]);
  });
});

describe("parseHead, edge by edge", () => {
  it("reads only the head's tags when there is a </head>, and a document that is nothing but a title", () => {
    expect(parseHead(`<head><title>T</title></head><body><meta name="robots" content="noindex"></body>`).robots).toBeNull();
    expect(parseHead("<title>Only</title>").title).toBe("Only");
  });

  it("takes the first tag that has content, spaces around = included, and JSON-LD written over several lines", () => {
    const head = parseHead(`<head><meta name="description"><meta name = "description" content = "Spaced"></head>
<script type="application/ld+json">
  { "@context": "https://schema.org", "@type": "Organization", "name": "Managely", "url": "https://example.com/" }
</script>`);
    expect(head.description).toBe("Spaced");
    expect(head.jsonLd).toEqual([expect.objectContaining({ types: ["Organization"] })]);
  });
});

describe("readLivePage", () => {
  let server: http.Server;
  let origin: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers);
      if (request.url === "/moved") return response.writeHead(308, { location: "/page" }).end();
      if (request.url === "/missing") return response.writeHead(404).end("Not found");
      response.writeHead(200, { "content-type": "text/html" }).end(`<html><head><title>Served</title><meta name="robots" content="noindex"></head></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads a page that answers 200, asking for HTML as the workspace", async () => {
    expect(await readLivePage(origin, "/page")).toMatchObject({ ok: true, status: 200, title: "Served", robots: "noindex" });
    expect(seen.at(-1)).toMatchObject({ accept: "text/html", "user-agent": "Managely-Workspace/1.0" });
  });

  it("says what any other answer was, and follows no redirect", async () => {
    expect(await readLivePage(origin, "/moved")).toEqual({ ok: false, error: "The page answered 308 (redirect to /page)." });
    expect(await readLivePage(origin, "/missing")).toEqual({ ok: false, error: "The page answered 404." });
  });

  it("says when the page cannot be read at all", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await readLivePage(`http://127.0.0.1:${port}`, "/page")).toEqual({ ok: false, error: expect.stringMatching(/^The page could not be read: .+\.$/) });
  });
});
