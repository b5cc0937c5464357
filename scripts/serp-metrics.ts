/**
 * Writes lib/contract/serp-metrics.json: the advance widths of Liberation Sans Regular (metric
 * compatible with Arial, the face Google sets its result titles and snippets in), read from the
 * font file's own tables on this machine. Nothing is fetched from the web.
 *
 *   npx tsx scripts/serp-metrics.ts [/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf]
 *
 * Debian: `apt-get install fonts-liberation`. The output is committed; run this only to check it
 * or to extend the character set.
 */
import fs from "node:fs";
import path from "node:path";

const DEFAULT_FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf";
const OUTPUT = path.join("lib", "contract", "serp-metrics.json");

/** Printable ASCII, Latin-1 and the typographic marks titles use (dashes, quotes, bullet, ellipsis…). */
const CHARACTERS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac, 0x2122,
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

type Tables = Map<string, { offset: number; length: number }>;

function readTables(font: Buffer): Tables {
  const count = font.readUInt16BE(4);
  const tables: Tables = new Map();
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    tables.set(font.toString("latin1", record, record + 4), { offset: font.readUInt32BE(record + 8), length: font.readUInt32BE(record + 12) });
  }
  return tables;
}

function table(tables: Tables, tag: string) {
  const found = tables.get(tag);
  if (!found) throw new Error(`The font has no ${tag} table`);
  return found.offset;
}

/** Character → glyph id, from the Unicode BMP subtable (platform 3, encoding 1, format 4). */
function glyphIds(font: Buffer, tables: Tables): (codePoint: number) => number {
  const cmap = table(tables, "cmap");
  const subtables = font.readUInt16BE(cmap + 2);
  for (let index = 0; index < subtables; index++) {
    const record = cmap + 4 + index * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const offset = cmap + font.readUInt32BE(record + 4);
    if (platform !== 3 || encoding !== 1 || font.readUInt16BE(offset) !== 4) continue;
    const segments = font.readUInt16BE(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (codePoint) => {
      for (let segment = 0; segment < segments; segment++) {
        const end = font.readUInt16BE(ends + segment * 2);
        if (codePoint > end) continue;
        const start = font.readUInt16BE(starts + segment * 2);
        if (codePoint < start) return 0;
        const delta = font.readInt16BE(deltas + segment * 2);
        const rangeOffset = font.readUInt16BE(rangeOffsets + segment * 2);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const glyph = font.readUInt16BE(rangeOffsets + segment * 2 + rangeOffset + (codePoint - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error("The font has no Unicode BMP (3,1) format 4 cmap");
}

function main() {
  const fontPath = process.argv[2] ?? DEFAULT_FONT;
  const font = fs.readFileSync(fontPath);
  const tables = readTables(font);
  const unitsPerEm = font.readUInt16BE(table(tables, "head") + 18);
  const longMetrics = font.readUInt16BE(table(tables, "hhea") + 34);
  const hmtx = table(tables, "hmtx");
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + Math.min(glyph, longMetrics - 1) * 4);
  const averageAdvance = font.readInt16BE(table(tables, "OS/2") + 2);
  const glyphOf = glyphIds(font, tables);

  const advances: Record<string, number> = {};
  for (const codePoint of CHARACTERS) {
    const glyph = glyphOf(codePoint);
    if (glyph !== 0) advances[String.fromCodePoint(codePoint)] = advanceOf(glyph);
  }
  const data = {
    font: path.basename(fontPath),
    note: "Advance widths in font units (Liberation Sans Regular, metric-compatible with Arial); px = units / unitsPerEm × font size. Written by scripts/serp-metrics.ts.",
    unitsPerEm,
    averageAdvance,
    advances,
  };
  fs.writeFileSync(OUTPUT, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${OUTPUT}: ${Object.keys(advances).length} characters from ${fontPath} (${unitsPerEm} units per em)`);
}

main();
