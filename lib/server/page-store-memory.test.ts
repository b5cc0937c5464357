import { entryBytes, type StoredEntry } from "./page-store";
import { MemoryBackend } from "./page-store-memory";
import { IMAGE_SHARE_OF_PAGE_STORE } from "../contract/cache-policy";

/**
 * The in-memory backend on its own (page-store.test.ts drives it through the PageStore): which
 * entry goes when the budget is passed, what counts against it, and how forgotten tags leave a floor.
 */
const BUDGET = 8_000;
const IMAGE_BUDGET = Math.floor(BUDGET * IMAGE_SHARE_OF_PAGE_STORE);
const PAGE_BUDGET = BUDGET - IMAGE_BUDGET;

/** An entry of exactly `bytes` bytes as the backend counts them. */
function entryOf(name: string, bytes: number, { image = false } = {}): StoredEntry {
  const meta = { key: name, kind: image ? "APP_ROUTE" : "APP_PAGE", lastModified: 0, tags: [], ...(image ? { raw: ["body"] } : {}) };
  const blob = image ? "body" : "html";
  const entry = { meta, blobs: { [blob]: Buffer.alloc(0) } };
  entry.blobs[blob] = Buffer.alloc(bytes - entryBytes(entry), name.charCodeAt(0));
  expect(entryBytes(entry)).toBe(bytes);
  return entry;
}
/** Which of `names` are held (reading each makes it the most recently used, in that order). */
const ids = async (backend: MemoryBackend, names: string[]) => (await Promise.all(names.map(async (name) => ((await backend.read(name)) ? name : null)))).filter(Boolean);

