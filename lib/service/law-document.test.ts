import fs from "node:fs";
import path from "node:path";
import { buildLawDocument, escapeHtml } from "./law-document";
import { lawDocumentSchema, type LawFact } from "../contract";
import { LAW_TOPICS, LEGAL_NOTICE, UNVERIFIED_TEXT, isNoStatuteFact, lawTopic, type LawTopicKey } from "../contract/law-topics";

type Entry = { state_abbr: string; topic: LawTopicKey; value: string; citation: string | null; source_url: string; verified?: boolean };
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, "..", "db", "seed-data", file), "utf8")) as Entry[];
const core = read("landlord-tenant-facts.json");
// The rent control file replaces the extra file's rent control (lib/db/seed/law-facts.ts).
const extra = read("landlord-tenant-facts-extra.json").filter((entry) => entry.topic !== "rent_control");
const rentControl = read("rent-control-facts.json").map((entry) => ({ ...entry, citation: entry.citation === "None" ? null : entry.citation }));

const toFact = (entry: Entry, reviewed_on: string): LawFact => ({
  topic: entry.topic,
  value: entry.value,
  citation: entry.citation,
  source_url: entry.source_url,
  no_statute: isNoStatuteFact(entry),
  reviewed_on,
  verified: entry.verified !== false,
});
const factsOf = (abbr: string) => [
  ...core.filter((entry) => entry.state_abbr === abbr).map((entry) => toFact(entry, "2026-11-21")),
  ...extra.filter((entry) => entry.state_abbr === abbr).map((entry) => toFact(entry, "2026-11-23")),
  ...rentControl.filter((entry) => entry.state_abbr === abbr).map((entry) => toFact(entry, "2026-11-25")),
];

const blocks = (document: ReturnType<typeof buildLawDocument>) => document.scrapedData.flatMap((section) => section.content);
const section = (document: ReturnType<typeof buildLawDocument>, title: string) => document.scrapedData.find((entry) => entry.sectionTitle === title);

