import fs from "node:fs";
import path from "node:path";
import { isLawTopicKey, type LawTopicKey } from "../../contract/law-topics";

/** The landlord-tenant facts files of seed-data, in the order they are loaded. */
export const LAW_FACT_FILES = ["landlord-tenant-facts.json", "landlord-tenant-facts-extra.json", "rent-control-facts.json"] as const;

/**
 * Topics a later file covers for every jurisdiction: its entries replace the earlier files' on
 * that topic (rent-control-facts.json, 51 entries, supersedes the 7 rent_control entries of
 * landlord-tenant-facts-extra.json).
 */
const TOPICS_OWNED_BY_FILE: Partial<Record<(typeof LAW_FACT_FILES)[number], LawTopicKey[]>> = {
  "rent-control-facts.json": ["rent_control"],
};

/** One entry of a facts file. */
export type LawFactEntry = {
  state_abbr: string;
  topic: LawTopicKey;
  value: string;
  citation: string | null;
  source_url: string;
  /** false where the file says the statute could not be confirmed; absent: confirmed. */
  verified?: boolean;
};

/** A citation the file writes as "None" is no citation (the pages show why there is none). */
const citationOf = (citation: string | null) => (citation === null || /^none$/i.test(citation.trim()) ? null : citation);

const REVIEW_ROW = /^\|\s*`([^`]+\.json)`\s*\|\s*(\d{4}-\d{2}-\d{2})\s*\|/;

/**
 * The "last reviewed" date of each facts file, read from the table under "Landlord-tenant facts:
 * last reviewed" in seed-data/SOURCES.md (one date per file; nothing is dated per fact).
 */
export function readReviewDates(sourcesMarkdown: string): Map<string, string> {
  const start = sourcesMarkdown.indexOf("## Landlord-tenant facts: last reviewed");
  const dates = new Map<string, string>();
  if (start < 0) return dates;
  const section = sourcesMarkdown.slice(start).split(/\n(?=## )/)[0];
  for (const line of section.split("\n")) {
    const match = REVIEW_ROW.exec(line.trim());
    if (match) dates.set(match[1], match[2]);
  }
  return dates;
}

/**
 * Every facts file with its review date and its entries. Throws on a file without a date, an
 * unknown topic, an empty value or source, or a state/topic pair given twice: a fact that cannot
 * be shown correctly must not reach the site.
 */
export function readLawFacts(dataDir: string): { files: { file: string; reviewed_on: string }[]; facts: (LawFactEntry & { file: string; verified: boolean })[] } {
  const dates = readReviewDates(fs.readFileSync(path.join(dataDir, "SOURCES.md"), "utf8"));
  const files = LAW_FACT_FILES.map((file) => {
    const reviewed_on = dates.get(file);
    if (!reviewed_on) throw new Error(`seed-data/SOURCES.md gives no "last reviewed" date for ${file}.`);
    return { file, reviewed_on };
  });
  const seen = new Set<string>();
  const ownedElsewhere = (file: string, topic: LawTopicKey) =>
    Object.entries(TOPICS_OWNED_BY_FILE).some(([owner, topics]) => owner !== file && topics.includes(topic));
  const facts = LAW_FACT_FILES.flatMap((file) =>
    (JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8")) as LawFactEntry[]).flatMap((entry) => {
      const key = `${entry.state_abbr}/${entry.topic}`;
      if (!isLawTopicKey(entry.topic)) throw new Error(`${file}: unknown topic "${entry.topic}" (${key}).`);
      if (!entry.value?.trim() || !entry.source_url?.trim()) throw new Error(`${file}: ${key} has no value or no source.`);
      if (ownedElsewhere(file, entry.topic)) return [];
      if (seen.has(key)) throw new Error(`${file}: ${key} is given twice.`);
      seen.add(key);
      return [{ ...entry, citation: citationOf(entry.citation), verified: entry.verified !== false, file }];
    }),
  );
  return { files, facts };
}
