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

/** Tags whose start or end separates words: paragraphs, line breaks, list items, headings, cells. */
const BLOCK_BOUNDARY = /<\/?(?:p|br|li|ul|ol|h[1-6]|blockquote|table|thead|tbody|tr|th|td|div|dl|dt|dd|hr)\b[^>]*>/gi;
/** What sanitize-html escapes in the text it writes (&, < and >), and nothing else. */
const ESCAPED = /&(amp|lt|gt);/g;
const UNESCAPED: Record<string, string> = { amp: "&", lt: "<", gt: ">" };

/**
 * Plain text of a piece of HTML, for meta descriptions, JSON-LD and excerpts: every block
 * boundary becomes a space ("…anyone.</p><p>If…" reads "anyone. If"), and entities are decoded
 * exactly once ("Review &amp; Submit" reads "Review & Submit"; "&amp;amp;" reads "&amp;").
 */
export function htmlToText(html: string): string {
  // The allow-list first, so the boundary pattern meets the sanitizer's own well-formed tags.
  const spaced = sanitizeRichText(html).replace(BLOCK_BOUNDARY, " ");
  // sanitize-html decodes every entity as it parses, then escapes &, < and > in what it writes.
  const escaped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return escaped.replace(ESCAPED, (_, name: string) => UNESCAPED[name]).replace(/\s+/g, " ").trim();
}

/**
 * `text` cut to at most `maxLength` characters at a word boundary, with an ellipsis when cut
 * ("…laws governing deposits…", never "…laws g…").
 */
export function excerpt(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  // The longest start of at most maxLength - 1 characters (one is left for the ellipsis) that
  // the text follows with a space; a single word longer than that is cut where it must be.
  let end = maxLength - 1;
  while (end > 0 && !/\s/.test(text[end])) end--;
  const cut = end > 0 ? text.slice(0, end) : text.slice(0, maxLength - 1);
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`;
}
