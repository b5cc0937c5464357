import type { LawBlock, LawDocument, LawFact, LawSection } from "../contract";
import {
  LAW_TOPICS,
  LEGAL_NOTICE,
  STATUTE_TEXT,
  UNVERIFIED_TEXT,
  checkedAgainstText,
  formatReviewedDate,
  lawTopic,
  sourceKind,
  type LawTopicKey,
} from "../contract/law-topics";

type StateInfo = { name: string };
type Link = { name: string; href: string };

export type LawDocumentInput = {
  state: StateInfo;
  /** The state's facts, any order. */
  facts: LawFact[];
  /** Local manager pages, shown under the spec's hidden "Explore Property Management" title. */
  cityLinks?: Link[];
  /** Where each topic's 50-state comparison lives, for the topics that have one. */
  comparePaths?: Partial<Record<LawTopicKey, string>>;
};

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** What a statute cell holds: the citation, "" (shown as "--") for no statute, or why none is named or confirmed. */
function statuteCode(fact: Pick<LawFact, "citation" | "no_statute" | "verified">): string {
  return fact.citation ?? (fact.no_statute ? "" : fact.verified ? STATUTE_TEXT.notNamed : UNVERIFIED_TEXT.short);
}

/**
 * The line under an answer: its statute first, then the page it was checked against named as
 * what it is (an official site or a secondary source), and the topic's 50-state comparison. A
 * statute the facts file could not confirm says so.
 */
function citationLine(fact: LawFact, comparePath: string | undefined): string {
  const topic = lawTopic(fact.topic);
  const statute = fact.citation
    ? `${fact.verified ? "Statute" : `${UNVERIFIED_TEXT.short}`}: ${escapeHtml(sentence(fact.citation))}`
    : fact.no_statute
      ? "Statute: none; no statute sets this rule."
      : fact.verified
        ? `Statute: ${STATUTE_TEXT.notNamed.toLowerCase()}.`
        : `${UNVERIFIED_TEXT.short}.`;
  const unverified = fact.verified ? "" : ` <strong>${escapeHtml(UNVERIFIED_TEXT.note)}</strong>`;
  const checked = `Checked against <a href="${escapeHtml(fact.source_url)}" rel="nofollow noopener" target="_blank">${escapeHtml(checkedAgainstText(fact.source_url))}</a>.`;
  const compare = comparePath ? ` <a href="${escapeHtml(comparePath)}">Compare ${escapeHtml(topic.phrase)} in every state</a>` : "";
  return `<p>${statute}${unverified} ${checked}${compare}</p>`;
}

function answerBlock(state: string, fact: LawFact, comparePath: string | undefined): LawBlock {
  return {
    question: lawTopic(fact.topic).question(state),
    answer: `<p>${escapeHtml(sentence(fact.value))}</p>`,
    content: citationLine(fact, comparePath),
  };
}

/** How many of the pages are secondary sources, said plainly (the statute is what to look up). */
function sourcesNote(sources: string[]): string {
  const secondary = sources.filter((url) => sourceKind(url) === "secondary").length;
  if (secondary === 0) return "";
  const which = secondary === sources.length ? (sources.length === 1 ? "It is a secondary source" : "All are secondary sources") : `${secondary} of them are secondary sources`;
  return ` ${which} (guides and summaries), not the official code: the statute named with each rule is what to look up.`;
}

/** How the page names a topic in running text: its section ("rent control"), or its label. */
const topicWords = (fact: LawFact) => (lawTopic(fact.topic).section || lawTopic(fact.topic).label).toLowerCase();

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/**
 * "Last reviewed" from the facts' own files: the date most of the page's facts share, then any
 * other date with the topics it covers ("November 23, 2026 for property manager license").
 */
