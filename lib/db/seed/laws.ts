import type { LawBlock, LawDocument, LawSection } from "../../api/contract";

/** One entry of seed-data/landlord-tenant-facts.json. */
export type LawFact = {
  state_abbr: string;
  topic: LawTopic;
  value: string;
  citation: string | null;
  source_url: string;
};

export type LawTopic =
  | "security_deposit_max"
  | "security_deposit_return_deadline"
  | "landlord_entry_notice"
  | "month_to_month_termination_notice"
  | "nonpayment_notice_before_filing"
  | "late_fee_rules"
  | "main_statute";

type StateInfo = { name: string; abbreviation: string };
type CityLink = { name: string; href: string };

/** The question each topic answers, and the line it gets in the table of statutes. */
const TOPICS: Record<Exclude<LawTopic, "main_statute">, { question: (state: string) => string; label: string }> = {
  security_deposit_max: {
    question: (state) => `How much can a landlord charge for a security deposit in ${state}?`,
    label: "Security deposit limit",
  },
  security_deposit_return_deadline: {
    question: (state) => `When must a landlord return a security deposit in ${state}?`,
    label: "Security deposit return deadline",
  },
  landlord_entry_notice: {
    question: (state) => `How much notice must a landlord give before entering a rental in ${state}?`,
    label: "Landlord entry notice",
  },
  month_to_month_termination_notice: {
    question: (state) => `How much notice ends a month-to-month tenancy in ${state}?`,
    label: "Ending a month-to-month tenancy",
  },
  nonpayment_notice_before_filing: {
    question: (state) => `What notice must a landlord give for unpaid rent before filing an eviction in ${state}?`,
    label: "Notice for nonpayment of rent",
  },
  late_fee_rules: {
    question: (state) => `What are the rules on late fees in ${state}?`,
    label: "Late fees",
  },
};

const SECTIONS: { title: string; topics: (keyof typeof TOPICS)[] }[] = [
  { title: "Security Deposits", topics: ["security_deposit_max", "security_deposit_return_deadline"] },
  { title: "Landlord Access to the Rental", topics: ["landlord_entry_notice"] },
  { title: "Ending a Tenancy and Unpaid Rent", topics: ["month_to_month_termination_notice", "nonpayment_notice_before_filing"] },
  { title: "Rent and Late Fees", topics: ["late_fee_rules"] },
];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Builds a state's law page from its facts, in the scrapedData structure of spec section 3:
 * an overview, question/answer blocks per topic, a Code / Description table of the statutes
 * cited, the "not legal advice" notice and the sources. Nothing is added that the facts do not say;
 * a topic without a fact is left out.
 */
export function buildLawDocument(state: StateInfo, facts: LawFact[], cityLinks: CityLink[] = []): LawDocument {
  const byTopic = new Map(facts.map((fact) => [fact.topic, fact]));
  const name = state.name;
  const sections: LawSection[] = [];

  const statute = byTopic.get("main_statute");
  const overview: LawBlock[] = [
    {
      content:
        `<p>This page summarizes the rules ${escapeHtml(name)} sets for residential landlords and tenants: ` +
        "security deposits, when a landlord may enter, how much notice ends a month-to-month tenancy, " +
        "the notice required before an eviction for unpaid rent, and late fees.</p>",
    },
  ];
  if (statute) {
    overview.push({
      question: `Which law governs residential rentals in ${name}?`,
      answer: `<p>${escapeHtml(sentence(`${statute.value.replace(/[.\s]+$/, "")}${statute.citation ? ` (${statute.citation})` : ""}`))}</p>`,
    });
  }
  sections.push({ sectionTitle: `${name} Landlord Tenant Laws at a Glance`, content: overview });

  for (const section of SECTIONS) {
    const blocks: LawBlock[] = section.topics.flatMap((topic) => {
      const fact = byTopic.get(topic);
      if (!fact) return [];
      return [{ question: TOPICS[topic].question(name), answer: `<p>${escapeHtml(sentence(fact.value))}</p>` }];
    });
    if (blocks.length > 0) sections.push({ sectionTitle: section.title, content: blocks });
  }

  const rows = [...Object.keys(TOPICS), "main_statute"].flatMap((topic) => {
    const fact = byTopic.get(topic as LawTopic);
    if (!fact) return [];
    const label = topic === "main_statute" ? "Main landlord-tenant statute" : TOPICS[topic as keyof typeof TOPICS].label;
    // An empty code cell is shown as "--": the rule comes from the absence of a statute.
    return [{ code: fact.citation ?? "", description: label }];
  });
  if (rows.length > 0) {
    sections.push({ sectionTitle: "Statutes Cited", content: [{ rows }] });
  }

  sections.push({
    sectionTitle: "Important Notice",
    content: [
      {
        content:
          "<p><strong>This is general information, not legal advice.</strong> Cities and counties often add " +
          "stricter rules, and legislatures change landlord-tenant law regularly. Check the current official " +
          `code of ${escapeHtml(name)} and your local ordinances, or speak with a licensed attorney, before you act.</p>`,
      },
    ],
  });

  const sources = [...new Set(facts.map((fact) => fact.source_url))];
  if (sources.length > 0) {
    sections.push({
      sectionTitle: "Sources",
      content: [
        {
          content: "<p>Each summary above was checked against these pages:</p>",
          items: sources.map((url) => {
            const host = new URL(url).hostname.replace(/^www\./, "");
            return `<a href="${escapeHtml(url)}" rel="nofollow noopener" target="_blank">${escapeHtml(host)}</a>`;
          }),
        },
      ],
    });
  }

  if (cityLinks.length > 0) {
    // The title of this section is hidden on the page (spec 2.6); its links lead to local managers.
    sections.push({
      sectionTitle: "Explore Property Management",
      content: [
        {
          content: `<p>Looking for help with a rental in ${escapeHtml(name)}? Compare local property managers:</p>`,
          items: cityLinks.map((city) => `<a href="${escapeHtml(city.href)}">${escapeHtml(city.name)}</a>`),
        },
      ],
    });
  }

  return { scrapedData: sections };
}
