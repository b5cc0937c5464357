/**
 * The landlord-tenant topics of the law pages, in one place: their keys in the facts files,
 * their URL slugs, titles, the question each answers on a state page, the section it sits in,
 * and which of them get a 50-state comparison page. The seeder, the service, the sitemap, the
 * pages and the tests all read them from here.
 *
 * Plain values and small functions only: the browser may import this file.
 */

export type LawTopicKey =
  | "security_deposit_max"
  | "security_deposit_return_deadline"
  | "landlord_entry_notice"
  | "month_to_month_termination_notice"
  | "nonpayment_notice_before_filing"
  | "late_fee_rules"
  | "main_statute"
  | "property_manager_license"
  | "security_deposit_interest"
  | "rent_control"
  | "rent_increase_notice"
  | "lease_violation_notice";

export type LawTopic = {
  key: LawTopicKey;
  /** The comparison page's address segment: `/laws/compare/{slug}`. */
  slug: string;
  /** The comparison page's title (its h1). */
  title: string;
  /** Sentence case, for the Description column of the statutes table and the compare column. */
  label: string;
  /** Lower case, for links: "Compare {phrase} in every state". */
  phrase: string;
  /** What the topic is about, in neutral words (the first sentence of a comparison page). */
  description: string;
  /** The question it answers on a state page. */
  question: (state: string) => string;
  /** The state page section it belongs to. */
  section: string;
  /**
   * "core": every jurisdiction has the fact (landlord-tenant-facts.json, and rent control from
   * rent-control-facts.json); "extra": partial coverage (landlord-tenant-facts-extra.json), a
   * missing state is "not yet covered".
   */
  coverage: "core" | "extra";
  /** Whether the topic can have a comparison page at all (the main statute is not a rule to compare). */
  comparable: boolean;
};

/** An extra topic gets its own comparison page once this many jurisdictions have a fact. */
export const COMPARE_MIN_STATES = 15;

/** 50 states and the District of Columbia. */
export const JURISDICTION_COUNT = 51;

