/**
 * A proposal worded and added up the same way on the server and in the browser: the
 * first-year cost at the owner's rent and unit count, the differences from the manager's
 * directory profile, and the assumption read from the owner's answers. Plain functions (no zod at
 * runtime: the browser imports this).
 */
import type { CostAssumption, Fees, StoredProposal } from ".";
import { DEFAULT_MONTHLY_RENT } from "./site";
import { NO_FEES, formatMoney, formatPercent, managementFeeText } from "./fees";
import { firstYearCost } from "./first-year-cost";

type Terms = Pick<StoredProposal, "management_percent" | "management_flat" | "leasing_percent" | "setup_fee" | "renewal_fee" | "maintenance_markup_percent">;
/** What the first-year cost adds up. */
export type FirstYearTerms = Pick<Terms, "management_percent" | "management_flat" | "leasing_percent" | "setup_fee">;

/**
 * The first year of a proposal for `units` units at `rent` a month each, added up by the
 * directory's one rule (firstYearCost). A fee the manager left empty is not charged (the form says
 * so), so it counts as 0 and the total is always known. Renewal and markup stay apart.
 */
export function proposalFirstYear(terms: FirstYearTerms, rent: number, units: number): { management: number; leasing: number; setup: number; total: number } {
  const charged: Fees = {
    ...NO_FEES,
    management_percent: terms.management_percent,
    management_flat: terms.management_percent === null ? (terms.management_flat ?? 0) : null,
    leasing_percent: terms.leasing_percent ?? 0,
    setup_fee: terms.setup_fee ?? 0,
  };
  const cost = firstYearCost({ fees: charged, monthlyRent: rent, units });
  return { management: cost.management ?? 0, leasing: cost.leasing ?? 0, setup: cost.setup ?? 0, total: cost.total ?? 0 };
}

export function managementText(terms: Pick<Terms, "management_percent" | "management_flat">): string {
  if (terms.management_percent !== null) return `${formatPercent(terms.management_percent)} of collected rent`;
  if (terms.management_flat !== null) return `${formatMoney(terms.management_flat)} a month per unit`;
  return "None";
}

const percentText = (value: number | null, what: string) => (value === null || value === 0 ? "None" : `${formatPercent(value)} ${what}`);
const dollarsText = (value: number | null) => (value === null || value === 0 ? "None" : formatMoney(value));

/** A proposal's fees as labelled rows (the comparison's and the manager's summary). */
export function proposalFeeRows(terms: Terms): { key: keyof Terms | "management"; label: string; value: string }[] {
  return [
    { key: "management", label: "Management fee", value: managementText(terms) },
    { key: "leasing_percent", label: "Leasing / placement fee", value: percentText(terms.leasing_percent, "of one month's rent") },
    { key: "setup_fee", label: "Setup fee", value: dollarsText(terms.setup_fee) },
    { key: "renewal_fee", label: "Lease renewal fee", value: dollarsText(terms.renewal_fee) },
    { key: "maintenance_markup_percent", label: "Maintenance markup", value: percentText(terms.maintenance_markup_percent, "on vendor invoices") },
  ];
}

/**
 * Where a proposal's fee differs from what the manager's directory profile lists: each such fee
 * with the profile's wording. A fee the profile does not list is not a difference.
 */
export function profileDifferences(profile: Fees, terms: Terms): { label: string; profile: string }[] {
  const profileTerms: Terms = {
    management_percent: profile.management_percent,
    management_flat: profile.management_flat,
    leasing_percent: profile.leasing_percent,
    setup_fee: profile.setup_fee,
    renewal_fee: profile.renewal_fee,
    maintenance_markup_percent: profile.maintenance_markup_percent,
  };
  const listed: Record<string, boolean> = {
    management: profile.management_percent !== null || profile.management_flat !== null,
    leasing_percent: profile.leasing_percent !== null,
    setup_fee: profile.setup_fee !== null,
    renewal_fee: profile.renewal_fee !== null,
    maintenance_markup_percent: profile.maintenance_markup_percent !== null,
  };
  const theirs = proposalFeeRows(profileTerms);
  return proposalFeeRows(terms).flatMap((row, index) => {
    const other = theirs[index];
    if (!listed[row.key] || other.value === row.value) return [];
    // The profile's management fee in the directory's own words (its flat fee is per month, as listed).
    return [{ label: row.label, profile: row.key === "management" ? (managementFeeText(profile) ?? other.value) : other.value }];
  });
}

/** "$1,500 to $2,000" → 1750; "Under $1,000" → 1000; "Over $3,000" → 3000. */
function rentOfAnswer(answer: string): number | null {
  const amounts = [...answer.matchAll(/\$([\d,]+)/g)].map((match) => Number(match[1].replace(/,/g, "")));
  if (amounts.length === 0 || amounts.some((amount) => !Number.isFinite(amount) || amount <= 0)) return null;
  return amounts.length >= 2 ? Math.round((amounts[0] + amounts[1]) / 2) : amounts[0];
}

/** "2 to 4 units" → 2 (the fewest the answer allows); "Under 25" → 25 is no count: null. */
function unitsOfAnswer(answer: string): number | null {
  const match = /^(\d+)\s+(to|or)\b/.exec(answer.trim()) ?? /^(\d+)\s+(units?|spaces?|homes?)\b/.exec(answer.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The rent and unit count the comparison starts from: the owner's answers about rent and units
 * when they gave them (a range's middle, a unit range's lowest count), else one unit at the
 * directory's default rent. The page shows which it is, and the owner may change both.
 */
export function assumptionOf(answers: readonly { question: string; answer: string | readonly string[] }[]): CostAssumption {
  let rent: number | null = null;
  let units: number | null = null;
  for (const { question, answer } of answers) {
    const text = Array.isArray(answer) ? answer.join(" ") : String(answer);
    if (/monthly rent/i.test(question)) rent = rentOfAnswer(text) ?? rent;
    if (/how many (units|homes or units|tenant spaces)/i.test(question)) units = unitsOfAnswer(text) ?? units;
  }
  return { rent: rent ?? DEFAULT_MONTHLY_RENT, units: units ?? 1, from_answers: rent !== null };
}
