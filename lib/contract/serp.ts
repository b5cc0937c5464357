/**
 * How wide a title or a description is in a search result, and where the result cuts it. Google
 * measures in pixels, not characters: it sets titles in Arial at about 20 px and snippets at about
 * 14 px, and shows a title up to about 580 px, a description up to about 920 px on a desktop and
 * 680 px on a phone. These are estimates (Google changes its layout and never publishes them), so
 * the workspace shows them next to character counts, never instead of them.
 *
 * The widths come from serp-metrics.json: the advance widths of Liberation Sans (metric-compatible
 * with Arial), read from the font file by scripts/serp-metrics.ts. Kerning is ignored, as a
 * browser laying out a result with default settings does for Arial's Latin text.
 */
import metrics from "./serp-metrics.json";

/** The one home of the thresholds and font sizes (README "Workspace"). */
export const SERP = {
  title: { fontPx: 20, maxPx: 580 },
  description: { fontPx: 14, desktopMaxPx: 920, phoneMaxPx: 680 },
  /**
   * A phone result sets its title larger and wraps it: about 18 px, lines about 328 px wide (a
   * 390 px screen less its margins), at most two lines, the second cut with the ellipsis.
   */
  phoneTitle: { fontPx: 18, lineWidthPx: 328, maxLines: 2 },
  /** What Google puts where it cuts: a space and three dots. */
  ellipsis: " ...",
} as const;

/**
 * The line above a phone result's title: the domain, then the page's breadcrumb by name after
 * its first crumb (the home page, which the domain already stands for): "example.com › Texas ›
 * Austin". Without breadcrumb names, the path's segments. A desktop result shows the full origin
 * and the path (breadcrumbOf in components/workspace/SerpPreview.tsx).
 */
export function phoneResultPath(url: string, crumbs: readonly string[] | null = null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const segments = crumbs && crumbs.length > 1 ? crumbs.slice(1) : parsed.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  return [parsed.host, ...segments].join(" › ");
}

/** Advance widths by UTF-16 code (every character of the table is in the BMP); 0 means unknown. */
const ADVANCES = new Uint16Array(0x10000);
for (const [character, advance] of Object.entries(metrics.advances)) ADVANCES[character.charCodeAt(0)] = advance;

/** The width in px of `text` set in Arial at `fontPx`; unknown characters count as the font's average. */
export function textWidth(text: string, fontPx: number): number {
  let units = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A surrogate pair is one character outside the table: the average, once.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
      units += metrics.averageAdvance;
      continue;
    }
    units += ADVANCES[code] || metrics.averageAdvance;
  }
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

/**
 * A description as a result shows it; `prefix` is what the result writes before it (a blog
 * post's date, "Nov 24, 2026 — "), which takes its share of the room.
 */
export function cutDescription(description: string, device: "desktop" | "phone", prefix = ""): Cut {
  const { fontPx, desktopMaxPx, phoneMaxPx } = SERP.description;
  const maxPx = (device === "desktop" ? desktopMaxPx : phoneMaxPx) - textWidth(prefix, fontPx);
  return cutToWidth(description, { fontPx, maxPx });
}

export type Lines = { lines: string[]; truncated: boolean; width: number };

/**
 * A phone result's title: wrapped word by word into lines of SERP.phoneTitle.lineWidthPx at its
 * own size, at most maxLines, the last cut at a word boundary with the ellipsis when the title
 * goes on.
 */
export function phoneTitleLines(title: string): Lines {
  const { fontPx, lineWidthPx, maxLines } = SERP.phoneTitle;
  const clean = title.replace(/\s+/g, " ").trim();
  const width = textWidth(clean, fontPx);
  const lines: string[] = [];
  let rest = clean.split(" ").filter(Boolean);
  while (rest.length > 0 && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      const cut = cutToWidth(rest.join(" "), { fontPx, maxPx: lineWidthPx });
      lines.push(cut.shown);
      return { lines, truncated: cut.truncated, width };
    }
    let line = rest[0];
    let used = 1;
    while (used < rest.length && textWidth(`${line} ${rest[used]}`, fontPx) <= lineWidthPx) line = `${line} ${rest[used++]}`;
    lines.push(line);
    rest = rest.slice(used);
  }
  return { lines, truncated: false, width };
}

// ---------------------------------------------------------------------------------------------
// Wording that fits: the default wording's fallbacks (lib/contract/seo-text.ts) are chosen here.

/**
 * The room the site's generated default wording keeps to: a margin inside what a result shows
 * (a title about 580 px, a description about 920 px), so a font's rounding or a longer place name
 * on another machine does not tip it over. An author's words (a page record, a template, an
 * override) are never refitted: they are shown as written, and the audit says when they do not fit.
 */
export const DEFAULT_FIT = { titleMaxPx: 560, descriptionMaxPx: 900 } as const;

export const fitsTitle = (text: string) => textWidth(text, SERP.title.fontPx) <= DEFAULT_FIT.titleMaxPx;
export const fitsDescription = (text: string) => textWidth(text, SERP.description.fontPx) <= DEFAULT_FIT.descriptionMaxPx;

