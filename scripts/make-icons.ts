/**
 * Writes the site's raster icons from its one drawing, app/icon.svg, on this machine (nothing is
 * fetched): app/favicon.ico (16, 32 and 48 px PNGs in one ICO, for the browsers and crawlers that
 * ask for /favicon.ico), app/apple-icon.png (180 × 180, square: iOS rounds the corners itself) and
 * the web manifest's 192 and 512 px icons under public/brand. The files are committed; run this
 * only after changing the drawing:
 *
 *   npx tsx scripts/make-icons.ts
 *
 * sharp is the image library Next.js itself installs for its image optimizer.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { MANIFEST_ICON_SIZES, manifestIconPath } from "../lib/contract/site";

const DRAWING = path.join("app", "icon.svg");

const png = (svg: string, size: number) => sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) }).resize(size, size).png().toBuffer();

/** An ICO file holding PNG images (read by every browser since Internet Explorer 9 / Windows Vista). */
export function icoOf(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

async function main() {
  const drawing = fs.readFileSync(DRAWING, "utf8");
  // Full-bleed for the home-screen icons: the platform applies its own mask.
  const square = drawing.replace(/ rx="\d+"/, "");
  const favicon = icoOf(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(drawing, size) }))));
  fs.writeFileSync(path.join("app", "favicon.ico"), favicon);
  fs.writeFileSync(path.join("app", "apple-icon.png"), await png(square, 180));
  for (const size of MANIFEST_ICON_SIZES) fs.writeFileSync(path.join("public", manifestIconPath(size)), await png(square, size));
  console.log("wrote app/favicon.ico, app/apple-icon.png and the manifest's icons");
}

if (require.main === module) void main();