describe("buildLawDocument", () => {
  const alaska = factsOf("AK");

  it("answers each topic with its fact, and its statute and source right under it", () => {
    const document = lawDocumentSchema.parse(buildLawDocument({ state: { name: "Alaska" }, facts: alaska }));
    const answers = blocks(document).filter((block) => block.question);
    expect(answers).toHaveLength(alaska.length);
    const deposit = alaska.find((fact) => fact.topic === "security_deposit_max")!;
    const block = answers.find((entry) => entry.question === lawTopic("security_deposit_max").question("Alaska"))!;
    expect(block.answer).toBe(`<p>${escapeHtml(deposit.value)}.</p>`);
    expect(block.content).toContain(`Statute: ${escapeHtml(deposit.citation!)}.`);
    expect(block.content).toContain(`href="${deposit.source_url}"`);
  });

  it("links each answer to its topic's comparison when it has one", () => {
    const document = buildLawDocument({
      state: { name: "Alaska" },
      facts: alaska,
      comparePaths: { late_fee_rules: "/laws/compare/late-fees" },
    });
    const lateFees = blocks(document).find((block) => block.question === lawTopic("late_fee_rules").question("Alaska"))!;
    expect(lateFees.content).toContain('<a href="/laws/compare/late-fees">Compare late fee rules in every state</a>');
    const deposit = blocks(document).find((block) => block.question === lawTopic("security_deposit_max").question("Alaska"))!;
    expect(deposit.content).not.toContain("/laws/compare/");
  });

  it('tables every statute, with "--" (an empty code) only where the fact is that no statute exists', () => {
    const document = buildLawDocument({ state: { name: "Alaska" }, facts: alaska });
    const rows = section(document, "Statutes Cited")!.content[0].rows!;
    expect(rows).toHaveLength(alaska.length);
    expect(rows).toContainEqual({ code: "AS 34.03.070(a), (h)", description: "Security deposit limit" });
    expect(rows).toContainEqual({ code: "", description: "Late fees" });

    // Wyoming's month-to-month notice cites no statute, but the fact is not that none exists.
    const wyoming = buildLawDocument({ state: { name: "Wyoming" }, facts: factsOf("WY") });
    const wyomingRows = section(wyoming, "Statutes Cited")!.content[0].rows!;
    expect(wyomingRows).toContainEqual({ code: "Not named by our source", description: "Ending a month-to-month tenancy" });
    expect(wyomingRows).toContainEqual({ code: "", description: "Late fees" });
    // Its rent control is unconfirmed (verified: false, citation "None"): never "no statute".
    expect(wyomingRows).toContainEqual({ code: "Statute not confirmed", description: lawTopic("rent_control").label });
    const rentControl = blocks(wyoming).find((block) => block.question === lawTopic("rent_control").question("Wyoming"))!;
    expect(rentControl.content).toContain("<p>Statute not confirmed.");
    expect(rentControl.content).not.toContain("no statute sets this rule");
  });

  it("shows the extra topics under their own headings exactly where the state has them", () => {
    const texas = buildLawDocument({ state: { name: "Texas" }, facts: factsOf("TX") });
    const titles = texas.scrapedData.map((entry) => entry.sectionTitle);
    for (const title of ["Property Manager Licensing", "Rent Control", "Rent Increase Notice", "Lease Violation Notice"]) expect(titles).toContain(title);
    expect(titles).not.toContain("Security Deposit Interest");

    const alabama = buildLawDocument({ state: { name: "Alabama" }, facts: factsOf("AL") });
    const alabamaTitles = alabama.scrapedData.map((entry) => entry.sectionTitle);
    expect(alabamaTitles).toContain("Rent Control");
    expect(alabamaTitles).not.toContain("Property Manager Licensing");
    expect(JSON.stringify(alabama)).not.toMatch(/not yet covered|unknown/i);
  });

  it("dates the page from the facts' files: one date, or one per file", () => {
    const alaskaCoreOnly = buildLawDocument({ state: { name: "Alaska" }, facts: alaska.filter((fact) => fact.reviewed_on === "2026-11-21") });
    expect(JSON.stringify(alaskaCoreOnly)).toContain("<strong>Last reviewed:</strong> November 21, 2026.");
    const texas = JSON.stringify(buildLawDocument({ state: { name: "Texas" }, facts: factsOf("TX") }));
    expect(texas).toContain(
      "<strong>Last reviewed:</strong> November 21, 2026; property manager licensing, rent increase notice and lease violation notice: November 23, 2026; rent control: November 25, 2026.",
    );
  });

  it("answers rent control for every state; an unconfirmed statute says so, and every source is named for what it is", () => {
    for (const abbr of new Set(core.map((entry) => entry.state_abbr))) {
      const titles = buildLawDocument({ state: { name: abbr }, facts: factsOf(abbr) }).scrapedData.map((entry) => entry.sectionTitle);
      expect({ abbr, rentControl: titles.includes("Rent Control") }).toEqual({ abbr, rentControl: true });
    }
    const newYork = blocks(buildLawDocument({ state: { name: "New York" }, facts: factsOf("NY") })).find((block) => block.question === lawTopic("rent_control").question("New York"))!;
    expect(newYork.answer).toContain("rent stabilization");
    expect(newYork.content).toMatch(/^<p>Statute: Rent Stabilization Law of 1969/);
    expect(newYork.content).toContain("Checked against <a href=");
    expect(newYork.content).toContain("a secondary source, not the official code</a>");

    const texas = blocks(buildLawDocument({ state: { name: "Texas" }, facts: factsOf("TX") })).find((block) => block.question === lawTopic("rent_control").question("Texas"))!;
    expect(texas.content).toMatch(/^<p>Statute not confirmed: Tex\. Local Gov&#39;t Code § 214\.902\./);
    expect(texas.content).toContain("We could not confirm the statute behind this entry");
    const alabama = blocks(buildLawDocument({ state: { name: "Alabama" }, facts: factsOf("AL") })).find((block) => block.question === lawTopic("rent_control").question("Alabama"))!;
    expect(alabama.content).toContain("alisondb.legislature.state.al.us, an official site");
    expect(alabama.content).not.toContain("could not confirm");
  });

  it("ends with the not-legal-advice notice and links every source once", () => {
    const document = buildLawDocument({ state: { name: "Alaska" }, facts: alaska, cityLinks: [{ name: "Anchorage", href: "/agents/AK/anchorage" }] });
    const last = document.scrapedData[document.scrapedData.length - 1];
    expect(last.sectionTitle).toBe("Important Notice");
    expect(last.content[0].content).toContain("not legal advice");
    const sources = section(document, "Sources")!.content[0].items!;
    expect(sources).toHaveLength(new Set(alaska.map((fact) => fact.source_url)).size);
    expect(section(document, "Explore Property Management")!.content[0].items).toEqual(['<a href="/agents/AK/anchorage">Anchorage</a>']);
  });

  it("leaves out a topic it has no fact for instead of inventing one", () => {
    const withoutLateFees = alaska.filter((fact) => fact.topic !== "late_fee_rules");
    const document = buildLawDocument({ state: { name: "Alaska" }, facts: withoutLateFees });
    expect(document.scrapedData.map((entry) => entry.sectionTitle)).not.toContain("Rent and Late Fees");
    expect(JSON.stringify(document)).not.toContain("Late fees");
  });

  it("escapes text so a fact can never inject markup", () => {
    const hostile: LawFact = { ...alaska[0], value: '<img src=x onerror="alert(1)">', citation: "<script>x</script>", source_url: 'https://x.test/"><b>' };
    const document = buildLawDocument({ state: { name: "Alaska" }, facts: [hostile] });
    // The HTML fields are escaped; table cells are plain text, rendered as text.
    const html = JSON.stringify(blocks(document).map(({ answer, content, items }) => ({ answer, content, items })));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toContain('"><b>');
  });

  it("has facts for all 51 jurisdictions in the reference data", () => {
    expect(new Set(core.map((entry) => entry.state_abbr)).size).toBe(51);
  });
});

describe("buildLawDocument, word for word on facts written here", () => {
  const official = "https://legis.test.gov/a";
  const fact = (topic: LawTopicKey, value: string, more: Partial<LawFact> = {}): LawFact => ({
    topic,
    value,
    citation: null,
    source_url: official,
    no_statute: false,
    reviewed_on: "2026-11-21",
    verified: true,
    ...more,
  });
  const link = (url: string, text: string) => `<a href="${url}" rel="nofollow noopener" target="_blank">${text}</a>`;
  const officialLink = link(official, "legis.test.gov, an official site");
  const note = `<strong>${UNVERIFIED_TEXT.note}</strong>`;
  const notice = { sectionTitle: "Important Notice", content: [{ content: `<p><strong>This is general information, not legal advice.</strong> ${LEGAL_NOTICE.detail}</p>` }] };
  const intro = (tail: string) =>
    "<p>This page summarizes the rules Testland sets for residential landlords and tenants: security deposits, when a landlord may enter, " +
    "how much notice ends a month-to-month tenancy, the notice required before an eviction for unpaid rent, late fees, and whether rents are controlled" +
    tail;

  it("escapes the five HTML characters, every time they occur", () => {
    expect(escapeHtml(`a&b&<<>>""''`)).toBe("a&amp;b&amp;&lt;&lt;&gt;&gt;&quot;&quot;&#39;&#39;");
  });

  it("builds every section in order: answers under their headings, each statute case in its words, the table, the sources and the links", () => {
    const facts = [
      fact("property_manager_license", "Yes, a broker license is required.", { source_url: "https://www.realtors.example.com/lic", reviewed_on: "2026-11-23" }),
      fact("main_statute", "The Residential Landlord and Tenant Act!", { citation: "Stat. ch. 2", reviewed_on: "2026-11-23" }),
      fact("rent_control", "  Preempted statewide  ", { citation: "R.C. 5", verified: false, source_url: "http://www.rent.example.org/x" }),
      fact("late_fee_rules", "No statute limits late fees", { no_statute: true, source_url: "https://guide.example.com/fees" }),
      fact("security_deposit_return_deadline", "Within 14 days; is that all? ", { verified: false }),
      fact("security_deposit_max", "Two months' rent, i.e. 2 mo", { citation: "Stat. § 1" }),
    ];
    const document = buildLawDocument({
      state: { name: "Testland" },
      facts,
      cityLinks: [{ name: "Springfield & Shelbyville", href: "/agents/TL/springfield?a=1&b=2" }],
      comparePaths: { main_statute: "/c/main", late_fee_rules: "/c/late" },
    });
    const question = (topic: LawTopicKey) => lawTopic(topic).question("Testland");
    expect(document.scrapedData).toEqual([
      {
        sectionTitle: "Testland Landlord Tenant Laws at a Glance",
        content: [
          { content: intro("; it also covers property manager licensing.</p>") },
          { content: "<p><strong>Last reviewed:</strong> November 21, 2026; main landlord-tenant statute and property manager licensing: November 23, 2026.</p>" },
          {
            question: question("main_statute"),
            answer: "<p>The Residential Landlord and Tenant Act!</p>",
            content: `<p>Statute: Stat. ch. 2. Checked against ${officialLink}. <a href="/c/main">Compare main landlord-tenant statutes in every state</a></p>`,
          },
        ],
      },
      {
        sectionTitle: "Security Deposits",
        content: [
          { question: question("security_deposit_max"), answer: "<p>Two months&#39; rent, i.e. 2 mo.</p>", content: `<p>Statute: Stat. § 1. Checked against ${officialLink}.</p>` },
          { question: question("security_deposit_return_deadline"), answer: "<p>Within 14 days; is that all?</p>", content: `<p>Statute not confirmed. ${note} Checked against ${officialLink}.</p>` },
        ],
      },
      {
        sectionTitle: "Rent and Late Fees",
        content: [
          {
            question: question("late_fee_rules"),
            answer: "<p>No statute limits late fees.</p>",
            content: `<p>Statute: none; no statute sets this rule. Checked against ${link("https://guide.example.com/fees", "guide.example.com, a secondary source, not the official code")}. <a href="/c/late">Compare late fee rules in every state</a></p>`,
          },
        ],
      },
      {
        sectionTitle: "Rent Control",
        content: [
          {
            question: question("rent_control"),
            answer: "<p>Preempted statewide.</p>",
            content: `<p>Statute not confirmed: R.C. 5. ${note} Checked against ${link("http://www.rent.example.org/x", "rent.example.org, a secondary source, not the official code")}.</p>`,
          },
        ],
      },
      {
        sectionTitle: "Property Manager Licensing",
        content: [
          {
            question: question("property_manager_license"),
            answer: "<p>Yes, a broker license is required.</p>",
            content: `<p>Statute: not named by our source. Checked against ${link("https://www.realtors.example.com/lic", "realtors.example.com, a secondary source, not the official code")}.</p>`,
          },
        ],
      },
      {
        sectionTitle: "Statutes Cited",
        content: [
          {
            rows: [
              { code: "Stat. § 1", description: "Security deposit limit" },
              { code: "Statute not confirmed", description: "Security deposit return deadline" },
              { code: "", description: "Late fees" },
              { code: "R.C. 5", description: "Rent control" },
              { code: "Stat. ch. 2", description: "Main landlord-tenant statute" },
              { code: "Not named by our source", description: "Property manager license" },
            ],
          },
        ],
      },
      {
        sectionTitle: "Sources",
        content: [
          {
            content:
              "<p>Each summary above was checked against one of these pages. 3 of them are secondary sources (guides and summaries), not the official code: " +
              "the statute named with each rule is what to look up.</p>",
            items: [
              officialLink,
              link("https://guide.example.com/fees", "guide.example.com, a secondary source, not the official code"),
              link("http://www.rent.example.org/x", "rent.example.org, a secondary source, not the official code"),
              link("https://www.realtors.example.com/lic", "realtors.example.com, a secondary source, not the official code"),
            ],
          },
        ],
      },
      {
        sectionTitle: "Explore Property Management",
        content: [
          {
            content: "<p>Looking for help with a rental in Testland? Compare local property managers:</p>",
            items: ['<a href="/agents/TL/springfield?a=1&amp;b=2">Springfield &amp; Shelbyville</a>'],
          },
        ],
      },
      notice,
    ]);
  });

  it("has only the overview and the notice without facts: no review date, table or sources", () => {
    expect(buildLawDocument({ state: { name: "Testland" }, facts: [] }).scrapedData).toEqual([
      { sectionTitle: "Testland Landlord Tenant Laws at a Glance", content: [{ content: intro(".</p>") }] },
      notice,
    ]);
  });

  it("dates the page by the date most facts share (the earlier on a tie), naming a section once", () => {
    const reviewed = (facts: LawFact[]) => buildLawDocument({ state: { name: "Testland" }, facts }).scrapedData[0].content[1].content;
    expect(
      reviewed([
        fact("security_deposit_max", "One month"),
        fact("security_deposit_return_deadline", "30 days"),
        fact("late_fee_rules", "Ten percent", { reviewed_on: "2026-11-25" }),
        fact("rent_control", "None", { reviewed_on: "2026-11-25" }),
        fact("landlord_entry_notice", "A day", { reviewed_on: "2026-11-25" }),
      ]),
    ).toBe("<p><strong>Last reviewed:</strong> November 25, 2026; security deposits: November 21, 2026.</p>");
    expect(reviewed([fact("late_fee_rules", "Ten percent", { reviewed_on: "2026-11-23" }), fact("landlord_entry_notice", "A day", { reviewed_on: "2026-11-21" })])).toBe(
      "<p><strong>Last reviewed:</strong> November 21, 2026; rent and late fees: November 23, 2026.</p>",
    );
  });

  it("says how many sources are secondary: none, the only one, all, or some", () => {
    const sourcesText = (urls: string[]) =>
      section(buildLawDocument({ state: { name: "Testland" }, facts: urls.map((url, index) => fact(LAW_TOPICS[index].key, "Yes", { source_url: url })) }), "Sources")!.content[0].content;
    const lead = "<p>Each summary above was checked against one of these pages.";
    const tail = " (guides and summaries), not the official code: the statute named with each rule is what to look up.</p>";
    expect(sourcesText([official, "https://ok.state.us/b"])).toBe(`${lead}</p>`);
    expect(sourcesText(["https://guide.example.com/a"])).toBe(`${lead} It is a secondary source${tail}`);
    expect(sourcesText(["https://guide.example.com/a", "https://guide.example.com/b"])).toBe(`${lead} All are secondary sources${tail}`);
    expect(sourcesText([official, "https://guide.example.com/a"])).toBe(`${lead} 1 of them are secondary sources${tail}`);
  });
});