function reviewedLine(facts: LawFact[]): string {
  const byDate = new Map<string, LawFact[]>();
  for (const fact of facts) byDate.set(fact.reviewed_on, [...(byDate.get(fact.reviewed_on) ?? []), fact]);
  const [main, ...others] = [...byDate.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const rest = others.map(([date, dated]) => `; ${escapeHtml(joinWords([...new Set(dated.map(topicWords))]))}: ${formatReviewedDate(date)}`);
  return `<p><strong>Last reviewed:</strong> ${formatReviewedDate(main[0])}${rest.join("")}.</p>`;
}

/**
 * Builds a state's law page from its facts, in the scrapedData structure of spec section 3: an
 * overview with the review date, question/answer blocks grouped by section (each answer followed
 * by its statute, its source and a link to the topic's 50-state comparison), the topics of
 * partial coverage where the state has them (and nothing where it has not), a Code / Description
 * table of the statutes, the sources, local manager links, and the "not legal advice" notice at
 * the end. Nothing is added that the facts do not say; a topic without a fact is left out.
 */
export function buildLawDocument({ state, facts, cityLinks = [], comparePaths = {} }: LawDocumentInput): LawDocument {
  const byTopic = new Map(facts.map((fact) => [fact.topic, fact]));
  const ordered = LAW_TOPICS.flatMap((topic) => byTopic.get(topic.key) ?? []);
  const name = state.name;
  const sections: LawSection[] = [];

  const extraLabels = ordered.filter((fact) => lawTopic(fact.topic).coverage === "extra").map(topicWords);
  const overview: LawBlock[] = [
    {
      content:
        `<p>This page summarizes the rules ${escapeHtml(name)} sets for residential landlords and tenants: ` +
        "security deposits, when a landlord may enter, how much notice ends a month-to-month tenancy, " +
        "the notice required before an eviction for unpaid rent, late fees, and whether rents are controlled" +
        (extraLabels.length > 0 ? `; it also covers ${escapeHtml(joinWords(extraLabels))}.</p>` : ".</p>"),
    },
  ];
  if (ordered.length > 0) overview.push({ content: reviewedLine(ordered) });
  const statute = byTopic.get("main_statute");
  if (statute) overview.push(answerBlock(name, statute, comparePaths.main_statute));
  sections.push({ sectionTitle: `${name} Landlord Tenant Laws at a Glance`, content: overview });

  const sectionTitles = [...new Set(LAW_TOPICS.map((topic) => topic.section).filter(Boolean))];
  for (const title of sectionTitles) {
    const blocks = ordered.filter((fact) => lawTopic(fact.topic).section === title).map((fact) => answerBlock(name, fact, comparePaths[fact.topic]));
    if (blocks.length > 0) sections.push({ sectionTitle: title, content: blocks });
  }

  // Main statute last among the core topics, as the table always had it; then the extra topics.
  const tableOrder = [...ordered.filter((fact) => lawTopic(fact.topic).coverage === "core" && fact.topic !== "main_statute"), ...(statute ? [statute] : []), ...ordered.filter((fact) => lawTopic(fact.topic).coverage === "extra")];
  const rows = tableOrder.map((fact) => ({ code: statuteCode(fact), description: lawTopic(fact.topic).label }));
  if (rows.length > 0) sections.push({ sectionTitle: "Statutes Cited", content: [{ rows }] });

  const sources = [...new Set(ordered.map((fact) => fact.source_url))];
  if (sources.length > 0) {
    sections.push({
      sectionTitle: "Sources",
      content: [
        {
          content: `<p>Each summary above was checked against one of these pages.${sourcesNote(sources)}</p>`,
          items: sources.map((url) => `<a href="${escapeHtml(url)}" rel="nofollow noopener" target="_blank">${escapeHtml(checkedAgainstText(url))}</a>`),
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

  sections.push({
    sectionTitle: "Important Notice",
    content: [
      {
        content:
          `<p><strong>This is general information, not legal advice.</strong> ${escapeHtml(LEGAL_NOTICE.detail)}</p>`,
      },
    ],
  });

  return { scrapedData: sections };
}