/** A text that ends in an ellipsis was cut in the middle of a sentence ("…once a…"). */
export const endsCut = (text: string) => /(…|\.\.\.)\s*$/.test(text);

/** Words a period follows without ending the sentence ("Smith & Co. manages…"). */
const ABBREVIATION = /(?:^|[\s(])(?:Inc|Co|Corp|Ltd|LLC|St|Ave|Mr|Mrs|Ms|Dr|Jr|Sr|No|vs|etc|U\.S|e\.g|i\.e|[A-Z])\.$/;

/** Where each sentence of `text` ends (the index after its closing mark), in order. */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/[.!?]["')\]”’]?(?=\s|$)/g)) {
    const end = match.index + match[0].length;
    if (!ABBREVIATION.test(text.slice(0, match.index + 1))) ends.push(end);
  }
  return ends;
}

/**
 * The longest run of whole sentences from the start of `text` within `maxPx` (at least
 * `minPx` wide, so a lone "Hello." does not stand for a description), or null.
 */
export function wholeSentencesWithin(text: string, { fontPx, maxPx, minPx = 0 }: { fontPx: number; maxPx: number; minPx?: number }): string | null {
  let best: string | null = null;
  for (const end of sentenceEnds(text)) {
    const start = text.slice(0, end).trim();
    const width = textWidth(start, fontPx);
    if (width > maxPx) break;
    if (width >= minPx) best = start;
  }
  return best;
}

/**
 * The longest start of `text` that ends at a word boundary and fits `maxPx`, without an ellipsis
 * and without a separator or a dangling connective at its end ("… Property Manager in" → "…
 * Property Manager"); a single word wider than the line is cut inside it.
 */
function cutAtWord(text: string, { fontPx, maxPx }: { fontPx: number; maxPx: number }): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (textWidth(clean, fontPx) <= maxPx) return clean;
  const words = clean.split(" ");
  let kept = "";
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (textWidth(next, fontPx) > maxPx) break;
    kept = next;
  }
  if (!kept) return cutToWidth(clean, { fontPx, maxPx: maxPx + textWidth(SERP.ellipsis, fontPx) }).shown.slice(0, -SERP.ellipsis.length);
  let previous = "";
  while (previous !== kept) {
    previous = kept;
    kept = kept.replace(/[\s,;:|–—&-]+$/, "").replace(/\s+(?:in|of|and|or|for|the|a|an|to|at|by|with|on)$/i, "");
  }
  return kept;
}

/** A description's room, and the least whole sentences must fill to stand for it. */
export const DESCRIPTION_FIT = { fontPx: SERP.description.fontPx, maxPx: DEFAULT_FIT.descriptionMaxPx, minPx: SERP.description.desktopMaxPx / 3 };
/** A title's room for the default wording. */
const TITLE_FIT = { fontPx: SERP.title.fontPx, maxPx: DEFAULT_FIT.titleMaxPx };

/** A rendered candidate: `sentences` when it is free text from the data (an about text), which may be cut after a sentence. */
export type SeoCandidate = { text: string; sentences: boolean };

/**
 * The first of `candidates` (rendered, best first) that a result shows whole (a description never
 * ending in "…"), or, for a free text, its whole sentences that fit. A title that never fits is
 * the last candidate cut at a word boundary; a description, the first candidate cut at its last
 * clause boundary that fits, closed with a period (or, failing that, at a word boundary).
 */
export function fitSeoText(field: "title" | "description", candidates: SeoCandidate[]): string {
  const usable = candidates.map(({ text, sentences }) => ({ text: text.replace(/\s+/g, " ").trim(), sentences })).filter(({ text }) => text !== "");
  if (usable.length === 0) return "";
  const last = usable[usable.length - 1].text;
  if (field === "title") return usable.find(({ text }) => fitsTitle(text))?.text ?? cutAtWord(last, TITLE_FIT);
  const limits = DESCRIPTION_FIT;
  for (const { text, sentences } of usable) {
    if (fitsDescription(text) && !endsCut(text)) return text;
    const whole = sentences ? wholeSentencesWithin(text, limits) : null;
    if (whole) return whole;
  }
  return clauseWithin(usable[0].text, limits) ?? `${cutAtWord(last, { fontPx: limits.fontPx, maxPx: limits.maxPx - textWidth(".", limits.fontPx) })}.`;
}

/** The longest start of `text` that ends before ", ", "; ", ": " or " – " and fits with a closing period. */
function clauseWithin(text: string, { fontPx, maxPx, minPx }: { fontPx: number; maxPx: number; minPx: number }): string | null {
  let best: string | null = null;
  for (const match of text.matchAll(/(?:[,;:]| [–—]) /g)) {
    const start = `${text.slice(0, match.index).replace(/[\s.]+$/, "")}.`;
    const width = textWidth(start, fontPx);
    if (width > maxPx) break;
    if (width >= minPx) best = start;
  }
  return best;
}
