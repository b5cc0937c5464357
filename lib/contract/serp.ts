/**
 * How wide a title or a description is in a search result, and where the result cuts it. Google
 * measures in pixels, not characters: it sets titles in Arial at about 20 px and snippets at about
 * 14 px, and shows a title up to about 580 px, a description up to about 920 px on a desktop and
 * 680 px on a phone. These are estimates (Google changes its layout and never publishes them), so
 * the workspace shows them next to character counts, never instead of them.
 *
 * The widths come from serp-metrics.json: the advance widths of Liberation Sans (metric-compatible
 * with Arial), read from the font file by lib/cli/serp-metrics.ts. Kerning is ignored, as a
 * browser laying out a result with default settings does for Arial's Latin text.
 */
import metrics from "./serp-metrics.json";

/** The one home of the thresholds and font sizes (README "Workspace"). */
export const SERP = {
  title: { fontPx: 20, maxPx: 580 },
  description: { fontPx: 14, desktopMaxPx: 920, phoneMaxPx: 680 },
  /** What Google puts where it cuts: a space and three dots. */
  ellipsis: " ...",
} as const;

const ADVANCES = new Map<string, number>(Object.entries(metrics.advances));

/** The width in px of `text` set in Arial at `fontPx`; unknown characters count as the font's average. */
export function textWidth(text: string, fontPx: number): number {
  let units = 0;
  for (const character of text) units += ADVANCES.get(character) ?? metrics.averageAdvance;
  return (units * fontPx) / metrics.unitsPerEm;
}

export type Cut = {
  /** What the result shows: the text, or its start and the ellipsis. */
  shown: string;
  truncated: boolean;
  /** The full text's width in px. */
  width: number;
  maxPx: number;
};

/**
 * The text as a result shows it within `maxPx`: whole when it fits, else the longest start that
 * ends at a word boundary and fits together with " ..." (a single word longer than the line is cut
 * inside it, as Google does).
 */
export function cutToWidth(text: string, { fontPx, maxPx }: { fontPx: number; maxPx: number }): Cut {
  const clean = text.replace(/\s+/g, " ").trim();
  const width = textWidth(clean, fontPx);
  if (width <= maxPx) return { shown: clean, truncated: false, width, maxPx };
  const room = maxPx - textWidth(SERP.ellipsis, fontPx);
  const characters = Array.from(clean);
  let used = 0;
  let fitsTo = 0;
  let lastBoundary = 0;
  for (let index = 0; index < characters.length; index++) {
    const advance = textWidth(characters[index], fontPx);
    if (used + advance > room) break;
    used += advance;
    fitsTo = index + 1;
    if (characters[index + 1] === " ") lastBoundary = index + 1;
  }
  const end = lastBoundary > 0 ? lastBoundary : fitsTo;
  const start = characters.slice(0, end).join("").replace(/[\s,;:|–—-]+$/, "");
  return { shown: `${start}${SERP.ellipsis}`, truncated: true, width, maxPx };
}

/** A title as desktop and phone results show it (the same width limit on both). */
export function cutTitle(title: string): Cut {
  return cutToWidth(title, SERP.title);
}

export function cutDescription(description: string, device: "desktop" | "phone"): Cut {
  const { fontPx, desktopMaxPx, phoneMaxPx } = SERP.description;
  return cutToWidth(description, { fontPx, maxPx: device === "desktop" ? desktopMaxPx : phoneMaxPx });
}
