import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LAW_FACT_FILES, readLawFacts, readReviewDates } from "./law-facts";

const DATA_DIR = path.join(__dirname, "..", "seed-data");
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of seed-data's law files in a temporary folder, with SOURCES.md and one file changed. */
function dataDirWith({ sources, extra }: { sources?: (text: string) => string; extra?: unknown[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "managely-law-facts-"));
  made.push(dir);
  for (const file of LAW_FACT_FILES) fs.copyFileSync(path.join(DATA_DIR, file), path.join(dir, file));
  const markdown = fs.readFileSync(path.join(DATA_DIR, "SOURCES.md"), "utf8");
  fs.writeFileSync(path.join(dir, "SOURCES.md"), sources ? sources(markdown) : markdown);
  if (extra) fs.writeFileSync(path.join(dir, "landlord-tenant-facts-extra.json"), JSON.stringify(extra));
  return dir;
}

describe("law facts of the seed", () => {
  it("dates each file from the table in SOURCES.md", () => {
    const dates = readReviewDates(fs.readFileSync(path.join(DATA_DIR, "SOURCES.md"), "utf8"));
    expect([...dates.keys()].sort()).toEqual([...LAW_FACT_FILES].sort());
    expect(dates.get("landlord-tenant-facts-extra.json")).toBe("2026-11-23");
    for (const date of dates.values()) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("reads the three files: 357 complete facts, 52 of partial coverage and rent control for all 51, which replaces the extra file's 7", () => {
    const { files, facts } = readLawFacts(DATA_DIR);
    expect(files).toHaveLength(3);
    expect(facts.filter((fact) => fact.file === "landlord-tenant-facts.json")).toHaveLength(357);
    expect(facts.filter((fact) => fact.file === "landlord-tenant-facts-extra.json")).toHaveLength(59 - 7);
    const rentControl = facts.filter((fact) => fact.topic === "rent_control");
    expect(rentControl).toHaveLength(51);
    expect(new Set(rentControl.map((fact) => fact.file))).toEqual(new Set(["rent-control-facts.json"]));
    // The 9 whose statute could not be confirmed (the shared SOURCES.md names them) stay marked.
    expect(rentControl.filter((fact) => !fact.verified).map((fact) => fact.state_abbr).sort()).toEqual(["KY", "MN", "MS", "OK", "OR", "SC", "TX", "WV", "WY"]);
    expect(facts.filter((fact) => fact.topic !== "rent_control").every((fact) => fact.verified)).toBe(true);
    // "None" is the file's way of saying no statute: it is no citation.
    expect(rentControl.find((fact) => fact.state_abbr === "AK")!.citation).toBeNull();
  });

  it("refuses a file without a review date, an unknown topic and a fact given twice", () => {
    const undated = dataDirWith({ sources: (text) => text.replace(/\| `landlord-tenant-facts-extra\.json` \| 2026-11-23 \|/, "| `landlord-tenant-facts-extra.json` | soon |") });
    expect(() => readLawFacts(undated)).toThrow('no "last reviewed" date for landlord-tenant-facts-extra.json');
    const entry = { state_abbr: "TX", topic: "pets", value: "Allowed", citation: null, source_url: "https://example.org" };
    expect(() => readLawFacts(dataDirWith({ extra: [entry] }))).toThrow('unknown topic "pets"');
    const twice = { ...entry, topic: "rent_increase_notice" };
    expect(() => readLawFacts(dataDirWith({ extra: [twice, twice] }))).toThrow("TX/rent_increase_notice is given twice");
  });
});