describe("the page store's memory backend", () => {
  it("evicts the least recently used page once past its budget, a read making a page recent", async () => {
    const backend = new MemoryBackend(BUDGET);
    expect(PAGE_BUDGET).toBe(7_000);
    for (const name of ["a", "b", "c", "d"]) await backend.write(name, entryOf(name, 1_500));
    expect(await backend.stats()).toEqual({ entries: 4, bytes: 6_000, budget: BUDGET, images: { entries: 0, bytes: 0, budget: IMAGE_BUDGET } });
    await backend.read("a");
    await backend.write("e", entryOf("e", 1_000));
    // Exactly the pages' budget (7,000 of the 8,000; the rest is the images'): nothing goes.
    expect(await backend.stats()).toMatchObject({ entries: 5, bytes: PAGE_BUDGET });
    await backend.write("f", entryOf("f", 1_001));
    // One byte over: the least recently used goes (b, as a was read since), and only it.
    expect(await ids(backend, ["a", "b", "c", "d", "e", "f"])).toEqual(["a", "c", "d", "e", "f"]);
    expect((await backend.stats()).bytes).toBe(6_501);
  });

  it("keeps an entry of up to a quarter of its pool, and no larger one", async () => {
    const backend = new MemoryBackend(BUDGET);
    await backend.write("quarter", entryOf("quarter", PAGE_BUDGET / 4));
    await backend.write("larger", entryOf("larger", PAGE_BUDGET / 4 + 1));
    expect(await ids(backend, ["quarter", "larger"])).toEqual(["quarter"]);
    expect((await backend.stats()).bytes).toBe(PAGE_BUDGET / 4);
  });

  it("holds share images in their own part of the budget, evicted among themselves, never pushing a page out", async () => {
    const backend = new MemoryBackend(BUDGET);
    await backend.write("page", entryOf("page", 1_700));
    for (const name of ["i1", "i2", "i3", "i4", "i5"]) await backend.write(name, entryOf(name, 250, { image: true }));
    expect(await ids(backend, ["page", "i1", "i2", "i3", "i4", "i5"])).toEqual(["page", "i2", "i3", "i4", "i5"]);
    expect(await backend.stats()).toEqual({ entries: 5, bytes: 2_700, budget: BUDGET, images: { entries: 4, bytes: 1_000, budget: IMAGE_BUDGET } });
    // An image is read as an entry, never as a page to send as it is.
    expect(await backend.readPage("i5")).toBeUndefined();
  });

  it("replaces an entry whole, counting it once, and removes one on request", async () => {
    const backend = new MemoryBackend(BUDGET);
    await backend.write("a", entryOf("a", 1_000));
    await backend.write("a", entryOf("a", 1_200));
    expect(await backend.stats()).toMatchObject({ entries: 1, bytes: 1_200 });
    // Written again as an image, it leaves the pages' pool.
    await backend.write("a", entryOf("a", 200, { image: true }));
    expect(await backend.stats()).toMatchObject({ entries: 1, bytes: 200, images: { entries: 1, bytes: 200 } });
    await backend.remove("a");
    expect(await backend.read("a")).toBeUndefined();
    expect(await backend.stats()).toMatchObject({ entries: 0, bytes: 0, images: { entries: 0, bytes: 0 } });
  });

  it("keeps a page's other encodings with it, counted in the budget, once each, and never on a replaced page", async () => {
    const backend = new MemoryBackend(BUDGET);
    const entry = entryOf("a", 1_000);
    await backend.write("a", entry);
    const page = await backend.readPage("a");
    expect(page).toMatchObject({ meta: entry.meta, html: entry.blobs.html, variants: { gzip: undefined, identity: undefined } });
    page!.keep("gzip", Buffer.alloc(300));
    page!.keep("gzip", Buffer.alloc(999));
    expect((await backend.stats()).bytes).toBe(1_300);
    expect((await backend.readPage("a"))!.variants.gzip).toHaveLength(300);
    await backend.write("a", entryOf("a", 1_000));
    page!.keep("identity", Buffer.alloc(400));
    expect((await backend.stats()).bytes).toBe(1_000);
    expect((await backend.readPage("a"))!.variants).toEqual({ gzip: undefined, identity: undefined });
    await backend.remove("a");
    page!.keep("identity", Buffer.alloc(400));
    expect((await backend.stats()).bytes).toBe(0);
  });

  it("evicts older pages when a kept encoding takes the pool past its budget", async () => {
    const backend = new MemoryBackend(BUDGET);
    for (const name of ["a", "b", "c", "d"]) await backend.write(name, entryOf(name, 1_700));
    const page = await backend.readPage("d");
    page!.keep("identity", Buffer.alloc(200));
    expect(await ids(backend, ["a", "b", "c", "d"])).toEqual(["a", "b", "c", "d"]);
    page!.keep("gzip", Buffer.alloc(1));
    expect(await ids(backend, ["a", "b", "c", "d"])).toEqual(["b", "c", "d"]);
    expect((await backend.stats()).bytes).toBe(3 * 1_700 + 201);
    // Both kept encodings are given back with the page.
    expect((await backend.readPage("d"))!.variants).toEqual({ gzip: Buffer.alloc(1), identity: Buffer.alloc(200) });
  });

  it("answers no page for an entry without HTML", async () => {
    const backend = new MemoryBackend(BUDGET);
    await backend.write("route", { meta: { key: "route", kind: "APP_ROUTE", lastModified: 0, tags: [] }, blobs: { body: Buffer.from("x") } });
    expect(await backend.read("route")).toBeDefined();
    expect(await backend.readPage("route")).toBeUndefined();
    expect(await backend.readPage("missing")).toBeUndefined();
  });

  it("remembers each tag's last revalidation, and past 100,000 tags folds the oldest into a floor", async () => {
    const backend = new MemoryBackend(BUDGET);
    expect(await backend.tagTimes(["x"])).toEqual([0, 0]);
    await backend.markTags(["old", "kept"], 5);
    await backend.markTags(["kept"], 7);
    expect(await backend.tagTimes(["old", "kept", "never"])).toEqual([0, 5, 7, 0]);
    await backend.markTags(Array.from({ length: 99_998 }, (_, index) => `t${index}`), 9);
    expect(await backend.tagTimes(["old"])).toEqual([0, 5]);
    // The 100,001st tag: the least recently marked ("old") is forgotten, and its time becomes the floor.
    await backend.markTags(["newest"], 11);
    expect(await backend.tagTimes(["old", "kept", "newest"])).toEqual([5, 0, 7, 11]);
  });

  it("holds nothing once closed", async () => {
    const backend = new MemoryBackend(BUDGET);
    await backend.write("a", entryOf("a", 1_000));
    await backend.write("i", entryOf("i", 100, { image: true }));
    await backend.close();
    expect(await backend.stats()).toEqual({ entries: 0, bytes: 0, budget: BUDGET, images: { entries: 0, bytes: 0, budget: IMAGE_BUDGET } });
    expect(await backend.read("a")).toBeUndefined();
  });
});
