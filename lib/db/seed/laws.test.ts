import fs from "node:fs";
import path from "node:path";
import { buildLawDocument, type LawFact } from "./laws";
import { lawDocumentSchema } from "../../api/contract";

const facts = JSON.parse(
  fs.readFileSync(path.join(__dirname, "..", "seed-data", "landlord-tenant-facts.json"), "utf8"),
) as LawFact[];

describe("buildLawDocument", () => {
  const alaska = facts.filter((fact) => fact.state_abbr === "AK");

  it("answers each topic with its fact and nothing else", () => {
    const document = lawDocumentSchema.parse(buildLawDocument({ name: "Alaska", abbreviation: "AK" }, alaska));
    const answers = document.scrapedData.flatMap((section) => section.content).filter((block) => block.question);
    const deposit = alaska.find((fact) => fact.topic === "security_deposit_max")!;
    expect(answers.find((block) => block.question?.includes("security deposit in Alaska"))?.answer).toBe(
      `<p>${deposit.value.replace(/'/g, "&#39;")}.</p>`,
    );
    expect(answers).toHaveLength(7);
  });

  it("tables every cited statute, with an empty code where no statute is named", () => {
    const document = buildLawDocument({ name: "Alaska", abbreviation: "AK" }, alaska);
    const rows = document.scrapedData.find((section) => section.sectionTitle === "Statutes Cited")!.content[0].rows!;
    expect(rows).toHaveLength(7);
    expect(rows).toContainEqual({ code: "AS 34.03.070(a), (h)", description: "Security deposit limit" });
    expect(rows).toContainEqual({ code: "", description: "Late fees" });
  });

  it("keeps the not-legal-advice notice and links every source once", () => {
    const document = buildLawDocument({ name: "Alaska", abbreviation: "AK" }, alaska);
    const notice = document.scrapedData.find((section) => section.sectionTitle === "Important Notice")!;
    expect(notice.content[0].content).toContain("not legal advice");
    const sources = document.scrapedData.find((section) => section.sectionTitle === "Sources")!.content[0].items!;
    expect(sources).toHaveLength(new Set(alaska.map((fact) => fact.source_url)).size);
  });

  it("leaves out a topic it has no fact for instead of inventing one", () => {
    const withoutLateFees = alaska.filter((fact) => fact.topic !== "late_fee_rules");
    const document = buildLawDocument({ name: "Alaska", abbreviation: "AK" }, withoutLateFees);
    expect(document.scrapedData.map((section) => section.sectionTitle)).not.toContain("Rent and Late Fees");
    expect(JSON.stringify(document)).not.toContain("Late fees");
  });

  it("escapes text so a fact can never inject markup", () => {
    const hostile: LawFact = { ...alaska[0], value: '<img src=x onerror="alert(1)">' };
    const document = buildLawDocument({ name: "Alaska", abbreviation: "AK" }, [hostile]);
    expect(JSON.stringify(document)).not.toContain("<img");
  });

  it("builds a page for all 51 jurisdictions from the reference data", () => {
    const abbreviations = new Set(facts.map((fact) => fact.state_abbr));
    expect(abbreviations.size).toBe(51);
  });
});
