import { createTestDatabase, WHOLE_SEED_TIMEOUT_MS, type TestDatabase } from "@/test-support";
import { cardAboutText } from "./manager-facts";

/**
 * Every seeded manager's card text (its about's first sentence) read as an owner reads a list: it
 * never stops at an abbreviation ("… worked with Redwood Management Co.", "… around St."),
 * which reads as a sentence cut off. Written apart from the card's own list of abbreviations, so a
 * word that list misses shows up here.
 */
const ENDS_AT_ABBREVIATION = /(?:^|[\s(])(?:St|Ste|Mt|Ft|Ave|Blvd|Rd|Dr|Hwy|Inc|Co|Corp|Ltd|LLC|Bros|Mr|Mrs|Ms|Jr|Sr|No|vs|e\.g|i\.e|U\.S|[A-Z])\.$/;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("sqlite");
}, WHOLE_SEED_TIMEOUT_MS);
afterAll(async () => database?.destroy());

describe("the card text of every seeded manager", () => {
  it("ends where a sentence ends, never at an abbreviation, whole or cut", async () => {
    const rows = await database.db.selectFrom("agents").select(["company_name", "about"]).execute();
    expect(rows.length).toBeGreaterThan(1000);
    const offenders = rows
      .map(({ company_name, about }) => ({ company_name, card: cardAboutText(about) }))
      .filter(({ card }) => ENDS_AT_ABBREVIATION.test(card.replace(/…$/, "")));
    expect(offenders.slice(0, 5)).toEqual([]);
    expect(offenders).toHaveLength(0);
  });
});

describe("a card's text and abbreviations", () => {
  it.each([
    ["Founded in 2015, Redwood Management Co. looks after about 480 units. Homes are inspected.", "Founded in 2015, Redwood Management Co. looks after about 480 units."],
    ["Based in St. Louis, Gateway Homes manages houses. Rents are paid online.", "Based in St. Louis, Gateway Homes manages houses."],
    ["Run by Mr. J. Smith since 1999. It manages homes.", "Run by Mr. J. Smith since 1999."],
    ["It handles leases, e.g. renewals. Owners are paid monthly.", "It handles leases, e.g. renewals."],
  ])("reads %j to its sentence's end", (about, card) => {
    expect(cardAboutText(about)).toBe(card);
  });

  it("cut in a long sentence, never leaves an abbreviation before the mark", () => {
    // 100 characters end in "St. Augustine": the last whole word that fits is the abbreviation.
    const card = cardAboutText(`Owners trust it with ${"homes ".repeat(11)}on Main St. Augustine Road since 2001.`);
    expect(card).toBe(`Owners trust it with ${"homes ".repeat(11)}on Main…`);
    expect(card).not.toMatch(ENDS_AT_ABBREVIATION);
    expect(card.replace(/…$/, "")).not.toMatch(ENDS_AT_ABBREVIATION);
  });
});
