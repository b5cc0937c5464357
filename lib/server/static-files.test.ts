import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStaticFiles, isNormalStaticPath } from "./static-files";

/**
 * The build's files as the front server keeps them: one copy per file on disk, whatever spelling
 * a request used, and never more bytes than the bound.
 */
let folder: string;
const CHUNK = "chunks/app-1234.js";
const BODY = `console.log(${JSON.stringify("managely ".repeat(4000))});\n`;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-test-"));
  fs.mkdirSync(path.join(folder, "chunks", "r1"), { recursive: true });
  fs.writeFileSync(path.join(folder, CHUNK), BODY);
  for (let i = 0; i < 8; i++) fs.writeFileSync(path.join(folder, "chunks", `other-${i}.js`), `/*${i}*/${BODY}`);
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** 1,000 spellings of one chunk, as an attacker would send them once decoded. */
const spellings = Array.from({ length: 1000 }, (_, i) => {
  switch (i % 4) {
    case 0:
      return `chunks/r${i}/../app-1234.js`;
    case 1:
      return `chunks/x${i}/../app-1234.js`;
    case 2:
      return `chunks/./r1/../x${i}/../app-1234.js`;
    default:
      return `chunks//r${i}/..//app-1234.js`;
  }
});

describe("the static-file cache", () => {
  it("keeps one copy of a file however many spellings of its path are asked for", async () => {
    const files = createStaticFiles(folder);
    const reads = jest.spyOn(fs.promises, "readFile");
    try {
      for (const spelling of spellings) expect((await files.get(spelling))?.bodies.identity.toString()).toBe(BODY);
      // The file itself, plus its .br and .gz (absent here: made once): read once in all.
      expect(reads.mock.calls.filter(([file]) => String(file).endsWith("app-1234.js"))).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    const stats = files.stats();
    expect(stats.entries).toBe(1);
    // identity, brotli and gzip of one file: far below the 20 MB the finding allows for 1,000 requests.
    expect(stats.bytes).toBeLessThan(2 * BODY.length);
    expect(stats.bytes).toBeGreaterThan(BODY.length);
  });

  it("never holds more bytes than its bound: the least recently used file goes first", async () => {
    const one = (await createStaticFiles(folder).get(CHUNK))!;
    const perFile = one.bodies.identity.length + (one.bodies.br?.length ?? 0) + (one.bodies.gzip?.length ?? 0);
    const files = createStaticFiles(folder, { maxBytes: Math.floor(perFile * 3.5) });
    for (let i = 0; i < 8; i++) await files.get(`chunks/other-${i}.js`);
    const stats = files.stats();
    expect(stats.bytes).toBeLessThanOrEqual(Math.floor(perFile * 3.5));
    expect(stats.entries).toBe(3);
    // An evicted file is still served, read again.
    expect((await files.get("chunks/other-0.js"))?.bodies.identity.toString()).toBe(`/*0*/${BODY}`);
  });

  it("answers nothing outside the static folder", async () => {
    const files = createStaticFiles(path.join(folder, "chunks"));
    fs.writeFileSync(path.join(folder, "outside.js"), BODY);
    expect(await files.get("../outside.js")).toBeUndefined();
    expect(await files.get("app-1234.js")).toBeDefined();
    expect(files.stats().entries).toBe(1);
    expect(await files.get("r1/../../outside.js")).toBeUndefined();
    expect(files.stats().entries).toBe(1);
  });
});

describe("isNormalStaticPath", () => {
  it.each(["chunks/app-1234.js", "css/a.b.css", "media/font-x.woff2", "abc123/_buildManifest.js"])("accepts %s", (raw) => {
    expect(isNormalStaticPath(raw)).toBe(true);
  });

  it.each([
    "chunks/r1/../app.js",
    "chunks/./app.js",
    "chunks//app.js",
    "chunks/x1%2f..%2fapp.js",
    "chunks/x1%2F..%2Fapp.js",
    "chunks%5capp.js",
    "chunks\\app.js",
    "chunks/%2e%2e/app.js",
    "chunks/app.js/",
    "/chunks/app.js",
    "",
    "chunks/%",
  ])("refuses %s", (raw) => {
    expect(isNormalStaticPath(raw)).toBe(false);
  });
});
