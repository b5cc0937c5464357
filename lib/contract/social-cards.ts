/**
 * How each network cuts a page's share card, as the workspace's previews draw
 * them (components/workspace/SocialCards.tsx):
 * - Facebook's feed shows the host, the title on up to two lines and the description on one, each
 *   cut by the card's width;
 * - LinkedIn's feed shows the title on up to two lines and the host, and no description;
 * - X shows a large image card with the title over the image on one line, and documents a maximum
 *   of 70 characters for a card's title, 200 for its description and 420 for the image's alt text
 *   (developer.x.com, "Cards markup"): it cuts what is longer.
 * Widths are the browser's own (CSS line clamps at each network's font size), characters are
 * counted as a reader counts them. Like Google's, these layouts change without notice: they are
 * a guide, shown next to the character counts.
 */
export const SOCIAL_CUTS = {
  facebook: { titleLines: 2, descriptionLines: 1 },
  linkedin: { titleLines: 2 },
  x: { titleChars: 70, descriptionChars: 200, altChars: 420 },
} as const;

/** A text as a network that counts characters shows it: whole, or cut at a word boundary with "…". */
export function cutToCharacters(text: string, max: number): { shown: string; truncated: boolean } {
  const characters = Array.from(text);
  if (characters.length <= max) return { shown: text, truncated: false };
  const start = characters.slice(0, max - 1).join("");
  const boundary = start.lastIndexOf(" ");
  const kept = (boundary > max / 2 ? start.slice(0, boundary) : start).replace(/[\s,;:|–—-]+$/, "");
  return { shown: `${kept}…`, truncated: true };
}

/** Characters as a reader counts them (an emoji or an accented letter is one). */
export const characterCount = (text: string) => Array.from(text).length;
