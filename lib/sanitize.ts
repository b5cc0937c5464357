import sanitizeHtml from "sanitize-html";

/**
 * The one allow-list for server-managed HTML (page records, blogs, FAQs, laws, questions).
 * Everything not listed is removed: scripts, styles, event handlers, iframes, javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "span", "a", "ul", "ol", "li",
    "h2", "h3", "h4", "blockquote", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], th: ["scope"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    // Links that open elsewhere never hand the new page a reference to this one.
    a: (tagName, attribs) =>
      attribs.target === "_blank"
        ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow" } }
        : { tagName, attribs },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of a piece of HTML, for meta descriptions and JSON-LD. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