/** In the order they appear on a state page and in every list of topics. */
export const LAW_TOPICS: readonly LawTopic[] = [
  {
    key: "security_deposit_max",
    slug: "security-deposit-limits",
    title: "Security Deposit Limits by State",
    label: "Security deposit limit",
    phrase: "security deposit limits",
    description: "How much a landlord may collect from a residential tenant as a security deposit.",
    question: (state) => `How much can a landlord charge for a security deposit in ${state}?`,
    section: "Security Deposits",
    coverage: "core",
    comparable: true,
  },
  {
    key: "security_deposit_return_deadline",
    slug: "security-deposit-return-deadlines",
    title: "Security Deposit Return Deadlines by State",
    label: "Security deposit return deadline",
    phrase: "security deposit return deadlines",
    description: "How long a landlord has to return a residential tenant's security deposit after the tenancy ends.",
    question: (state) => `When must a landlord return a security deposit in ${state}?`,
    section: "Security Deposits",
    coverage: "core",
    comparable: true,
  },
  {
    key: "landlord_entry_notice",
    slug: "landlord-entry-notice",
    title: "Landlord Entry Notice by State",
    label: "Landlord entry notice",
    phrase: "landlord entry notice rules",
    description: "How much notice a landlord must give before entering a rented home.",
    question: (state) => `How much notice must a landlord give before entering a rental in ${state}?`,
    section: "Landlord Access to the Rental",
    coverage: "core",
    comparable: true,
  },
  {
    key: "month_to_month_termination_notice",
    slug: "month-to-month-termination-notice",
    title: "Notice to End a Month-to-Month Tenancy by State",
    label: "Ending a month-to-month tenancy",
    phrase: "notice periods for ending a month-to-month tenancy",
    description: "How much notice ends a month-to-month residential tenancy.",
    question: (state) => `How much notice ends a month-to-month tenancy in ${state}?`,
    section: "Ending a Tenancy and Unpaid Rent",
    coverage: "core",
    comparable: true,
  },
  {
    key: "nonpayment_notice_before_filing",
    slug: "nonpayment-eviction-notice",
    title: "Eviction Notice for Unpaid Rent by State",
    label: "Notice for nonpayment of rent",
    phrase: "notices for unpaid rent",
    description: "The notice a landlord must give a tenant who has not paid rent before filing an eviction case.",
    question: (state) => `What notice must a landlord give for unpaid rent before filing an eviction in ${state}?`,
    section: "Ending a Tenancy and Unpaid Rent",
    coverage: "core",
    comparable: true,
  },
  {
    key: "late_fee_rules",
    slug: "late-fees",
    title: "Late Fee Rules by State",
    label: "Late fees",
    phrase: "late fee rules",
    description: "Whether a state limits the late fees a landlord may charge on rent, or requires a grace period first.",
    question: (state) => `What are the rules on late fees in ${state}?`,
    section: "Rent and Late Fees",
    coverage: "core",
    comparable: true,
  },
  {
    key: "rent_control",
    slug: "rent-control",
    title: "Rent Control by State",
    label: "Rent control",
    phrase: "rent control rules",
    description: "Whether a state caps rents statewide, allows local rent control (or rent stabilization), or preempts it.",
    question: (state) => `Does ${state} have rent control?`,
    section: "Rent Control",
    coverage: "core",
    comparable: true,
  },
  {
    key: "main_statute",
    slug: "landlord-tenant-statutes",
    title: "Main Landlord-Tenant Statute by State",
    label: "Main landlord-tenant statute",
    phrase: "main landlord-tenant statutes",
    description: "The main statute that governs residential rentals.",
    question: (state) => `Which law governs residential rentals in ${state}?`,
    section: "",
    coverage: "core",
    comparable: false,
  },
  {
    key: "property_manager_license",
    slug: "property-manager-licensing",
    title: "Property Manager License Requirements by State",
    label: "Property manager license",
    phrase: "property manager license rules",
    description:
      "Whether managing rental property for others for pay needs a real estate broker (or property management) license, and who issues it.",
    question: (state) => `Does ${state} require a license to manage rentals for others?`,
    section: "Property Manager Licensing",
    coverage: "extra",
    comparable: true,
  },
  {
    key: "security_deposit_interest",
    slug: "security-deposit-interest",
    title: "Security Deposit Interest and Accounts by State",
    label: "Security deposit interest",
    phrase: "security deposit interest rules",
    description: "Whether a landlord must pay interest on a security deposit, or keep it in a separate or escrow account.",
    question: (state) => `Must a landlord pay interest on a security deposit, or keep it in a separate account, in ${state}?`,
    section: "Security Deposit Interest",
    coverage: "extra",
    comparable: true,
  },
  {
    key: "rent_increase_notice",
    slug: "rent-increase-notice",
    title: "Rent Increase Notice by State",
    label: "Rent increase notice",
    phrase: "rent increase notice rules",
    description: "The notice a landlord must give before raising the rent on a periodic tenancy.",
    question: (state) => `How much notice must a landlord give before raising the rent in ${state}?`,
    section: "Rent Increase Notice",
    coverage: "extra",
    comparable: true,
  },
  {
    key: "lease_violation_notice",
    slug: "lease-violation-notice",
    title: "Lease Violation Notice by State",
    label: "Notice for a lease violation",
    phrase: "notices for lease violations",
    description: "The notice a landlord must give before filing an eviction for a lease violation other than unpaid rent.",
    question: (state) => `What notice must a landlord give for a lease violation before filing an eviction in ${state}?`,
    section: "Lease Violation Notice",
    coverage: "extra",
    comparable: true,
  },
];

export const LAW_TOPIC_KEYS = LAW_TOPICS.map((topic) => topic.key) as [LawTopicKey, ...LawTopicKey[]];

const byKey = new Map(LAW_TOPICS.map((topic) => [topic.key as string, topic]));
const bySlug = new Map(LAW_TOPICS.map((topic) => [topic.slug, topic]));

export const isLawTopicKey = (key: string): key is LawTopicKey => byKey.has(key);

export function lawTopic(key: LawTopicKey): LawTopic {
  return byKey.get(key)!;
}

/** A topic by its slug ("late-fees") or its key ("late_fee_rules"), in any case. */
export function findLawTopic(slugOrKey: string): LawTopic | undefined {
  const wanted = slugOrKey.trim().toLowerCase();
  return bySlug.get(wanted) ?? byKey.get(wanted);
}

