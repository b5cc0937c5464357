import fs from "node:fs";
import path from "node:path";
import manifest from "@/app/manifest";
import { icoOf } from "../scripts/make-icons";

const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
const isPng = (data: Buffer) => data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** The images an ICO file holds, as its directory describes them. */
function readIco(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const data = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
    return { width: ico.readUInt8(entry) || 256, height: ico.readUInt8(entry + 1) || 256, data };
  });
}

describe("the site's icons", () => {
  it("app/favicon.ico is a real ICO: 16, 32 and 48 px PNGs, each the size its entry says", () => {
    const images = readIco(fs.readFileSync(path.join("app", "favicon.ico")));
    expect(images.map((image) => image.width)).toEqual([16, 32, 48]);
    for (const image of images) {
      expect(isPng(image.data)).toBe(true);
      expect(pngSize(image.data)).toEqual([image.width, image.height]);
    }
  });

  it("icoOf writes a directory whose offsets find each image", () => {
    const a = Buffer.from("first image");
    const b = Buffer.from("second");
    const images = readIco(icoOf([{ size: 16, data: a }, { size: 256, data: b }]));
    expect(images.map((image) => [image.width, image.data.toString()])).toEqual([[16, "first image"], [256, "second"]]);
  });

  it("the apple-touch-icon is a 180 × 180 PNG", () => {
    const png = fs.readFileSync(path.join("app", "apple-icon.png"));
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual([180, 180]);
  });

  it("the web manifest names the site and every icon it lists is a file the site serves, of the size it says", () => {
    const web = manifest();
    expect(web).toMatchObject({ name: "Managely", start_url: "/", display: "standalone" });
    expect(web.icons?.length).toBeGreaterThanOrEqual(3);
    for (const icon of web.icons ?? []) {
      const file = [path.join("public", icon.src), path.join("app", icon.src)].find((candidate) => fs.existsSync(candidate));
      expect(file).toBeDefined();
      if (icon.type === "image/png") expect(pngSize(fs.readFileSync(file!)).map(String).join("x")).toBe(icon.sizes);
    }
  });
});