/** Position of a topic in LAW_TOPICS, for sorting facts the way the pages show them. */
export const lawTopicOrder = (key: string) => LAW_TOPICS.findIndex((topic) => topic.key === key);

/** Whether a topic has its own comparison page, given how many jurisdictions have a fact on it. */
export function hasComparePage(topic: LawTopic, states: number): boolean {
  return topic.comparable && (topic.coverage === "core" ? states > 0 : states >= COMPARE_MIN_STATES);
}

/**
 * The fact is the absence of a statute ("No statutory limit", "No statute sets an entry notice
 * period"): it cites nothing because there is nothing to cite. Only these show "--" in the Code
 * column; a fact whose source simply named no statute says so instead, and one its file could not
 * confirm (`verified: false`, Wyoming's rent control) is "Statute not confirmed", never "No statute".
 */
export function isNoStatuteFact(fact: { value: string; citation: string | null; /** absent: confirmed, as in the files */ verified?: boolean }): boolean {
  return fact.verified !== false && fact.citation === null && /^no\b/i.test(fact.value.trim());
}

/** What stands in the statute column when a fact cites none. */
export const STATUTE_TEXT = {
  none: "No statute",
  notNamed: "Not named by our source",
  notCovered: "Not yet covered",
} as const;

/**
 * A comparison page's coverage, counted from its rows: the second sentence of its introduction,
 * and part of its description (lawCompareSummary), where the marketers' workspace reads it too.
 */
export function lawCoverageSentence(rows: readonly { value: string | null; no_statute: boolean }[]): string {
  const covered = rows.filter((row) => row.value !== null).length;
  const noStatute = rows.filter((row) => row.no_statute).length;
  return covered >= JURISDICTION_COUNT
    ? `The table gives the rule in each of the 50 states and the District of Columbia, in plain words.${noStatute > 0 ? ` In ${noStatute} of them no statute sets the rule ("No statute").` : ""}`
    : `We have a sourced answer for ${covered} of the ${JURISDICTION_COUNT} jurisdictions so far; the other ${JURISDICTION_COUNT - covered} are marked "Not yet covered" rather than guessed.`;
}

/** A comparison page's meta description: the topic's description and its coverage, at most 300 characters. */
export function lawCompareSummary(description: string, rows: readonly { value: string | null; no_statute: boolean }[]): string {
  return `${description} ${lawCoverageSentence(rows)}`.slice(0, 300);
}

/** "2026-11-23" → "November 23, 2026" (the date as written, whatever the server's time zone). */
export function formatReviewedDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}

/** The notice every law page and table carries near the top and at the end. */
export const LEGAL_NOTICE = {
  lead: "General information, not legal advice.",
  /** Near the top: short, so the rules come soon on a phone. */
  brief: "Cities and counties may add stricter rules, and laws change: check the official code before you act.",
  detail:
    "Cities and counties often add stricter rules, and legislatures change landlord-tenant law regularly. " +
    "Check the current official code and your local ordinances, or speak with a licensed attorney, before you act.",
} as const;

/** The host of a source page, for link text: "https://www.flsenate.gov/…" → "flsenate.gov". */
export function sourceHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * What kind of page a fact was checked against, so the pages can name it as such: "official" for
 * a government or legislature site (a .gov or .us host, or a legislature's own), "secondary" for
 * everything else (landlord guides, legal-form sites, statute mirrors such as law.justia.com).
 */
export function sourceKind(url: string): "official" | "secondary" {
  const host = sourceHost(url);
  return /\.(gov|us)$/.test(host) || /(^|\.)(legis|legislature|capitol|senate|house)[a-z]*\./.test(host) ? "official" : "secondary";
}

/** "flsenate.gov, an official site" / "ipropertymanagement.com, a secondary source". */
export function checkedAgainstText(url: string): string {
  return `${sourceHost(url)}, ${sourceKind(url) === "official" ? "an official site" : "a secondary source, not the official code"}`;
}

/** What the pages say about a fact whose statute its file could not confirm (`verified: false`). */
export const UNVERIFIED_TEXT = {
  short: "Statute not confirmed",
  note: "We could not confirm the statute behind this entry in the official code: treat it as unsettled and check the current law before you rely on it.",
} as const;

/** A section title as an in-page anchor: "Property Manager Licensing" → "property-manager-licensing". */
export function sectionAnchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
